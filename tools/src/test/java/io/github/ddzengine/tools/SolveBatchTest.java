package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class SolveBatchTest {
    @Test
    void solvesPlainAndJsonLinesAndKeepsGoingAfterErrors() throws Exception {
        String input = String.join("\n",
            "3558TJJ2X/67TTKAA 0 88@1",
            "{\"id\": \"V11\", \"position\": \"999JJXD/33334567TTAAAA 1\", \"bans\": [\"trio_pair\"], \"all\": true}",
            "garbage",
            "",
            "{\"position\": \"3333/3 0\"}",
            "{\"id\": 7, \"position\": \"3558TJJ2X/67TTKAA 0 88@1\", \"rules\": \"rlcard\", \"bans\": \"31\", "
                + "\"all\": true}",
            "{\"position\": \"3/4 0\", \"rules\": \"chess\"}",
            "{\"position\": \"3/4 0\", \"timeout_ms\": -5}",
            "{\"position\": \"3/4 0\", \"all\": \"yes\"}",
            "{\"id\": \"no position\"}",
            "{\"position\": 5}",
            "[\"3/4 0\"]",
            "{\"position\": \"6TJQQK/459JK2/34468T 0\"") + "\n";
        CliRun r = CliRun.withInput(input, "solve", "--batch", "--tt-mb=16");
        List<String> lines = r.assertSuccess();
        assertEquals(13, lines.size(), r.out());

        JsonNode plain = SolveCommandTest.json(lines.get(0));
        assertFalse(plain.has("id"));
        assertEquals("3558TJJ2X/67TTKAA 0 88@1", plain.get("position").textValue());
        assertEquals("win", plain.get("verdict").textValue());
        assertTrue(plain.get("winning_moves").isNull(), lines.get(0));
        assertEquals("JJ", plain.get("line").get(0).textValue());

        JsonNode v11 = SolveCommandTest.json(lines.get(1));
        assertEquals("V11", v11.get("id").textValue());
        assertEquals("id", v11.fieldNames().next(), "id comes first");
        assertEquals("loss", v11.get("verdict").textValue());
        assertEquals(List.of(), SolveCommandTest.strings(v11.get("winning_moves")));
        assertEquals(List.of("trio_pair"), SolveCommandTest.strings(v11.get("bans")));

        assertEquals("{\"error\":\"line 3: position \\\"garbage\\\" has 1 fields; expected HAND0/HAND1[/HAND2] MOVER "
            + "[LAST@SEAT]\"}", lines.get(2));
        assertTrue(lines.get(3).startsWith("{\"error\":\"line 4: empty line"), lines.get(3));
        assertTrue(lines.get(4).startsWith("{\"error\":\"line 5: ") && lines.get(4).contains("already in another hand"),
            lines.get(4));

        JsonNode rlcard = SolveCommandTest.json(lines.get(5));
        assertEquals(7, rlcard.get("id").intValue());
        assertEquals("rlcard", rlcard.get("rules").textValue());
        assertEquals(List.of("trio_solo"), SolveCommandTest.strings(rlcard.get("bans")));
        assertEquals(List.of("JJ"), SolveCommandTest.strings(rlcard.get("winning_moves")));

        assertTrue(lines.get(6).contains("line 7: unknown rules 'chess'"), lines.get(6));
        assertTrue(lines.get(7).contains("line 8: \\\"timeout_ms\\\" must be"), lines.get(7));
        assertTrue(lines.get(8).contains("line 9: \\\"all\\\" must be true or false"), lines.get(8));
        assertEquals("{\"error\":\"line 10: missing \\\"position\\\"\"}", lines.get(9));
        assertEquals("{\"error\":\"line 11: \\\"position\\\" must be a string\"}", lines.get(10));
        assertTrue(lines.get(11).startsWith("{\"error\":\"line 12: expected a JSON object"), lines.get(11));
        assertTrue(lines.get(12).startsWith("{\"error\":\"line 13: invalid JSON: "), lines.get(12));
    }

    @Test
    void defaultsComeFromTheOptionsAndLinesOverrideThem() throws Exception {
        String input = "999JJXD/33334567TTAAAA 1\n"
            + "{\"position\": \"999JJXD/33334567TTAAAA 1\", \"bans\": [], \"all\": false}\n";
        CliRun r = CliRun.withInput(input, "solve", "--batch", "--ban", "32", "--all", "--tt-mb=16");
        JsonNode banned = SolveCommandTest.json(r.outLines().get(0));
        assertEquals(List.of("trio_pair"), SolveCommandTest.strings(banned.get("bans")));
        assertEquals(0, banned.get("winning_moves").size());
        JsonNode free = SolveCommandTest.json(r.outLines().get(1));
        assertEquals(0, free.get("bans").size());
        assertTrue(free.get("winning_moves").isNull());
        // without the ban the landlord wins at once with its trio and pair
        assertTrue(SolveCommandTest.strings(free.get("line")).contains("999JJ"), r.out());
    }

    @Test
    void perLineTimeoutGivesUnknownAndTheBatchGoesOn() throws Exception {
        String big = SolveCommandTest.sharedPosition("random-1v1.jsonl", "17v17-0").get("position").textValue();
        String input = "{\"id\": 1, \"position\": \"" + big + "\", \"timeout_ms\": 1}\n3/4 0\n";
        CliRun r = CliRun.withInput(input, "solve", "--batch", "--tt-mb=16");
        JsonNode unknown = SolveCommandTest.json(r.outLines().get(0));
        assertEquals("unknown", unknown.get("verdict").textValue());
        assertTrue(unknown.get("timed_out").booleanValue());
        assertTrue(unknown.get("mover_wins").isNull());
        assertEquals("win", SolveCommandTest.json(r.outLines().get(1)).get("verdict").textValue());
    }

    @Test
    void sharedSixCardThreeSeatPositionsMatchAsTheyAre() throws Exception {
        List<String> input = Files.readAllLines(SolveCommandTest.TESTDATA.resolve("positions/three-seat.jsonl")).stream()
            .filter(l -> l.contains("\"6-6-6-")).collect(Collectors.toList());
        assertEquals(10, input.size());
        CliRun r = CliRun.withInput(String.join("\n", input) + "\n", "solve", "--batch", "--all", "--tt-mb=16");
        assertEquals(0, r.exitCode(), r.err());
        List<String> out = r.outLines();
        assertEquals(input.size(), out.size());
        for (int i = 0; i < out.size(); i++) {
            JsonNode expected = SolveCommandTest.json(input.get(i));
            JsonNode got = SolveCommandTest.json(out.get(i));
            assertEquals(expected.get("id"), got.get("id"));
            assertEquals(expected.get("mover_wins"), got.get("mover_wins"), out.get(i));
            assertEquals(new TreeSet<>(SolveCommandTest.strings(expected.get("winning_moves"))),
                new TreeSet<>(SolveCommandTest.strings(got.get("winning_moves"))), out.get(i));
        }
    }
}
