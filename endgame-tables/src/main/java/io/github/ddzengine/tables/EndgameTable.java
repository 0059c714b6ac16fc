package io.github.ddzengine.tables;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.function.LongConsumer;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EndgameOracle;

/**
 * A solved-endgame table, the {@link EndgameOracle} of {@code ddz tables build}: the
 * perfect-information verdict of every small position in which the mover leads, in classic normal
 * form ({@link Solver#solveNormalLead}), two bits each. A solver whose
 * {@link io.github.ddzengine.core.tables.EngineTables} hold it probes it at every lead where every
 * hand is small enough, instead of searching.
 *
 * <h2>What it covers</h2>
 * <ul>
 *   <li>{@link #TWO_SEATS}: the two-player puzzle game, each hand 1..{@value #TWO_SEAT_CARDS} cards.
 *       The two players' roles are symmetric (whoever empties first wins), so an entry is
 *       indexed by (mover's hand, other hand) alone.</li>
 *   <li>{@link #THREE_SEATS}: landlord against two farmers, each hand 1..{@value #THREE_SEAT_CARDS}
 *       cards, indexed by (mover, hand 0, hand 1, hand 2).</li>
 * </ul>
 * Only positions without bans; one table per preset and seat count.
 *
 * <h2>Layout</h2>
 * A hand of at most {@code k} cards has an index in {@code 0..handCount(k)-1} (sizes ascending,
 * then counts of rank 3 ascending, then rank 4, ...; the empty hand is 0). Entry
 * {@code i = moverHand * n + otherHand} (two seats) or
 * {@code ((mover * n + hand0) * n + hand1) * n + hand2} (three seats), {@code n = handCount(k)},
 * sits in byte {@code i >>> 2}, bits {@code (i & 3) * 2}: 0 = not a normal-form position (never
 * probed), 1 = the mover's side loses, 2 = it wins.
 */
public final class EndgameTable implements EndgameOracle {
    /** Kind of a two-seat table. */
    public static final int TWO_SEATS = 2;
    /** Kind of a three-seat table. */
    public static final int THREE_SEATS = 3;
    /** Largest hand of the two-seat table {@code ddz tables build} builds. */
    public static final int TWO_SEAT_CARDS = 5;
    /** Largest hand of the three-seat table {@code ddz tables build} builds. */
    public static final int THREE_SEAT_CARDS = 3;

    private static final int LOSS = 1;
    private static final int WIN = 2;

    private final Preset preset;
    private final int seats;
    private final int maxCards;
    private final int handCount;
    /** ways[r * (maxCards + 1) + n]: hands of exactly n cards over ranks r..14. */
    private final int[] ways;
    /** offsets[s]: index of the first hand of s cards. */
    private final int[] offsets;
    private final ByteBuffer bits;

    private EndgameTable(Preset preset, int seats, int maxCards, ByteBuffer bits) {
        this(preset, seats, maxCards, bits, false);
    }

