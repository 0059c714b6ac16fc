package io.github.ddzengine.tables;

import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.function.IntConsumer;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.SplitTable;
import io.github.ddzengine.core.util.Hashing;

/**
 * The min-hand segment table, the {@link SplitTable} of {@code ddz tables build}: precomputed
 * chain choices for every <em>segment</em> a hand of at most {@value #MAX_CARDS} cards can hold,
 * so that {@link MinHands#count} answers with a few lookups instead of a search. A counter uses it
 * when it comes in its {@link io.github.ddzengine.core.tables.EngineTables}
 * ({@link MinHands#of(io.github.ddzengine.core.rules.Rules, io.github.ddzengine.core.tables.EngineTables)}).
 *
 * <h2>What a segment is</h2>
 * A maximal run of consecutive ranks within 3..A that the hand holds at least once. Solo and pair
 * chains never cross a gap, so the chains a hand can play live inside its segments, and which
 * chains a segment allows depends only on its sequence of counts, not on where it sits. The
 * table covers segments of 2..12 ranks, counts 1..4, at most {@value #MAX_CARDS} cards, that can
 * hold a solo chain (5+ ranks), a pair chain (3+ ranks held twice) or a bare trio chain (2+ ranks
 * held three times). These are the same in every preset and cannot be banned, so one table
 * serves every {@link io.github.ddzengine.core.rules.Rules}. Winged planes (whose wings may come from
 * anywhere in the hand) and Botzone's shuttles are not in it: {@link MinHands} tries each winged
 * plane the hand holds on top of the table's answer.
 *
 * <h2>What it stores</h2>
 * For each segment, every distinct <em>profile</em> of what the segment leaves after some
 * multiset of its solo, pair and bare trio chains, with the fewest chains that leave it. An entry is an
 * {@code int}: bits 20.. = number of chains, bits 0..19 = the profile index of the rest
 * ({@link MinHands#profile} scale, jokers 0). Profile indices add, so a hand's count is
 * {@code min over entries (chains + G[profile(rest of hand) + entry profile])}.
 *
 * <h2>Layout</h2>
 * Three primitive buffers (heap arrays when built, views of a memory-mapped file when loaded):
 * {@code keys} (open addressing, linear probing, capacity a power of two; a key is the segment's
 * cards shifted down to rank 3 in the {@link Cards} layout, 0 = empty slot), {@code slots} (per
 * key: {@code entryOffset << 8 | entryCount}, read as an unsigned 32-bit number: offsets below
 * 2<sup>24</sup>, counts 1..254; the built table's offsets reach 11.7 million, so a slot's sign
 * bit is part of its offset) and {@code entries}.
 */
public final class SegmentTable implements SplitTable {
    /** Largest segment (in cards) the table holds: the landlord's 20. */
    public static final int MAX_CARDS = 20;

    private final LongBuffer keys;
    private final IntBuffer slots;
    private final IntBuffer entries;
    private final int mask;

    private SegmentTable(LongBuffer keys, IntBuffer slots, IntBuffer entries) {
        int capacity = keys.capacity();
        if (Integer.bitCount(capacity) != 1 || slots.capacity() != capacity) {
            throw new IllegalArgumentException("segment table: capacity " + capacity
                + " is not a power of two or slots differ (" + slots.capacity() + ")");
        }
        this.keys = keys;
        this.slots = slots;
        this.entries = entries;
        this.mask = capacity - 1;
    }

    /**
     * A table over existing buffers (for example views of a memory-mapped file).
     *
     * @param keys segment keys, capacity a power of two, 0 = empty slot
     * @param slots per key, {@code entryOffset << 8 | entryCount} (unsigned, offset below
     *     2<sup>24</sup>, count 1..254); same capacity as keys
     * @param entries the entries, {@code chains << 20 | profile}
     * @throws IllegalArgumentException if the capacities are inconsistent
     */
    public static SegmentTable wrap(LongBuffer keys, IntBuffer slots, IntBuffer entries) {
        return new SegmentTable(keys, slots, entries);
    }

    /** The key buffer (read-only use). */
    public LongBuffer keys() {
        return keys.duplicate();
    }

