package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The proof-number search layer of {@link Solver}, forced on from the first node (it normally
 * takes over only after a million alpha-beta nodes): on seeded random small positions the verdict
 * and the complete set of winning first moves must equal a memoised plain minimax
 * ({@link MemoMinimax}), with proof-number search down to single cards (leaf size 0) and with
 * small alpha-beta leaves; and a node budget still ends a proof-number search with "unknown".
 */
class ProofNumberSearchTest {
    private static final int TRIALS = 30;

    static Stream<Arguments> configurations() {
        Stream.Builder<Arguments> b = Stream.builder();
        String[] bans = {"", "32", "31,422"};
        for (Preset p : Preset.values()) {
            for (int i = 0; i < bans.length; i++) {
                for (int leaf : new int[] {0, 6}) {
                    b.add(Arguments.of(p, bans[i], 2, leaf, 60_000L + p.ordinal() * 1_000L + i * 100L + leaf));
                    b.add(Arguments.of(p, bans[i], 3, leaf, 70_000L + p.ordinal() * 1_000L + i * 100L + leaf));
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} bans=[{1}] {2} seats, leaves of {3} cards")
    @MethodSource("configurations")
    void verdictAndAllWinningMovesAgreeWithMinimax(Preset preset, String bans, int seats, int leaf, long seed) {
        Rules rules = Rules.of(preset, Rules.parseBans(bans));
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        Solver solver = new Solver(rules, 1);
        solver.configureProofSearch(0, leaf);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] wins = new int[2];
        Property.forAll("proof-number search == minimax (" + rules + ", " + seats + " seats, leaf " + leaf + ")",
            seed, TRIALS, rnd -> {
                Position p = SolverAdversarialReviewTest.position(rnd, rules, gen, seats, seats == 2 ? 8 : 6, buf);
                int[] expected = oracle.winningMoves(p);
                int w = expected.length;
                SolveResult r = solver.solve(p, false, 0, 0);
                assertEquals(w > 0, r.moverWins(), p + ": verdict");
                int[] winning = solver.solve(p, true, 0, 0).winningMoves().clone();
                Arrays.sort(winning);
                assertArrayEquals(expected, winning, p + ": winning moves");
                wins[0] += w > 0 ? 1 : 0;
                wins[1]++;
            });
        assertTrue(wins[0] > 0 && wins[0] < wins[1], wins[0] + " of " + wins[1] + " positions won: both verdicts must come up");
    }

    private static final Rules STANDARD = Rules.of(Preset.STANDARD, 0);
    /** The level-50 puzzle (V10 in puzzles.jsonl): the only winning first move is the single 8. */
    private static final Position LEVEL_FIFTY = Position.parse("448999TJJQQAD/336688TAA22X 0", STANDARD);

    /** A solver that searches by proof numbers from the first node down to single cards. */
    private static Solver proofNumbersOnly() {
        Solver solver = new Solver(STANDARD, 16);
        solver.configureProofSearch(0, 0);
        return solver;
    }

    @Test
    void levelFiftyByProofNumberSearchAlone() {
        SolveResult r = proofNumbersOnly().solve(LEVEL_FIFTY, true, 0, 0);
        assertTrue(r.moverWins());
        assertEquals(1, r.winningMoves().length);
        assertEquals("8", STANDARD.table().format(r.winningMoves()[0]));
    }

    @Test
    void nodeBudgetEndsProofNumberSearchAsUnknown() {
        Position p = LEVEL_FIFTY;
        Solver solver = proofNumbersOnly();
        SolveResult r = solver.solve(p, false, 0, 5_000);
        assertEquals(SolveResult.Verdict.UNKNOWN, r.verdict());
        // the solver is usable afterwards: the hands were restored
        assertTrue(solver.solve(p, false, 0, 0).moverWins());
    }
}
