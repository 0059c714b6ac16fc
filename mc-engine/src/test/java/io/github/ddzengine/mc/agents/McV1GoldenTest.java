package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import java.lang.reflect.Method;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.History;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@code mc-v1}, the pinned build {@link AgentSpecs#PINNED_COMMIT} ({@link PinnedBuild}), plays
 * exactly as the Monte Carlo agent did when it was frozen: its classes are driven here through the
 * build's own class loader (by reflection: they are not today's classes), and the match goes
 * through the agent spec {@code mc-v1}, as every user of it does. What it checks: the ranked candidates,
 * win counts and mean scores of 150 fixed-worlds decisions on seeded self-play information sets (one
 * and two threads), the landlord win estimates of 12 bidding hands, and the bids and plays of a short
 * match with bidding against {@code rule}, against {@code mc-v1-golden.txt}.
 *
 * <p>That file was first written from {@code io.github.ddzengine.mc.MonteCarloAgent} at commit
 * a8c520c (the agent {@code mc-v1} copies) and {@code mc-v1} matched it line for line. A change of
 * shared code that legitimately moved the solver's node counts changed a few lines then; since
 * {@code mc-v1} is a pinned build, no change of today's code can move it: a new pin is a new build
 * ({@code baselines/build.sh}), checked against this file.
 */
