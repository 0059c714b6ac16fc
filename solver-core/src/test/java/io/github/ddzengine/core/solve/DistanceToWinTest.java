package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Minimax;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link DistanceToWin} against a plain minimax that counts plays (memoised on the exact state,
 * no bound, no ordering, no pruning) on thousands of small random positions, two and three seats,
 * every preset, leads and follows: the distance of both sides, the distance after every legal
 * move, the best move (fastest win, most stubborn defence) and the line.
 */
class DistanceToWinTest {
    private static final int NO_WIN = DistanceToWin.NO_WIN;

    /** The oracle: plain minimax over plays, memoised on the state. */
    static final class PlaysMinimax {
        private record State(long h0, long h1, long h2, int mover, int last, int lastSeat, boolean side) {
        }

        private final MoveGenerator gen;
        private final MoveTable table;
        private final Map<State, Integer> memo = new HashMap<>();
        private final int[] scratch = new int[MoveGenerator.MAX_MOVES];

        PlaysMinimax(MoveGenerator gen) {
            this.gen = gen;
            this.table = gen.table();
        }

        /** The plays side {@code landlordSide} needs against the most stubborn defence, or NO_WIN. */
        int distance(long[] h, int seats, int mover, int last, int lastSeat, boolean landlordSide) {
            State key = new State(h[0], h[1], h[2], mover, last, lastSeat, landlordSide);
            Integer known = memo.get(key);
            if (known != null) {
                return known;
            }
            int n = gen.answers(h[mover], last, scratch);
            int[] moves = Arrays.copyOf(scratch, n);
            boolean side = (mover == 0) == landlordSide;
            int best = side ? NO_WIN : 0;
            for (int i = 0; i < n; i++) {
                int v = after(h, seats, mover, last, lastSeat, moves[i], landlordSide);
                best = side ? Math.min(best, v) : Math.max(best, v);
            }
            memo.put(key, best);
            return best;
        }

        /** The side's distance after {@code m}, the move's cost included (NO_WIN if the side does not win). */
        int after(long[] h, int seats, int mover, int last, int lastSeat, int m, boolean landlordSide) {
            boolean side = (mover == 0) == landlordSide;
            int next = (mover + 1) % seats;
            if (m == MoveTable.PASS) {
                return next == lastSeat ? distance(h, seats, next, MoveTable.PASS, -1, landlordSide)
                    : distance(h, seats, next, last, lastSeat, landlordSide);
            }
            long c = table.cards(m);
            if (c == h[mover]) {
                return side ? 1 : NO_WIN;
            }
            h[mover] -= c;
            try {
                int d = distance(h, seats, next, m, mover, landlordSide);
                return d == NO_WIN ? NO_WIN : d + (side ? 1 : 0);
            } finally {
                h[mover] += c;
            }
        }
    }

    private static void compare(Preset preset, int seats, int maxCards, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        DistanceToWin dtw = new Solver(rules, 4).distance();
        Solver solver = new Solver(rules, 4);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("distance == minimax over plays (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            Position p = Minimax.randomPosition(rnd, rules, gen, seats, maxCards, buf);
            PlaysMinimax oracle = new PlaysMinimax(gen);
            if (rnd.nextInt(4) == 0) {
                dtw.clear(); // mostly keep the table across positions, as the coach does
            }
            long[] h = {p.hand(0), p.hand(1), seats == 3 ? p.hand(2) : 0L};
            int dl = oracle.distance(h, seats, p.mover(), p.lastMove(), p.lastSeat(), true);
            int df = oracle.distance(h, seats, p.mover(), p.lastMove(), p.lastSeat(), false);
            assertTrue((dl == NO_WIN) != (df == NO_WIN), p + ": exactly one side wins (" + dl + ", " + df + ")");
            DistanceToWin.Result rl = dtw.plays(p, true, 0, 0);
            DistanceToWin.Result rf = dtw.plays(p, false, 0, 0);
            assertTrue(rl.exact() && rf.exact(), p.toString());
            assertEquals(dl, rl.plays(), p + " landlord's plays");
            assertEquals(df, rf.plays(), p + " farmers' plays");
            boolean landlordWins = dl != NO_WIN;
            assertEquals(landlordWins == Position.isLandlordSide(p.mover()), solver.solve(p, false, 0, 0).moverWins(),
                p + " verdict");
            int d = landlordWins ? dl : df;
            // after every legal move, for the mover's side; and the best move
            int n = gen.answers(p.hand(p.mover()), p.lastMove(), buf);
            int[] moves = DisplayOrder.sorted(table, Arrays.copyOf(buf, n));
            boolean moverSide = Position.isLandlordSide(p.mover());
            boolean moverWins = moverSide == landlordWins;
            int expectedBest = -1;
            for (int m : moves) {
                int mine = oracle.after(h, seats, p.mover(), p.lastMove(), p.lastSeat(), m, moverSide);
                DistanceToWin.Result r = dtw.playsAfter(p, m, 0, 0);
                assertTrue(r.exact());
                assertEquals(mine, r.plays(), p + " after " + table.format(m));
                int winners = oracle.after(h, seats, p.mover(), p.lastMove(), p.lastSeat(), m, landlordWins);
                if (expectedBest < 0 && winners == d) {
                    expectedBest = m;
                }
            }
            assertEquals(table.format(expectedBest), table.format(dtw.bestMove(p, landlordWins, d, 0, 0)),
                p + " best move");
            // the line: every move the best of its position, the winner's plays d
            int[] line = dtw.line(p, landlordWins, d, 0, 0);
            assertNotNull(line);
            checkLine(rules, p, line, landlordWins, d, dtw);
        });
    }

    /** Replays {@code line}: each move is {@link DistanceToWin#bestMove}, the winner plays {@code d} times, the winner goes out. */
    private static void checkLine(Rules rules, Position p, int[] line, boolean landlordWins, int d, DistanceToWin dtw) {
        MoveTable table = rules.table();
        Position q = p;
        int plays = 0;
        int left = d;
        for (int i = 0; i < line.length; i++) {
            assertNotNull(q, p + ": the line goes on after the game ended");
            int m = line[i];
            assertEquals(table.format(dtw.bestMove(q, landlordWins, left, 0, 0)), table.format(m), p + " line move " + i);
            boolean winner = Position.isLandlordSide(q.mover()) == landlordWins;
            if (winner && m != MoveTable.PASS) {
                plays++;
                left--;
            }
            q = after(q, m);
        }
        assertEquals(null, q, p + ": the line ends the game");
        assertEquals(d, plays, p + ": the winner's plays in the line");
    }

    /** The position after a legal move, or null when it empties the hand. */
    static Position after(Position p, int move) {
        return p.after(move);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 2, 6, 17_000 + preset.ordinal() * 1000L, 400);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 3, 4, 18_000 + preset.ordinal() * 1000L, 300);
    }

    @Test
    void budgetGivesALowerBound() {
        Rules rules = Rules.of(Preset.STANDARD);
        DistanceToWin dtw = new Solver(rules, 4).distance();
        Position p = Position.parse("448999TJJQQAD/336688TAA22X 0", rules);
        DistanceToWin.Result cut = dtw.plays(p, true, 0, 50);
        assertFalse(cut.exact());
        assertTrue(cut.plays() >= 1 && cut.plays() < NO_WIN);
        dtw.clear();
        DistanceToWin.Result full = dtw.plays(p, true, 0, 0);
        assertTrue(full.exact());
        assertTrue(cut.plays() <= full.plays(), cut + " is a lower bound of " + full);
    }
}
