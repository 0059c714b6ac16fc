package io.github.ddzengine.core.game;

import java.util.Arrays;

/**
 * The bidding of {@code rules.md} section 6 (Botzone FightTheLandlord2, the classic call-score
 * rule): positions 0, 1, 2 bid once each in order, 0 (no bid) or 1..3 above the highest bid so
 * far; a 3 ends the bidding at once. The highest bidder becomes the landlord and the base score
 * is its bid. If all three pass, position 0 becomes the landlord with base 1 (Botzone's rule; the
 * classic rule would redeal).
 *
 * <p>Mutable, one per game; allocation-free apart from {@link #bids()}.
 */
public final class Bidding {
    private final int[] bids = new int[3];
    private int count;
    private int highest;
    private int highestPosition = -1;

    /** An empty bidding: position 0 is to bid. */
    public Bidding() {
    }

    /** Whether {@code bid} may follow when {@code highest} is the highest bid so far. */
    public static boolean isLegal(int bid, int highest) {
        return bid == 0 || (bid > highest && bid <= 3);
    }

    /** Whether the bidding is over: three bids made, or a 3. */
    public boolean isOver() {
        return count == 3 || highest == 3;
    }

    /** The position to bid next, 0..2. */
    public int position() {
        if (isOver()) {
            throw new IllegalStateException("the bidding is over");
        }
        return count;
    }

    /** The highest bid so far, 0 when none. */
    public int highestBid() {
        return highest;
    }

    /**
     * Records the bid of the position to bid.
     *
     * @param bid 0 (no bid) or 1..3 above the highest bid so far
     * @throws IllegalArgumentException naming the position and the bid if it is not legal
     * @throws IllegalStateException if the bidding is over
     */
    public void bid(int bid) {
        int position = position();
        if (!isLegal(bid, highest)) {
            throw new IllegalArgumentException("position " + position + " bid " + bid + ": a bid is 0 (no bid) or "
                + (highest == 0 ? "1..3" : (highest + 1) + ".." + 3 + " (above the highest bid so far, " + highest + ")"));
        }
        bids[count++] = bid;
        if (bid > highest) {
            highest = bid;
            highestPosition = position;
        }
    }

    /** The position that becomes the landlord: the highest bidder, or 0 when all passed. */
    public int landlordPosition() {
        checkOver();
        return highestPosition < 0 ? 0 : highestPosition;
    }

    /** The base score: the final bid, or 1 when all passed. */
    public int base() {
        checkOver();
        return highest == 0 ? 1 : highest;
    }

    /** The bids made so far, in order (a copy). */
    public int[] bids() {
        return Arrays.copyOf(bids, count);
    }

    /**
     * The bidding position that plays {@code seat} once the landlord is known: seat 0 is the
     * landlord's position, seat 1 (landlord_down) the next position, seat 2 (landlord_up) the one
     * after, so the order of play follows the order of bidding.
     */
    public static int positionOfSeat(int landlordPosition, int seat) {
        return (landlordPosition + seat) % 3;
    }

    /**
     * Replays a whole bid sequence.
     *
     * @return the finished bidding
     * @throws IllegalArgumentException if a bid is illegal, a bid follows the end of the bidding,
     *     or the sequence stops before the bidding is over
     */
    public static Bidding replay(int[] sequence) {
        Bidding b = new Bidding();
        for (int i = 0; i < sequence.length; i++) {
            if (b.isOver()) {
                throw new IllegalArgumentException("bid " + (i + 1) + " (" + sequence[i] + ") comes after the bidding "
                    + "ended" + (b.highest == 3 ? " with a 3" : ""));
            }
            b.bid(sequence[i]);
        }
        if (!b.isOver()) {
            throw new IllegalArgumentException("the bidding stops after " + sequence.length + " bids: every position "
                + "bids until one bids 3");
        }
        return b;
    }

    private void checkOver() {
        if (!isOver()) {
            throw new IllegalStateException("the bidding is not over");
        }
    }
}
