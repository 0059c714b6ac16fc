package io.github.ddzengine.core.testing;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;

/** Seeded generators of card sets for property tests. */
public final class RandomHands {
    private RandomHands() {
    }

    /** {@code n} cards (0..54) dealt uniformly from the full deck. */
    public static long deal(SplittableRandom random, int n) {
        return dealFrom(random, Cards.DECK, n);
    }

    /** {@code n} cards dealt uniformly from {@code pool} (which must hold at least n cards). */
    public static long dealFrom(SplittableRandom random, long pool, int n) {
        int[] deck = new int[54];
        int size = 0;
        for (int r = 0; r < 15; r++) {
            for (int k = Cards.count(pool, r); k > 0; k--) {
                deck[size++] = r;
            }
        }
        long hand = 0;
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(size - i);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
            hand += Cards.of(deck[i], 1);
        }
        return hand;
    }

    /**
     * A hand of 1..20 cards rich in trios, fours and jokers about half the time (so that planes,
     * bombs, shuttles and four-with-two occur), uniform otherwise.
     */
    public static long hand(SplittableRandom random) {
        int n = 1 + random.nextInt(20);
        if (random.nextBoolean()) {
            return deal(random, n);
        }
        long hand = 0;
        int size = 0;
        int start = random.nextInt(12);
        while (size < n) {
            int r = random.nextInt(4) == 0 ? random.nextInt(15) : Math.min(start + random.nextInt(5), 12);
            int max = r >= 13 ? 1 : 4;
            int want = 1 + random.nextInt(max == 1 ? 1 : 4);
            int have = Cards.count(hand, r);
            int add = Math.min(Math.min(want, max - have), n - size);
            hand += Cards.of(r, add);
            size += add;
        }
        return hand;
    }
}
