package org.ddz.core.solve;

/**
 * Exact transposition table of the perfect-information solver: the whole position is the key
 * (three hands and a 19-bit state word), so a hit is never a hash collision. Fixed memory,
 * primitive arrays, no allocation after construction; four-way buckets.
 *
 * <p>Entries carry a generation: {@link #clear()} starts a new generation in O(1) (the arrays are
 * wiped only once every 4,095 generations), so a batch of solves each starts from an empty table
 * without paying for a wipe.
 *
 * <p>Not thread-safe: one table per searching thread.
 */
public final class TranspositionTable {
    /** Bytes one entry takes: three hand words and one state/value/generation word. */
    public static final int ENTRY_BYTES = 28;

    private static final int KEY_BITS = 19;
    private static final int KEY_MASK = (1 << KEY_BITS) - 1;
    private static final int VALUE_BIT = 1 << KEY_BITS;
    private static final int GENERATION_SHIFT = 20;
    private static final int MAX_GENERATION = (1 << 12) - 1;

    private final long[] hand0;
    private final long[] hand1;
    private final long[] hand2;
    private final int[] meta;
    private final int mask;
    private int generation = 1;
    private long probes;
    private long hits;
    private long stores;

    /**
     * A table of about {@code megabytes} MiB (rounded down to a power-of-two number of entries,
     * at least 1,024 entries).
     *
     * @throws IllegalArgumentException if {@code megabytes} is below 1 or the table would not fit
     *     in a Java array (above about 56 GiB)
     */
    public TranspositionTable(int megabytes) {
        if (megabytes < 1) {
            throw new IllegalArgumentException("transposition table size must be at least 1 MiB, not " + megabytes);
        }
        long entries = Long.highestOneBit(((long) megabytes << 20) / ENTRY_BYTES);
        entries = Math.max(entries, 1024);
        if (entries > (1 << 30)) {
            throw new IllegalArgumentException("transposition table of " + megabytes + " MiB is too large");
        }
        int n = (int) entries;
        hand0 = new long[n];
        hand1 = new long[n];
        hand2 = new long[n];
        meta = new int[n];
        mask = n - 1;
    }

    /** Number of entries. */
    public int capacity() {
        return meta.length;
    }

    /** Empties the table (a new generation; the arrays are wiped only when generations wrap). */
    public void clear() {
        generation++;
        if (generation > MAX_GENERATION) {
            java.util.Arrays.fill(meta, 0);
            generation = 1;
        }
        probes = 0;
        hits = 0;
        stores = 0;
    }

    private static int bucket(long h0, long h1, long h2, int key) {
        long x = h0 * 0x9E3779B97F4A7C15L;
        x ^= Long.rotateLeft(h1 * 0xC2B2AE3D27D4EB4FL, 23);
        x ^= Long.rotateLeft(h2 * 0x165667B19E3779F9L, 41);
        x ^= key * 0xD6E8FEB86659FD93L;
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        return (int) (x ^ (x >>> 32));
    }

    /**
     * Looks a position up.
     *
     * @param key the state word (19 bits: mover, last seat, last move class)
     * @return 1 if stored as a win for the mover, 0 as a loss, -1 if absent
     */
    public int probe(long h0, long h1, long h2, int key) {
        probes++;
        int b = bucket(h0, h1, h2, key) & mask & ~3;
        int want = key | (generation << GENERATION_SHIFT);
        for (int i = b; i < b + 4; i++) {
            int m = meta[i];
            if ((m & ~VALUE_BIT) == want && hand0[i] == h0 && hand1[i] == h1 && hand2[i] == h2) {
                hits++;
                return (m & VALUE_BIT) != 0 ? 1 : 0;
            }
        }
        return -1;
    }

    /** Stores a position's value; replaces an empty or stale slot of the bucket, else one in turn. */
    public void store(long h0, long h1, long h2, int key, boolean moverWins) {
        stores++;
        int h = bucket(h0, h1, h2, key);
        int b = h & mask & ~3;
        int slot = -1;
        for (int i = b; i < b + 4; i++) {
            if ((meta[i] >>> GENERATION_SHIFT) != generation) {
                slot = i;
                break;
            }
        }
        if (slot < 0) {
            slot = b + ((int) (stores) & 3);
        }
        hand0[slot] = h0;
        hand1[slot] = h1;
        hand2[slot] = h2;
        meta[slot] = key | (moverWins ? VALUE_BIT : 0) | (generation << GENERATION_SHIFT);
    }

    /** Packs the state word: mover (0..2), last seat (-1..2) and last-move class id (0..2^15-1). */
    public static int key(int mover, int lastSeat, int lastClass) {
        return mover | ((lastSeat + 1) << 2) | (lastClass << 4);
    }

    /** Lookups since the last {@link #clear()}. */
    public long probes() {
        return probes;
    }

    /** Lookups that found their position since the last {@link #clear()}. */
    public long hits() {
        return hits;
    }

    /** Static check that the key fits its bits: 2 + 2 + 15. */
    static boolean fits(int lastClass) {
        return lastClass >= 0 && (lastClass << 4) <= KEY_MASK;
    }
}
