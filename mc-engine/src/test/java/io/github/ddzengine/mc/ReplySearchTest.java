package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import org.junit.jupiter.api.Test;

/** The reply search inside each world ({@link Tuning#replies()}, {@link Playout#runReply}). */
class ReplySearchTest {
    private static final Rules RULES = Rules.STANDARD;

    private static MonteCarloAgent.Config replies(int k) {
        MonteCarloAgent.Config c = MonteCarloAgent.Config.defaults();
        return c.withTuning(c.tuning().withReplies(k));
    }

    @Test
    void theSettingIsOptInAndBounded() {
        assertEquals(0, Tuning.DEFAULT.replies());
        assertEquals(4, Tuning.DEFAULT.withReplies(4).replies());
        assertEquals(4, Tuning.DEFAULT.withReplies(4).withRolloutFeatures(31).withHalvingRounds(2).withSurePlays(3)
            .replies());
        assertThrows(IllegalArgumentException.class, () -> Tuning.DEFAULT.withReplies(Tuning.MAX_REPLIES + 1));
        assertThrows(IllegalArgumentException.class, () -> Tuning.DEFAULT.withReplies(-1));
    }

    @Test
    void effortDecisionsAreTheSameOnAnyThreadCountAndCountTheReplies() {
        long effort = 6_000;
        MonteCarloAgent one = new MonteCarloAgent(replies(4).withEffort(effort));
        MonteCarloAgent two = new MonteCarloAgent(replies(4).withEffort(effort).withThreads(2));
        MonteCarloAgent three = new MonteCarloAgent(replies(4).withEffort(effort).withThreads(3));
        MonteCarloAgent plain = new MonteCarloAgent(MonteCarloAgent.Config.defaults().withEffort(effort));
        int searched = 0;
        try (one; two; three; plain) {
            SplittableRandom random = new SplittableRandom(11);
            for (int trial = 0; trial < 24; trial++) {
                RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(30));
                InformationSet info = g.info(RULES, true, 1);
                Decision a = one.decide(info, trial);
                for (Decision d : new Decision[] {two.decide(info, trial), three.decide(info, trial)}) {
                    assertEquals(a.worlds(), d.worlds(), "trial " + trial);
                    assertEquals(a.counts(), d.counts(), "trial " + trial);
                    assertEquals(a.candidates(), d.candidates(), "trial " + trial);
                    for (int k = 0; k < a.candidates(); k++) {
                        assertEquals(a.candidate(k), d.candidate(k), "trial " + trial);
                        assertEquals(a.wins(k), d.wins(k), "trial " + trial);
                        assertEquals(a.meanScore(k), d.meanScore(k), "trial " + trial);
                    }
                    assertFalse(d.budgetCut());
                }
                Decision p = plain.decide(info, trial);
                int cards = info.cardsLeft(0) + info.cardsLeft(1) + info.cardsLeft(2);
                if (a.candidates() > 2 && cards > 30 && !new WorldSampler(info, Prior.UNIFORM).isDetermined()) {
                    searched++;
                    // the replies' rollouts are counted: more rollouts a world, so fewer worlds for the effort
                    assertTrue(a.counts().rollouts() > (long) a.worlds() * a.candidates(), "trial " + trial);
                    assertTrue(a.worlds() < p.worlds(), "trial " + trial + ": " + a.worlds() + " >= " + p.worlds());
                }
            }
        }
        assertTrue(searched >= 8, "decisions with the reply search: " + searched);
    }

    /**
     * The replier keeps the reply best for its side, and the policy's own reply is among those it
     * tries: the search can only turn the deciding side's rollout wins into losses, never the
     * other way; and it turns some of them of moves the exact solver says lose (positions of
     * 12..20 cards of the policy's self-play).
     */
    @Test
    void theSearchTurnsWinsTheSolverDeniesIntoLosses() {
        Playout p = new Playout(RULES, MinHands.of(RULES), Tuning.DEFAULT.rolloutFeatures());
        Playout again = new Playout(RULES, MinHands.of(RULES), Tuning.DEFAULT.rolloutFeatures());
        Solver solver = new Solver(RULES, 8);
        MoveGenerator gen = new MoveGenerator(RULES);
        MovePruner pruner = new MovePruner(RULES.table());
        MoveTable table = RULES.table();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        long[] after = new long[3];
        SplittableRandom random = new SplittableRandom(5);
        long[] h = new long[3];
        int changed = 0;
        int confirmed = 0;
        int judged = 0;
        for (int deal = 0; deal < 40; deal++) {
            // the rollout policy's self-play from a random deal; every position of 12..20 cards is judged
            long[] kitty = new long[1];
            long[] d = RandomGames.deal(random, kitty);
            System.arraycopy(d, 0, h, 0, 3);
            int seat = 0;
            int lastMove = MoveTable.PASS;
            int lastBy = -1;
            while (true) {
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                int toBeatNow = lastBy < 0 || lastBy == seat ? MoveTable.PASS : lastMove;
                if (total <= 20 && total >= 12) {
                    int n = pruner.prune(h[seat], moves, gen.answers(h[seat], toBeatNow, moves));
                    int next = seat == 2 ? 0 : seat + 1;
                    for (int i = 0; i < n; i++) {
                        int m = moves[i];
                        System.arraycopy(h, 0, after, 0, 3);
                        if (m != MoveTable.PASS) {
                            after[seat] -= table.cards(m);
                        }
                        if (after[seat] == 0) {
                            continue;
                        }
                        int last = m != MoveTable.PASS ? m : toBeatNow;
                        int lastSeat = m != MoveTable.PASS ? seat : toBeatNow == MoveTable.PASS ? -1 : lastBy;
                        boolean plainWin = (Playout.winner(p.run(after, next, last, lastSeat, 1, true)) == 0) == (seat == 0);
                        int r = p.runReply(after, next, last, lastSeat, 1, true, seat, 8);
                        boolean replyWin = (Playout.winner(r) == 0) == (seat == 0);
                        assertEquals(r, again.runReply(after, next, last, lastSeat, 1, true, seat, 8), "deterministic");
                        assertTrue(p.lastRuns() >= 0 && p.lastRuns() <= 8, "runs " + p.lastRuns());
                        assertEquals(p.run(after, next, last, lastSeat, 1, true),
                            p.runReply(after, next, last, lastSeat, 1, true, seat, 1), "one reply is the plain rollout");
                        judged++;
                        assertFalse(!plainWin && replyWin, "deal " + deal + ": a loss turned into a win");
                        if (plainWin && !replyWin) {
                            changed++;
                            int toBeat = lastSeat == next || last == MoveTable.PASS ? MoveTable.PASS : last;
                            boolean nextWins = solver.solveVerdict(after, next, toBeat, lastSeat, 0) == 1;
                            confirmed += nextWins == ((next == 0) == (seat == 0)) ? 0 : 1;
                        }
                    }
                }
                int m = p.choose(h, seat, toBeatNow, lastBy);
                if (m != MoveTable.PASS) {
                    h[seat] -= table.cards(m);
                    if (h[seat] == 0) {
                        break;
                    }
                    lastMove = m;
                    lastBy = seat;
                }
                seat = seat == 2 ? 0 : seat + 1;
            }
        }
        assertTrue(judged > 200, "moves judged: " + judged + ", changed " + changed + ", confirmed " + confirmed);
        assertTrue(changed > 0, "verdicts the search changed: " + changed);
        // the search finds the opponents' refutations the policy misses (and, one-sided, some the
        // deciding side's own policy only concedes: not asserted)
        assertTrue(confirmed > 0, "the solver agrees in " + confirmed + " of " + changed);
    }
}
