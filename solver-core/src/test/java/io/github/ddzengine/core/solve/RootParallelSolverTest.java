package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link RootParallelSolver} with the root split from the first node (no probe) on seeded random
 * small positions: the verdict and the complete set of winning first moves equal a memoised plain
 * minimax ({@link MemoMinimax}); the first move is the lowest-index winning move of the root order;
 * the line is legal and won as the verdict says; and the result (verdict, line) is the same on 2
 * and 3 threads and solved again.
 */
class RootParallelSolverTest {
    private static void check(Preset preset, int seats, long seed) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        MemoMinimax oracle = new MemoMinimax(gen);
        Solver plain = new Solver(rules, 1);
        RootParallelSolver two = new RootParallelSolver(rules, 1, EngineTables.NONE, 2);
        RootParallelSolver three = new RootParallelSolver(rules, 1, EngineTables.NONE, 3);
        two.probeNodes = 0;
        three.probeNodes = 0;
        two.splitTwoSeats = true;
        three.splitTwoSeats = true;
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] wins = new int[2];
        Property.forAll("root-parallel solve == minimax (" + preset + ", " + seats + " seats)", seed, 40, rnd -> {
            Position p = ProofNumberSearchReviewTest.dealt(rnd, rules, gen, seats, seats == 2 ? 8 : 6, buf);
            String where = p.toString();
            int[] expected = oracle.winningMoves(p);
            SolveResult r = two.solve(p, false, 0);
            assertEquals(expected.length > 0, r.moverWins(), where + ": verdict");
            ProofNumberSearchReviewTest.checkLine(where, p, r, oracle, gen);
            if (r.moverWins()) {
                int[] order = plain.rootMoves(p);
                int first = -1;
                for (int i = 0; i < order.length && first < 0; i++) {
                    if (Arrays.binarySearch(expected, order[i]) >= 0) {
                        first = order[i];
                    }
                }
                assertEquals(first, r.line()[0], where + ": the winning move of lowest index in the root order");
            }
            SolveResult again = three.solve(p, false, 0);
            assertEquals(r.verdict(), again.verdict(), where + ": verdict on 3 threads");
            assertArrayEquals(r.line(), again.line(), where + ": line on 3 threads");
            assertArrayEquals(r.line(), two.solve(p, false, 0).line(), where + ": line solved again");
            int[] all = three.solve(p, true, 0).winningMoves().clone();
            Arrays.sort(all);
            assertArrayEquals(expected, all, where + ": every winning move");
            wins[0] += expected.length > 0 ? 1 : 0;
            wins[1]++;
        });
        assertTrue(wins[0] > 0 && wins[0] < wins[1], wins[0] + " of " + wins[1] + " won: both verdicts must come up");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeats(Preset preset) {
        check(preset, 2, 91_000 + preset.ordinal());
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeats(Preset preset) {
        check(preset, 3, 92_000 + preset.ordinal());
    }
}
