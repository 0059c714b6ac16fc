package io.github.ddzengine.mc;

import io.github.ddzengine.core.game.SplitMix64;

/**
 * A SplitMix64 random stream ({@link SplitMix64}) with the Monte Carlo engine's seed derivation:
 * reseeded in place, so a worker thread
 * keeps one instance and draws every world and rollout from it without allocating.
 * Not thread-safe: one instance per thread.
 */
public final class Rng {
    private static final long GOLDEN = SplitMix64.GOLDEN_GAMMA;

    private final SplitMix64 stream;

    /** A stream starting from {@code seed}. */
    public Rng(long seed) {
        this.stream = new SplitMix64(seed);
    }

    /** Restarts the stream from {@code seed} (no allocation). */
    public void reseed(long seed) {
        stream.reseed(seed);
    }

    /** The SplitMix64 finaliser ({@link SplitMix64#mix64}). */
    public static long mix(long z) {
        return SplitMix64.mix64(z);
    }

    /**
     * The seed of sub-stream {@code index} of {@code seed}: {@code mix(mix(seed) + GOLDEN * (index + 1))},
     * so nearby seeds and nearby indices give unrelated streams.
     */
    public static long derive(long seed, long index) {
        return mix(mix(seed) + GOLDEN * (index + 1));
    }

    /** The next 64 random bits. */
    public long nextLong() {
        return stream.nextLong();
    }

    /** A uniform integer in {@code 0 .. bound-1} ({@link SplitMix64#nextInt}); {@code bound >= 1}. */
    public int nextInt(int bound) {
        return stream.nextInt(bound);
    }

    /** A uniform double in {@code [0, 1)} from the top 53 bits of {@link #nextLong}. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
