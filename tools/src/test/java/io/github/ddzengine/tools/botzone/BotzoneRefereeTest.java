package io.github.ddzengine.tools.botzone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import org.junit.jupiter.api.Test;

/**
 * Whole FightTheLandlord2 games from the deal to the end, refereed here the way Botzone runs
 * them: three bots, each turn a fresh {@link BotzoneBot} (Botzone starts a new process per turn)
 * fed exactly the line Botzone would send, every answer checked like the judge
 * ({@link BotzoneJudge}). A judge error, or any error the bot reports about its (valid) input,
 * fails the test with the game's seed and the line.
 */
class BotzoneRefereeTest {
    private static final MoveTable TABLE = BotzoneBot.RULES.table();

    /** What the games covered. */
    static final class Tally {
        int games;
        int plays;
        int passes;
        int allPassBiddings;
        int threeBids;
        final int[] landlordWins = new int[1];
        final Map<String, Integer> types = new TreeMap<>();
    }

    /** One bot's conversation: the requests it got and the responses it gave, as JSON text. */
    private static final class Conversation {
        final List<String> requests = new ArrayList<>();
        final List<String> responses = new ArrayList<>();

        String line() {
            return "{\"requests\":[" + String.join(",", requests) + "],\"responses\":[" + String.join(",", responses)
                + "]}";
        }
    }

    private static String ids(long mask) {
        StringBuilder sb = new StringBuilder("[");
        for (long m = mask; m != 0; m &= m - 1) {
            sb.append(sb.length() == 1 ? "" : ",").append(Long.numberOfTrailingZeros(m));
        }
        return sb.append(']').toString();
    }

    /** Receives every line a bot is fed (for the fuzz tests); null for none. */
    private static final ThreadLocal<java.util.function.Consumer<String>> FED = new ThreadLocal<>();

    /** Plays one game as {@link #game(String, long, Tally)} and hands every line a bot was fed to {@code fed}. */
    static void game(String agent, long seed, Tally tally, java.util.function.Consumer<String> fed) {
        FED.set(fed);
        try {
            game(agent, seed, tally);
        } finally {
            FED.remove();
        }
    }

    /** Asks a fresh bot; fails on any error it reports (the referee's input is always valid). */
    private static JsonNode ask(String agent, Conversation c, long seed, String what) {
        String line = c.line();
        if (FED.get() != null) {
            FED.get().accept(line);
        }
        BotzoneBot.Reply reply = new BotzoneBot(agent, 5, seed).respond(line);
        assertTrue(reply.errors().isEmpty(), "seed " + seed + ", " + what + ": the bot reports " + reply.errors()
            + " on " + line);
        JsonNode r = BotzoneJudge.response(reply.line());
        assertNotNull(r, "seed " + seed + ", " + what + ": no {\"response\"} in " + reply.line());
        return r;
    }