class McV1GoldenTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final int WORLDS = 12;

    /** A decision function: the formatted decision for an information set and seed. */
    interface Decider {
        String decide(InformationSet info, long seed);
    }

    /** The golden text for an agent family (decisions, bidding estimates, a match). */
    static List<String> golden(Decider oneThread, Decider twoThreads, Bids bids, Supplier<Agent> matchAgent) {
        List<String> out = new ArrayList<>();
        List<InformationSet> suite = suite(50);
        for (int i = 0; i < suite.size(); i++) {
            InformationSet info = suite.get(i);
            Decider d = i % 5 == 4 ? twoThreads : oneThread;
            out.add("decision " + i + " seat " + info.seat() + " hand " + Notation.format(info.hand()) + " history "
                + History.format(RULES.table(), info.history()) + ": " + d.decide(info, 1000 + i));
        }
        Rng rng = new Rng(99);
        for (int i = 0; i < 12; i++) {
            long hand = Deal.drawn(17, rng::nextInt);
            out.add("bid " + Notation.format(hand) + ": " + bids.estimate(hand, 500 + i));
        }
        try (Agent proto = matchAgent.get(); Agent rule = new RuleAgent(RULES, 0)) {
            new Match(RULES, proto, rule, true).run(3, 11, 1, (g, aIsLandlord) -> out.add(format(g)));
        }
        return out;
    }

    /** A bidding estimate. */
    interface Bids {
        String estimate(long hand, long seed);
    }

    private static String format(GameRecord g) {
        return "game " + g.game() + " bids " + Arrays.toString(g.bids()) + " plays "
            + History.format(RULES.table(), g.plays());
    }

    /**
     * Information sets of seeded self-play with the frozen rollout policy: per game the first
     * decision, the first of a mover with at most 12 cards, and the first with at most 18 cards
     * in all hands (the solver's worlds).
     */
    static List<InformationSet> suite(int games) {
        Object theirRules = V1.rules();
        Object policy = V1.make("io.github.ddzengine.mc.v1.Playout", theirRules,
            V1.callStatic("io.github.ddzengine.core.split.MinHands", "of", theirRules));
        MoveTable table = RULES.table();
        List<InformationSet> out = new ArrayList<>();
        Rng rng = new Rng(2024);
        for (int g = 0; g < games; g++) {
            int[] deck = Deal.shuffledDeck(rng::nextInt);
            long[] hands = new long[3];
            long kitty = 0;
            for (int i = 0; i < 54; i++) {
                hands[i < 20 ? 0 : i < 37 ? 1 : 2] += Cards.of(deck[i], 1);
                kitty += i < 3 ? Cards.of(deck[i], 1) : 0;
            }
            int bid = 1 + rng.nextInt(3);
            int[] history = new int[200];
            int n = 0;
            int last = MoveTable.PASS;
            int lastSeat = -1;
            int taken = 0;
            while (true) {
                int mover = n % 3;
                int total = Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]);
                boolean take = taken == 0 && n == 1 || taken == 1 && Cards.size(hands[mover]) <= 12
                    || taken == 2 && total <= 18;
                if (take) {
                    out.add(InformationSet.of(RULES, mover, hands[mover], g % 4 == 3 ? 0 : kitty, bid,
                        Arrays.copyOf(history, n)));
                    taken++;
                }
                int toBeat = lastSeat < 0 || lastSeat == mover ? MoveTable.PASS : last;
                int m = (Integer) V1.call(policy, "choose", hands, mover, toBeat, lastSeat);
                history[n++] = m;
                if (m != MoveTable.PASS) {
                    hands[mover] -= table.cards(m);
                    if (hands[mover] == 0) {
                        break;
                    }
                    last = m;
                    lastSeat = mover;
                }
            }
        }
        return out;
    }

    private static String format(MoveTable table, int worlds, int solved, long rollouts, long moves, int n,
                                 java.util.function.IntFunction<String> candidate) {
        StringBuilder sb = new StringBuilder();
        sb.append("worlds ").append(worlds).append(" solved ").append(solved).append(" rollouts ").append(rollouts)
            .append(" moves ").append(moves).append(" |");
        for (int c = 0; c < n; c++) {
            sb.append(' ').append(candidate.apply(c));
        }
        return sb.toString();
    }

    /** The build {@code mc-v1} plays, its classes reached by reflection. */
    static final class V1 {
        private static final PinnedBuild BUILD = PinnedBuild.load(AgentSpecs.PINNED_COMMIT);

        private V1() {
        }

        static Object rules() {
            return callStatic("io.github.ddzengine.core.rules.Rules", "of",
                callStatic("io.github.ddzengine.core.rules.Preset", "valueOf", "STANDARD"));
        }

        static Object make(String type, Object... args) {
            try {
                for (java.lang.reflect.Constructor<?> c : BUILD.classLoader().loadClass(type).getConstructors()) {
                    if (c.getParameterCount() == args.length && fits(c.getParameterTypes(), args)) {
                        c.setAccessible(true);
                        return c.newInstance(args);
                    }
                }
                throw new IllegalStateException("no constructor of " + type);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        static Object callStatic(String type, String name, Object... args) {
            try {
                return invoke(BUILD.classLoader().loadClass(type), null, name, args);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }

        static Object call(Object target, String name, Object... args) {
            return invoke(target.getClass(), target, name, args);
        }

        private static Object invoke(Class<?> type, Object target, String name, Object... args) {
            try {
                for (Method m : type.getMethods()) {
                    if (m.getName().equals(name) && m.getParameterCount() == args.length
                        && fits(m.getParameterTypes(), args)) {
                        m.setAccessible(true);
                        return m.invoke(target, args);
                    }
                }
                throw new IllegalStateException("no method " + name + " of " + type);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        private static boolean fits(Class<?>[] types, Object[] args) {
            for (int i = 0; i < types.length; i++) {
                Class<?> t = types[i];
                Object a = args[i];
                if (t == int.class ? !(a instanceof Integer) : t == long.class ? !(a instanceof Long)
                    : t == double.class ? !(a instanceof Double) : t == boolean.class ? !(a instanceof Boolean)
                    : a != null && !t.isInstance(a)) {
                    return false;
                }
            }
            return true;
        }

        /** The build's information set for ours (the same plays, in notation). */
        static Object info(InformationSet info) {
            Object r = rules();
            Object table = call(r, "table");
            int[] history = new int[info.historyLength()];
            for (int i = 0; i < history.length; i++) {
                int m = info.historyMove(i);
                history[i] = m == MoveTable.PASS ? MoveTable.PASS : (Integer) call(table, "parseMove",
                    RULES.table().format(m));
            }
            return callStatic("io.github.ddzengine.mc.InformationSet", "of", r, info.seat(), info.hand(), info.kitty(),
                info.bid(), history);
        }

        static Object agent(int threads) {
            Object config = callStatic("io.github.ddzengine.mc.v1.MonteCarloAgent$Config", "defaults");
            config = call(config, "withWorlds", WORLDS);
            config = call(config, "withThreads", threads);
            return make("io.github.ddzengine.mc.v1.MonteCarloAgent", config);
        }

        static String decide(Object agent, InformationSet info, long seed) {
            Object d = call(agent, "decide", info(info), seed);
            Object t = call(d, "table");
            return format(RULES.table(), (Integer) call(d, "worlds"), (Integer) call(d, "solvedWorlds"),
                (Long) call(d, "rollouts"), (Long) call(d, "rolloutMoves"), (Integer) call(d, "candidates"),
                c -> call(t, "format", call(d, "candidate", c)) + "=" + call(d, "wins", c) + "/"
                    + String.format(Locale.ROOT, "%.6f", (Double) call(d, "meanScore", c)));
        }
    }

    /** The frozen agent's lines. */
    static List<String> v1Golden() {
        Object one = V1.agent(1);
        Object two = V1.agent(2);
        try {
            Decider d1 = (info, seed) -> V1.decide(one, info, seed);
            Decider d2 = (info, seed) -> V1.decide(two, info, seed);
            Object bidder = V1.make("io.github.ddzengine.mc.v1.Bidder", 0.50, 0.58, 0.66, 300);
            Bids bids = (hand, seed) -> String.format(Locale.ROOT, "%.6f",
                (Double) V1.call(V1.call(bidder, "estimate", V1.rules(), hand, seed), "winRate"));
            return golden(d1, d2, bids, () -> AgentSpecs.builtIn().parse("mc-v1:worlds=6", RULES));
        } finally {
            V1.call(one, "close");
            V1.call(two, "close");
        }
    }

    @Test
    void playsAsTheFrozenAgentDid() throws IOException {
        List<String> expected;
        try (InputStream in = McV1GoldenTest.class.getResourceAsStream("mc-v1-golden.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<String> actual = v1Golden();
        assertEquals(expected.size(), actual.size(), "golden lines");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "golden line " + (i + 1));
        }
    }

    @Test
    void effortModeGivesTheSameGamesOnOneAndTwoThreads() {
        List<String> one = new ArrayList<>();
        List<String> two = new ArrayList<>();
        try (Agent a = AgentSpecs.builtIn().parse("mc-v1:effort=2000", RULES);
             Agent b = AgentSpecs.builtIn().parse("mc-v1:effort=2000,threads=2", RULES);
             Agent rule = new RuleAgent(RULES, 0)) {
            new Match(RULES, a, rule, false).run(2, 5, 1, (g, aIsLandlord) -> one.add(format(g)));
            new Match(RULES, b, rule, false).run(2, 5, 1, (g, aIsLandlord) -> two.add(format(g)));
        }
        assertEquals(one, two);
    }

    @Test
    void theFrozenAgentsAreNamedAndRefuseBadSettings() {
        try (Agent a = AgentSpecs.builtIn().parse("mc-v1:worlds=3", RULES)) {
            assertEquals("mc-v1", a.name());
        }
        try (Agent a = AgentSpecs.builtIn().parse("mc-v2:worlds=3,sure=2", RULES)) {
            assertEquals("mc-v2", a.name());
        }
        org.junit.jupiter.api.Assertions.assertEquals("agent 'mc-v1': unknown setting 'sure' (budget, threads, worlds, "
            + "effort, prior)", org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> AgentSpecs.builtIn().parse("mc-v1:sure=2", RULES)).getMessage());
        String v2 = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("mc-v2:worlds=0", RULES)).getMessage();
        assertEquals("agent 'mc-v2': worlds must be a positive integer, not '0'", v2);
    }

    /** Rewrites the golden file from {@code mc-v1} (see the class comment). */
    @Test
    @EnabledIfSystemProperty(named = "ddz.golden.write", matches = ".+")
    void writeGolden() throws IOException {
        Files.write(Path.of(System.getProperty("ddz.golden.write")), v1Golden(), StandardCharsets.UTF_8);
    }
}
