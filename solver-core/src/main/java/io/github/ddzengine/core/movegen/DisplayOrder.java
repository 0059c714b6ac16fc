package io.github.ddzengine.core.movegen;

import java.util.Arrays;

import io.github.ddzengine.core.rules.MoveTable;

/**
 * The order in which moves are shown to people ({@code ddz moves}, the Java facade): by type in
 * the order of {@code rules.md} section 2 (solo, pair, trio, ..., bomb, rocket), then by chain
 * length, then by main rank, then by card set (kickers ascending, the highest kicker deciding
 * first); a pass last. The generator's own order (the move table's) is the search's; this one is
 * for display only. Allocation-free when given its scratch array.
 */
public final class DisplayOrder {
    /** Sort position of a pass: after every type (ordinals are far below). */
    private static final int PASS_ORDER = 0xFF;

    private DisplayOrder() {
    }

    /**
     * Sorts {@code ids[0..n)} into display order in place.
     *
     * @param table the move table the ids belong to
     * @param ids move ids, as {@link MoveGenerator} writes them
     * @param n how many of {@code ids} to sort
     * @param scratch at least {@code n} longs of scratch space ({@link MoveGenerator#MAX_MOVES}
     *     is always enough)
     */
    public static void sort(MoveTable table, int[] ids, int n, long[] scratch) {
        // sort by (type, length, main rank, id), pass last: a packed long key keeps the sort primitive
        for (int i = 0; i < n; i++) {
            int id = ids[i];
            long type = id == MoveTable.PASS ? PASS_ORDER : table.typeOrdinal(id);
            scratch[i] = type << 48 | (long) table.length(id) << 40 | (long) (table.mainRank(id) + 1) << 32 | id;
        }
        Arrays.sort(scratch, 0, n);
        for (int i = 0; i < n; i++) {
            ids[i] = (int) scratch[i];
        }
        // then each run of one main part by its cards, so kickers ascend (3334 3335 3336)
        for (int start = 0, end; start < n; start = end) {
            long group = scratch[start] >>> 32;
            end = start + 1;
            while (end < n && scratch[end] >>> 32 == group) {
                end++;
            }
            sortByCards(table, ids, start, end);
        }
    }

    /**
     * A sorted copy of a few move ids (winning moves, a split).
     *
     * @param table the move table the ids belong to
     * @param ids move ids
     * @return a new array: {@code ids} in display order
     */
    public static int[] sorted(MoveTable table, int[] ids) {
        int[] out = ids.clone();
        sort(table, out, out.length, new long[out.length]);
        return out;
    }

    /** Insertion sort of {@code ids[from..to)} by card set value (runs are short: the kickers of one main part). */
    private static void sortByCards(MoveTable table, int[] ids, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int id = ids[i];
            long c = table.cards(id);
            int j = i - 1;
            while (j >= from && table.cards(ids[j]) > c) {
                ids[j + 1] = ids[j];
                j--;
            }
            ids[j + 1] = id;
        }
    }
}