    /** The slot buffer (read-only use). */
    public IntBuffer slots() {
        return slots.duplicate();
    }

    /** The entry buffer (read-only use). */
    public IntBuffer entries() {
        return entries.duplicate();
    }

    /** Number of segments held. */
    public int segments() {
        int n = 0;
        for (int i = 0; i <= mask; i++) {
            if (keys.get(i) != 0) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int find(long key) {
        int i = (int) (mix(key) & mask);
        while (true) {
            long k = keys.get(i);
            if (k == key) {
                return slots.get(i);
            }
            if (k == 0) {
                return ABSENT;
            }
            i = (i + 1) & mask;
        }
    }

    @Override
    public int entry(int i) {
        return entries.get(i);
    }

    static long mix(long key) {
        long h = key * Hashing.GOLDEN;
        return h ^ (h >>> 29);
    }

    /**
     * Builds the whole table in memory: every segment described above, each searched exhaustively
     * for its chain multisets. 15 to 25 seconds on one core of the 2-core development machine;
     * about 59 MB (a million keys, 11.7 million entries).
     */
    public static SegmentTable build() {
        return build(null);
    }

    /**
     * {@link #build()}, reporting progress: {@code segmentsDone} (may be null) receives the number
     * of segments searched so far, every {@value #PROGRESS_STEP} segments and once at the end
     * ({@link #segmentCount()} in all).
     */
    public static SegmentTable build(IntConsumer segmentsDone) {
        Builder b = new Builder();
        b.progress = segmentsDone;
        b.enumerate(0, 0L, 0);
        if (segmentsDone != null) {
            segmentsDone.accept(b.count);
        }
        int capacity = Integer.highestOneBit(Math.max(16, b.count * 2 - 1)) << 1;
        long[] keys = new long[capacity];
        int[] slots = new int[capacity];
        int m = capacity - 1;
        for (int s = 0; s < b.count; s++) {
            long key = b.keys[s];
            int i = (int) (mix(key) & m);
            while (keys[i] != 0) {
                i = (i + 1) & m;
            }
            keys[i] = key;
            slots[i] = b.slots[s];
        }
        return new SegmentTable(LongBuffer.wrap(keys), IntBuffer.wrap(slots),
            IntBuffer.wrap(java.util.Arrays.copyOf(b.entries, b.entryCount)));
    }

    /** Segments between two progress reports of {@link #build(IntConsumer)}. */
    public static final int PROGRESS_STEP = 4096;

    /**
     * The number of segments a built table holds (461,186), counted without searching them (a few
     * milliseconds): the total of {@link #build(IntConsumer)}'s progress.
     */
    public static int segmentCount() {
        return countSegments(0, 0L, 0);
    }

    private static int countSegments(int r, long segment, int cards) {
        int n = r >= 2 && isTableSegment(segment, r) ? 1 : 0;
        if (r == 12) {
            return n;
        }
        for (int c = 1; c <= 4 && cards + c <= MAX_CARDS; c++) {
            n += countSegments(r + 1, segment + Cards.of(r, c), cards + c);
        }
        return n;
    }

    /** Whether a segment (counts from rank 0, no gaps) belongs in the table. */
    static boolean isTableSegment(long segment, int length) {
        if (length < 2 || length > 12 || Cards.size(segment) > MAX_CARDS) {
            return false;
        }
        return length >= 5 || Cards.chainStarts(Cards.ranksAtLeast(segment, 2), 3) != 0
            || Cards.chainStarts(Cards.ranksAtLeast(segment, 3), 2) != 0;
    }

    private static final class Builder {
        long[] keys = new long[1 << 16];
        int[] slots = new int[1 << 16];
        int count;
        int[] entries = new int[1 << 18];
        int entryCount;
        /** best chain count per profile of the current segment; -1 = not reached */
        final int[] bestByProfile = new int[MinHands.PROFILES];
        final int[] touched = new int[1 << 16];
        final int[] chainsOf = new int[1 << 16];
        int touchedCount;
        IntConsumer progress;

        Builder() {
            java.util.Arrays.fill(bestByProfile, -1);
        }

        /** Visits every count sequence of 1..4 from rank {@code r} on. */
        void enumerate(int r, long segment, int cards) {
            if (r >= 2 && isTableSegment(segment, r)) {
                add(segment);
            }
            if (r == 12) {
                return;
            }
            for (int c = 1; c <= 4 && cards + c <= MAX_CARDS; c++) {
                enumerate(r + 1, segment + Cards.of(r, c), cards + c);
            }
        }

        void add(long segment) {
            touchedCount = 0;
            chains(segment, 0, 0, 0);
            if (count == keys.length) {
                keys = java.util.Arrays.copyOf(keys, count * 2);
                slots = java.util.Arrays.copyOf(slots, count * 2);
            }
            if (entryCount + touchedCount > entries.length) {
                entries = java.util.Arrays.copyOf(entries, Math.max(entries.length * 2, entryCount + touchedCount));
            }
            int n = touchedCount;
            for (int i = 0; i < n; i++) {
                chainsOf[i] = bestByProfile[touched[i]];
                bestByProfile[touched[i]] = -1;
            }
            int first = entryCount;
            for (int i = 0; i < n; i++) {
                if (!dominated(i, n)) {
                    entries[entryCount++] = (chainsOf[i] << CHAIN_SHIFT) | touched[i];
                }
            }
            // by chain count ascending, so a query can stop at the first count >= its best
            java.util.Arrays.sort(entries, first, entryCount);
            if (entryCount - first >= 255 || first >= 1 << 24) {
                throw new IllegalStateException("segment table: slot of " + (entryCount - first) + " entries at "
                    + first + " does not fit offset << 8 | count");
            }
            keys[count] = segment;
            slots[count++] = (first << 8) | (entryCount - first);
            if (progress != null && count % PROGRESS_STEP == 0) {
                progress.accept(count);
            }
        }

        /**
         * Whether another choice A = (k', p') makes choice i = (k, p) useless for every rest of
         * the hand: A leaves at least the ranks of p (p' >= p count by count) and
         * k' + U(p' - p) <= k, where U = singles + pairs + 2 x trios + fours bounds the plays of
         * the extra ranks under every preset and ban set (solos, pairs and bombs are never
         * banned). Then for any rest e, k' + G(p' + e) <= k' + U(p' - p) + G(p + e) <= k + G(p + e),
         * because plays of disjoint ranks combine. Dominance is transitive and strict, so
         * dropping every dominated choice keeps a best one.
         */
        boolean dominated(int i, int n) {
            int x = touched[i] >>> 2;
            int k = chainsOf[i];
            for (int j = 0; j < n; j++) {
                if (j == i) {
                    continue;
                }
                int y = touched[j] >>> 2;
                int d1 = y % 14 - x % 14;
                int d2 = y / 14 % 14 - x / 14 % 14;
                int d3 = y / 196 % 14 - x / 196 % 14;
                int d4 = y / 2744 - x / 2744;
                if (d1 >= 0 && d2 >= 0 && d3 >= 0 && d4 >= 0 && chainsOf[j] + d1 + d2 + 2 * d3 + d4 <= k) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Every multiset of solo chains (5+), pair chains (3+) and bare trio chains (2+), in order
         * of (start, kind, length).
         */
        void chains(long rest, int used, int start, int option) {
            int p = MinHands.profile(rest);
            if (bestByProfile[p] < 0) {
                touched[touchedCount++] = p;
                bestByProfile[p] = used;
            } else if (used < bestByProfile[p]) {
                bestByProfile[p] = used;
            }
            for (int s = start; s < 12; s++) {
                // options at a start: 0..7 solo chains of 5..12, 8..15 pair chains of 3..10,
                // 16..20 trio chains of 2..6
                for (int o = s == start ? option : 0; o < 21; o++) {
                    int m = o < 8 ? 1 : o < 16 ? 2 : 3;
                    int len = o < 8 ? 5 + o : o < 16 ? 3 + (o - 8) : 2 + (o - 16);
                    if (s + len > 12) {
                        continue;
                    }
                    long main = Cards.run(s, len, m);
                    if (Cards.contains(rest, main)) {
                        chains(rest - main, used + 1, s, o);
                    }
                }
            }
        }
    }
}
