package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EndgameOracle;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.testing.Minimax;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.Test;

/** Tables reach a solver through its constructor only: solvers with different tables, in one JVM. */
class SolverTablesTest {
    /**
     * A test oracle of STANDARD: answers by plain minimax ({@code exact}) or holds nothing, and
     * counts the probes.
     */
    private static final class CountingOracle implements EndgameOracle {
        private final int seats;
        private final boolean exact;
        private final MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        long probes;

        CountingOracle(int seats, boolean exact) {
            this.seats = seats;
            this.exact = exact;
        }

        @Override
        public Preset preset() {
            return Preset.STANDARD;
        }

        @Override
        public int seats() {
            return seats;
        }

        @Override
        public int maxHandCards() {
            return 3;
        }

        @Override
        public int probe(int mover, long h0, long h1, long h2) {
            probes++;
            if (!exact) {
                return -1;
            }
            return Minimax.wins(gen, new long[] {h0, h1, h2}, seats, mover, MoveTable.PASS, -1) ? 1 : 0;
        }
    }

    @Test
    void twoSolversInOneJvmUseTheirOwnTables() {
        CountingOracle exact = new CountingOracle(2, true);
        CountingOracle empty = new CountingOracle(2, false);
        Solver withExact = new Solver(Rules.STANDARD, 1, EngineTables.NONE.withEndgame(exact));
        Solver withEmpty = new Solver(Rules.STANDARD, 1, EngineTables.NONE.withEndgame(empty));
        Solver plain = new Solver(Rules.STANDARD, 1);
        Solver threeSeatOracle = new Solver(Rules.STANDARD, 1, EngineTables.NONE.withEndgame(new CountingOracle(3, true)));
        Rules banned = Rules.of(Preset.STANDARD, Rules.parseBans("trio_solo"));
        Solver withBans = new Solver(banned, 1, EngineTables.NONE.withEndgame(exact));
        MoveGenerator gen = new MoveGenerator(Rules.STANDARD);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        long[] nodes = new long[2];
        long[] hits = new long[1];
        Property.forAll("solvers with different tables, side by side", 3131, 200, rnd -> {
            Position p = Minimax.randomPosition(rnd, Rules.STANDARD, gen, 2, 6, buf);
            long exactBefore = exact.probes;
            long emptyBefore = empty.probes;
            SolveResult a = withExact.solve(p, false, 0, 0);
            assertEquals(emptyBefore, empty.probes, "another solver's oracle was probed");
            long exactAfter = exact.probes;
            SolveResult b = withEmpty.solve(p, false, 0, 0);
            assertEquals(exactAfter, exact.probes, "another solver's oracle was probed");
            assertEquals(0, withEmpty.endgameHits(), "an oracle that holds nothing answered");
            SolveResult c = plain.solve(p, false, 0, 0);
            SolveResult d = threeSeatOracle.solve(p, false, 0, 0);
            assertEquals(0, plain.endgameHits() + threeSeatOracle.endgameHits(), "no two-seat oracle, no hits");
            assertEquals(exactAfter, exact.probes);
            assertEquals(c.verdict(), a.verdict(), p::toString);
            assertEquals(c.verdict(), b.verdict(), p::toString);
            assertEquals(c.verdict(), d.verdict(), p::toString);
            assertEquals(c.nodes(), b.nodes(), "an oracle that answers nothing changes no node count");
            Position q = Position.of(banned, new long[] {p.hand(0), p.hand(1)}, p.mover(), MoveTable.PASS, -1);
            withBans.solve(q, false, 0, 0);
            assertEquals(exactAfter, exact.probes, "rules with bans probed an oracle");
            nodes[0] += a.nodes();
            nodes[1] += c.nodes();
            hits[0] += withExact.endgameHits();
            assertTrue(exactAfter >= exactBefore);
        });
        assertTrue(hits[0] > 50 && empty.probes > 50, "hits " + hits[0] + ", probes of the empty oracle " + empty.probes);
        assertTrue(nodes[0] < nodes[1], "the exact oracle saves nodes: " + nodes[0] + " against " + nodes[1]);
    }

