package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The principal line when the winning side's moves are found by {@code Solver.cheapestWin} with
 * budgets so small that most rounds are cut short (first budgets of 1 to 64 nodes): the line is
 * legal, every move of the winning side wins (memoised minimax), it ends when the winning side
 * empties a hand; the same solve gives the same line and node count again; a solve whose own node
 * budget runs out inside the line search says "unknown" with no line. Two and three seats, every
 * preset.
 */
class PrincipalLineTest {

    private static void check(Preset preset, int seats, long seed) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] cutInLine = new int[1];
        Property.forAll("lines with small search budgets (" + preset + ", " + seats + " seats)", seed, 100, rnd -> {
            Position p = ProofNumberSearchReviewTest.dealt(rnd, rules, gen, seats, seats == 2 ? 8 : 5, buf);
            solver.lineFirstBudget(1L << rnd.nextInt(7));
            String where = p.toString();
            SolveResult r = solver.solve(p, false, 0, 0);
            assertEquals(oracle.winningMoves(p).length > 0, r.moverWins(), where + ": verdict");
            ProofNumberSearchReviewTest.checkLine(where, p, r, oracle, gen);
            SolveResult again = solver.solve(p, false, 0, 0);
            assertArrayEquals(r.line(), again.line(), where + ": line solved again");
            assertEquals(r.nodes(), again.nodes(), where + ": nodes solved again");
            // a node budget that runs out after the verdict, while the line is searched
            long verdictOnly = r.nodes() - 1;
            SolveResult cut = solver.solve(p, false, 0, verdictOnly);
            if (!cut.isKnown()) {
                cutInLine[0]++;
                assertEquals(0, cut.line().length, where + ": an unknown verdict has no line");
            }
        });
        assertTrue(cutInLine[0] > 0, "no solve ran out of nodes in its line search");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeats(Preset preset) {
        check(preset, 2, 71_000 + preset.ordinal());
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeats(Preset preset) {
        check(preset, 3, 72_000 + preset.ordinal());
    }
}
