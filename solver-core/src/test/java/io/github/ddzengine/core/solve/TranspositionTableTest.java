package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The transposition table answers only what was stored, exactly, and its growth (the part in use
 * doubling as a solve stores more entries) keeps what it held.
 */
class TranspositionTableTest {

    /** A stored position: three hands, a state word and a value. */
    private record Entry(long h0, long h1, long h2, int key, boolean win) {
        int probe(TranspositionTable t) {
            return t.probe(h0, h1, h2, key);
        }

        void store(TranspositionTable t) {
            t.store(h0, h1, h2, key, win, 1);
        }
    }

    private static List<Entry> entries(long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Set<List<Long>> seen = new HashSet<>();
        List<Entry> out = new ArrayList<>();
        while (out.size() < n) {
            long h0 = rnd.nextLong() & ((1L << 60) - 1);
            long h1 = rnd.nextLong() & ((1L << 60) - 1);
            long h2 = rnd.nextBoolean() ? 0 : rnd.nextLong() & ((1L << 60) - 1);
            int key = TranspositionTable.key(rnd.nextInt(3), rnd.nextInt(4) - 1, rnd.nextInt(1 << 15));
            if (seen.add(List.of(h0, h1, h2, (long) key))) {
                out.add(new Entry(h0, h1, h2, key, rnd.nextBoolean()));
            }
        }
        return out;
    }

    private static Set<Entry> found(TranspositionTable t, List<Entry> entries) {
        Set<Entry> f = new HashSet<>();
        for (Entry e : entries) {
            int v = e.probe(t);
            if (v >= 0) {
                assertEquals(e.win() ? 1 : 0, v, "wrong value for " + e);
                f.add(e);
            }
        }
        return f;
    }

    @Test
    void answersOnlyWhatWasStoredAcrossGrowth() {
        TranspositionTable t = new TranspositionTable(8);
        List<Entry> stored = entries(1, 6 * TranspositionTable.START_ENTRIES);
        List<Entry> never = entries(2, 20_000);
        for (Entry e : stored) {
            e.store(t);
        }
        assertEquals(t.capacity(), t.capacityInUse(), "an 8 MiB table grew to its whole size");
        Set<Entry> f = found(t, stored);
        assertTrue(f.size() > stored.size() / 2, "only " + f.size() + " of " + stored.size() + " entries kept");
        for (Entry e : never) {
            assertEquals(-1, e.probe(t), "found a position never stored: " + e);
        }
    }

    @Test
    void growthKeepsEveryEntry() {
        TranspositionTable t = new TranspositionTable(8);
        int start = t.capacityInUse();
        assertEquals(TranspositionTable.START_ENTRIES, start);
        List<Entry> stored = entries(3, 4 * start * TranspositionTable.GROWTH_LOAD);
        int growths = 0;
        for (int i = 0; i < stored.size(); i++) {
            int before = t.capacityInUse();
            if (i < (long) before * TranspositionTable.GROWTH_LOAD) {
                stored.get(i).store(t);
                assertEquals(before, t.capacityInUse(), "grew after " + (i + 1) + " stores");
                continue;
            }
            // the store that doubles the part in use
            Set<Entry> kept = found(t, stored.subList(0, i));
            stored.get(i).store(t);
            assertEquals(2 * before, t.capacityInUse());
            kept.removeAll(found(t, stored.subList(0, i)));
            // the store after the doubling may take the slot of one entry of its bucket
            assertTrue(kept.size() <= 1, kept.size() + " entries lost in a growth from " + before);
            growths++;
        }
        assertEquals(2, growths);
        assertEquals(4 * start, t.capacityInUse());
    }

    @Test
    void clearEmptiesAndShrinks() {
        TranspositionTable t = new TranspositionTable(4);
        List<Entry> stored = entries(4, 3 * TranspositionTable.START_ENTRIES);
        for (Entry e : stored) {
            e.store(t);
        }
        assertTrue(t.capacityInUse() > TranspositionTable.START_ENTRIES);
        t.clear();
        assertEquals(TranspositionTable.START_ENTRIES, t.capacityInUse());
        assertEquals(0, found(t, stored).size(), "entries of the last generation survived clear()");
        stored.get(0).store(t);
        assertEquals(Set.of(stored.get(0)), found(t, stored));
    }

    @Test
    void smallTableUsesItsWholeSize() {
        TranspositionTable t = new TranspositionTable(64L << 10);
        assertEquals(2048, t.capacity());
        assertEquals(2048, t.capacityInUse());
        for (Entry e : entries(5, 10_000)) {
            e.store(t);
        }
        assertEquals(2048, t.capacityInUse());
    }

    /**
     * A table takes its memory as a solve grows it, not at construction (issue 21, defect 14: a
     * 2 GiB table was zeroed before the solve's budget started): sixteen 2 GiB tables fit in a
     * test heap, and one still stores and finds positions.
     */
    @Test
    void memoryIsTakenAsTheTableGrows() {
        java.util.List<TranspositionTable> tables = new java.util.ArrayList<>();
        for (int i = 0; i < 16; i++) {
            tables.add(new TranspositionTable(2048));
        }
        TranspositionTable t = tables.get(15);
        assertEquals(1 << 26, t.capacity());
        for (long h = 1; h <= 100_000; h++) {
            t.store(h, h * 3, h * 7, 5, (h & 1) == 0, h);
        }
        int found = 0;
        int asked = 0;
        for (long h = 1; h <= 100_000; h += 97) {
            int v = t.probe(h, h * 3, h * 7, 5);
            asked++;
            if (v >= 0) {
                found++;
                assertEquals((h & 1) == 0 ? 1 : 0, v);
            }
        }
        // the part in use grew past the 100,000 entries; two-entry buckets at this load lose some
        assertTrue(t.capacityInUse() >= 100_000 && found > asked / 2, found + " of " + asked);
    }
}
