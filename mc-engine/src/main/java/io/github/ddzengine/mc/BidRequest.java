package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.rules.Rules;

/**
 * What a seat knows when it bids ({@code rules.md} section 6): its 17 dealt cards, its position
 * in the bidding order (0 bids first) and the bids made before it. Immutable.
 */
public final class BidRequest {
    private final Rules rules;
    private final long hand;
    private final int position;
    private final int[] earlier;

    private BidRequest(Rules rules, long hand, int position, int[] earlier) {
        this.rules = rules;
        this.hand = hand;
        this.position = position;
        this.earlier = earlier;
    }

    /**
     * @param hand the 17 dealt cards ({@link Cards} layout)
     * @param earlier the bids made before this seat, in bidding order (0 = no bid), one per earlier seat
     * @throws NotationException if the hand is not 17 valid cards or the earlier bids are impossible
     *     (including a 3, which ends the bidding before this seat)
     */
    public static BidRequest of(Rules rules, long hand, int[] earlier) {
        if (!Cards.isValid(hand) || Cards.size(hand) != 17) {
            throw new NotationException("a bidding hand has 17 cards, not " + Cards.size(hand));
        }
        if (earlier.length > 2) {
            throw new NotationException("at most two seats bid before the third, not " + earlier.length);
        }
        int high = 0;
        for (int b : earlier) {
            if (b < 0 || b > 3 || (b != 0 && b <= high) || high == 3) {
                throw new NotationException("impossible bid sequence " + Arrays.toString(earlier));
            }
            high = Math.max(high, b);
        }
        if (high == 3) {
            throw new NotationException("the bidding ended with a 3 in " + Arrays.toString(earlier) + ": position "
                + earlier.length + " does not bid");
        }
        return new BidRequest(rules, hand, earlier.length, Arrays.copyOf(earlier, earlier.length));
    }

    public Rules rules() {
        return rules;
    }

    /** The 17 dealt cards ({@link Cards} layout). */
    public long hand() {
        return hand;
    }

    /** The position in the bidding order, 0..2 (0 bids first). */
    public int position() {
        return position;
    }

    /** The highest bid so far, 0 when none. */
    public int highestBid() {
        int high = 0;
        for (int b : earlier) {
            high = Math.max(high, b);
        }
        return high;
    }

    /** A copy of the bids before this seat, in bidding order. */
    public int[] earlierBids() {
        return Arrays.copyOf(earlier, earlier.length);
    }
}
