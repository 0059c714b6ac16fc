package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.util.Hashing;

/**
 * Exact transposition table of the perfect-information solver: the whole position is the key
 * (three hands and a 19-bit state word), so a hit is never a hash collision. Bounded memory, one
 * primitive array, allocated at the first store and then only when the part in use grows (see
 * below), so a solver whose solves never store (a position won at once) allocates none. An entry is four longs (three hands, then
 * the state word with value and generation); a bucket is two entries, one 64-byte cache line.
 *
 * <p>Entries carry a generation: {@link #clear()} starts a new generation in O(1) (the arrays are
 * wiped only once every 4,095 generations), so a batch of solves each starts from an empty table
 * without paying for a wipe.
 *
 * <p>The table grows within its memory: each solve starts on the first {@value #START_ENTRIES}
 * entries (1 MiB, which stays in a core's L2 or L3 cache), and doubles the part in use, moving
 * each entry to its bucket under the longer mask, whenever a solve has stored as many entries as
 * that part holds. A probe that waits for main memory costs more than re-searching a small
 * subtree, so solves of up to about 100,000 nodes run faster on the small part, and the large
 * ones lose fewer entries early on than in a table of the whole size (Loop harness on the
 * 2-core VM, median ms with a fixed 16 or 64 MiB table against this: {@code V10} 18.0 -> 15.5,
 * {@code 10-10-10-1} 7.5 -> 6.4, {@code 14v14-1} 13.6 -> 12.4, {@code 17v17-1} 10.8 -> 9.1,
 * {@code 10-10-10-0} 328 -> 274, {@code 17v17-0} 904 -> 677; growing at twice or four times
 * the load was slower on the large ones).
 *
 * <p>Not thread-safe: one table per searching thread.
 */
public final class TranspositionTable {
    /** Bytes one entry takes: three hand words and one state/value/generation word. */
    public static final int ENTRY_BYTES = 32;

    private static final int KEY_BITS = 19;
    private static final int VALUE_BIT = 1 << KEY_BITS;
    private static final int GENERATION_SHIFT = 20;
    private static final int MAX_GENERATION = (1 << 12) - 1;

    /** Entries in use at the start of each solve (or all, in a smaller table). */
    static final int START_ENTRIES = 1 << 15;
    /** The part in use doubles once a solve has stored this many times as many entries as it holds. */
    static final int GROWTH_LOAD = 1;
    private static final int KEY_MASK = (1 << KEY_BITS) - 1;

