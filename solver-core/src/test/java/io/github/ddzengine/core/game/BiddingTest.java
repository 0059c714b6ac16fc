package io.github.ddzengine.core.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BiddingTest {
    @Test
    void highestBidderIsLandlordAndTheBidIsTheBase() {
        Bidding b = Bidding.replay(new int[] {1, 0, 2});
        assertEquals(2, b.landlordPosition());
        assertEquals(2, b.base());
        b = Bidding.replay(new int[] {1, 2, 0});
        assertEquals(1, b.landlordPosition());
        assertEquals(2, b.base());
        b = Bidding.replay(new int[] {0, 0, 1});
        assertEquals(2, b.landlordPosition());
        assertEquals(1, b.base());
    }

    @Test
    void aThreeEndsTheBidding() {
        Bidding b = new Bidding();
        b.bid(0);
        b.bid(3);
        assertTrue(b.isOver());
        assertEquals(1, b.landlordPosition());
        assertEquals(3, b.base());
        assertArrayEquals(new int[] {0, 3}, b.bids());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Bidding.replay(new int[] {3, 0}));
        assertTrue(e.getMessage().contains("after the bidding ended with a 3"), e.getMessage());
    }

    @Test
    void allPassMakesPositionZeroLandlordWithBaseOne() {
        Bidding b = Bidding.replay(new int[] {0, 0, 0});
        assertEquals(0, b.landlordPosition());
        assertEquals(1, b.base());
    }

    @Test
    void refusesBidsNotAboveTheHighest() {
        Bidding b = new Bidding();
        b.bid(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.bid(2));
        assertEquals("position 1 bid 2: a bid is 0 (no bid) or 3..3 (above the highest bid so far, 2)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.bid(4));
        assertThrows(IllegalArgumentException.class, () -> b.bid(-1));
        assertFalse(b.isOver());
        e = assertThrows(IllegalArgumentException.class, () -> Bidding.replay(new int[] {1, 0}));
        assertTrue(e.getMessage().contains("stops after 2 bids"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> new Bidding().base());
    }

    @Test
    void seatsFollowTheBiddingOrderFromTheLandlord() {
        assertEquals(2, Bidding.positionOfSeat(2, 0));
        assertEquals(0, Bidding.positionOfSeat(2, 1));
        assertEquals(1, Bidding.positionOfSeat(2, 2));
        assertEquals(1, Bidding.positionOfSeat(0, 1));
    }
}
