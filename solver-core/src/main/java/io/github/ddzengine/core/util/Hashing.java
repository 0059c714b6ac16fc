package io.github.ddzengine.core.util;

/**
 * The engine's one hashing utility: the golden-ratio constant, the Fibonacci hash of a 64-bit
 * key to a table slot, and Stafford's 64-bit mix. Every hash table and the seeded random stream
 * ({@link io.github.ddzengine.core.game.SplitMix64}) take their constants from here, so a
 * constant is written once. Allocation-free.
 */
public final class Hashing {
    /** 2^64 divided by the golden ratio, odd: the Fibonacci-hashing multiplier and SplitMix64's gamma. */
    public static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** The first multiplier of {@link #mix64} (Stafford's variant 13). */
    public static final long MIX_A = 0xBF58476D1CE4E5B9L;
    /** The second multiplier of {@link #mix64}. */
    public static final long MIX_B = 0x94D049BB133111EBL;

    private Hashing() {
    }

    /**
     * The Fibonacci hash of {@code key} into a table of {@code 2^bits} slots: the high
     * {@code bits} bits of {@code key * GOLDEN}.
     *
     * @param bits 1..32
     * @return a slot in {@code 0 .. 2^bits - 1}
     */
    public static int fibonacci(long key, int bits) {
        return (int) ((key * GOLDEN) >>> (64 - bits));
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser: a bijection of 64-bit values. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * MIX_A;
        z = (z ^ (z >>> 27)) * MIX_B;
        return z ^ (z >>> 31);
    }
}