    private EndgameTable(Preset preset, int seats, int maxCards, ByteBuffer bits, boolean sizeOnly) {
        if (seats != TWO_SEATS && seats != THREE_SEATS) {
            throw new IllegalArgumentException("an endgame table has 2 or 3 seats, not " + seats);
        }
        if (maxCards < 1 || maxCards > 8) {
            throw new IllegalArgumentException("an endgame table covers hands of 1..8 cards, not " + maxCards);
        }
        this.preset = preset;
        this.seats = seats;
        this.maxCards = maxCards;
        int k = maxCards + 1;
        ways = new int[16 * k];
        ways[15 * k] = 1;
        for (int r = 14; r >= 0; r--) {
            int cap = r >= 13 ? 1 : 4;
            for (int n = 0; n <= maxCards; n++) {
                int sum = 0;
                for (int c = 0; c <= cap && c <= n; c++) {
                    sum += ways[(r + 1) * k + n - c];
                }
                ways[r * k + n] = sum;
            }
        }
        offsets = new int[k + 1];
        for (int s = 0; s <= maxCards; s++) {
            offsets[s + 1] = offsets[s] + ways[s];
        }
        handCount = offsets[k];
        long bytes = (entries() + 3) >>> 2;
        if (sizeOnly) {
            this.bits = bits;
            return;
        }
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("an endgame table of " + seats + " seats and hands up to " + maxCards
                + " cards needs " + bytes + " bytes, too many");
        }
        if (bits == null) {
            bits = ByteBuffer.allocate((int) bytes);
        } else if (bits.capacity() != bytes) {
            throw new IllegalArgumentException("endgame table body has " + bits.capacity() + " bytes, expected " + bytes);
        }
        this.bits = bits;
    }

    /** Largest hand of the table of {@code seats} seats that {@code ddz tables build} builds. */
    public static int defaultMaxCards(int seats) {
        return seats == TWO_SEATS ? TWO_SEAT_CARDS : THREE_SEAT_CARDS;
    }

    /**
     * A table over an existing body (for example a view of a memory-mapped file).
     *
     * @param maxCards largest hand covered, 1..8
     * @param body {@link #bodyBytes} bytes laid out as the class comment says
     * @throws IllegalArgumentException if the body has the wrong size, {@code seats} is not 2 or 3
     *     or {@code maxCards} is out of range
     */
    public static EndgameTable wrap(Preset preset, int seats, int maxCards, ByteBuffer body) {
        return new EndgameTable(preset, seats, maxCards, body);
    }

    /** Bytes of the body of a table of {@code seats} seats and hands up to {@code maxCards}. */
    public static long bodyBytes(int seats, int maxCards) {
        EndgameTable t = new EndgameTable(Preset.STANDARD, seats, maxCards, ByteBuffer.allocate(0), true);
        return (t.entries() + 3) >>> 2;
    }

    @Override
    public Preset preset() {
        return preset;
    }

    @Override
    public int seats() {
        return seats;
    }

    @Override
    public int maxHandCards() {
        return maxCards;
    }

    /** Number of entries (positions indexable, normal form or not). */
    public long entries() {
        long n = handCount;
        return seats == TWO_SEATS ? n * n : 3 * n * n * n;
    }

    /** The body (read-only use). */
    public ByteBuffer body() {
        return bits.duplicate();
    }

    /** Index of a hand of at most {@link #maxHandCards()} cards. */
    int handIndex(long hand) {
        int s = Cards.size(hand);
        int k = maxCards + 1;
        int index = offsets[s];
        int rest = s;
        long h = hand;
        for (int r = 0; rest > 0; r++) {
            int c = (int) (h & 0xF);
            h >>>= 4;
            for (int j = 0; j < c; j++) {
                index += ways[(r + 1) * k + rest - j];
            }
            rest -= c;
        }
        return index;
    }

    private long entryIndex(int mover, long h0, long h1, long h2) {
        long n = handCount;
        if (seats == TWO_SEATS) {
            return mover == 0 ? handIndex(h0) * n + handIndex(h1) : handIndex(h1) * n + handIndex(h0);
        }
        return ((mover * n + handIndex(h0)) * n + handIndex(h1)) * n + handIndex(h2);
    }

    /**
     * The verdict of a lead position, each hand of at most {@link #maxHandCards()} cards (the
     * caller checks sizes, leads, bans and preset): 1 if the mover's side wins, 0 if it loses, -1
     * if the table does not hold it (a position not in classic normal form). Allocation-free.
     */
    @Override
    public int probe(int mover, long h0, long h1, long h2) {
        long i = entryIndex(mover, h0, h1, h2);
        int v = (bits.get((int) (i >>> 2)) >>> ((int) (i & 3) << 1)) & 3;
        return v == 0 ? -1 : v - 1;
    }

    private static void set(ByteBuffer out, long i, boolean win) {
        int at = (int) (i >>> 2);
        int shift = (int) (i & 3) << 1;
        out.put(at, (byte) (out.get(at) & ~(3 << shift) | ((win ? WIN : LOSS) << shift)));
    }

    /**
     * Builds the table of {@code preset} by solving every lead position in normal form.
     *
     * @param maxCards largest hand covered ({@link #defaultMaxCards} for the shipped tables)
     * @param threads worker threads (each with its own solver and a copy of the body)
     * @param progress called now and then, from any worker thread, with the number of hands of
     *     the outer loop done (out of {@link #handCount}), or null
     */
    public static EndgameTable build(Preset preset, int seats, int maxCards, int threads, LongConsumer progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        EndgameTable t = new EndgameTable(preset, seats, maxCards, null);
        t.fill(progress, threads);
        return t;
    }

    /** Number of hands of at most {@link #maxHandCards()} cards (the empty hand included). */
    public int handCount() {
        return handCount;
    }

    private void fill(LongConsumer progress, int threads) {
        long[] hands = allHands();
        // outer hands interleaved over the threads, each writing its own copy of the body; the
        // entries of different outer hands are disjoint, so OR-ing the copies merges them
        java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
        byte[][] parts = new byte[threads][];
        Thread[] workers = new Thread[threads];
        RuntimeException[] failure = new RuntimeException[1];
        for (int t = 0; t < threads; t++) {
            final int first = t;
            parts[t] = new byte[bits.capacity()];
            final ByteBuffer part = ByteBuffer.wrap(parts[t]);
            workers[t] = new Thread(() -> {
                try {
                    ByteBuffer[] out = {part, part, part};
                    fillPart(hands, 1 + first, hands.length, threads, out, new long[3], done, progress);
                } catch (RuntimeException e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            }, "endgame-build-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("endgame table build interrupted", e);
            }
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        for (int i = 0, n = bits.capacity(); i < n; i++) {
            byte b = 0;
            for (byte[] part : parts) {
                b |= part[i];
            }
            bits.put(i, b);
        }
        if (progress != null) {
            progress.accept(hands.length);
        }
    }

    /**
     * Solves the entries of outer hands {@code first}, {@code first + step}, ... below {@code end}
     * (hand indices; the empty hand 0 has none). The entry of mover {@code m} goes to
     * {@code out[m]} at byte {@code (i >>> 2) - baseByte[m]} (for two seats only {@code m = 0}).
     */
    private void fillPart(long[] hands, int first, int end, int step, ByteBuffer[] out, long[] baseByte,
                          java.util.concurrent.atomic.AtomicLong done, LongConsumer progress) {
        Rules rules = Rules.of(preset);
        Solver solver = new Solver(rules, 64);
        for (int a = Math.max(1, first); a < end; a += step) {
            long h0 = hands[a];
            for (int b = 1; b < hands.length; b++) {
                long h1 = hands[b];
                long two = h0 + h1;
                if (!Cards.isValid(two)) {
                    continue;
                }
                if (seats == TWO_SEATS) {
                    int v = solver.solveNormalLead(2, 0, h0, h1, 0);
                    if (v >= 0) {
                        set(out[0], entryIndex(0, h0, h1, 0) - (baseByte[0] << 2), v == 1);
                    }
                    continue;
                }
                for (int c = 1; c < hands.length; c++) {
                    long h2 = hands[c];
                    if (!Cards.isValid(two + h2)) {
                        continue;
                    }
                    for (int mover = 0; mover < 3; mover++) {
                        int v = solver.solveNormalLead(3, mover, h0, h1, h2);
                        if (v < 0) {
                            break; // not a normal form, whoever leads
                        }
                        set(out[mover], entryIndex(mover, h0, h1, h2) - (baseByte[mover] << 2), v == 1);
                    }
                }
            }
            long d = done.incrementAndGet();
            if (progress != null && (d & 63) == 0) {
                progress.accept(d);
            }
        }
    }

    // ------------------------------------------------------------------------- distributed builds

    /**
     * The solved entries of a range of outer hands: what one task of a distributed build returns
     * ({@link #solveRange}), to be put together by {@link #assemble}. The outer hand is the
     * mover's (two seats) or hand 0 (three seats); the entries of a range are one contiguous run
     * of the body for two seats and one run per mover for three, each widened to whole bytes (the
     * bits of other hands in its end bytes are zero).
     *
     * @param fromHand the first outer hand index of the range
     * @param toHand one past its last
     * @param offsets the body offset of each run, bytes
     * @param runs the bytes of each run
     */
    public record Slice(int fromHand, int toHand, long[] offsets, byte[][] runs) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * Solves outer hands {@code fromHand..toHand-1} of the table of {@code preset}, {@code seats}
     * seats and hands up to {@code maxCards} cards, on the calling thread. Any split of
     * {@code 0..}{@link #handCount()} into ranges, solved anywhere and {@link #assemble assembled},
     * gives the body {@link #build} gives, byte for byte (every entry is an exact verdict).
     *
     * @param progress called now and then with the number of hands of the range done, or null
     * @throws IllegalArgumentException for a bad size or a range not within {@code 0..handCount}
     */
    public static Slice solveRange(Preset preset, int seats, int maxCards, int fromHand, int toHand,
                                   LongConsumer progress) {
        EndgameTable t = new EndgameTable(preset, seats, maxCards, ByteBuffer.allocate(0), true);
        if (fromHand < 0 || toHand < fromHand || toHand > t.handCount) {
            throw new IllegalArgumentException("hands " + fromHand + " to " + toHand + " are not within 0.."
                + t.handCount);
        }
        long n = t.handCount;
        int movers = seats == TWO_SEATS ? 1 : 3;
        long per = seats == TWO_SEATS ? n : n * n; // entries of one outer hand for one mover
        long[] offsets = new long[movers];
        byte[][] runs = new byte[movers][];
        ByteBuffer[] out = new ByteBuffer[3];
        for (int m = 0; m < movers; m++) {
            long first = (m * n + fromHand) * per;
            long end = (m * n + toHand) * per;
            offsets[m] = first >>> 2;
            long bytes = ((end + 3) >>> 2) - offsets[m];
            if (bytes > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("hands " + fromHand + " to " + toHand + " fill " + bytes
                    + " bytes, too many for one range: use more ranges");
            }
            runs[m] = new byte[(int) bytes];
            out[m] = ByteBuffer.wrap(runs[m]);
        }
        for (int m = movers; m < 3; m++) {
            out[m] = out[0];
        }
        long[] base = {offsets[0], movers > 1 ? offsets[1] : 0, movers > 2 ? offsets[2] : 0};
        t.fillPart(t.allHands(), fromHand, toHand, 1, out, base, new java.util.concurrent.atomic.AtomicLong(),
            progress);
        return new Slice(fromHand, toHand, offsets, runs);
    }

    /**
     * The table whose body is the union of {@code slices}, which must cover the outer hands
     * {@code 0..}{@link #handCount()} in order, each range following the one before (as
     * {@link #solveRange} returns them).
     *
     * @throws IllegalArgumentException if the slices do not cover the hands in order or do not fit the body
     */
    public static EndgameTable assemble(Preset preset, int seats, int maxCards, Iterable<Slice> slices) {
        EndgameTable t = new EndgameTable(preset, seats, maxCards, null);
        int next = 0;
        for (Slice s : slices) {
            if (s.fromHand() != next || s.toHand() < s.fromHand()) {
                throw new IllegalArgumentException("slices out of order: hands " + s.fromHand() + " to " + s.toHand()
                    + " after hand " + next);
            }
            for (int m = 0; m < s.runs().length; m++) {
                byte[] run = s.runs()[m];
                long at = s.offsets()[m];
                if (at < 0 || at + run.length > t.bits.capacity()) {
                    throw new IllegalArgumentException("slice of hands " + s.fromHand() + " to " + s.toHand()
                        + " does not fit a body of " + t.bits.capacity() + " bytes");
                }
                for (int i = 0; i < run.length; i++) {
                    int j = (int) (at + i);
                    t.bits.put(j, (byte) (t.bits.get(j) | run[i]));
                }
            }
            next = s.toHand();
        }
        if (next != t.handCount) {
            throw new IllegalArgumentException("slices cover hands 0 to " + next + " of " + t.handCount);
        }
        return t;
    }

    /** The number of hands of at most {@code maxCards} cards (the empty hand included): the outer range. */
    public static int handCount(int seats, int maxCards) {
        return new EndgameTable(Preset.STANDARD, seats, maxCards, ByteBuffer.allocate(0), true).handCount;
    }

    /** Every hand of at most {@link #maxHandCards()} cards, in index order. */
    long[] allHands() {
        long[] out = new long[handCount];
        collect(0, 0L, 0, out, new int[1]);
        // sort by index: the recursion visits each size in turn below
        long[] byIndex = new long[handCount];
        for (long h : out) {
            byIndex[handIndex(h)] = h;
        }
        return byIndex;
    }

    private void collect(int r, long hand, int size, long[] out, int[] n) {
        if (r == 15) {
            out[n[0]++] = hand;
            return;
        }
        int cap = r >= 13 ? 1 : 4;
        for (int c = 0; c <= cap && size + c <= maxCards; c++) {
            collect(r + 1, hand + Cards.of(r, c), size + c, out, n);
        }
    }
}
