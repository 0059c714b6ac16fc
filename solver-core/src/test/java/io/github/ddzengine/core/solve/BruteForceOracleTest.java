package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Minimax;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The solver against a plain minimax (no table, no ordering, no quick wins, no normalisation) on
 * thousands of small random positions, two and three seats, every preset, leads and follows.
 */
class BruteForceOracleTest {

    /** {@link Minimax#wins}. */
    static boolean minimax(MoveGenerator gen, long[] hands, int seats, int mover, int last, int lastSeat) {
        return Minimax.wins(gen, hands, seats, mover, last, lastSeat);
    }

    private static void compare(Preset preset, int seats, int maxCards, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 4);
        // answers of under 8 cards without the tables, as large solves search their small answers
        // (these positions are too small for the solver to choose that itself)
        solver.answerTableMinCards(8);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("solver == minimax (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            Position p = randomPosition(rnd, rules, gen, seats, maxCards, buf);
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = p.hand(s);
            }
            boolean expected = minimax(gen, hands, seats, p.mover(), p.lastMove(), p.lastSeat());
            SolveResult r = solver.solve(p, false, 0, 0);
            assertEquals(expected, r.moverWins(), p.toString());
            SolveResult all = solver.solve(p, true, 0, 0);
            assertEquals(expected, all.winningMoves().length > 0, p + " (all winning moves)");
            for (int m : all.winningMoves()) {
                assertEquals(true, playThenMinimax(gen, hands, seats, p, m), p + " winning move " + rules.table().format(m));
            }
        });
    }

    /** Whether playing {@code m} first wins for the mover's side, by minimax. */
    static boolean playThenMinimax(MoveGenerator gen, long[] hands, int seats, Position p, int m) {
        int mover = p.mover();
        int next = (mover + 1) % seats;
        boolean same = (mover == 0) == (next == 0);
        if (m == MoveTable.PASS) {
            boolean child = next == p.lastSeat()
                ? minimax(gen, hands, seats, next, MoveTable.PASS, -1)
                : minimax(gen, hands, seats, next, p.lastMove(), p.lastSeat());
            return child == same;
        }
        long c = gen.table().cards(m);
        hands[mover] -= c;
        boolean win = hands[mover] == 0 || minimax(gen, hands, seats, next, m, mover) == same;
        hands[mover] += c;
        return win;
    }

    /** {@link Minimax#randomPosition}. */
    static Position randomPosition(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int maxCards,
                                   int[] buf) {
        return Minimax.randomPosition(rnd, rules, gen, seats, maxCards, buf);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 2, 6, 7000 + preset.ordinal() * 1000L, 400);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 3, 4, 8000 + preset.ordinal() * 1000L, 300);
    }
}
