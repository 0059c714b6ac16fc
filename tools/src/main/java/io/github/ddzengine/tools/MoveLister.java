package io.github.ddzengine.tools;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * Lists the legal moves of {@link Query queries} in display order, keeping one
 * {@link MoveGenerator} per rule set and one output buffer for all calls. Not thread-safe.
 *
 * <p>Display order: by type in the order of {@code rules.md} section 2 (solo, pair, trio, ...,
 * bomb, rocket), then by chain length, then by main rank, then by card set (kickers ascending, the
 * highest kicker deciding first); a pass last.
 */
final class MoveLister {
    /** Sort position of a pass: after every type (ordinals are far below). */
    private static final int PASS_ORDER = 0xFF;

    private final Map<Rules, MoveGenerator> generators = new HashMap<>();
    private final int[] ids = new int[MoveGenerator.MAX_MOVES];
    private final long[] order = new long[MoveGenerator.MAX_MOVES];
    private MoveTable table;
    private int count;

    /**
     * Generates the legal moves of a query: its leads, or its answers (pass included).
     *
     * @return the number of moves, readable with {@link #id(int)} until the next call
     */
    int list(Query q) {
        MoveGenerator gen = generators.computeIfAbsent(q.rules(), MoveGenerator::new);
        table = gen.table();
        int n = gen.answers(q.hand(), q.last(), ids);
        // sort by (type, length, main rank, id), pass last: a packed long key keeps the sort primitive
        for (int i = 0; i < n; i++) {
            int id = ids[i];
            long type = id == MoveTable.PASS ? PASS_ORDER : table.typeOrdinal(id);
            order[i] = type << 48 | (long) table.length(id) << 40 | (long) (table.mainRank(id) + 1) << 32 | id;
        }
        Arrays.sort(order, 0, n);
        for (int i = 0; i < n; i++) {
            ids[i] = (int) order[i];
        }
        // then each run of one main part by its cards, so kickers ascend (3334 3335 3336)
        for (int start = 0, end; start < n; start = end) {
            long group = order[start] >>> 32;
            end = start + 1;
            while (end < n && order[end] >>> 32 == group) {
                end++;
            }
            sortByCards(start, end);
        }
        count = n;
        return n;
    }

    /** Insertion sort of {@code ids[from..to)} by card set value (runs are short: the kickers of one main part). */
    private void sortByCards(int from, int to) {
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

    /**
     * A few move ids sorted in the display order of {@link #list} (for short lists such as winning
     * moves; {@link #list} sorts without boxing).
     *
     * @return a sorted copy of {@code ids}
     */
    static int[] inDisplayOrder(MoveTable table, int[] ids) {
        return Arrays.stream(ids).boxed()
            .sorted(Comparator.<Integer>comparingInt(id -> id == MoveTable.PASS ? PASS_ORDER : table.typeOrdinal(id))
                .thenComparingInt(table::length)
                .thenComparingInt(table::mainRank)
                .thenComparingLong(table::cards))
            .mapToInt(Integer::intValue)
            .toArray();
    }

    /** The number of moves of the last {@link #list} call. */
    int count() {
        return count;
    }

    /** The {@code i}-th move id of the last {@link #list} call, in display order. */
    int id(int i) {
        return ids[i];
    }

    /** The move table the ids of the last {@link #list} call refer to. */
    MoveTable table() {
        return table;
    }
}
