package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code ddz move} and {@code ddz bid}: JSON fields, reproducibility, bad input. */
class McCommandsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String LATE = "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p";

    private static JsonNode json(CliRun run) throws Exception {
        List<String> lines = run.assertSuccess();
        assertEquals(1, lines.size(), run.out());
        return MAPPER.readTree(lines.get(0));
    }

    @Test
    void moveJsonCarriesTheIssueFieldsAndFixedWorldsReproduce() throws Exception {
        String[] args = {"move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--worlds", "40", "--seed", "9",
            "--json"};
        JsonNode a = json(CliRun.of(args));
        for (String f : List.of("move", "type", "candidates", "worlds", "time_ms", "budget_cut")) {
            assertTrue(a.has(f), f + " in " + a);
        }
        assertEquals(40, a.get("worlds").asInt());
        assertEquals(false, a.get("budget_cut").asBoolean());
        JsonNode c0 = a.get("candidates").get(0);
        assertEquals(a.get("move").asText(), c0.get("move").asText());
        assertTrue(c0.get("win_rate").asDouble() >= 0 && c0.get("win_rate").asDouble() <= 1);
        assertEquals(40, c0.get("worlds").asInt());
        String[] twoThreads = args.clone();
        JsonNode b = json(CliRun.of(concat(twoThreads, "--threads", "2")));
        assertEquals(a.get("move"), b.get("move"));
        assertEquals(a.get("candidates"), b.get("candidates"));
    }

    @Test
    void moveOnADeterminedLateGameSolvesExactly() throws Exception {
        JsonNode a = json(CliRun.of("move", "--hand", "577AA22", "--seat", "1", "--kitty", "2XD", "--bid", "3",
            "--history", LATE, "--json", "--warmup-ms", "0", "--budget-ms", "500"));
        assertEquals(1, a.get("worlds").asInt());
        assertEquals(1, a.get("solved_worlds").asInt());
        for (JsonNode c : a.get("candidates")) {
            double w = c.get("win_rate").asDouble();
            assertTrue(w == 0.0 || w == 1.0, c.toString());
        }
    }

    @Test
    void bidJsonCarriesTheIssueFields() throws Exception {
        JsonNode a = json(CliRun.of("bid", "--hand", "3345567899JQKA22D", "--worlds", "200", "--budget-ms", "0", "--json"));
        double p = a.get("win_rate").asDouble();
        assertTrue(a.get("ci").get(0).asDouble() <= p && p <= a.get("ci").get(1).asDouble(), a.toString());
        assertEquals(200, a.get("worlds").asInt());
        int bid = a.get("bid").asInt();
        assertTrue(bid >= 0 && bid <= 3);
        assertTrue(a.has("time_ms"));
        // the same seed gives the same estimate
        assertEquals(a.get("win_rate"), json(CliRun.of("bid", "--hand", "3345567899JQKA22D", "--worlds", "200",
            "--budget-ms", "0", "--json")).get("win_rate"));
        assertFalse(a.get("budget_cut").asBoolean());
        // under the budget of a move (the default 50 ms): at most the worlds asked for, at least one
        JsonNode timed = json(CliRun.of("bid", "--hand", "3345567899JQKA22D", "--warmup-ms", "0", "--json"));
        assertTrue(timed.get("worlds").asInt() >= 1 && timed.get("worlds").asInt() <= 1000, timed.toString());
        assertEquals(timed.get("worlds").asInt() < 1000, timed.get("budget_cut").asBoolean());
        // a bid must beat the bids so far: after a 3-level hand's rivals bid 2 ... a rock-solid hand bids 3
        JsonNode strong = json(CliRun.of("bid", "--hand", "22XD AAA KKKK QQQ JJ 3", "--seat", "1", "--bids", "2",
            "--worlds", "200", "--budget-ms", "0", "--json"));
        assertEquals(3, strong.get("bid").asInt(), strong.toString());
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() {
        CliRun.of("move", "--hand", "33", "--seat", "1").assertUsageError("wrong seat to act", "acts, not seat 1");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--history", "3,W")
            .assertUsageError("bad card in history", "history play 2");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--history", "3,,p")
            .assertUsageError("empty play", "history play 2 is empty");
        CliRun.of("move", "--hand", "34", "--seat", "1", "--history", "5")
            .assertUsageError("hand count", "should hold");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "up")
            .assertUsageError("seat word", "acts, not seat 2");
        CliRun.of("move", "--hand", "3W", "--seat", "0").assertUsageError("bad hand", "--hand");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--kitty", "34")
            .assertUsageError("kitty size", "kitty has 3 cards");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--budget-ms", "1")
            .assertUsageError("budget", "--budget-ms");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--threads", "65")
            .assertUsageError("threads", "--threads");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD2A", "--seat", "0", "--prior", "psychic")
            .assertUsageError("prior", "--prior");
        CliRun.of("move", "--seat", "0").assertUsageError("no hand", "--hand");
        CliRun.of("move", "--hand", "3445667899TJQKAA2X", "--seat", "0", "--history", "XD,p,p")
            .assertUsageError("held and played", "already played");
        CliRun.of("move", "--hand", "3445667899TJQKA2XD", "--seat", "0", "--history", "55,6,p")
            .assertUsageError("illegal play", "does not beat");
        CliRun.of("bid", "--hand", "3345").assertUsageError("short hand", "17 cards");
        CliRun.of("bid", "--hand", "3345567899JQKA22D", "--seat", "2", "--bids", "1")
            .assertUsageError("bids count", "--bids");
        CliRun.of("bid", "--hand", "3345567899JQKA22D", "--seat", "2", "--bids", "2,1")
            .assertUsageError("impossible bids", "impossible bid sequence");
        CliRun.of("bid", "--hand", "3345567899JQKA22D", "--seat", "5").assertUsageError("seat", "--seat");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
