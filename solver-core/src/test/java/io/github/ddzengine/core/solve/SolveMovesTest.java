package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link Solver#solveMoves} and {@link Solver#solveVerdict}: on random positions of two and three seats, each legal move's verdict
 * is the memoised minimax's (and {@link Solver#solve}'s set of winning moves); a node budget below
 * what the moves need reports an unfinished solve, and the same call gives the same node count.
 */
class SolveMovesTest {

    private static void check(Preset preset, int seats, long seed) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        int[] cut = new int[1];
        Property.forAll("solveMoves (" + preset + ", " + seats + " seats)", seed, 100, rnd -> {
            Position p = ProofNumberSearchReviewTest.dealt(rnd, rules, gen, seats, seats == 2 ? 7 : 5, buf);
            String where = p.toString();
            int n = gen.answers(p.hand(p.mover()), p.lastMove(), moves);
            int[] winning = oracle.winningMoves(p);
            assertTrue(solver.solveMoves(p, moves, n, wins, 0, 0), where + ": unbudgeted solve finished");
            long nodes = solver.lastNodes();
            for (int i = 0; i < n; i++) {
                boolean expected = false;
                for (int w : winning) {
                    expected |= w == moves[i];
                }
                assertEquals(expected, wins[i], where + ": " + rules.table().format(moves[i]));
            }
            if (seats == 3) {
                long[] hands = {p.hand(0), p.hand(1), p.hand(2)};
                assertEquals(winning.length > 0 ? 1 : 0, solver.solveVerdict(hands, p.mover(), p.lastMove(), p.lastSeat(), 0),
                    where + ": solveVerdict");
                assertEquals(solver.solve(p, false, 0, 0).moverWins() ? 1 : 0,
                    solver.solveVerdict(hands, p.mover(), p.lastMove(), p.lastSeat(), 0), where + ": as solve says");
                long verdictNodes = solver.lastNodes();
                if (verdictNodes > 1) {
                    assertEquals(-1, solver.solveVerdict(hands, p.mover(), p.lastMove(), p.lastSeat(), verdictNodes - 1),
                        where + ": solveVerdict under budget");
                }
            }
            assertTrue(solver.solveMoves(p, moves, n, wins, 0, 0));
            assertEquals(nodes, solver.lastNodes(), where + ": nodes solved again");
            if (nodes > 1) {
                assertFalse(solver.solveMoves(p, moves, n, wins, 0, nodes - 1), where + ": budget below the nodes");
                cut[0]++;
            }
        });
        assertTrue(cut[0] > 0, "no solve needed more than one node");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeats(Preset preset) {
        check(preset, 2, 83_000 + preset.ordinal());
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeats(Preset preset) {
        check(preset, 3, 84_000 + preset.ordinal());
    }
}
