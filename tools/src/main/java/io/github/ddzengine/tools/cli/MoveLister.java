package io.github.ddzengine.tools.cli;

import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * Lists the legal moves of {@link Query queries} in display order, keeping one
 * {@link MoveGenerator} per rule set and one output buffer for all calls. Not thread-safe.
 *
 * <p>Display order: {@link DisplayOrder}'s (by type, chain length, main rank, then cards; a pass
 * last).
 */
public final class MoveLister {
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
    public int list(Query q) {
        MoveGenerator gen = generators.computeIfAbsent(q.rules(), MoveGenerator::new);
        table = gen.table();
        int n = gen.answers(q.hand(), q.last(), ids);
        DisplayOrder.sort(table, ids, n, order);
        count = n;
        return n;
    }

    /**
     * A few move ids sorted in the display order of {@link #list} (for short lists such as winning
     * moves).
     *
     * @return a sorted copy of {@code ids}
     */
    public static int[] inDisplayOrder(MoveTable table, int[] ids) {
        return DisplayOrder.sorted(table, ids);
    }

    /** The number of moves of the last {@link #list} call. */
    public int count() {
        return count;
    }

    /** The {@code i}-th move id of the last {@link #list} call, in display order. */
    public int id(int i) {
        return ids[i];
    }

    /** The move table the ids of the last {@link #list} call refer to. */
    public MoveTable table() {
        return table;
    }
}
