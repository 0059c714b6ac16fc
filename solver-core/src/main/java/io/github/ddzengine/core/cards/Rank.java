package io.github.ddzengine.core.cards;

/**
 * Rank indices used throughout the engine: {@code 0} = {@code 3} up to {@code 11} = {@code A},
 * {@code 12} = {@code 2}, {@code 13} = small (black) joker {@code X}, {@code 14} = big (red)
 * joker {@code D}. This is also the order of strength of single cards (rules.md section 1).
 */
public final class Rank {
    /** Rank index of {@code 3}, the lowest rank. */
    public static final int THREE = 0;
    /** Rank index of {@code T} (ten). */
    public static final int TEN = 7;
    /** Rank index of {@code A}, the highest rank a chain may hold. */
    public static final int ACE = 11;
    /** Rank index of {@code 2}, never in a chain. */
    public static final int TWO = 12;
    /** Rank index of the small (black) joker {@code X}. */
    public static final int SMALL_JOKER = 13;
    /** Rank index of the big (red) joker {@code D}. */
    public static final int BIG_JOKER = 14;
    /** Number of ranks, jokers included. */
    public static final int COUNT = 15;

    private static final String SYMBOLS = "3456789TJQKA2XD";

    private Rank() {
    }

    /** The canonical one-character symbol of {@code rank} (0..14), for example {@code 'T'}. */
    public static char symbol(int rank) {
        return SYMBOLS.charAt(rank);
    }

    /** The rank of a canonical upper-case symbol, or -1 if {@code c} is not one. */
    public static int ofSymbol(char c) {
        return SYMBOLS.indexOf(c);
    }

    /** Whether {@code rank} is a joker. */
    public static boolean isJoker(int rank) {
        return rank >= SMALL_JOKER;
    }
}