    @Test
    void solveNormalLeadAnswersExactlyTheClassicNormalForms() {
        Rules rules = Rules.STANDARD;
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 4);
        RankNormalizer normalizer = new RankNormalizer();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] normal = new int[1];
        Property.forAll("solveNormalLead == minimax on normal forms", 5150, 1_500, rnd -> {
            int seats = 2 + rnd.nextInt(2);
            Position p = Minimax.randomPosition(rnd, rules, gen, seats, seats == 2 ? 4 : 3, buf);
            long h0 = p.hand(0);
            long h1 = p.hand(1);
            long h2 = seats == 3 ? p.hand(2) : 0;
            normalizer.prepare(h0 + h1 + h2, -1);
            long n0 = normalizer.apply(h0);
            long n1 = normalizer.apply(h1);
            long n2 = normalizer.apply(h2);
            int v = solver.solveNormalLead(seats, p.mover(), h0, h1, h2);
            if (n0 != h0 || n1 != h1 || n2 != h2) {
                assertEquals(-1, v, p::toString);
            } else {
                normal[0]++;
            }
            // the classic normal form of any position is one, with the position's verdict
            boolean win = Minimax.wins(gen, new long[] {h0, h1, h2}, seats, p.mover(), MoveTable.PASS, -1);
            assertEquals(win ? 1 : 0, solver.solveNormalLead(seats, p.mover(), n0, n1, n2), p::toString);
            if (v >= 0) {
                assertEquals(win ? 1 : 0, v, p::toString);
            }
        });
        assertTrue(normal[0] > 20, "positions already in normal form: " + normal[0]);
        // a two-seat call ignores the third hand
        assertEquals(solver.solveNormalLead(2, 0, Cards.of(0, 1), Cards.of(1, 1), 0),
            solver.solveNormalLead(2, 0, Cards.of(0, 1), Cards.of(1, 1), Cards.of(5, 1)));
    }

    @Test
    void solveNormalLeadRefusesWhatIsNoPosition() {
        Solver solver = new Solver(Rules.STANDARD, 1);
        long a = Cards.of(0, 1);
        long b = Cards.of(1, 1);
        assertThrows(IllegalArgumentException.class, () -> solver.solveNormalLead(4, 0, a, b, a));
        assertThrows(IllegalArgumentException.class, () -> solver.solveNormalLead(2, 2, a, b, 0));
        assertThrows(IllegalArgumentException.class, () -> solver.solveNormalLead(2, 0, 0, b, 0));
        assertThrows(IllegalArgumentException.class, () -> solver.solveNormalLead(3, 0, a, b, 0));
        assertThrows(IllegalArgumentException.class, () -> solver.solveNormalLead(2, 0, Cards.of(0, 4), Cards.of(0, 1), 0));
    }

    @Test
    void engineTablesKeepOneOraclePerPresetAndSeats() {
        CountingOracle two = new CountingOracle(2, false);
        CountingOracle other = new CountingOracle(2, true);
        EngineTables t = EngineTables.NONE.withEndgame(two);
        assertTrue(t.endgame(Preset.STANDARD, 2) == two && t.endgame(Preset.STANDARD, 3) == null
            && t.endgame(Preset.RLCARD, 2) == null);
        EngineTables u = t.withEndgame(other);
        assertTrue(u.endgame(Preset.STANDARD, 2) == other && u.endgames().size() == 1, "replaced");
        assertTrue(t.endgame(Preset.STANDARD, 2) == two, "the old value is unchanged");
        assertTrue(EngineTables.NONE.isEmpty() && !t.isEmpty());
        assertThrows(IllegalArgumentException.class, () -> new EngineTables(null, java.util.List.of(two, other)));
        assertEquals("no tables", EngineTables.NONE.toString());
        assertEquals("no split table, endgames standard/2", t.toString());
    }
}
