package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

class SplitCommandTest {
    @Test
    void noipSamplesInJson() throws Exception {
        CliRun run = CliRun.of("split", "--ban", "winged_planes", "--json", "345567TTJQQQQA22X");
        List<String> lines = run.assertSuccess();
        JsonNode node = JsonFields.MAPPER.readTree(lines.get(0));
        assertEquals(6, node.get("min_hands").asInt());
        assertEquals(6, node.get("split").size());
    }

    @Test
    void humanOutputListsTheSplit() {
        List<String> lines = CliRun.of("split", "5789TJAA", "--ban", "winged_planes").assertSuccess();
        assertTrue(lines.get(0).endsWith(": 3 plays"), lines.get(0));
        assertEquals(4, lines.size());
        assertTrue(lines.get(2).contains("789TJ"), String.join("\n", lines));
    }

    @Test
    void withoutHandSplitsTheExample() {
        CliRun run = CliRun.of("split");
        List<String> lines = run.assertSuccess();
        assertTrue(lines.get(0).contains("built-in example"), lines.get(0));
    }

    @Test
    void batchAnswersEachLineAndReportsErrors() throws Exception {
        CliRun run = CliRun.withInput("{\"hand\": \"5789TJAA\", \"bans\": [\"winged_planes\"]}\n"
            + "{\"hand\": \"3333XD\", \"rules\": \"rlcard\"}\n"
            + "{\"hand\": \"333334\"}\n"
            + "{\"hand\": \"3456789TJQKA2222XD\"}\n"
            + "{\"hand\": \"3456789TJQKA2222XD445\"}\n", "split", "--batch");
        List<String> lines = run.assertSuccess();
        assertEquals(5, lines.size());
        assertEquals(3, JsonFields.MAPPER.readTree(lines.get(0)).get("min_hands").asInt());
        assertEquals(2, JsonFields.MAPPER.readTree(lines.get(1)).get("min_hands").asInt());
        assertTrue(lines.get(2).startsWith("{\"error\":\"line 3: "), lines.get(2));
        assertEquals(2, JsonFields.MAPPER.readTree(lines.get(3)).get("min_hands").asInt(), "chain + 2222 with both jokers as kickers");
        assertTrue(lines.get(4).startsWith("{\"error\":\"line 5: "), lines.get(4));
    }

    @Test
    void badHandIsOneLineAndExitTwo() {
        CliRun run = CliRun.of("split", "33W");
        assertEquals(2, run.exitCode());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().contains("W"), run.err());
    }

    @Test
    void batchRefusesAHandArgument() {
        CliRun run = CliRun.of("split", "--batch", "345");
        assertEquals(2, run.exitCode());
    }
}
