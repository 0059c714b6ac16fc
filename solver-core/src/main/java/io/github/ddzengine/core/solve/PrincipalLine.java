package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Trick;

/**
 * The principal line of a solved position: the side that wins plays a winning move, the other
 * side its first legal move (in search order), until a hand is empty. Every move of the losing
 * side loses, so only the winning side's moves are searched: a move whose position the tables
 * already hold as won ({@link #knownWin}), else the one {@link #cheapestWin} finds.
 *
 * <p>The line walks the root's ply (0) of the hand stack, which the next solve loads afresh;
 * its searches run from ply 1, as they always have (the plies index the killers).
 */
final class PrincipalLine {
    /** Node budget of each move in {@link #cheapestWin}'s first round. */
    static final long FIRST_BUDGET = 2_000;

    private final SearchContext ctx;
    private final MoveOrdering ordering;
    private final NormalFormKey key;
    private final Solver solver;
    /** {@link #FIRST_BUDGET}, or what a test set. */
    long firstBudget = FIRST_BUDGET;

    PrincipalLine(SearchContext ctx, MoveOrdering ordering, NormalFormKey key, Solver solver) {
        this.ctx = ctx;
        this.ordering = ordering;
        this.key = key;
        this.solver = solver;
    }

    /**
     * The line from the root position at ply 0.
     *
     * @param rootWins whether the root mover's side wins (the solve's verdict)
     */
    int[] line(int mover, int last, int lastSeat, boolean rootWins) {
        int[] line = new int[SearchContext.MAX_PLY];
        int len = 0;
        int rootMover = mover;
        int seats = ctx.seats;
        MoveTable table = ctx.table;
        while (len < SearchContext.MAX_PLY - 1) {
            int[] candidates = ordering.generate(0, mover, last);
            int n = candidates.length;
            int chosen = candidates[0];
            if (SearchContext.sameSide(mover, rootMover) == rootWins) {
                int known = knownWin(mover, last, lastSeat, candidates, n);
                chosen = known >= 0 ? known : cheapestWin(mover, last, lastSeat, candidates, n);
            }
            line[len++] = chosen;
            if (chosen == MoveTable.PASS) {
                int next = (mover + 1) % seats;
                last = Trick.lastAfterPass(next, last, lastSeat);
                lastSeat = Trick.lastSeatAfterPass(next, lastSeat);
                mover = next;
            } else {
                ctx.hands[mover] -= table.cards(chosen);
                if (ctx.hands[mover] == 0) {
                    break;
                }
                last = chosen;
                lastSeat = mover;
                mover = (mover + 1) % seats;
            }
        }
        return Arrays.copyOf(line, len);
    }

    /**
     * The first of {@code moves} that empties the mover's hand or leads to a position the exact
     * tables hold as won for the mover's side, or -1; searches nothing.
     */
    private int knownWin(int mover, int last, int lastSeat, int[] moves, int n) {
        int next = (mover + 1) % ctx.seats;
        long hand = ctx.hand(0, mover);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int childLast;
            int childLastSeat;
            if (m == MoveTable.PASS) {
                ctx.copy(0, 1);
                childLast = Trick.lastAfterPass(next, last, lastSeat);
                childLastSeat = Trick.lastSeatAfterPass(next, lastSeat);
            } else {
                long rest = hand - ctx.table.cards(m);
                if (rest == 0) {
                    return m;
                }
                ctx.play(0, 1, mover, rest);
                childLast = m;
                childLastSeat = mover;
            }
            int k = key.compute(1, next, childLast, childLastSeat);
            int stored = ctx.exact(childLast).probe(key.k0, key.k1, key.k2, k);
            if (stored >= 0 && (stored == 1) == SearchContext.sameSide(mover, next)) {
                return m;
            }
        }
        return -1;
    }

    /**
     * A winning move among {@code moves} (the mover's side must have one), found by searching each
     * move within a node budget that grows eightfold a round from {@link #firstBudget} nodes: a
     * move that wins cheaply is found without first refuting, to the end, the moves before it that
     * lose expensively. Budgets count nodes, so the line does not depend on the machine.
     */
    private int cheapestWin(int mover, int last, int lastSeat, int[] moves, int n) {
        boolean[] lost = new boolean[n];
        for (long budget = firstBudget; ; budget *= 8) {
            boolean open = false;
            for (int i = 0; i < n; i++) {
                if (lost[i]) {
                    continue;
                }
                long limit = ctx.nodeLimit;
                ctx.nodeLimit = Math.min(limit, ctx.nodes + budget);
                ctx.copy(0, 1);
                try {
                    if (solver.playWins(1, mover, last, lastSeat, moves[i])) {
                        return moves[i];
                    }
                    lost[i] = true;
                } catch (SearchContext.Abort a) {
                    ctx.resumeAfterCut(a, limit);
                    open = true;
                } finally {
                    ctx.nodeLimit = limit;
                }
            }
            if (!open) {
                throw new IllegalStateException("no winning move in a position the search found won");
            }
        }
    }
}
