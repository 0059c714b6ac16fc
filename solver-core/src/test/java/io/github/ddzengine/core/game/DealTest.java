package io.github.ddzengine.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Rank;
import org.junit.jupiter.api.Test;

class DealTest {
    @Test
    void randomDealsPartitionTheDeckAndDependOnlyOnTheSeed() {
        for (long seed = 0; seed < 500; seed++) {
            Deal d = Deal.random(seed);
            long all = 0;
            for (int p = 0; p < 3; p++) {
                assertEquals(17, Cards.size(d.hand(p)), "seed " + seed);
                all = Cards.add(all, d.hand(p));
            }
            assertEquals(3, Cards.size(d.kitty()));
            assertEquals(Cards.DECK, Cards.add(all, d.kitty()), "seed " + seed);
            assertEquals(d, Deal.random(seed));
            assertNotEquals(d, Deal.random(seed + 1000));
        }
    }

    @Test
    void eachCardIsEquallyLikelyInEachPart() {
        // the big joker lands in the kitty with probability 3/54 and in each hand with 17/54
        int[] where = new int[4];
        int n = 27_000;
        for (long seed = 0; seed < n; seed++) {
            Deal d = Deal.random(seed * 31 + 1);
            int at = 3;
            for (int p = 0; p < 3; p++) {
                if (Cards.count(d.hand(p), Rank.BIG_JOKER) == 1) {
                    at = p;
                }
            }
            where[at]++;
        }
        assertTrue(Math.abs(where[3] - n * 3 / 54) < 250, "kitty " + where[3]);
        for (int p = 0; p < 3; p++) {
            assertTrue(Math.abs(where[p] - n * 17 / 54) < 450, "position " + p + ": " + where[p]);
        }
    }

    @Test
    void drawnCardsAreAUniformSubsetOfTheDeck() {
        // the first pick of each step draws the deck in rank order
        assertEquals(Notation.parseCards("33334"), Deal.drawn(5, b -> 0));
        assertEquals(Cards.DECK, Deal.drawn(54, b -> b / 2));
        assertEquals(0L, Deal.drawn(0, b -> 0));
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        int jokers = 0;
        int n = 20_000;
        for (int k = 0; k < n; k++) {
            int size = k % 21;
            long cards = Deal.drawn(size, random::nextInt);
            assertEquals(size, Cards.size(cards));
            for (int r = 0; r < 15; r++) {
                assertTrue(Cards.count(cards, r) <= Cards.count(Cards.DECK, r));
            }
            jokers += Cards.count(cards, Rank.BIG_JOKER);
        }
        // the big joker is drawn with probability size/54, 10/54 on average over sizes 0..20
        assertTrue(Math.abs(jokers - n * 10 / 54) < 250, "big joker drawn " + jokers + " times");
        assertThrows(IllegalArgumentException.class, () -> Deal.drawn(55, b -> 0));
        assertThrows(IllegalArgumentException.class, () -> Deal.drawn(-1, b -> 0));
    }

    @Test
    void textRoundTrip() {
        Deal d = Deal.random(7);
        assertEquals(d, Deal.parse(d.toString()));
        assertEquals(4, d.toString().split("/").length);
    }

    @Test
    void refusesImpossibleDeals() {
        String good = Deal.random(3).toString();
        String[] parts = good.split("/");
        NotationException e = assertThrows(NotationException.class,
            () -> Deal.parse(parts[0] + "/" + parts[1] + "/" + parts[2]));
        assertTrue(e.getMessage().contains("4 parts"), e.getMessage());
        // move one card of hand 1 into hand 0's place: hand 0 keeps 17 cards but repeats a card of hand 1
        String h0 = parts[1].charAt(0) + parts[0].substring(1);
        e = assertThrows(NotationException.class, () -> Deal.parse(h0 + "/" + parts[1] + "/" + parts[2] + "/" + parts[3]));
        assertTrue(e.getMessage().contains("dealt") || e.getMessage().contains("more than four"), e.getMessage());
        e = assertThrows(NotationException.class,
            () -> Deal.parse(parts[0].substring(1) + "/" + parts[1] + "/" + parts[2] + "/" + parts[3]));
        assertTrue(e.getMessage().contains("hand 0 has 16 cards, not 17"), e.getMessage());
        e = assertThrows(NotationException.class, () -> Deal.parse(parts[0] + "/" + parts[1] + "/" + parts[2] + "/33W"));
        assertTrue(e.getMessage().startsWith("the kitty: unknown card 'W'"), e.getMessage());
    }
}
