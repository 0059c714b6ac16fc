package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * Move ordering, and the quick wins it finds on the way: the killer move of the ply first, then
 * by the shape of what is left (ranks taken whole against ranks split), cards shed, the history
 * heuristic, and last whether any opponent can beat the move ({@link Control}); passes last. A
 * move that keeps the lead and leaves one combination, or leaves a small hand with a finishing
 * move that keeps the lead too (three plays), is a quick win. Killers and history are kept apart
 * for leads and for answers (a move id means another thing in each). Sorts packed (score, id)
 * longs, so no comparator and no allocation. Why each term sits where it does: docs/solver.md.
 */
final class MoveOrdering {
    /** Above every ordering score (sort keys: {@link MoveTable#sortKey}, lowest first). */
    private static final long ORDER_MAX = 1L << 36;
    /** Rests of more cards are not asked for a three-play quick win ({@link #winsInTwoMore}). */
    private static final int QUICK_WIN_REST_CARDS = 6;

    private final SearchContext ctx;
    private final Rules rules;
    private final MoveTable table;
    private final Control control;
    private final FinishingMoves finishing;
    private final int[] leadKiller = new int[SearchContext.MAX_PLY];
    private final int[] answerKiller = new int[SearchContext.MAX_PLY];
    /** Plies below which a killer may be set since the last reset. */
    private int killerPlies;
    /**
     * How often each move id refuted its siblings (cut the search off), for leads and answers;
     * made at the first node that orders or cuts (like the arrays below), so a solver that never
     * gets that far costs no memory for them.
     */
    private int[] leadHistory;
    private int[] answerHistory;
    /** The history entries raised since the last reset: a lead's id, or {@code ~id} for an answer's (grows). */
    private int[] historyTouched = new int[64];
    private int touchedCount;
    /** Per-node memo of control verdicts by last-move class: the stamp of the node that set it, and the value. */
    private int[] controlSeen;
    private boolean[] controlValue;
    private int controlStamp;

    MoveOrdering(SearchContext ctx, Control control, FinishingMoves finishing) {
        this.ctx = ctx;
        this.rules = ctx.rules;
        this.table = ctx.table;
        this.control = control;
        this.finishing = finishing;
    }

    /** Makes the history arrays, once (at the first cut-off: until then every history is 0). */
    private void allocateHistory() {
        int size = table.size();
        leadHistory = new int[size];
        answerHistory = new int[size];
    }

    /** Forgets the killers and the history, for a new solve. */
    void reset() {
        // only the plies the last solve set a killer at
        Arrays.fill(leadKiller, 0, killerPlies, 0);
        Arrays.fill(answerKiller, 0, killerPlies, 0);
        killerPlies = 0;
        // only the entries the last solve raised (a full wipe costs more than a small solve)
        for (int i = 0; i < touchedCount; i++) {
            int t = historyTouched[i];
            if (t >= 0) {
                leadHistory[t] = 0;
            } else {
                answerHistory[~t] = 0;
            }
        }
        touchedCount = 0;
    }

    /** Records that {@code move} refuted its siblings at {@code ply}: the ply's killer, and its history. */
    void cutoff(int ply, int last, int move) {
        boolean lead = last == MoveTable.PASS;
        (lead ? leadKiller : answerKiller)[ply] = move;
        if (ply >= killerPlies) {
            killerPlies = ply + 1;
        }
        if (leadHistory == null) {
            allocateHistory();
        }
        int[] history = lead ? leadHistory : answerHistory;
        if (history[move]++ == 0) {
            if (touchedCount == historyTouched.length) {
                historyTouched = Arrays.copyOf(historyTouched, touchedCount * 2);
            }
            historyTouched[touchedCount++] = lead ? move : ~move;
        }
    }

    /**
     * The mover's moves at {@code ply}, ordered, in a new array (for the root and the principal
     * line, whose searches reuse the ply's buffer).
     */
    int[] generate(int ply, int mover, int last) {
        int[] buf = ctx.moves(ply);
        int n = ctx.generator.answers(ctx.hand(ply, mover), last, buf);
        if (n > 1) {
            order(ply, mover, last, buf, n);
        }
        return Arrays.copyOf(buf, n);
    }

