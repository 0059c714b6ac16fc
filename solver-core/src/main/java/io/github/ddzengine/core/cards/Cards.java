package io.github.ddzengine.core.cards;

/**
 * Static SWAR operations on a card set held in one {@code long}: the single place that defines
 * the layout.
 *
 * <h2>Layout</h2>
 * A card set (a hand, a move, the cards out) is a {@code long} of fifteen 4-bit counters, one per
 * rank: bits {@code 4r .. 4r+3} hold how many cards of rank {@code r} the set contains, where
 * {@code r} is a {@link Rank} index ({@code 0} = {@code 3}, ..., {@code 11} = {@code A},
 * {@code 12} = {@code 2}, {@code 13} = small joker {@code X}, {@code 14} = big joker {@code D}).
 * A valid set has 0..4 in each of ranks 0..12, 0..1 in ranks 13 and 14, and bits 60..63 clear.
 * Because every counter is at most 4, adding two valid sets never carries between counters as
 * long as the sum stays within 0..15, and subtracting a contained subset never borrows.
 *
 * <p>A <em>rank set</em> is a {@code long} with bit {@code 4r} set for each rank {@code r} in the
 * set (the counter layout with each counter 0 or 1), so that {@code rankSet >>> 4} moves every
 * rank one step down and chain tests are shifts and ands.
 *
 * <p>Every method is branch-free or nearly so and allocates nothing; none validates its input
 * (see {@link #isValid(long)}).
 */
public final class Cards {
    /** The lowest bit of each of the fifteen counters: the rank set of all fifteen ranks. */
    public static final long LOW = 0x111_1111_1111_1111L;
    /** The highest bit of each of the fifteen counters. */
    public static final long HIGH = LOW << 3;
    /** Rank set of the ranks that may appear in a chain: {@code 3} to {@code A} (ranks 0..11). */
    public static final long CHAIN_RANKS = 0x1111_1111_1111L;
    /** The empty card set. */
    public static final long EMPTY = 0L;
    /** The full 54-card deck: four of each rank 3..2, one of each joker. */
    public static final long DECK = 0x114_4444_4444_4444L;
    /** Both jokers: the rocket's cards. */
    public static final long ROCKET = 0x110_0000_0000_0000L;

    private static final long BYTE_LOW_NIBBLES = 0x0F0F_0F0F_0F0F_0F0FL;
    private static final long BYTE_ONES = 0x0101_0101_0101_0101L;

    private Cards() {
    }

    /** Whether {@code cards} hold a bomb (four of a rank) or the rocket (both jokers). */
    public static boolean hasBombOrRocket(long cards) {
        return ranksAtLeast(cards, 4) != 0 || (cards & ROCKET) == ROCKET;
    }

    /** The number of cards of {@code rank} (0..4) in {@code cards}. */
    public static int count(long cards, int rank) {
        return (int) (cards >>> (rank << 2)) & 0xF;
    }

    /** The total number of cards in {@code cards} (0..54), by a byte-wise horizontal sum. */
    public static int size(long cards) {
        long bytes = (cards & BYTE_LOW_NIBBLES) + ((cards >>> 4) & BYTE_LOW_NIBBLES);
        return (int) ((bytes * BYTE_ONES) >>> 56);
    }

    /** {@code n} cards of {@code rank} (n in 0..4; 0..1 for a joker). */
    public static long of(int rank, int n) {
        return (long) n << (rank << 2);
    }

    /** The union of two card sets, counts added; the caller keeps every count within 0..4. */
    public static long add(long a, long b) {
        return a + b;
    }

    /** {@code hand} minus {@code cards}; {@code cards} must be {@linkplain #contains contained}. */
    public static long remove(long hand, long cards) {
        return hand - cards;
    }

    /**
     * Whether every counter of {@code cards} is at most the matching counter of {@code hand}: a
     * per-counter borrow test on {@code (hand | HIGH) - cards} (valid because counters are at most 7).
     */
    public static boolean contains(long hand, long cards) {
        return (((hand | HIGH) - cards) & HIGH) == HIGH;
    }

    /**
     * The rank set (bit {@code 4r}) of the ranks held at least {@code k} times, k in 1..4: a
     * per-counter compare {@code count >= k} done on all fifteen counters at once.
     */
    public static long ranksAtLeast(long cards, int k) {
        return ((((cards | HIGH) - LOW * k) & HIGH) >>> 3);
    }

    /** The rank set of the ranks held exactly {@code k} times, k in 1..4. */
    public static long ranksExactly(long cards, int k) {
        return k == 4 ? ranksAtLeast(cards, 4) : ranksAtLeast(cards, k) & ~ranksAtLeast(cards, k + 1);
    }

    /** The lowest rank of a non-empty rank set (or card set). */
    public static int lowestRank(long set) {
        return Long.numberOfTrailingZeros(set) >>> 2;
    }

    /** The highest rank of a non-empty rank set (or card set). */
    public static int highestRank(long set) {
        return (63 - Long.numberOfLeadingZeros(set)) >>> 2;
    }

    /** The number of ranks in a rank set. */
    public static int rankCount(long rankSet) {
        return Long.bitCount(rankSet);
    }

    /**
     * Rank set of the ranks {@code r} such that {@code r, r+1, ..., r+length-1} are all in
     * {@code rankSet} and all within 3..A: the possible starts of a chain of {@code length}.
     */
    public static long chainStarts(long rankSet, int length) {
        long ranks = rankSet & CHAIN_RANKS;
        long starts = ranks;
        for (int i = 1; i < length && starts != 0; i++) {
            starts &= ranks >>> (i << 2);
        }
        return starts;
    }

    /** {@code perRank} cards of each rank {@code start .. start+length-1}: a chain's main part. */
    public static long run(int start, int length, int perRank) {
        long ones = (LOW >>> ((15 - length) << 2)) << (start << 2);
        return ones * perRank;
    }

    /**
     * Whether {@code cards} is a possible card set: counts 0..4 for ranks 3..2, 0..1 for each
     * joker, nothing above bit 59.
     */
    public static boolean isValid(long cards) {
        if ((cards >>> 60) != 0) {
            return false;
        }
        if (count(cards, Rank.SMALL_JOKER) > 1 || count(cards, Rank.BIG_JOKER) > 1) {
            return false;
        }
        // a counter above 4 has bit 3 set, or bits 0..2 above 4: test count >= 5
        return ranksAtLeast(cards & ~(HIGH), 5) == 0 && (cards & HIGH) == 0;
    }
}
