package io.github.ddzengine.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class SplitMix64Test {
    @Test
    void streamIsThatOfSplittableRandomForARootGenerator() {
        long[] seeds = {0, 1, 7, -1, Long.MIN_VALUE, 0x123456789ABCDEFL};
        for (long seed : seeds) {
            SplitMix64 ours = new SplitMix64(seed);
            SplittableRandom jdk = new SplittableRandom(seed);
            for (int i = 0; i < 1000; i++) {
                assertEquals(jdk.nextLong(), ours.nextLong(), "seed " + seed + ", draw " + i);
            }
        }
    }

    @Test
    void knownFirstOutputOfSeedZero() {
        // the published first output of SplitMix64 from state 0
        assertEquals(0xE220A8397B1DCDAFL, new SplitMix64(0).nextLong());
    }

    @Test
    void deriveIsTheMatchingOutputOfTheStream() {
        SplitMix64 r = new SplitMix64(42);
        for (int i = 0; i < 50; i++) {
            assertEquals(r.nextLong(), SplitMix64.derive(42, i), "index " + i);
        }
    }

    @Test
    void reseedRestartsTheStream() {
        SplitMix64 r = new SplitMix64(5);
        long first = r.nextLong();
        r.nextLong();
        r.reseed(5);
        assertEquals(first, r.nextLong());
    }

    @Test
    void nextIntStaysInRangeAndHitsEveryValueEvenly() {
        SplitMix64 r = new SplitMix64(9);
        int[] hits = new int[7];
        for (int i = 0; i < 70_000; i++) {
            int v = r.nextInt(7);
            assertTrue(v >= 0 && v < 7, "value " + v);
            hits[v]++;
        }
        for (int v = 0; v < 7; v++) {
            // expected 10,000 each; 6 standard deviations is about 570
            assertTrue(Math.abs(hits[v] - 10_000) < 600, "value " + v + " hit " + hits[v] + " times");
        }
        assertEquals(0, r.nextInt(1));
        assertThrows(IllegalArgumentException.class, () -> r.nextInt(0));
    }
}
