package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Review of the proof-number search layer of {@link Solver} where {@link ProofNumberSearchTest}
 * does not reach: the switch from alpha-beta to proof-number search in the middle of a search
 * (the alpha-beta phase cut by its node limit after 1, 37 or 500 nodes, so the hands must be put
 * back and the tables must hold only exact entries), leaves of 0 to 10 cards, and a solver that
 * has just had a solve cut short by a node budget (an UNKNOWN verdict, hands left mid-line) before
 * it solves the position. On seeded random positions the verdict and the complete set of winning
 * first moves must equal plain minimax ({@link MemoMinimax}); the principal variation must be a
 * legal game to an empty hand of the winning side in which every move of the winning side wins;
 * and the same solve repeated on the solver, and on a second solver with another history, gives
 * the same moves, line and node count.
 */
class ProofNumberSearchReviewTest {
    private static final int TRIALS = 10;
    /**
     * Hand sizes at most: built from combinations (two seats, three seats) and dealt at random;
     * a longer hunt outside CI takes larger ones, for example
     * {@code -Dddz.pns.rich2=10 -Dddz.pns.dealt2=10 -Dddz.pns.rich3=8 -Dddz.pns.dealt3=7 -Dddz.trials=100}.
     */
    private static final int RICH_2 = Integer.getInteger("ddz.pns.rich2", 9);
    private static final int RICH_3 = Integer.getInteger("ddz.pns.rich3", 7);
    private static final int DEALT_2 = Integer.getInteger("ddz.pns.dealt2", 7);
    private static final int DEALT_3 = Integer.getInteger("ddz.pns.dealt3", 5);
    private static final AtomicInteger WON = new AtomicInteger();
    private static final AtomicInteger LOST = new AtomicInteger();
    private static final AtomicInteger MIXED = new AtomicInteger();
    /** Alpha-beta nodes before the switch: at once, and cut after a node, a few dozen, a few hundred. */
    private static final long[] SWITCH_AFTER = {0, 1, 37, 500};

