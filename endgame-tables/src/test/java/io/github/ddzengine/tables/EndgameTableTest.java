package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.testing.Minimax;
import org.junit.jupiter.api.Test;

class EndgameTableTest {
    @Test
    void everyTwoSeatEntryEqualsMinimax() {
        // every normal-form lead of hands up to 3 cards against plain minimax (which positions
        // are normal forms: SolveNormalLeadTest in solver-core checks the solver's answer)
        EndgameTable t = EndgameTable.build(Preset.STANDARD, 2, 3, 1, null);
        MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        Solver solver = new Solver(Rules.STANDARD, 4);
        long[] hands = t.allHands();
        int checked = 0;
        for (int a = 1; a < hands.length; a++) {
            for (int b = 1; b < hands.length; b++) {
                long h0 = hands[a];
                long h1 = hands[b];
                if (!Cards.isValid(h0 + h1)) {
                    continue;
                }
                boolean normal = solver.solveNormalLead(2, 0, h0, h1, 0) >= 0;
                int v = t.probe(0, h0, h1, 0);
                if (!normal) {
                    assertEquals(-1, v, "only normal forms are stored");
                    continue;
                }
                boolean win = Minimax.wins(gen, new long[] {h0, h1, 0}, 2, 0, MoveTable.PASS, -1);
                assertEquals(win ? 1 : 0, v, () -> Notation.format(h0) + " v " + Notation.format(h1));
                assertEquals(v, t.probe(1, h1, h0, 0), "roles are symmetric in two seats");
                checked++;
            }
        }
        assertTrue(checked > 10_000, "checked " + checked);
    }

    @Test
    void buildIsTheSameOnOneAndTwoThreads() {
        EndgameTable one = EndgameTable.build(Preset.RLCARD, 3, 2, 1, null);
        EndgameTable two = EndgameTable.build(Preset.RLCARD, 3, 2, 2, null);
        assertArrayEquals(bytes(one.body()), bytes(two.body()));
    }

    @Test
    void rangesSolvedApartAndAssembledGiveTheBodyOfBuild() {
        // ranges of any length, unaligned to bytes, empty ones included: the distributed build's cut
        for (int k = 2; k <= 3; k++) {
            int seats = k;
            int maxCards = seats == 2 ? 3 : 2;
            EndgameTable whole = EndgameTable.build(Preset.STANDARD, seats, maxCards, 2, null);
            int n = EndgameTable.handCount(seats, maxCards);
            assertEquals(whole.handCount(), n);
            int[] cuts = {0, 1, 2, 2, 7, n / 3, n / 2 + 1, n - 1, n};
            java.util.List<EndgameTable.Slice> slices = new java.util.ArrayList<>();
            for (int i = 0; i + 1 < cuts.length; i++) {
                slices.add(EndgameTable.solveRange(Preset.STANDARD, seats, maxCards, cuts[i], cuts[i + 1], null));
            }
            EndgameTable assembled = EndgameTable.assemble(Preset.STANDARD, seats, maxCards, slices);
            assertArrayEquals(bytes(whole.body()), bytes(assembled.body()), seats + " seats");
            // a gap or a missing end is refused
            java.util.List<EndgameTable.Slice> gap = new java.util.ArrayList<>(slices);
            gap.remove(3);
            assertThrows(IllegalArgumentException.class, () -> EndgameTable.assemble(Preset.STANDARD, seats, maxCards, gap));
            java.util.List<EndgameTable.Slice> shortOne = slices.subList(0, slices.size() - 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EndgameTable.assemble(Preset.STANDARD, seats, maxCards, shortOne));
            assertTrue(e.getMessage().contains("of " + n), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> EndgameTable.solveRange(Preset.STANDARD, 2, 3, 5, 4, null));
    }

    @Test
    void wrapRefusesABodyOfTheWrongSize() {
        long bytes = EndgameTable.bodyBytes(2, 3);
        EndgameTable.wrap(Preset.STANDARD, 2, 3, ByteBuffer.allocate((int) bytes));
        try {
            EndgameTable.wrap(Preset.STANDARD, 2, 3, ByteBuffer.allocate((int) bytes - 1));
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("bytes"), expected.getMessage());
            return;
        }
        throw new AssertionError("a short body was accepted");
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.capacity()];
        b.duplicate().get(out);
        return out;
    }

    @Test
    void solverProbesOnlyCorrectEntriesAndKeepsItsVerdicts() {
        for (int seats = 2; seats <= 3; seats++) {
            int maxCards = seats == 2 ? 4 : 2;
            EndgameTable table = EndgameTable.build(Preset.STANDARD, seats, maxCards, 2, null);
            Rules rules = Rules.STANDARD;
            Map<String, Boolean> probed = new HashMap<>();
            RecordingOracle recording = new RecordingOracle(table, (n, mover, h0, h1, h2, win) ->
                probed.put(n + ":" + mover + ":" + h0 + ":" + h1 + ":" + h2, win));
            Solver withTable = new Solver(rules, 16, EngineTables.NONE.withEndgame(recording));
            Solver plain = new Solver(rules, 16);
            SplittableRandom rnd = new SplittableRandom(42 + seats);
            MoveGenerator gen = new MoveGenerator(rules);
            int[] buf = new int[MoveGenerator.MAX_MOVES];
            long hits = 0;
            for (int i = 0; i < 300; i++) {
                Position p = Minimax.randomPosition(rnd, rules, gen, seats, seats == 2 ? 7 : 4, buf);
                boolean expected = plain.solve(p, false, 0, 0).moverWins();
                SolveResult r = withTable.solve(p, false, 0, 0);
                assertEquals(expected, r.moverWins(), p::toString);
                assertEquals(0, plain.endgameHits(), "a solver without tables probed one");
                hits += withTable.endgameHits();
            }
            assertTrue(hits > 100 && probed.size() > 50, seats + " seats: hits " + hits + ", distinct " + probed.size());
            // every distinct entry the solver used, against plain search from scratch
            int checked = 0;
            for (Map.Entry<String, Boolean> e : probed.entrySet()) {
                String[] f = e.getKey().split(":");
                int verdict = plain.solveNormalLead(seats, Integer.parseInt(f[1]), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[4]));
                assertEquals(e.getValue() ? 1 : 0, verdict, e.getKey());
                checked++;
            }
            assertEquals(probed.size(), checked);
        }
    }
}
