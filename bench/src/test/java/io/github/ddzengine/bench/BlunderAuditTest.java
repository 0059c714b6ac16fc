package io.github.ddzengine.bench;

import io.github.ddzengine.tools.Ddz;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@link BlunderAudit} on the records of {@code ddz play --out}: the report, the match figures, bad input. */
class BlunderAuditTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run audit(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BlunderAudit.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void reportsPerAgentAndSeatWithTheMatchFigures() throws Exception {
        Path games = dir.resolve("games.jsonl");
        CommandLine cl = Ddz.commandLine(System.in);
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(0, cl.execute("play", "--a", "greedy", "--b", "rule", "--deals", "12", "--seed", "2", "--threads", "1",
            "--out", games.toString()));
        Run r = audit("--stats", "--max-cards", "14", "--threads", "2", games.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("greedy vs rule: 12 deals (24 games)", lines.get(0));
        assertTrue(lines.get(4).startsWith("Open-hand audit of 24 games: decisions with at most 14 cards"), lines.get(4));
        assertTrue(lines.stream().anyMatch(l -> l.matches("  greedy +landlord_down +12 .*")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  rule +landlord +12 .*")), r.out());
        Run j = audit("--json", "--max-cards", "14", games.toString());
        assertTrue(j.out().startsWith("{\"games\":24,\"max_cards\":14,"), j.out());
        assertEquals(Files.readAllLines(games).size(), 24);
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() throws Exception {
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"deal\": \"nonsense\"}\n");
        for (String[] args : new String[][] {{}, {"--nodes", "0", "x"}, {"--bogus"}, {dir.resolve("none").toString()},
            {bad.toString()}}) {
            Run r = audit(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("BlunderAudit: "), r.err());
            assertEquals("", r.out());
        }
    }
}
