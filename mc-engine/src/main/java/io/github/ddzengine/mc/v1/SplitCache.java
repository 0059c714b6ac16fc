package io.github.ddzengine.mc.v1;

import io.github.ddzengine.core.split.MinHands;

/**
 * A per-thread direct-mapped cache in front of {@link MinHands#count}: a playout asks for the
 * same few hands over and over (every candidate of a world replays the same hands), so a hit
 * costs one multiply and two loads. Not thread-safe: one instance per thread.
 */
final class SplitCache {
    private final MinHands minHands;
    private final long[] keys;
    private final byte[] values;
    private final int shift;
    private long lookups;
    private long misses;

    /**
     * @param minHands the exact counter
     * @param log2Entries log2 of the number of entries (16 = 65,536 entries, 576 KiB)
     */
    public SplitCache(MinHands minHands, int log2Entries) {
        this.minHands = minHands;
        this.keys = new long[1 << log2Entries];
        this.values = new byte[1 << log2Entries];
        this.shift = 64 - log2Entries;
        java.util.Arrays.fill(keys, -1L);
    }

    /** The fewest legal plays that empty {@code hand} (0 for the empty hand). */
    public int count(long hand) {
        if (hand == 0) {
            return 0;
        }
        lookups++;
        int i = (int) ((hand * 0x9E37_79B9_7F4A_7C15L) >>> shift);
        if (keys[i] == hand) {
            return values[i];
        }
        misses++;
        int c = minHands.count(hand);
        keys[i] = hand;
        values[i] = (byte) c;
        return c;
    }

    /** Lookups so far. */
    public long lookups() {
        return lookups;
    }

    /** Lookups that had to call {@link MinHands#count}. */
    public long misses() {
        return misses;
    }
}
