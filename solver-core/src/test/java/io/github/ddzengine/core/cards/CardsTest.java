package io.github.ddzengine.core.cards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/** The SWAR operations of {@link Cards} against plain per-rank loops. */
class CardsTest {

    private static int[] counts(long c) {
        int[] k = new int[15];
        for (int r = 0; r < 15; r++) {
            k[r] = (int) ((c >>> (4 * r)) & 0xF);
        }
        return k;
    }

    @Test
    void swarOperationsAgreeWithPerRankLoops() {
        Property.forAll("SWAR == loops", 11, 5000, rnd -> {
            long a = RandomHands.deal(rnd, rnd.nextInt(55));
            long b = RandomHands.deal(rnd, rnd.nextInt(21));
            int[] ka = counts(a);
            int[] kb = counts(b);
            int size = 0;
            boolean contains = true;
            for (int r = 0; r < 15; r++) {
                size += ka[r];
                contains &= kb[r] <= ka[r];
            }
            assertEquals(size, Cards.size(a));
            assertEquals(contains, Cards.contains(a, b));
            if (contains) {
                assertEquals(a, Cards.add(Cards.remove(a, b), b));
            }
            for (int k = 1; k <= 4; k++) {
                long atLeast = 0;
                long exactly = 0;
                for (int r = 0; r < 15; r++) {
                    atLeast |= (ka[r] >= k ? 1L : 0L) << (4 * r);
                    exactly |= (ka[r] == k ? 1L : 0L) << (4 * r);
                }
                assertEquals(atLeast, Cards.ranksAtLeast(a, k), "k=" + k);
                assertEquals(exactly, Cards.ranksExactly(a, k), "k=" + k);
            }
            long ranks = Cards.ranksAtLeast(a, 1);
            for (int len = 1; len <= 12; len++) {
                long starts = 0;
                for (int s = 0; s + len <= 12; s++) {
                    boolean all = true;
                    for (int i = 0; i < len; i++) {
                        all &= ka[s + i] >= 1;
                    }
                    starts |= (all ? 1L : 0L) << (4 * s);
                }
                assertEquals(starts, Cards.chainStarts(ranks, len), "len=" + len);
            }
            assertTrue(Cards.isValid(a));
        });
    }

    @Test
    void runBuildsChainMainParts() {
        assertEquals(Notation.parseCards("34567"), Cards.run(0, 5, 1));
        assertEquals(Notation.parseCards("TTJJQQKKAA"), Cards.run(7, 5, 2));
        assertEquals(Notation.parseCards("333444"), Cards.run(0, 2, 3));
        assertEquals(Notation.parseCards("3456789TJQKA"), Cards.run(0, 12, 1));
        assertEquals(Notation.parseCards("2222"), Cards.run(12, 1, 4));
    }

    @Test
    void validityRejectsImpossibleSets() {
        assertTrue(Cards.isValid(Cards.DECK));
        assertEquals(54, Cards.size(Cards.DECK));
        assertFalse(Cards.isValid(Cards.of(0, 5)));
        assertFalse(Cards.isValid(Cards.of(Rank.SMALL_JOKER, 2)));
        assertFalse(Cards.isValid(1L << 60));
        assertEquals(Rank.SMALL_JOKER, Cards.lowestRank(Cards.ROCKET));
        assertEquals(Rank.BIG_JOKER, Cards.highestRank(Cards.ROCKET));
    }
}