    /**
     * Entries of four longs: hand 0, hand 1, hand 2, state word. Allocated as far as a solve has
     * grown the part in use (so constructing even a table of gigabytes costs nothing until a
     * solve needs it, and that cost falls inside the solve's budget); never shrinks.
     */
    private long[] data;
    /** Whether {@link #data} is allocated (a table that never stores costs no memory). */
    private boolean allocated;
    /** Entries of the whole table. */
    private final int entries;
    /** Mask of a bucket's first long index (buckets of 8 longs) over the whole table. */
    private final int fullMask;
    /** Mask of a bucket's first long index over the part in use (0 before the first store). */
    private int mask;
    /** {@link #mask} at the start of a solve. */
    private final int startMask;
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
        this(checked(megabytes) << 20);
    }

    private static long checked(int megabytes) {
        if (megabytes < 1) {
            throw new IllegalArgumentException("transposition table size must be at least 1 MiB, not " + megabytes);
        }
        return megabytes;
    }

    /** A table of about {@code bytes} bytes (a power-of-two number of entries, at least 1,024). */
    TranspositionTable(long bytes) {
        long entries = Long.highestOneBit(bytes / ENTRY_BYTES);
        entries = Math.max(entries, 1024);
        if (entries * 4 > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("transposition table of " + (bytes >> 20) + " MiB is too large");
        }
        this.entries = (int) entries;
        fullMask = (int) entries * 4 - 1 & ~7;
        startMask = (int) Math.min(entries, START_ENTRIES) * 4 - 1 & ~7;
        mask = 0;
        data = EMPTY;
    }

    /**
     * The data of a table that has stored nothing yet (with {@link #mask} 0): one empty bucket,
     * so probes miss; the first store allocates.
     */
    private static final long[] EMPTY = new long[8];

    /** Number of entries. */
    public int capacity() {
        return entries;
    }

    /** Number of entries of the part in use (see the class comment). */
    int capacityInUse() {
        return ((allocated ? mask : startMask) >>> 2) + 2;
    }

    /** Empties the table (a new generation; the arrays are wiped only when generations wrap). */
    public void clear() {
        generation++;
        if (generation > MAX_GENERATION) {
            if (allocated) {
                java.util.Arrays.fill(data, 0L);
            }
            generation = 1;
        }
        probes = 0;
        hits = 0;
        stores = 0;
        mask = allocated ? startMask : 0;
    }

    /**
     * Doubles the part in use: every entry of this generation in bucket {@code b} moves to
     * {@code b} or {@code b} plus the old part's size, its bucket under the longer mask, keeping
     * the order of the two slots; the new buckets start empty.
     */
    private void grow() {
        int oldLongs = mask + 8;
        int newMask = (oldLongs << 1) - 1 & ~7;
        if (data.length < oldLongs << 1) {
            data = java.util.Arrays.copyOf(data, oldLongs << 1);
        }
        long[] d = data;
        for (int b = 0; b < oldLongs; b += 8) {
            int up = b + oldLongs;
            d[up + 3] = 0;
            d[up + 7] = 0;
            int low = b;
            int high = up;
            for (int s = b; s < b + 8; s += 4) {
                long word = d[s + 3];
                if (((int) word >>> GENERATION_SHIFT) != generation) {
                    continue;
                }
                int target = bucket(d[s], d[s + 1], d[s + 2], (int) word & KEY_MASK) & newMask;
                int to;
                if (target == b) {
                    to = low;
                    low += 4;
                } else {
                    to = high;
                    high += 4;
                }
                if (to != s) {
                    System.arraycopy(d, s, d, to, 4);
                }
            }
            for (int s = low; s < b + 8; s += 4) {
                d[s + 3] = 0;
            }
        }
        mask = newMask;
    }

    /** The hash of a position that picks its bucket (also {@link ProofTable}'s and {@link ExpansionCache}'s). */
    static int bucket(long h0, long h1, long h2, int key) {
        long x = h0 * Hashing.GOLDEN;
        x ^= Long.rotateLeft(h1 * 0xC2B2AE3D27D4EB4FL, 23);
        x ^= Long.rotateLeft(h2 * 0x165667B19E3779F9L, 41);
        x ^= key * 0xD6E8FEB86659FD93L;
        x ^= x >>> 29;
        x *= Hashing.MIX_A;
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
        int b = bucket(h0, h1, h2, key) & mask;
        long[] d = data;
        int want = key | (generation << GENERATION_SHIFT);
        for (int i = b; i < b + 8; i += 4) {
            int m = (int) d[i + 3];
            if ((m & ~VALUE_BIT) == want && d[i] == h0 && d[i + 1] == h1 && d[i + 2] == h2) {
                hits++;
                return (m & VALUE_BIT) != 0 ? 1 : 0;
            }
        }
        return -1;
    }

    /**
     * Stores a position's value with the size of the search that found it ({@code work}, nodes):
     * the first slot of a bucket keeps the entry that cost most, the second takes the rest; stale
     * entries (an older generation) are free.
     */
    public void store(long h0, long h1, long h2, int key, boolean moverWins, long work) {
        if (!allocated) {
            data = new long[startMask + 8];
            allocated = true;
            mask = startMask;
        }
        if (++stores > (long) GROWTH_LOAD * capacityInUse() && mask != fullMask) {
            grow();
        }
        int b = bucket(h0, h1, h2, key) & mask;
        long[] d = data;
        long w = Math.min(work, 0x7FFF_FFFFL);
        long word = (w << 32) | ((key | (moverWins ? VALUE_BIT : 0) | (generation << GENERATION_SHIFT)) & 0xFFFF_FFFFL);
        int slot;
        if (((int) d[b + 3] >>> GENERATION_SHIFT) != generation) {
            slot = b;
        } else if ((d[b + 3] >>> 32) < w) {
            // the new entry cost more than the first slot's: it takes the first slot, the old one the second
            System.arraycopy(d, b, d, b + 4, 4);
            slot = b;
        } else {
            slot = b + 4;
        }
        d[slot] = h0;
        d[slot + 1] = h1;
        d[slot + 2] = h2;
        d[slot + 3] = word;
    }

    /** Packs the state word: mover (0..2), last seat (-1..2) and a last-move code (0..2^15-1). */
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
}
