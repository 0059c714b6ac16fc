package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.Match;
import org.junit.jupiter.api.Test;

/** Threads, allocation and the determined late game of the Monte Carlo agent. */
class MonteCarloReviewTest {
    private static final Rules RULES = Rules.STANDARD;

    private static int liveHelpers() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith("ddz-mc-")) {
                n++;
            }
        }
        return n;
    }

    @Test
    void matchesAndClosedAgentsLeaveNoHelperThreads() throws Exception {
        int before = liveHelpers();
        MonteCarloAgent proto = new MonteCarloAgent(McSettings.defaults().withThreads(2).withWorlds(2));
        Match match = new Match(RULES, proto, new RuleAgent(RULES, 0), false);
        for (int i = 0; i < 3; i++) {
            match.run(1, 7 + i, 2, null);
            assertEquals(before, liveHelpers(), "helper threads left after match " + (i + 1));
        }
        // an agent used directly: its decision starts the helper, close() ends it, a new decision restarts it
        RandomGames.Game g = RandomGames.play(RULES, new SplittableRandom(3), 5);
        InformationSet info = g.info(RULES, true, 1);
        Decision first = proto.decide(info, 1);
        assertEquals(before + 1, liveHelpers());
        proto.close();
        assertEquals(before, liveHelpers());
        Decision again = proto.decide(info, 1);
        assertEquals(first.move(), again.move());
        assertEquals(first.wins(0), again.wins(0));
        proto.close();
        assertEquals(before, liveHelpers());
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Rollouts and the per-world path of a decision (sampling and one rollout per candidate) allocate nothing. */
    @Test
    void rolloutsAndWorldsAllocateNothing() {
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!(mx instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) {
            return; // not measurable on this JVM
        }
        sun.setThreadAllocatedMemoryEnabled(true);
        SplittableRandom random = new SplittableRandom(41);
        RandomGames.Game g = RandomGames.play(RULES, random, 9);
        InformationSet info = g.info(RULES, true, 2);

        // the playout alone
        Playout p = new Playout(RULES, MinHands.of(RULES));
        long[] hands = new long[3];
        int[] scratch = new int[WorldSampler.SCRATCH];
        WorldSampler sampler = new WorldSampler(info, new SoloPassPrior());
        Rng rng = new Rng(0);
        for (int w = 0; w < 2000; w++) { // warm the caches and the JIT
            sampler.deal(rng, WorldSampler.worldSeed(5, w), scratch, hands);
            p.run(hands, info.seat(), info.lastMove(), info.lastSeat(), 1, false);
        }
        long before = allocated();
        int rollouts = 5000;
        for (int w = 0; w < rollouts; w++) {
            sampler.deal(rng, WorldSampler.worldSeed(6, w), scratch, hands);
            p.run(hands, info.seat(), info.lastMove(), info.lastSeat(), 1, false);
        }
        long perRollout = (allocated() - before) / rollouts;
        assertTrue(perRollout < 8, "a sampled world and its rollout allocate " + perRollout + " bytes");

        // whole decisions: the cost of 400 more worlds is allocation-free (rollouts only)
        MonteCarloAgent small = new MonteCarloAgent(McSettings.builder().worlds(100)
            .solverMaxCards(0).build());
        MonteCarloAgent large = new MonteCarloAgent(McSettings.builder().worlds(500)
            .solverMaxCards(0).build());
        for (int i = 0; i < 3; i++) {
            small.decide(info, i);
            large.decide(info, i);
        }
        long a0 = allocated();
        small.decide(info, 99);
        long a1 = allocated();
        large.decide(info, 99);
        long a2 = allocated();
        long perWorld = ((a2 - a1) - (a1 - a0)) / 400;
        assertTrue(perWorld < 16, "a world allocates " + perWorld + " bytes (100 worlds: " + (a1 - a0)
            + ", 500 worlds: " + (a2 - a1) + ")");
    }

    /**
     * A late game where the landlord holds only kitty cards it has not played, so the farmer to
     * act sees every hand, and its candidates include both winning and losing moves: the agent's
     * win rate per candidate is exactly the solver's verdict (1 or 0), with the clock or without,
     * on one or two threads. The position is found from seeded random games; the kitty is taken
     * to be the landlord's last three cards, which any three of its twenty may be.
     */
    @Test
    void aDeterminedLateGameWithWinningAndLosingCandidatesMatchesTheSolver() {
        MoveTable t = RULES.table();
        Solver solver = new Solver(RULES, 4);
        MonteCarloAgent one = new MonteCarloAgent(McSettings.defaults().withWorlds(6));
        MonteCarloAgent two = new MonteCarloAgent(McSettings.defaults().withWorlds(6).withThreads(2));
        MonteCarloAgent timed = new MonteCarloAgent(McSettings.defaults().withBudget(400));
        SplittableRandom random = new SplittableRandom(2024);
        int found = 0;
        try {
            for (int game = 0; game < 4000 && found < 3; game++) {
                RandomGames.Walk walk = new RandomGames.Walk(RULES, random);
                long[] hands = walk.hands;
                while (true) {
                    int seat = walk.seat();
                    int total = walk.total();
                    if (seat != 0 && Cards.size(hands[0]) == 3 && total <= 16
                        && new WorldSampler(walk.info(RULES, hands[0]), Prior.UNIFORM).isDetermined()) {
                        // (not determined when the landlord played a rank of the kitty: which copy it played is unknown)
                        SolveResult exact = solver.solve(Position.of(RULES, hands, seat, walk.toBeat(), walk.toBeatSeat()),
                            true, 0, 0);
                        InformationSet info = walk.info(RULES, hands[0]);
                        int[] cands = one.candidates(info);
                        int[] winning = exact.winningMoves();
                        long wins = Arrays.stream(cands).filter(m -> Arrays.stream(winning).anyMatch(x -> x == m)).count();
                        if (wins > 0 && wins < cands.length) {
                            found++;
                            check(t, info, winning, one.decide(info, game), "1 thread, game " + game);
                            check(t, info, winning, two.decide(info, game), "2 threads, game " + game);
                            check(t, info, winning, timed.decide(info, game), "timed, game " + game);
                            break;
                        }
                    }
                    if (Cards.size(hands[0]) < 3 || total <= 10 || !walk.step(random)) {
                        break;
                    }
                }
            }
        } finally {
            two.close();
        }
        assertEquals(3, found, "determined late games with winning and losing candidates found");
    }

    /**
     * The same for determined sets above the solver's usual card limit (19 to 26 cards): a
     * determined set has one world, and the agent solves it whatever its size rather than play one
     * rollout per candidate (which chose a losing move in 2 of 25 such sets, with the solver
     * answering in about a millisecond). Fixed worlds on 1 and 2 threads; the clock too when its
     * solve finishes.
     */
    @Test
    void aLargerDeterminedSetIsSolvedNotRolledOut() {
        MoveTable t = RULES.table();
        Solver solver = new Solver(RULES, 8);
        MonteCarloAgent one = new MonteCarloAgent(McSettings.defaults().withWorlds(5));
        MonteCarloAgent two = new MonteCarloAgent(McSettings.defaults().withWorlds(5).withThreads(2));
        MonteCarloAgent timed = new MonteCarloAgent(McSettings.defaults().withBudget(400));
        SplittableRandom random = new SplittableRandom(77);
        int found = 0;
        try {
            for (int game = 0; game < 4000 && found < 6; game++) {
                RandomGames.Walk walk = new RandomGames.Walk(RULES, random);
                long[] hands = walk.hands;
                while (true) {
                    int seat = walk.seat();
                    int total = walk.total();
                    if (seat != 0 && Cards.size(hands[0]) == 3 && total > 18 && total <= 26) {
                        InformationSet info = walk.info(RULES, hands[0]);
                        if (new WorldSampler(info, Prior.UNIFORM).isDetermined()) {
                            SolveResult exact = solver.solve(Position.of(RULES, hands, seat, walk.toBeat(),
                                walk.toBeatSeat()), true, 0, 200_000);
                            int[] cands = one.candidates(info);
                            if (exact.isKnown()) {
                                int[] winning = exact.winningMoves();
                                long wins = Arrays.stream(cands)
                                    .filter(m -> Arrays.stream(winning).anyMatch(x -> x == m)).count();
                                if (wins > 0 && wins < cands.length) {
                                    found++;
                                    Decision a = one.decide(info, game);
                                    assertEquals(5, a.worlds());
                                    check(t, info, winning, a, "1 thread, game " + game);
                                    check(t, info, winning, two.decide(info, game), "2 threads, game " + game);
                                    Decision c = timed.decide(info, game);
                                    if (c.solvedWorlds() == 1) {
                                        check(t, info, winning, c, "timed, game " + game);
                                    }
                                }
                            }
                            break;
                        }
                    }
                    if (Cards.size(hands[0]) < 3 || !walk.step(random)) {
                        break;
                    }
                }
            }
        } finally {
            two.close();
        }
        assertEquals(6, found, "larger determined sets with winning and losing candidates found");
    }

    private static void check(MoveTable t, InformationSet info, int[] winning, Decision d, String where) {
        assertTrue(d.worlds() >= 1, where);
        assertEquals(d.worlds(), d.solvedWorlds(), where + ": every world goes to the solver");
        boolean sawWin = false;
        boolean sawLoss = false;
        for (int c = 0; c < d.candidates(); c++) {
            int m = d.candidate(c);
            boolean wins = Arrays.stream(winning).anyMatch(x -> x == m);
            sawWin |= wins;
            sawLoss |= !wins;
            assertEquals(wins ? 1.0 : 0.0, d.winRate(c), where + ": " + t.format(m) + " in "
                + Notation.format(info.hand()));
        }
        assertTrue(sawWin && sawLoss, where);
        int move = d.move();
        assertTrue(Arrays.stream(winning).anyMatch(x -> x == move), where + ": chose the losing " + t.format(move));
    }
}
