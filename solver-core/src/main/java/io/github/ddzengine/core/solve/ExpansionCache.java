package io.github.ddzengine.core.solve;

/**
 * The proof-number search's memory of its expanded nodes between visits: for a position (the
 * concrete hands, mover and what it faces; not the normal form, whose positions may differ in
 * their moves) its moves in the search's order with their proof and disproof numbers when the
 * search last left it. df-pn leaves a node whenever a threshold is reached and comes back to it
 * later; without this it generates, orders and looks up every child again at each visit.
 *
 * <p>The numbers kept are only the search's guide: a child's numbers that changed since (through
 * another path to it) are read again when the search enters the child, and proofs and disproofs
 * are always the tables', so a stale entry costs time, never a wrong verdict. One entry a slot,
 * always replaced; nodes of more than {@link #MAX_CHILDREN} moves are not kept. Entries carry a
 * generation, so {@link #clear()} is O(1).
 *
 * <p>Not thread-safe: one cache per searching thread.
 */
final class ExpansionCache {
    /** Nodes with more moves than this are not kept (none measured above 127 on full deals). */
    static final int MAX_CHILDREN = 128;
    /** Ints a slot holds: the move count, then moves, proof numbers and disproof numbers. */
    private static final int SLOT_INTS = 1 + 3 * MAX_CHILDREN;

    /** Per slot: hand 0, hand 1, hand 2, then the state word (mover, last, its seat, generation). */
    private final long[] keys;
    private final int[] slots;
    private final int mask;
    private long generation = 1;

    /** A cache of {@code 2^bits} slots of 1,572 bytes each (2^13: 12.3 MiB). */
    ExpansionCache(int bits) {
        int entries = 1 << bits;
        keys = new long[entries * 4];
        slots = new int[entries * SLOT_INTS];
        mask = entries - 1;
    }

    /** Forgets every entry, for a new solve. */
    void clear() {
        generation++;
    }

    /** The state word of a position's key: mover, last move and its seat, in bits 0 to 30. */
    private static long state(int mover, int last, int lastSeat) {
        return (long) last << 4 | (long) (lastSeat + 1) << 2 | mover;
    }

    /**
     * The slot of a position, from the hands and the state word alone ({@link
     * TranspositionTable#bucket}): not from the generation, so that the same solve meets the same
     * collisions every time (node counts repeat).
     */
    private int slot(long h0, long h1, long h2, long state) {
        return TranspositionTable.bucket(h0, h1, h2, (int) state) & mask;
    }

    /**
     * Copies the kept moves and numbers of a position into the arrays (each of at least
     * {@link #MAX_CHILDREN}).
     *
     * @return the number of moves, or -1 if the position is not kept
     */
    int load(long h0, long h1, long h2, int mover, int last, int lastSeat, int[] moves, int[] proofs,
             int[] disproofs) {
        long state = state(mover, last, lastSeat);
        int s = slot(h0, h1, h2, state);
        int i = s * 4;
        if (keys[i + 3] != (generation << 32 | state) || keys[i] != h0 || keys[i + 1] != h1 || keys[i + 2] != h2) {
            return -1;
        }
        int base = s * SLOT_INTS;
        int n = slots[base];
        System.arraycopy(slots, base + 1, moves, 0, n);
        System.arraycopy(slots, base + 1 + MAX_CHILDREN, proofs, 0, n);
        System.arraycopy(slots, base + 1 + 2 * MAX_CHILDREN, disproofs, 0, n);
        return n;
    }

    /** Keeps a position's {@code n} moves and their numbers (nothing if {@code n > MAX_CHILDREN}). */
    void store(long h0, long h1, long h2, int mover, int last, int lastSeat, int[] moves, int[] proofs,
               int[] disproofs, int n) {
        if (n > MAX_CHILDREN) {
            return;
        }
        long state = state(mover, last, lastSeat);
        int s = slot(h0, h1, h2, state);
        int i = s * 4;
        keys[i] = h0;
        keys[i + 1] = h1;
        keys[i + 2] = h2;
        keys[i + 3] = generation << 32 | state;
        int base = s * SLOT_INTS;
        slots[base] = n;
        System.arraycopy(moves, 0, slots, base + 1, n);
        System.arraycopy(proofs, 0, slots, base + 1 + MAX_CHILDREN, n);
        System.arraycopy(disproofs, 0, slots, base + 1 + 2 * MAX_CHILDREN, n);
    }
}
