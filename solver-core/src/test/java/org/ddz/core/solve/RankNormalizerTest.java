package org.ddz.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.ddz.core.cards.Cards;
import org.ddz.core.cards.Notation;
import org.ddz.core.testing.Property;
import org.ddz.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/** The precomputed rank maps against the definition, rank by rank. */
class RankNormalizerTest {
    /** The definition: kept ranks relabelled downwards in order, one empty rank left for every gap between kept ranks. */
    private static int[] definition(int kept) {
        int[] map = new int[15];
        int next = 0;
        boolean seenKept = false;
        boolean gap = false;
        for (int r = 0; r < 12; r++) {
            if ((kept >>> r & 1) != 0) {
                if (gap && seenKept) {
                    next++;
                }
                gap = false;
                seenKept = true;
                map[r] = next++;
            } else {
                map[r] = -1;
                gap = true;
            }
        }
        for (int r = 12; r < 15; r++) {
            map[r] = r;
        }
        return map;
    }

    private static long relabel(long cards, int[] map) {
        long out = 0;
        for (int r = 0; r < 15; r++) {
            int c = Cards.count(cards, r);
            if (c > 0) {
                out += Cards.of(map[r], c);
            }
        }
        return out;
    }

    @Test
    void everyOneOfTheFourThousandMapsMatchesTheDefinition() {
        RankNormalizer n = new RankNormalizer();
        for (int kept = 0; kept < 1 << 12; kept++) {
            long held = 0;
            for (int r = 0; r < 12; r++) {
                if ((kept >>> r & 1) != 0) {
                    held += Cards.of(r, 1 + (r * 7 + kept) % 4);
                }
            }
            assertEquals(kept, RankNormalizer.keptMask(held), Notation.format(held));
            n.prepare(held + Cards.of(12, 2) + Cards.ROCKET, -1);
            int[] map = definition(kept);
            long whole = held + Cards.of(12, 2) + Cards.ROCKET;
            assertEquals(relabel(whole, map), n.apply(whole), "kept " + Integer.toBinaryString(kept));
            for (int r = 0; r < 15; r++) {
                if (map[r] >= 0) {
                    assertEquals(map[r], n.rank(r), "kept " + Integer.toBinaryString(kept) + " rank " + r);
                }
            }
        }
    }

    @Test
    void randomPositionsWithAKeptLastMoveRankRelabelEveryHandByTheDefinition() {
        RankNormalizer n = new RankNormalizer();
        Property.forAll("normalizer", 0x5EED_0001L, 3000, (SplittableRandom rnd) -> {
            long h0 = RandomHands.deal(rnd, 1 + rnd.nextInt(17));
            long h1 = RandomHands.dealFrom(rnd, Cards.DECK - h0, 1 + rnd.nextInt(17));
            long h2 = RandomHands.dealFrom(rnd, Cards.DECK - h0 - h1, rnd.nextInt(17));
            int keep = rnd.nextInt(13) - 1;
            int kept = RankNormalizer.keptMask(h0 + h1 + h2) | (keep >= 0 ? 1 << keep : 0);
            int[] map = definition(kept);
            n.prepare(h0 + h1 + h2, keep);
            assertEquals(relabel(h0, map), n.apply(h0));
            assertEquals(relabel(h1, map), n.apply(h1));
            assertEquals(relabel(h2, map), n.apply(h2));
            if (keep >= 0) {
                assertEquals(map[keep], n.rank(keep));
            }
        });
    }
}
