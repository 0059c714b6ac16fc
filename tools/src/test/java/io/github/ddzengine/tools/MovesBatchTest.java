package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class MovesBatchTest {
    private static final Path TESTDATA = Path.of(System.getProperty("ddz.testdata", "../testdata"));

    @Test
    void answersEveryLineAndKeepsGoingAfterErrors() throws Exception {
        String input = String.join("\n",
            "{\"hand\": \"33344456\"}",
            "{\"hand\": \"33344456\", \"last_move\": \"5556\"}",
            "not json",
            "{\"hand\": \"33W\"}",
            "{\"hand\": \"4445557777JQXD\", \"last_move\": \"3338\", \"rules\": \"rlcard\", \"bans\": [\"31\"]}",
            "",
            "{\"hand\": \"33344456\", \"bans\": \"trio_solo,32\", \"last_move\": \"\"}",
            "{\"last_move\": \"3\"}",
            "{\"hand\": \"3334\", \"rules\": \"chess\"}",
            "{\"hand\": \"555666777888\", \"last_move\": \"333444555666\", \"last_move_type\": \"trio_chain_4\"}",
            "{\"hand\": \"3\", \"last_move\": \"pass\"}") + "\n";
        CliRun r = CliRun.withInput(input, "moves", "--batch");
        List<String> lines = r.assertSuccess();
        assertEquals(11, lines.size(), r.out());
        assertEquals(18, MovesCommandTest.moves(lines.get(0)).size());
        assertEquals(List.of("pass"), MovesCommandTest.moves(lines.get(1)));
        assertTrue(lines.get(2).startsWith("{\"error\":\"line 3: invalid JSON: "), lines.get(2));
        assertEquals("{\"error\":\"line 4: hand: unknown card 'W' at position 3 in \\\"33W\\\" "
            + "(cards are 3-9 T J Q K A 2 X D)\"}", lines.get(3));
        // the line's bans apply: its last move is of a banned type, so it cannot have been played
        assertEquals("{\"error\":\"line 5: last_move: 3338 is a banned type (trio_solo): it cannot have been "
            + "played\"}", lines.get(4));
        assertTrue(lines.get(5).startsWith("{\"error\":\"line 6: empty line"), lines.get(5));
        assertEquals(List.of("3", "4", "5", "6", "33", "44", "333", "444", "333444", "33344456"),
            MovesCommandTest.moves(lines.get(6)));
        assertEquals("{\"error\":\"line 8: missing \\\"hand\\\"\"}", lines.get(7));
        assertTrue(lines.get(8).contains("unknown rules 'chess'"), lines.get(8));
        assertEquals(List.of("555666777888:trio_chain_4", "pass"), MovesCommandTest.moves(lines.get(9)));
        assertEquals(List.of("3"), MovesCommandTest.moves(lines.get(10)));
    }

    @Test
    void defaultsComeFromTheOptions() throws Exception {
        String input = "{\"hand\": \"333444555666\"}\n{\"hand\": \"333444555666\", \"rules\": \"standard\"}\n";
        CliRun r = CliRun.withInput(input, "moves", "--batch", "--rules", "botzone", "--ban", "trio");
        List<String> botzone = MovesCommandTest.moves(r.outLines().get(0));
        assertTrue(botzone.contains("333444555666"));
        assertTrue(!botzone.contains("333"));
        List<String> standard = MovesCommandTest.moves(r.outLines().get(1));
        assertTrue(standard.contains("333444555666:trio_chain_4"));
        assertTrue(!standard.contains("333"));
    }

    @Test
    void wholeStandardReferenceFileMatches() throws Exception {
        Path file = TESTDATA.resolve("reference/legal-moves-standard.jsonl.gz");
        assertTrue(Files.isReadable(file), "missing " + file.toAbsolutePath() + " (set -Dddz.testdata)");
        byte[] input;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            input = in.readAllBytes();
        }
        CliRun r = CliRun.withInput(new String(input, StandardCharsets.UTF_8), "moves", "--batch");
        assertEquals(0, r.exitCode(), r.err());
        List<String> out = r.outLines();
        List<JsonNode> reference = readLines(file);
        assertEquals(reference.size(), out.size());
        assertEquals(6000, out.size());
        for (int i = 0; i < out.size(); i++) {
            Set<String> ours = new TreeSet<>();
            for (String m : MovesCommandTest.moves(out.get(i))) {
                int colon = m.indexOf(':');
                ours.add(colon < 0 ? m : m.substring(0, colon)); // the reference lists card sets only
            }
            Set<String> expected = new TreeSet<>();
            reference.get(i).get("standard").forEach(m -> expected.add(m.textValue()));
            assertEquals(expected, ours, "line " + (i + 1) + ": " + reference.get(i));
        }
    }

    private static List<JsonNode> readLines(Path gz) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(JsonFields.MAPPER.readTree(line));
            }
        }
        return lines;
    }
}
