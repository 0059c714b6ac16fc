package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.protocol.JsonFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayCommandTest {
    @TempDir
    Path dir;

    private static JsonNode json(String line) throws IOException {
        return JsonFields.MAPPER.readTree(line);
    }

    @Test
    void jsonHasTheFieldsOfTheIssueAndIsTheSameOnAnyThreadCount() throws IOException {
        CliRun one = CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "200", "--seed", "7", "--threads", "1",
            "--json");
        CliRun two = CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "200", "--seed", "7", "--threads", "2",
            "--json");
        JsonNode j1 = json(one.assertSuccess().get(0));
        JsonNode j2 = json(two.assertSuccess().get(0));
        assertEquals(1, one.outLines().size());
        assertEquals("rule", j1.get("a").textValue());
        assertEquals("random", j1.get("b").textValue());
        assertEquals(200, j1.get("deals").intValue());
        assertEquals(400, j1.get("games").intValue());
        for (String f : new String[] {"wp", "adp", "landlord_wp", "games_per_s", "wp_landlord", "wp_farmer",
            "bombs_per_game", "points"}) {
            assertTrue(j1.get(f).isNumber(), f);
        }
        assertEquals(2, j1.get("wp_ci").size());
        assertTrue(j1.get("wp_ci").get(0).doubleValue() <= j1.get("wp").doubleValue());
        assertTrue(j1.get("adp_ci").get(1).doubleValue() >= j1.get("adp").doubleValue());
        for (String f : new String[] {"wp", "adp", "landlord_wp", "points", "bombs_per_game"}) {
            assertEquals(j1.get(f).doubleValue(), j2.get(f).doubleValue(), f + " differs between 1 and 2 threads");
        }
        assertTrue(j1.get("wp").doubleValue() > 0.8, "rule beats random: " + j1);
    }

    @Test
    void textReport() {
        List<String> lines = CliRun.of("play", "--a", "random", "--b", "rule", "--deals", "50", "--threads", "1")
            .assertSuccess();
        assertEquals("random vs rule: 50 deals (100 games), rules standard, seed 1, 1 thread", lines.get(0));
        assertTrue(lines.get(1).matches("  WP      0\\.\\d{4}  95% CI \\[.*] {3}as landlord 0\\.\\d{4}, as farmers 0\\.\\d{4}"),
            lines.get(1));
        assertTrue(lines.get(lines.size() - 1).matches("  100 games in [\\d.]+ s: [\\d,]+ games/s"), lines.toString());
    }

    @Test
    void recordsReplayAndDealsFileReplaysTheSameGames() throws IOException {
        Path games = dir.resolve("games.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "30", "--seed", "3", "--bidding", "--out",
            games.toString()).assertSuccess();
        List<String> records = Files.readAllLines(games);
        assertEquals(60, records.size());
        JsonNode first = json(records.get(0));
        int bids = first.get("bids").size();
        assertTrue(bids >= 1 && bids <= 3, "--bidding records the bids: " + first);
        assertTrue(first.get("base").intValue() >= 1 && first.get("base").intValue() <= 3);
        List<String> out = CliRun.of("replay", games.toString()).assertSuccess();
        assertEquals("60 games replayed, all valid", out.get(out.size() - 1));
        assertTrue(out.get(0).startsWith("Game 1 (deal 1), rules standard: rule as landlord, random as down, random as up"),
            out.get(0));
        // the deals of the file, played again from a deals file, give the same games
        Path deals = dir.resolve("deals.txt");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < records.size(); i += 2) {
            sb.append(json(records.get(i)).get("deal").textValue()).append('\n');
        }
        Files.writeString(deals, sb);
        Path again = dir.resolve("again.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals-file", deals.toString(), "--seed", "3", "--bidding",
            "--out", again.toString()).assertSuccess();
        assertEquals(records, Files.readAllLines(again));
        // the file's deals from the 21st on, played as a range, are the games of those deals
        Path tail = dir.resolve("tail.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals-file", deals.toString(), "--from", "20", "--seed", "3",
            "--bidding", "--out", tail.toString()).assertSuccess();
        assertEquals(records.subList(40, records.size()), Files.readAllLines(tail));
    }

    @Test
    void usageErrorsAreOneLineWithExitCodeTwo() throws IOException {
        CliRun.of("play", "--a", "foo", "--b", "rule").assertUsageError("unknown agent",
            "ddz play: unknown agent 'foo' (agents: random, rule");
        CliRun.of("play", "--a", "rule:depth=3", "--b", "rule").assertUsageError("settings",
            "agent 'rule' takes no settings, got depth");
        CliRun.of("play", "--b", "rule").assertUsageError("missing --a", "--a");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals", "0").assertUsageError("deals", "--deals must be 1..100000000, not 0");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--threads", "0").assertUsageError("threads",
            "--threads must be 1..256, not 0");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--rules", "nope").assertUsageError("rules", "nope");
        Path missing = dir.resolve("missing.txt");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals-file", missing.toString()).assertUsageError("no file",
            "no deals file " + missing);
        Path bad = dir.resolve("bad.txt");
        String good = Deal.random(1).toString();
        Files.writeString(bad, good + "\n" + good.substring(1) + "\n");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals-file", bad.toString()).assertUsageError("bad deal",
            "deals file " + bad + ", line 2: hand 0 has 16 cards, not 17");
        Path one = dir.resolve("one.txt");
        Files.writeString(one, good + "\n");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals-file", one.toString(), "--deals", "2")
            .assertUsageError("too many", "--deals 2 but the deals file " + one + " holds 1");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals-file", one.toString(), "--from", "1")
            .assertUsageError("from", "--from 1 but the deals file " + one + " holds 1 (the first is 0)");
        CliRun.of("play", "--a", "rule", "--b", "rule", "--from", "-2").assertUsageError("negative from",
            "--from must be 0..99999999, not -2");
    }

    @Test
    void helpPrintsWithoutFormatWarnings() {
        CliRun r = CliRun.of("play", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("95% confidence intervals"), r.out());
        assertTrue(CliRun.of("replay", "--help").out().contains("Re-validates game records"));
    }
}