    static Stream<Arguments> configurations() {
        Stream.Builder<Arguments> b = Stream.builder();
        String[] bans = {"", "trio,32,421"};
        for (Preset p : Preset.values()) {
            for (int i = 0; i < bans.length; i++) {
                b.add(Arguments.of(p, bans[i], 2, 80_000L + p.ordinal() * 1_000L + i * 100L));
                b.add(Arguments.of(p, bans[i], 3, 90_000L + p.ordinal() * 1_000L + i * 100L));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} bans=[{1}] {2} seats")
    @MethodSource("configurations")
    void switchMidSearchAfterABudgetCutAgreesWithMinimax(Preset preset, String bans, int seats, long seed) {
        Rules rules = Rules.of(preset, Rules.parseBans(bans));
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        Solver solver = new Solver(rules, 1);
        Solver twin = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] counts = new int[3]; // positions, solves cut by the budget, solves that reached proof-number search
        Property.forAll("proof-number search switched mid-search == minimax (" + rules + ", " + seats + " seats)",
            seed, TRIALS, rnd -> {
                Position p = rnd.nextBoolean()
                    ? SolverAdversarialReviewTest.position(rnd, rules, gen, seats, seats == 2 ? RICH_2 : RICH_3, buf)
                    : dealt(rnd, rules, gen, seats, seats == 2 ? DEALT_2 : DEALT_3, buf);
                long after = SWITCH_AFTER[rnd.nextInt(SWITCH_AFTER.length)];
                int leaf = rnd.nextInt(11);
                String where = p + " (switch after " + after + " nodes, leaves of " + leaf + " cards)";
                int[] expected = oracle.winningMoves(p);
                int w = expected.length;
                int n = gen.answers(p.hand(p.mover()), p.lastMove(), buf);

                // a solve cut short by a node budget, with other switch settings, on the same solver
                solver.configureProofSearch(rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(200), rnd.nextInt(11));
                SolveResult cut = solver.solve(p, rnd.nextBoolean(), 0, 1 + rnd.nextInt(100));
                if (cut.isKnown()) {
                    assertEquals(w > 0, cut.moverWins(), where + ": verdict within a node budget");
                } else {
                    counts[1]++;
                    assertEquals(0, cut.line().length, where + ": an unknown verdict has no line");
                }

                solver.configureProofSearch(after, leaf);
                SolveResult r = solver.solve(p, false, 0, 0);
                assertEquals(w > 0, r.moverWins(), where + ": verdict");
                SolveResult all = solver.solve(p, true, 0, 0);
                int[] winning = all.winningMoves().clone();
                Arrays.sort(winning);
                assertArrayEquals(expected, winning, where + ": winning moves");
                checkLine(where, p, r, oracle, gen);
                checkLine(where, p, all, oracle, gen);

                SolveResult again = solver.solve(p, true, 0, 0);
                assertSame(where + ": solved again on the same solver", all, again);
                twin.configureProofSearch(after, leaf);
                assertSame(where + ": solved on a second solver", all, twin.solve(p, true, 0, 0));

                counts[0]++;
                LOST.addAndGet(w == 0 ? 1 : 0);
                WON.addAndGet(w > 0 ? 1 : 0);
                MIXED.addAndGet(w > 0 && w < n ? 1 : 0);
                if (cards(p) > leaf && all.nodes() > after) {
                    counts[2]++;
                }
            });
        assertTrue(counts[1] > 0, "no solve was cut short by its node budget");
        assertTrue(counts[2] >= 2, "only " + counts[2] + " of " + counts[0] + " solves reached proof-number search");
    }

    /**
     * Over all configurations (small three-seat positions are often won by every move): both
     * verdicts came up, and positions with winning and losing moves both.
     */
    @AfterAll
    static void bothVerdictsCameUp() {
        if (WON.get() + LOST.get() > 0) {
            assertTrue(WON.get() > 0 && LOST.get() > 0, WON + " positions won, " + LOST + " lost: both verdicts must come up");
            assertTrue(MIXED.get() >= 10, "only " + MIXED + " positions with both winning and losing moves");
        }
    }

    /**
     * One position, the switch after every node count from 0 to 60 and then at 30 more steps up
     * to the whole alpha-beta solve, each after a budget cut on the same solver: the verdict and
     * the one winning move never change.
     */
    @Test
    void switchAtEveryNodeCountKeepsTheAnswer() {
        Rules rules = Rules.of(Preset.STANDARD, 0);
        Position p = Position.parse("45667789K2/469JJQA2D 0", rules);
        SolveResult reference = new Solver(rules, 1).solve(p, true, 0, 0);
        assertTrue(reference.moverWins());
        assertEquals(1, reference.winningMoves().length);
        Solver solver = new Solver(rules, 1);
        int runs = 0;
        int cuts = 0;
        long step = Math.max(1, (reference.nodes() - 60) / 30);
        for (long after = 0; after <= reference.nodes(); after += after < 60 ? 1 : step) {
            solver.configureProofSearch(after, 8);
            cuts += solver.solve(p, (after & 1) == 0, 0, 1 + after * 13 % 1_000).isKnown() ? 0 : 1;
            assertArrayEquals(reference.winningMoves(), solver.solve(p, true, 0, 0).winningMoves(),
                "switch after " + after + " nodes");
            assertTrue(solver.solve(p, false, 0, 0).moverWins(), "switch after " + after + " nodes");
            runs++;
        }
        assertTrue(runs > 80 && cuts > runs / 2, cuts + " of " + runs + " budget cuts");
    }

    /**
     * Uniformly dealt hands of {@code cards} cards less 0 to 2 each, the mover leading or (two
     * times in three) answering a random combination of other cards played by another seat.
     */
    static Position dealt(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int cards, int[] buf) {
        long pool = Cards.DECK;
        long[] hands = new long[seats];
        for (int s = 0; s < seats; s++) {
            hands[s] = RandomHands.dealFrom(rnd, pool, cards - rnd.nextInt(3));
            pool -= hands[s];
        }
        int mover = rnd.nextInt(seats);
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (rnd.nextInt(3) > 0) {
            int n = gen.leads(RandomHands.dealFrom(rnd, pool, 8), buf);
            int m = buf[rnd.nextInt(n)];
            if (rules.allows(m)) {
                last = m;
                lastSeat = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
            }
        }
        return Position.of(rules, hands, mover, last, lastSeat);
    }

    private static void assertSame(String what, SolveResult expected, SolveResult actual) {
        assertEquals(expected.verdict(), actual.verdict(), what + ": verdict");
        assertArrayEquals(expected.winningMoves(), actual.winningMoves(), what + ": winning moves");
        assertArrayEquals(expected.line(), actual.line(), what + ": line");
        assertEquals(expected.nodes(), actual.nodes(), what + ": nodes");
    }

    private static long[] hands(Position p) {
        long[] hands = new long[3];
        for (int s = 0; s < p.seats(); s++) {
            hands[s] = p.hand(s);
        }
        return hands;
    }

    private static int cards(Position p) {
        int c = 0;
        for (int s = 0; s < p.seats(); s++) {
            c += Cards.size(p.hand(s));
        }
        return c;
    }

    /**
     * The line is legal move by move, ends when a hand empties and not before, that hand is on
     * the side the verdict names, and every move of that side wins (by the oracle).
     */
    static void checkLine(String where, Position p, SolveResult r, MemoMinimax oracle, MoveGenerator gen) {
        MoveTable table = gen.table();
        int seats = p.seats();
        long[] h = hands(p);
        int mover = p.mover();
        int last = p.lastMove();
        int lastSeat = p.lastSeat();
        boolean landlordWins = (p.mover() == 0) == r.moverWins();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] line = r.line();
        for (int k = 0; k < line.length; k++) {
            int m = line[k];
            int n = gen.answers(h[mover], last, buf);
            boolean legal = false;
            for (int i = 0; i < n; i++) {
                legal |= buf[i] == m;
            }
            assertTrue(legal, where + ": line move " + k + " (" + table.format(m) + ") is not legal");
            if ((mover == 0) == landlordWins) {
                assertTrue(oracle.playWins(h, seats, mover, last, lastSeat, m),
                    where + ": line move " + k + " (" + table.format(m) + ") of the winning side loses");
            }
            if (m == MoveTable.PASS) {
                int next = (mover + 1) % seats;
                if (next == lastSeat) {
                    last = MoveTable.PASS;
                    lastSeat = -1;
                }
                mover = next;
                continue;
            }
            h[mover] -= table.cards(m);
            if (h[mover] == 0) {
                assertEquals(line.length - 1, k, where + ": the line goes on after a hand is empty");
                assertEquals(landlordWins, mover == 0, where + ": the line ends with the losing side out");
                return;
            }
            last = m;
            lastSeat = mover;
            mover = (mover + 1) % seats;
        }
        fail(where + ": the line of " + line.length + " moves ends before a hand is empty");
    }
}
