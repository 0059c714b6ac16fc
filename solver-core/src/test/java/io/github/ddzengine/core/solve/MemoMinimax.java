package io.github.ddzengine.core.solve;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * Plain minimax over the exact game state, memoised on the state itself (all hands, mover, last
 * move, last seat): no ordering, no pruning rules, no quick wins, no rank normalisation, so it is
 * an oracle for the solver that can afford a little more than {@link BruteForceOracleTest#minimax}.
 * Test code: allocates freely. One instance per rules; the memo may be kept across positions.
 */
final class MemoMinimax {
    private record State(long h0, long h1, long h2, int mover, int last, int lastSeat) {
    }

    private final MoveGenerator gen;
    private final MoveTable table;
    private final Map<State, Boolean> memo = new HashMap<>();

    MemoMinimax(MoveGenerator gen) {
        this.gen = gen;
        this.table = gen.table();
    }

    /** Drops the memo (it grows with every position solved). */
    void clear() {
        memo.clear();
    }

    /**
     * Every legal first move of {@code p} (pass included) that wins for the mover's side, sorted
     * by move id; drops the memo first.
     */
    int[] winningMoves(Position p) {
        clear();
        long[] hands = new long[3];
        for (int s = 0; s < p.seats(); s++) {
            hands[s] = p.hand(s);
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = gen.answers(p.hand(p.mover()), p.lastMove(), moves);
        int w = 0;
        for (int i = 0; i < n; i++) {
            if (playWins(hands, p.seats(), p.mover(), p.lastMove(), p.lastSeat(), moves[i])) {
                moves[w++] = moves[i];
            }
        }
        int[] winning = Arrays.copyOf(moves, w);
        Arrays.sort(winning);
        return winning;
    }

    /** Whether the mover's side wins ({@code hands} has 3 slots; the third is 0 with two seats). */
    boolean wins(long[] hands, int seats, int mover, int last, int lastSeat) {
        State key = new State(hands[0], hands[1], hands[2], mover, last, lastSeat);
        Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = gen.answers(hands[mover], last, moves);
        boolean win = false;
        for (int i = 0; i < n && !win; i++) {
            win = playWins(hands, seats, mover, last, lastSeat, moves[i]);
        }
        memo.put(key, win);
        return win;
    }

    /** Whether playing {@code m} (a legal move or pass) wins for the mover's side. */
    boolean playWins(long[] hands, int seats, int mover, int last, int lastSeat, int m) {
        int next = (mover + 1) % seats;
        boolean same = (mover == 0) == (next == 0);
        if (m == MoveTable.PASS) {
            boolean child = next == lastSeat
                ? wins(hands, seats, next, MoveTable.PASS, -1)
                : wins(hands, seats, next, last, lastSeat);
            return child == same;
        }
        long c = table.cards(m);
        hands[mover] -= c;
        try {
            return hands[mover] == 0 || wins(hands, seats, next, m, mover) == same;
        } finally {
            hands[mover] += c;
        }
    }
}
