package org.ddz.mc;

/**
 * A SplitMix64 random stream in one mutable {@code long}: reseeded in place, so a worker thread
 * keeps one instance and draws every world and rollout from it without allocating.
 * Not thread-safe: one instance per thread.
 */
public final class Rng {
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private long state;

    /** A stream starting from {@code seed}. */
    public Rng(long seed) {
        this.state = seed;
    }

    /** Restarts the stream from {@code seed}. */
    public void reseed(long seed) {
        this.state = seed;
    }

    /** The SplitMix64 finaliser: a bijective 64-bit mix. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A seed derived from a parent seed and an index (a world, a candidate): distinct indices give
     * unrelated streams, and the result depends on nothing else.
     */
    public static long derive(long seed, long index) {
        return mix(mix(seed) + GOLDEN * (index + 1));
    }

    /** The next 64 random bits. */
    public long nextLong() {
        state += GOLDEN;
        return mix(state);
    }

    /** A uniform int in {@code 0 .. bound-1}; {@code bound} must be positive. Lemire's method, unbiased. */
    public int nextInt(int bound) {
        long m = (nextLong() >>> 32) * bound;
        if ((m & 0xFFFF_FFFFL) < bound) {
            long threshold = (0x1_0000_0000L - bound) % bound;
            while ((m & 0xFFFF_FFFFL) < threshold) {
                m = (nextLong() >>> 32) * bound;
            }
        }
        return (int) (m >>> 32);
    }

    /** A uniform double in {@code [0, 1)}. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