    /** Plays one game dealt from {@code seed}; fails on the first judge error. */
    static void game(String agent, long seed, Tally tally) {
        SplitMix64 rng = new SplitMix64(seed);
        int[] deck = new int[54];
        for (int i = 0; i < 54; i++) {
            deck[i] = i;
        }
        for (int i = 53; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        long[] own = new long[3];
        for (int i = 0; i < 51; i++) {
            own[i / 17] |= 1L << deck[i];
        }
        long pub = (1L << deck[51]) | (1L << deck[52]) | (1L << deck[53]);
        Conversation[] bots = {new Conversation(), new Conversation(), new Conversation()};
        // bidding: positions 0, 1, 2 in turn; a 3 ends it
        List<Integer> bids = new ArrayList<>();
        int highest = 0;
        int landlord = -1;
        for (int p = 0; p < 3 && highest < 3; p++) {
            bots[p].requests.add("{\"own\":" + ids(own[p]) + ",\"bid\":" + bids + "}");
            JsonNode r = ask(agent, bots[p], seed, "bid of position " + p);
            String error = BotzoneJudge.judgeBid(r, highest);
            assertNull(error, "seed " + seed + ", position " + p + ": " + error);
            bots[p].responses.add(r.toString());
            bids.add(r.intValue());
            if (r.intValue() > highest) {
                highest = r.intValue();
                landlord = p;
            }
        }
        tally.allPassBiddings += highest == 0 ? 1 : 0;
        tally.threeBids += highest == 3 ? 1 : 0;
        if (landlord < 0) {
            landlord = 0;
        }
        int finalBid = Math.max(1, highest);
        long[] held = own.clone();
        held[landlord] |= pub;
        long[] lastPlay = new long[3];
        boolean[] hasPlayed = new boolean[3];
        boolean[] started = new boolean[3];
        int last = MoveTable.PASS;
        int lastBy = -1;
        int pos = landlord;
        for (int turn = 0; ; turn++) {
            int before2 = (pos + 1) % 3;
            int before1 = (pos + 2) % 3;
            String history = "[" + (hasPlayed[before2] ? ids(lastPlay[before2]) : "[]") + ","
                + (hasPlayed[before1] ? ids(lastPlay[before1]) : "[]") + "]";
            if (started[pos]) {
                bots[pos].requests.add("{\"history\":" + history + "}");
            } else {
                bots[pos].requests.add("{\"history\":" + history + ",\"own\":" + ids(own[pos]) + ",\"publiccard\":"
                    + ids(pub) + ",\"landlord\":" + landlord + ",\"pos\":" + pos + ",\"finalbid\":" + finalBid + "}");
                started[pos] = true;
            }
            String what = "play " + (turn + 1) + " by position " + pos;
            JsonNode r = ask(agent, bots[pos], seed, what);
            boolean leads = lastBy < 0 || lastBy == pos;
            BotzoneJudge.Verdict v = BotzoneJudge.judgePlay(TABLE, r, held[pos], leads ? MoveTable.PASS : last);
            assertTrue(v.ok(), "seed " + seed + ", " + what + ": " + v.error() + " for " + r + " on "
                + bots[pos].line());
            bots[pos].responses.add(r.toString());
            held[pos] &= ~v.ids();
            lastPlay[pos] = v.ids();
            hasPlayed[pos] = true;
            tally.plays++;
            if (v.move() == MoveTable.PASS) {
                tally.passes++;
            } else {
                last = v.move();
                lastBy = pos;
                tally.types.merge(TABLE.type(v.move()).baseName(), 1, Integer::sum);
            }
            if (held[pos] == 0) {
                tally.landlordWins[0] += pos == landlord ? 1 : 0;
                break;
            }
            pos = (pos + 1) % 3;
        }
        tally.games++;
    }

    private static Tally games(String agent, long firstSeed, int n) {
        Tally t = new Tally();
        for (int i = 0; i < n; i++) {
            game(agent, SplitMix64.derive(firstSeed, i), t);
        }
        assertEquals(n, t.games);
        return t;
    }

    @Test
    void randomBotsPlayHundredsOfGamesWithoutAJudgeError() {
        // uniform over the legal moves: every type the hands allow shows up, passes and bombs included
        Tally t = games("random", 1, 200);
        assertTrue(t.types.size() >= 10, "types played: " + t.types);
        assertTrue(t.types.containsKey("trio_solo_chain") || t.types.containsKey("trio_pair_chain"), t.types.toString());
        assertTrue(t.types.containsKey("bomb") && t.types.containsKey("four_two_solo"), t.types.toString());
        assertTrue(t.passes > 1000, "passes: " + t.passes);
        assertTrue(t.allPassBiddings > 0 && t.threeBids > 0, "biddings: " + t.allPassBiddings + " all-pass, "
            + t.threeBids + " with a 3");
    }

    @Test
    void ruleAndGreedyBotsPlayWithoutAJudgeError() {
        Tally rule = games("rule", 2, 150);
        Tally greedy = games("greedy", 3, 150);
        assertTrue(rule.types.containsKey("solo_chain") && greedy.types.containsKey("pair"), rule.types + " " + greedy.types);
    }

    @Test
    void monteCarloBotsPlayWithoutAJudgeError() {
        // fixed worlds (no clock): the engine's real path, kept fast
        Tally t = games("mc:worlds=2", 4, 12);
        assertTrue(t.plays > 12 * 20, "plays: " + t.plays);
    }
}
