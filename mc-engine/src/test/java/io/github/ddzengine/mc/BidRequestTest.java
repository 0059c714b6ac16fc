package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** Bid requests follow rules.md section 6: a 3 ends the bidding, so no seat bids after one. */
class BidRequestTest {
    private static final long HAND = Notation.parseCards("3345567899JQKA22D");

    @Test
    void noSeatBidsAfterAThree() {
        for (int[] earlier : new int[][] {{3}, {0, 3}, {1, 3}}) {
            assertThrows(NotationException.class, () -> BidRequest.of(Rules.STANDARD, HAND, earlier),
                java.util.Arrays.toString(earlier));
            // the same sequence is over for the bidding itself
            Bidding b = new Bidding();
            for (int x : earlier) {
                b.bid(x);
            }
            assertEquals(true, b.isOver());
        }
    }

    @Test
    void everyOpenBiddingStateIsARequest() {
        int[][] open = {{}, {0}, {1}, {2}, {0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}};
        for (int[] earlier : open) {
            BidRequest r = BidRequest.of(Rules.STANDARD, HAND, earlier);
            assertEquals(earlier.length, r.position());
            int high = 0;
            for (int x : earlier) {
                high = Math.max(high, x);
            }
            assertEquals(high, r.highestBid());
        }
    }
}
