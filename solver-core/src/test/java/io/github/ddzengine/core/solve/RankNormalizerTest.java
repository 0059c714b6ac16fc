package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/** The precomputed rank maps against the definition, rank by rank. */
class RankNormalizerTest {
    /**
     * The definition of the selective map: kept ranks relabelled downwards in order, one empty
     * rank left before the i-th run of kept ranks (i = 1, 2, ...) when bit i of {@code gapRuns}
     * is set, none otherwise.
     */
    private static int[] selective(int kept, int gapRuns) {
        int[] map = new int[15];
        int next = 0;
        int run = -1;
        boolean inRun = false;
        for (int r = 0; r < 12; r++) {
            if ((kept >>> r & 1) != 0) {
                if (!inRun) {
                    run++;
                    if (run > 0 && (gapRuns >>> run & 1) != 0) {
                        next++;
                    }
                }
                inRun = true;
                map[r] = next++;
            } else {
                map[r] = -1;
                inRun = false;
            }
        }
        for (int r = 12; r < 15; r++) {
            map[r] = r;
        }
        return map;
    }

    /** The junctions of the i-th runs named by {@code gapRuns}, as ranks of the gapless image. */
    private static long junctions(int kept, int gapRuns) {
        int[] gapless = selective(kept, 0);
        long ranks = 0;
        int run = -1;
        for (int r = 0; r < 12; r++) {
            boolean starts = (kept >>> r & 1) != 0 && (r == 0 || (kept >>> (r - 1) & 1) == 0);
            if (starts && ++run > 0 && (gapRuns >>> run & 1) != 0) {
                ranks |= 1L << (gapless[r] << 2);
            }
        }
        return ranks;
    }

    @Test
    void selectiveMapsKeepExactlyTheGapsAskedFor() {
        RankNormalizer n = new RankNormalizer();
        SplittableRandom rnd = new SplittableRandom(0x5EED_0002L);
        for (int kept = 0; kept < 1 << 12; kept++) {
            long held = Cards.of(12, 1);
            for (int r = 0; r < 12; r++) {
                if ((kept >>> r & 1) != 0) {
                    held += Cards.of(r, 1 + (r * 5 + kept) % 4);
                }
            }
            for (int trial = 0; trial < 4; trial++) {
                int gapRuns = trial == 0 ? 0 : trial == 1 ? -1 : rnd.nextInt(1 << 7);
                int[] map = selective(kept, gapRuns);
                n.prepareGapless(held, -1);
                // a rank of the gapless image that is no junction changes nothing
                n.keepGaps(junctions(kept, gapRuns) | (gapRuns == 0 ? 0 : 1L));
                String where = "kept " + Integer.toBinaryString(kept) + " gaps before runs " + Integer.toBinaryString(gapRuns);
                assertEquals(relabel(held, map), n.apply(held), where);
                for (int r = 0; r < 15; r++) {
                    if (map[r] >= 0) {
                        assertEquals(map[r], n.rank(r), where + " rank " + r);
                    }
                }
            }
            // every gap kept is the classic map
            n.prepare(held, -1);
            assertEquals(relabel(held, definition(kept)), n.apply(held));
        }
    }

    /** The definition: kept ranks relabelled downwards in order, one empty rank left for every gap between kept ranks. */
    private static int[] definition(int kept) {
        return selective(kept, -1);
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
