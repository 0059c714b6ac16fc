package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LadderCommandTest {
    @TempDir
    Path dir;

    private static JsonNode json(String line) throws IOException {
        return JsonFields.MAPPER.readTree(line);
    }

    @Test
    void everyRowIsTheMatchDdzPlayPlays() throws IOException {
        JsonNode ladder = json(CliRun.of("ladder", "--a", "greedy", "--b", "random", "--b", "rule", "--deals", "60",
            "--seed", "4", "--threads", "2", "--json").assertSuccess().get(0));
        assertEquals("greedy", ladder.get("a").textValue());
        assertEquals(2, ladder.get("rows").size());
        String[] bs = {"random", "rule"};
        for (int i = 0; i < 2; i++) {
            JsonNode row = ladder.get("rows").get(i);
            assertEquals(bs[i], row.get("b").textValue());
            JsonNode play = json(CliRun.of("play", "--a", "greedy", "--b", bs[i], "--deals", "60", "--seed", "4",
                "--threads", "1", "--json").assertSuccess().get(0));
            for (String f : new String[] {"deals", "games", "wp", "adp", "points", "wp_landlord", "wp_farmer",
                "adp_landlord", "adp_farmer", "landlord_wp", "bombs_per_game"}) {
                assertEquals(play.get(f).doubleValue(), row.get(f).doubleValue(), bs[i] + " " + f);
            }
            assertEquals(play.get("wp_ci").toString(), row.get("wp_ci").toString());
            assertEquals(play.get("adp_ci").toString(), row.get("adp_ci").toString());
        }
    }

    @Test
    void textTableAndGameFiles() throws IOException {
        Path out = dir.resolve("games");
        List<String> lines = CliRun.of("ladder", "--a", "rule", "--b", "random", "--b", "mc-v1:worlds=2", "--deals", "3",
            "--seed", "2", "--threads", "1", "--bidding", "--out-dir", out.toString()).assertSuccess();
        assertEquals("rule against 2 baselines: 3 deals (6 games) each, rules standard, seed 2, bidding, 1 thread",
            lines.get(0));
        assertTrue(lines.get(1).matches(" +baseline +WP +95% CI +ADP +95% CI +WP landlord +WP farmers +points +games/s"),
            lines.get(1));
        assertTrue(lines.get(2).matches("  random +0\\.\\d{4} +\\[.*] +-?\\d+\\.\\d{3} +\\[.*] +.*"), lines.get(2));
        assertTrue(lines.get(3).startsWith("  mc-v1:worlds=2 "), lines.get(3));
        assertTrue(lines.get(4).startsWith("  games of row 1 (random): "), lines.get(4));
        assertEquals(6, Files.readAllLines(out.resolve("1-random.jsonl")).size());
        assertEquals(6, Files.readAllLines(out.resolve("2-mc-v1.jsonl")).size());
        List<String> replay = CliRun.of("replay", out.resolve("2-mc-v1.jsonl").toString()).assertSuccess();
        assertEquals("6 games replayed, all valid", replay.get(replay.size() - 1));
    }

    @Test
    void rangesPlayedOneAfterAnotherGiveTheWholeMatch() throws IOException {
        Path whole = dir.resolve("whole");
        Path first = dir.resolve("first");
        Path rest = dir.resolve("rest");
        CliRun.of("ladder", "--a", "greedy", "--b", "rule", "--deals", "5", "--seed", "9", "--threads", "2",
            "--out-dir", whole.toString()).assertSuccess();
        CliRun.of("ladder", "--a", "greedy", "--b", "rule", "--deals", "2", "--seed", "9", "--threads", "1",
            "--out-dir", first.toString()).assertSuccess();
        List<String> lines = CliRun.of("ladder", "--a", "greedy", "--b", "rule", "--deals", "3", "--from", "2",
            "--seed", "9", "--threads", "2", "--out-dir", rest.toString()).assertSuccess();
        assertEquals("greedy against 1 baseline: 3 deals (6 games) each, deals 3 to 5, rules standard, seed 9, 2 threads",
            lines.get(0));
        List<String> pooled = new java.util.ArrayList<>(Files.readAllLines(first.resolve("1-rule.jsonl")));
        pooled.addAll(Files.readAllLines(rest.resolve("1-rule.jsonl")));
        assertEquals(Files.readAllLines(whole.resolve("1-rule.jsonl")), pooled);
        JsonNode row = json(CliRun.of("ladder", "--a", "greedy", "--b", "rule", "--deals", "3", "--from", "2",
            "--seed", "9", "--json").assertSuccess().get(0));
        assertEquals(2, row.get("from").intValue());
        assertEquals(3, row.get("rows").get(0).get("deals").intValue());
    }

    @Test
    void badInputIsOneLine() {
        CliRun.of("ladder", "--a", "rule", "--b", "random", "--from", "-1").assertUsageError("from",
            "--from must be 0..");
        CliRun.of("ladder", "--a", "rule", "--b", "random", "--from", "99999999").assertUsageError("past",
            "--from 99999999 with 1000 deals passes the last deal of a match");
        CliRun.of("ladder", "--a", "rule").assertUsageError("no baseline", "Missing required option: '--b=AGENT'");
        CliRun.of("ladder", "--a", "rule", "--b", "nobody").assertUsageError("unknown", "unknown agent 'nobody'");
        CliRun.of("ladder", "--a", "rule", "--b", "random", "--deals", "0").assertUsageError("deals",
            "--deals must be 1..100000000, not 0");
        // the bounds of ddz play, from the one home of the match options
        CliRun.of("ladder", "--a", "rule", "--b", "random", "--threads", "100000").assertUsageError("threads",
            "--threads must be 1..256, not 100000");
        CliRun.of("ladder", "--a", "rule", "--b", "random", "--move-timeout-ms", "0").assertUsageError("timeout",
            "--move-timeout-ms must be 1..86400000, not 0");
        CliRun.of("ladder", "--a", "mc:effort=x", "--b", "random").assertUsageError("effort",
            "agent 'mc': effort must be a positive integer, not 'x'");
    }
}
