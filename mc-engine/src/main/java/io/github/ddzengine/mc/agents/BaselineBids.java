package io.github.ddzengine.mc.agents;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.mc.BidRequest;

/**
 * The bidding of the heuristic baselines ({@code rule}, {@code greedy}). {@code agents.md}
 * defines no bidding (RLCard's rule agent never bids), so ours is a plain high-card count:
 * big joker 4 points, small joker 3, each {@code 2} 2, each bomb 6. With 11 points or more the
 * agent wants 3, with 8 or more 2, with 6 or more 1; it bids that amount when it is above the
 * highest bid so far, otherwise 0.
 */
final class BaselineBids {
    private BaselineBids() {
    }

    /** The points of a dealt hand. */
    static int points(long hand) {
        int p = 4 * Cards.count(hand, Rank.BIG_JOKER) + 3 * Cards.count(hand, Rank.SMALL_JOKER)
            + 2 * Cards.count(hand, Rank.TWO);
        p += 6 * Cards.rankCount(Cards.ranksAtLeast(hand, 4));
        return p;
    }

    /** The bid for {@code request}: the wanted amount if it is above the highest bid, else 0. */
    static int bid(BidRequest request) {
        int p = points(request.hand());
        int want = p >= 11 ? 3 : p >= 8 ? 2 : p >= 6 ? 1 : 0;
        return want > request.highestBid() ? want : 0;
    }
}
