package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.testing.Concurrently;
import io.github.ddzengine.core.testing.Minimax;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Review checks of the solved-endgame table: its index, when the solver may probe it, and probes from several threads. */
class EndgameTableReviewTest {
    private static EndgameTable twoSeats;

    @BeforeAll
    static void build() {
        twoSeats = EndgameTable.build(Preset.STANDARD, 2, 4, 2, null);
    }

    @Test
    void handIndexIsABijectionOntoItsRange() {
        for (int max = 1; max <= EndgameTable.TWO_SEAT_CARDS; max++) {
            EndgameTable t = EndgameTable.wrap(Preset.STANDARD, 2, max,
                java.nio.ByteBuffer.allocate((int) EndgameTable.bodyBytes(2, max)));
            // every card set of at most max cards, enumerated independently of the table's counting
            List<Long> hands = new ArrayList<>();
            enumerate(0, 0L, 0, max, hands);
            assertEquals(hands.size(), t.handCount(), "hands of at most " + max + " cards");
            boolean[] seen = new boolean[t.handCount()];
            int[] lowest = new int[max + 1];
            int[] highest = new int[max + 1];
            java.util.Arrays.fill(lowest, Integer.MAX_VALUE);
            for (long h : hands) {
                int i = t.handIndex(h);
                assertTrue(i >= 0 && i < seen.length && !seen[i], "index " + i + " of " + Cards.size(h) + " cards");
                seen[i] = true;
                lowest[Cards.size(h)] = Math.min(lowest[Cards.size(h)], i);
                highest[Cards.size(h)] = Math.max(highest[Cards.size(h)], i);
            }
            for (int s = 1; s <= max; s++) {
                assertEquals(highest[s - 1] + 1, lowest[s], "sizes ascending: the hands of " + s + " cards follow");
            }
            assertEquals(0, t.handIndex(0L), "the empty hand");
            long[] all = t.allHands();
            for (int i = 0; i < all.length; i++) {
                assertEquals(i, t.handIndex(all[i]));
            }
        }
    }

    private static void enumerate(int r, long hand, int size, int max, List<Long> out) {
        if (r == 15) {
            out.add(hand);
            return;
        }
        for (int c = 0; c <= (r >= 13 ? 1 : 4) && size + c <= max; c++) {
            enumerate(r + 1, hand + Cards.of(r, c), size + c, max, out);
        }
    }

    @Test
    void solverNeverProbesHandsAboveTheTableNorPositionsWithBans() {
        MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom rnd = new SplittableRandom(4_0404);
        long[] probes = new long[1];
        RecordingOracle recording = new RecordingOracle(twoSeats, (seats, mover, h0, h1, h2, win) -> {
            assertTrue(Cards.size(h0) <= 4 && Cards.size(h1) <= 4 && h2 == 0, "probed a position outside the table");
            probes[0]++;
        });
        EngineTables tables = EngineTables.NONE.withEndgame(recording);
        Solver solver = new Solver(Rules.STANDARD, 8, tables);
        Rules banned = Rules.of(Preset.STANDARD, Rules.parseBans("trio_solo"));
        Solver withBans = new Solver(banned, 8, tables);
        Solver plainWithBans = new Solver(banned, 8);
        for (int i = 0; i < 150; i++) {
            Position p = Minimax.randomPosition(rnd, Rules.STANDARD, gen, 2, 8, buf);
            solver.solve(p, false, 0, 0);
            Position q = Position.of(banned, new long[] {p.hand(0), p.hand(1)}, p.mover(), 0, -1);
            long before = probes[0];
            boolean withTable = withBans.solve(q, false, 0, 0).moverWins();
            assertEquals(0, withBans.endgameHits(), "a position with bans used the table");
            assertEquals(before, probes[0], "a position with bans probed the table");
            assertEquals(plainWithBans.solve(q, false, 0, 0).moverWins(), withTable);
        }
        assertTrue(probes[0] > 100, "probes " + probes[0]);
    }

    @Test
    void oneTableServesSolversOnSeveralThreads() throws InterruptedException {
        MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom rnd = new SplittableRandom(777);
        int n = 120;
        Position[] positions = new Position[n];
        boolean[] expected = new boolean[n];
        Solver plain = new Solver(Rules.STANDARD, 8);
        for (int i = 0; i < n; i++) {
            positions[i] = Minimax.randomPosition(rnd, Rules.STANDARD, gen, 2, 7, buf);
            expected[i] = plain.solve(positions[i], false, 0, 0).moverWins();
        }
        EngineTables tables = EngineTables.NONE.withEndgame(twoSeats);
        long[] hits = new long[2];
        Concurrently.run(2, id -> {
            Solver s = new Solver(Rules.STANDARD, 8, tables);
            for (int round = 0; round < 3; round++) {
                for (int i = id; i < n; i++) {
                    assertEquals(expected[i], s.solve(positions[i], false, 0, 0).moverWins(), positions[i].toString());
                    hits[id] += s.endgameHits();
                }
            }
        });
        assertTrue(hits[0] > 0 && hits[1] > 0, "both threads probed the table");
    }

    @Test
    void twoSolversInOneJvmUseDifferentTables() {
        // no process-global table: solvers with a 4-card table, a 2-card table and none, used in
        // turn on the same positions, each probe only their own and agree on every verdict
        EndgameTable small = EndgameTable.build(Preset.STANDARD, 2, 2, 1, null);
        int[] largest = new int[2];
        Solver big = new Solver(Rules.STANDARD, 8, EngineTables.NONE.withEndgame(new RecordingOracle(twoSeats,
            (seats, mover, h0, h1, h2, win) -> largest[0] = Math.max(largest[0], Math.max(Cards.size(h0), Cards.size(h1))))));
        Solver little = new Solver(Rules.STANDARD, 8, EngineTables.NONE.withEndgame(new RecordingOracle(small,
            (seats, mover, h0, h1, h2, win) -> largest[1] = Math.max(largest[1], Math.max(Cards.size(h0), Cards.size(h1))))));
        Solver none = new Solver(Rules.STANDARD, 8);
        MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom rnd = new SplittableRandom(1515);
        long[] hits = new long[2];
        for (int i = 0; i < 100; i++) {
            Position p = Minimax.randomPosition(rnd, Rules.STANDARD, gen, 2, 7, buf);
            boolean expected = none.solve(p, false, 0, 0).moverWins();
            assertEquals(expected, big.solve(p, false, 0, 0).moverWins(), p::toString);
            hits[0] += big.endgameHits();
            assertEquals(expected, little.solve(p, false, 0, 0).moverWins(), p::toString);
            hits[1] += little.endgameHits();
            assertEquals(0, none.endgameHits());
        }
        assertTrue(hits[0] > 0 && hits[1] > 0, "hits " + hits[0] + ", " + hits[1]);
        assertEquals(4, largest[0], "the 4-card table answered hands of 4 cards");
        assertEquals(2, largest[1], "the 2-card table answered hands of 2 cards at most");
    }
}
