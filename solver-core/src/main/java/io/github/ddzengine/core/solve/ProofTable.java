package io.github.ddzengine.core.solve;

/**
 * Transposition table of the proof-number search ({@link Solver}'s df-pn layer): for a position in
 * normal form (three hands and the state word, compared whole, as in {@link TranspositionTable})
 * its proof and disproof numbers, each from 0 to {@link #INFINITE}. Buckets of two entries; the
 * first slot keeps the entry whose search cost most. Entries carry a generation, so
 * {@link #clear()} is O(1) but for a wipe once every 2,047 generations ({@code MAX_GENERATION}).
 *
 * <p>Not thread-safe: one table per searching thread.
 */
final class ProofTable {
    /** A proof or disproof number that stands for "cannot be done": the position is solved the other way. */
    static final int INFINITE = Integer.MAX_VALUE / 4;

    private static final int GENERATION_SHIFT = 20;
    private static final int MAX_GENERATION = (1 << 11) - 1;

    /** Per entry: hand 0, hand 1, hand 2, then the state word with the generation above bit 20. */
    private final long[] keys;
    /** Per entry: proof number, disproof number, work (nodes, capped). */
    private final int[] numbers;
    private final int mask;
    private int generation = 1;

    /** A table of {@code 2^bits} entries (about {@code 2^bits * 44} bytes). */
    ProofTable(int bits) {
        int entries = 1 << bits;
        keys = new long[entries * 4];
        numbers = new int[entries * 3];
        mask = entries - 1 & ~1;
    }

    void clear() {
        generation++;
        if (generation > MAX_GENERATION) {
            java.util.Arrays.fill(keys, 0L);
            generation = 1;
        }
    }

    /**
     * The entry index of the position, or -1 if absent; read its numbers with {@link #proof} and
     * {@link #disproof}.
     */
    int find(long h0, long h1, long h2, int key) {
        int b = TranspositionTable.bucket(h0, h1, h2, key) & mask;
        long want = key | ((long) generation << GENERATION_SHIFT);
        for (int e = b; e < b + 2; e++) {
            int i = e * 4;
            if (keys[i + 3] == want && keys[i] == h0 && keys[i + 1] == h1 && keys[i + 2] == h2) {
                return e;
            }
        }
        return -1;
    }

    int proof(int entry) {
        return numbers[entry * 3];
    }

    int disproof(int entry) {
        return numbers[entry * 3 + 1];
    }

    /** Stores (or updates) a position's numbers with the nodes its search has cost so far. */
    void store(long h0, long h1, long h2, int key, int proof, int disproof, long work) {
        int b = TranspositionTable.bucket(h0, h1, h2, key) & mask;
        long want = key | ((long) generation << GENERATION_SHIFT);
        int w = (int) Math.min(work, Integer.MAX_VALUE);
        int slot = -1;
        for (int e = b; e < b + 2; e++) {
            int i = e * 4;
            if (keys[i + 3] == want && keys[i] == h0 && keys[i + 1] == h1 && keys[i + 2] == h2) {
                slot = e;
                w = Math.max(w, numbers[e * 3 + 2]);
                break;
            }
        }
        if (slot < 0) {
            if ((keys[b * 4 + 3] >>> GENERATION_SHIFT) != generation || numbers[b * 3 + 2] < w) {
                if ((keys[b * 4 + 3] >>> GENERATION_SHIFT) == generation) {
                    System.arraycopy(keys, b * 4, keys, b * 4 + 4, 4);
                    System.arraycopy(numbers, b * 3, numbers, b * 3 + 3, 3);
                }
                slot = b;
            } else {
                slot = b + 1;
            }
        }
        int i = slot * 4;
        keys[i] = h0;
        keys[i + 1] = h1;
        keys[i + 2] = h2;
        keys[i + 3] = want;
        numbers[slot * 3] = proof;
        numbers[slot * 3 + 1] = disproof;
        numbers[slot * 3 + 2] = w;
    }
}
