package io.github.ddzengine.core.game;

import io.github.ddzengine.core.util.Hashing;

/**
 * SplitMix64, the seeded generator behind every random choice of the game loop and the arena: a
 * 64-bit counter advanced by the golden-ratio gamma {@code 0x9E3779B97F4A7C15} and finalised by
 * Stafford's "variant 13" mix ({@link #mix64}). It is the algorithm of
 * {@link java.util.SplittableRandom} for a root generator, written out here so that deals and
 * agent choices stay bit-identical whatever the JDK does to its classes; a test checks the
 * streams against {@code SplittableRandom}.
 *
 * <p>Not thread-safe: one instance per thread or per game. {@link #derive} builds independent
 * seeds from a seed and an index (a deal number, a side, a seat) without any shared state, which
 * is how results stay the same on any number of threads.
 */
public final class SplitMix64 {
    /** The golden-ratio increment of the counter. */
    public static final long GOLDEN_GAMMA = Hashing.GOLDEN;

    private long state;

    /** A generator whose stream is fixed by {@code seed} (the same as {@code new SplittableRandom(seed)}). */
    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** Restarts the stream from {@code seed}, as a new generator would (no allocation). */
    public void reseed(long seed) {
        this.state = seed;
    }

    /** The next 64 random bits. */
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix64(state);
    }

    /**
     * A uniform integer in {@code 0 .. bound-1}, unbiased (Lemire's multiply-and-reject on the
     * high 32 bits of {@link #nextLong}).
     *
     * @param bound 1 or more
     * @throws IllegalArgumentException if {@code bound < 1}
     */
    public int nextInt(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be positive, not " + bound);
        }
        long m = (nextLong() >>> 32) * bound;
        long low = m & 0xFFFF_FFFFL;
        if (low < bound) {
            long threshold = (0x1_0000_0000L - bound) % bound;
            while (low < threshold) {
                m = (nextLong() >>> 32) * bound;
                low = m & 0xFFFF_FFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser: a bijection of 64-bit values. */
    public static long mix64(long z) {
        return Hashing.mix64(z);
    }

    /**
     * A seed for the {@code index}-th sub-stream of {@code seed}: the {@code index + 1}-th output
     * of {@code new SplitMix64(seed)}, computed directly. Chain calls for several levels
     * ({@code derive(derive(match, deal), side)}).
     */
    public static long derive(long seed, long index) {
        return mix64(seed + (index + 1) * GOLDEN_GAMMA);
    }
}
