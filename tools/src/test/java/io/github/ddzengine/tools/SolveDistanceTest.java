package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code ddz solve --distance}: the plays to win in text, JSON and batches; a budget gives a bound. */
class SolveDistanceTest {

    @Test
    void jsonReportsThePlaysOfTheLineAndOfEveryWinningMove() throws Exception {
        CliRun r = CliRun.of("solve", "6TJQQK/459JK2/34468T 0", "--distance", "--all", "--json", "--tt-mb=4");
        JsonNode o = SolveCommandTest.json(r.assertSuccess().get(0));
        assertEquals(5, o.get("plays_to_win").intValue());
        assertTrue(o.get("plays_to_win_exact").booleanValue());
        assertEquals(List.of("6", "T", "J", "Q", "K", "QQ"), SolveCommandTest.strings(o.get("winning_moves")));
        JsonNode by = o.get("plays_by_move");
        assertEquals(6, by.size());
        assertEquals("QQ", by.get(5).get("move").textValue());
        assertEquals(5, by.get(5).get("plays_to_win").intValue());
        assertEquals(6, by.get(0).get("plays_to_win").intValue());
        assertEquals("QQ", o.get("line").get(0).textValue(), "the line starts with the fastest win");
        // without --distance the fields are absent: the boolean output is unchanged
        JsonNode plain = SolveCommandTest.json(CliRun.of("solve", "6TJQQK/459JK2/34468T 0", "--json").assertSuccess()
            .get(0));
        assertFalse(plain.has("plays_to_win"));
        assertFalse(plain.has("distance_nodes"));
    }

    @Test
    void aLostPositionCountsTheWinnersPlays() throws Exception {
        List<String> out = CliRun.of("solve", "45577TTKK2/8AA 0", "--distance").assertSuccess();
        assertTrue(out.contains("Plays to win: 3 (the farmer's plays against the most stubborn defence; passes are not "
            + "plays)"), String.join("\n", out));
        assertTrue(out.contains("Line (the winner wins in the fewest plays, the loser defends the longest):"));
    }

    @Test
    void batchLinesTakeDistanceAndATightBudgetGivesABound() throws Exception {
        String input = "{\"id\": 1, \"position\": \"45577TTKK2/8AA 0\", \"distance\": true}\n"
            + "{\"id\": 2, \"position\": \"45577TTKK2/8AA 0\"}\n"
            + "{\"id\": 3, \"position\": \"45577TTKK2/8AA 0\", \"distance\": 1}\n";
        List<String> lines = CliRun.withInput(input, "solve", "--batch", "--tt-mb=4").assertSuccess();
        JsonNode one = SolveCommandTest.json(lines.get(0));
        assertEquals(3, one.get("plays_to_win").intValue());
        assertFalse(SolveCommandTest.json(lines.get(1)).has("plays_to_win"));
        assertEquals("{\"error\":\"line 3: \\\"distance\\\" must be true or false\"}", lines.get(2));
        // level 50 within 1 ms of distance search past its solve: a lower bound, the solve's line
        JsonNode cut = SolveCommandTest.json(CliRun.of("solve", "448999TJJQQAD/336688TAA22X 0", "--distance",
            "--json", "--timeout-ms", "1", "--tt-mb=4").assertSuccess().get(0));
        if (cut.get("verdict").textValue().equals("unknown")) {
            assertTrue(cut.get("plays_to_win").isNull());
        } else {
            assertFalse(cut.get("plays_to_win_exact").booleanValue());
            assertTrue(cut.get("plays_to_win").intValue() <= 11);
        }
    }
}
