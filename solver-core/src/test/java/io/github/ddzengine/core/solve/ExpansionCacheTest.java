package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link ExpansionCache}: what is stored comes back whole for the same position and only for it
 * (hands, mover, last move and its seat all count), a newer store of the slot wins, nodes of too
 * many moves are not kept, and {@link ExpansionCache#clear()} forgets everything. Checked against
 * a plain map of the positions last stored on random keys in a cache of 16 slots (many collisions).
 */
class ExpansionCacheTest {
    private static final int MAX = ExpansionCache.MAX_CHILDREN;

    @Test
    void returnsWhatWasStoredForThatPositionOnly() {
        ExpansionCache cache = new ExpansionCache(4);
        SplittableRandom rnd = new SplittableRandom(17);
        Map<String, int[][]> oracle = new HashMap<>();
        int[] moves = new int[MAX];
        int[] proofs = new int[MAX];
        int[] disproofs = new int[MAX];
        int hits = 0;
        for (int round = 0; round < 2_000; round++) {
            long h0 = rnd.nextLong(2);
            long h1 = rnd.nextLong(2);
            long h2 = rnd.nextLong(2);
            int mover = rnd.nextInt(2);
            int last = rnd.nextInt(2);
            int lastSeat = last == 0 ? -1 : rnd.nextInt(3);
            String id = h0 + "/" + h1 + "/" + h2 + "/" + mover + "/" + last + "/" + lastSeat;
            if (rnd.nextBoolean()) {
                int n = 1 + rnd.nextInt(MAX);
                int[][] kept = new int[3][n];
                for (int i = 0; i < n; i++) {
                    kept[0][i] = rnd.nextInt(1 << 20);
                    kept[1][i] = rnd.nextInt(ProofTable.INFINITE + 1);
                    kept[2][i] = rnd.nextInt(ProofTable.INFINITE + 1);
                }
                cache.store(h0, h1, h2, mover, last, lastSeat, kept[0], kept[1], kept[2], n);
                oracle.put(id, kept);
            } else {
                int n = cache.load(h0, h1, h2, mover, last, lastSeat, moves, proofs, disproofs);
                int[][] kept = oracle.get(id);
                if (n >= 0) {
                    // a hit must be exactly the last store of this very position
                    assertNotNull(kept, id);
                    hits++;
                    assertArrayEquals(kept[0], Arrays.copyOf(moves, n), id);
                    assertArrayEquals(kept[1], Arrays.copyOf(proofs, n), id);
                    assertArrayEquals(kept[2], Arrays.copyOf(disproofs, n), id);
                }
            }
        }
        assertTrue(hits >= 10, "hits " + hits);
    }

    @Test
    void latestStoreWinsAndOtherStatesMiss() {
        ExpansionCache cache = new ExpansionCache(10);
        int[] a = {5, 6, 7};
        int[] p = {1, 2, 3};
        int[] d = {1, 1, 1};
        cache.store(0x11L, 0x22L, 0x33L, 1, 42, 0, a, p, d, 3);
        int[] moves = new int[MAX];
        int[] proofs = new int[MAX];
        int[] disproofs = new int[MAX];
        assertEquals(3, cache.load(0x11L, 0x22L, 0x33L, 1, 42, 0, moves, proofs, disproofs));
        assertArrayEquals(p, Arrays.copyOf(proofs, 3));
        assertEquals(-1, cache.load(0x11L, 0x22L, 0x33L, 2, 42, 0, moves, proofs, disproofs));
        assertEquals(-1, cache.load(0x11L, 0x22L, 0x33L, 1, 43, 0, moves, proofs, disproofs));
        assertEquals(-1, cache.load(0x11L, 0x22L, 0x33L, 1, 42, 2, moves, proofs, disproofs));
        assertEquals(-1, cache.load(0x11L, 0x22L, 0x34L, 1, 42, 0, moves, proofs, disproofs));
        cache.store(0x11L, 0x22L, 0x33L, 1, 42, 0, new int[] {9}, new int[] {4}, new int[] {8}, 1);
        assertEquals(1, cache.load(0x11L, 0x22L, 0x33L, 1, 42, 0, moves, proofs, disproofs));
        assertEquals(9, moves[0]);
        assertEquals(8, disproofs[0]);
        cache.clear();
        assertEquals(-1, cache.load(0x11L, 0x22L, 0x33L, 1, 42, 0, moves, proofs, disproofs));
        cache.store(7, 8, 9, 0, 0, -1, new int[MAX + 1], new int[MAX + 1], new int[MAX + 1], MAX + 1);
        assertEquals(-1, cache.load(7, 8, 9, 0, 0, -1, moves, proofs, disproofs));
    }
}
