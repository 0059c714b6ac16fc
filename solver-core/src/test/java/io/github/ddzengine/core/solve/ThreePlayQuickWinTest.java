package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The three-play quick win of {@code Solver.order} (a move nobody on the other side can beat, then
 * a finishing move nobody on the other side can beat, then the one combination left), on random
 * small positions where the mover holds up to three combinations, often of high ranks: every move
 * it names wins by memoised minimax, the rule fires often enough to be checked, and the solver's
 * verdict is minimax's. Two and three seats, every mover.
 */
class ThreePlayQuickWinTest {

    /** A combination led from a random deal of {@code size} cards of {@code pool}, or 0. */
    private static long combination(SplittableRandom rnd, MoveGenerator gen, long pool, int size, int[] buf) {
        int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(size, Cards.size(pool))), buf);
        return n == 0 ? 0 : gen.table().cards(buf[rnd.nextInt(n)]);
    }

    private static Position position(SplittableRandom rnd, MoveGenerator gen, int seats, int[] buf) {
        int mover = rnd.nextInt(seats);
        long pool = Cards.DECK;
        long h = 0;
        int[] sizes = {3, 2, 3};
        for (int size : sizes) {
            long rest = pool - h;
            long high = rest & (-1L << 32); // ranks J and up
            long from = rnd.nextBoolean() && Cards.size(high) >= size ? high : rest;
            h += combination(rnd, gen, from, size, buf);
        }
        if (h == 0) {
            h = RandomHands.dealFrom(rnd, pool, 3);
        }
        long[] hands = new long[seats];
        hands[mover] = h;
        pool -= h;
        for (int s = 0; s < seats; s++) {
            if (s != mover) {
                hands[s] = RandomHands.dealFrom(rnd, pool, 1 + rnd.nextInt(seats == 2 ? 6 : 4));
                pool -= hands[s];
            }
        }
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (rnd.nextInt(3) == 0) {
            int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(4, Cards.size(pool))), buf);
            if (n > 0) {
                last = buf[rnd.nextInt(n)];
                lastSeat = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
            }
        }
        return Position.of(gen.rules(), hands, mover, last, lastSeat);
    }

    private static void check(Preset preset, int seats, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 4);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] fired = new int[1];
        Property.forAll("three-play quick wins win (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            Position p = position(rnd, gen, seats, buf);
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = p.hand(s);
            }
            oracle.clear();
            int m = solver.threePlayQuickWin(p);
            if (m >= 0) {
                fired[0]++;
                assertTrue(oracle.playWins(hands, seats, p.mover(), p.lastMove(), p.lastSeat(), m),
                    p + ": quick win " + rules.table().format(m) + " loses");
            }
            boolean expected = oracle.wins(hands, seats, p.mover(), p.lastMove(), p.lastSeat());
            assertEquals(expected, solver.solve(p, false, 0, 0).moverWins(), p.toString());
        });
        assertTrue(fired[0] > trials / 10, "the three-play quick win fired in only " + fired[0] + " of " + trials + " positions");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeats(Preset preset) {
        check(preset, 2, 41_000 + preset.ordinal() * 1000L, 300);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeats(Preset preset) {
        check(preset, 3, 42_000 + preset.ordinal() * 1000L, 300);
    }
}