    /**
     * Orders the first {@code n} of {@code moves}, the mover's at {@code ply}; the sort keys stay
     * in {@link SearchContext#orderKeys} for {@link #isControl}.
     *
     * @return a move that wins at once (nobody can beat it and what is left is one combination
     *     the mover may lead, or wins in two more plays), or -1
     */
    int order(int ply, int mover, int last, int[] moves, int n) {
        int quickWin = score(ply, mover, last, moves, n);
        long[] keys = ctx.orderKeys(ply);
        Arrays.sort(keys, 0, n);
        for (int i = 0; i < n; i++) {
            moves[i] = MoveTable.sortedId(keys[i]);
        }
        return quickWin;
    }

    /**
     * The sort keys of {@link #order} into {@link SearchContext#orderKeys}, unsorted (lowest key
     * first is the order), and the quick win.
     *
     * @return a move that wins at once, as {@link #order}, or -1
     */
    private int score(int ply, int mover, int last, int[] moves, int n) {
        long[] keys = ctx.orderKeys(ply);
        int[] history = last == MoveTable.PASS ? leadHistory : answerHistory;
        int k = (last == MoveTable.PASS ? leadKiller : answerKiller)[ply];
        long hand = ctx.hand(ply, mover);
        int quickWin = -1;
        // moves of one class (same family and key) are beaten by the same answers: ask once
        if (controlStamp == Integer.MAX_VALUE && controlSeen != null) {
            Arrays.fill(controlSeen, 0);
            controlStamp = 0;
        }
        int stamp = ++controlStamp;
        boolean opponentBomb = control.prepare(ply, mover);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            long score;
            if (m == MoveTable.PASS) {
                score = 0;
            } else {
                boolean keeps;
                if (opponentBomb || control.isPlain(m)) {
                    keeps = !control.opponentsBeat(ply, mover, m);
                } else {
                    int c = table.lastClass(m);
                    if (controlSeen == null) {
                        controlSeen = new int[table.size()];
                        controlValue = new boolean[table.size()];
                    }
                    if (controlSeen[c] == stamp) {
                        keeps = controlValue[c];
                    } else {
                        keeps = !control.opponentsBeat(ply, mover, m);
                        controlSeen[c] = stamp;
                        controlValue[c] = keeps;
                    }
                }
                if (keeps) {
                    long rest = hand - table.cards(m);
                    if (rules.isAllowedCombination(rest, ctx.readings)) {
                        quickWin = m;
                    } else if (quickWin < 0 && winsInTwoMore(ply, mover, rest)) {
                        quickWin = m;
                    }
                }
                // strict priorities, high to low: killer, shape (0..31), cards shed (0..20),
                // history (capped), control (bit 1, which also marks the move for the search
                // loop); a move nobody can beat spends cards the mover could keep for later
                score = 1 + (keeps ? 2 : 0) + (history == null ? 0 : (long) Math.min(history[m], (1 << 18) - 1) * 32)
                    + ((long) table.cardCount(m) << 23) + ((long) shape(hand, table.cards(m)) << 28)
                    + (m == k ? 1L << 33 : 0);
            }
            keys[i] = MoveTable.sortKey(ORDER_MAX - score, m);
        }
        return quickWin;
    }


    /** Whether an ordering key of {@link #order} marks a move nobody on the other side can beat. */
    static boolean isControl(long orderKey) {
        return ((ORDER_MAX - MoveTable.sortedScore(orderKey)) >>> 1 & 1) != 0;
    }

    /**
     * Move-ordering term for what a move leaves: ranks it takes whole count for it, ranks it
     * splits (leaving some cards of the rank behind) against it, equally; 0..31.
     */
    private static int shape(long hand, long move) {
        long taken = Cards.ranksAtLeast(move, 1);
        int split = Long.bitCount(taken & Cards.ranksAtLeast(hand - move, 1));
        int whole = Long.bitCount(taken) - split;
        return Math.min(31, Math.max(0, 8 + 2 * (whole - split)));
    }

    /**
     * Whether the mover at {@code ply}, having played a move nobody on the other side can beat (so
     * it leads again), leaving {@code rest}, goes out in two more plays: a finishing move of
     * {@code rest} ({@link FinishingMoves}) that nobody on the other side can beat either, then
     * the one combination left. The other side's hands do not change meanwhile (it only passes).
     * Needs {@link Control#prepare} for this ply and mover.
     */
    boolean winsInTwoMore(int ply, int mover, long rest) {
        if (Cards.size(rest) > QUICK_WIN_REST_CARDS) {
            return false;
        }
        int at = finishing.lookup(rest);
        int[] e = finishing.entries();
        for (int j = 1, f = e[at]; j <= f; j++) {
            if (!control.opponentsBeat(ply, mover, e[at + j])) {
                return true;
            }
        }
        return false;
    }
}
