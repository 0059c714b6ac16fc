package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * Distance to win, like the distance-to-mate of chess endgame tables: how many <em>plays</em> the
 * winning side needs to finish against the most stubborn defence, the fastest winning move and
 * the most stubborn defence.
 *
 * <p><b>Plays.</b> The plays of a side are the combinations its seats put on the table (a pass is
 * no play), its last card's play included; with three seats the farmers' side counts the plays of
 * both farmers. The distance {@code D(p)} of a position won by side {@code S} is the number of
 * plays {@code S} makes from {@code p} to the end when {@code S} plays to finish in the fewest and
 * the other side plays to make that as many as it can: at a seat of {@code S},
 * {@code D = min over moves (1 if a play, 0 if a pass) + D(after)} (a play that empties the hand
 * counts 1); at a seat of the other side, {@code D = max over moves D(after)}, and a position where
 * that side can go out is not won by {@code S}. Every play removes a card, so {@code D} is at most
 * the cards {@code S} holds.
 *
 * <p><b>Search.</b> Iterative deepening on "does {@code S} win within {@code d} plays", a boolean
 * depth-first search with: the exact min-hand count of {@code S}'s hand (the smaller of the two
 * farmers' with three seats) as a lower bound (a hand of {@code k} combinations at least needs
 * {@code k} plays); a transposition table of bounds keyed by the exact position and the side
 * ({@code D >= lo} from failed searches, {@code D <= hi} from successful ones, kept across
 * depths and across calls: every entry is exact, so the table is only cleared by
 * {@link #clear}); plays that empty the hand first; the other side's going out found before
 * anything else is searched. None of these changes a distance, so the value is exact whenever
 * the search finishes. A time or node budget that runs out ends it with the lower bound proven so
 * far ({@link Result#exact()} false).
 *
 * <p>The search does not need the boolean verdict ({@link Solver}): a side that does not win fails
 * every depth up to its cards, and {@link #plays} then says so. It is far slower than the boolean
 * solve on large positions (the depth bound forbids the solver's quick wins and cut-offs that do
 * not count plays), so callers ask for it only where a distance is wanted. One instance per thread;
 * the search allocates only when a deeper ply than ever before needs its move buffer.
 */
public final class DistanceToWin {
    /** Distance value meaning "the side does not win" (the bound of a table entry never reached). */
    public static final int NO_WIN = 127;
    /** Nodes between two reads of the clock. */
    private static final int CLOCK_MASK = 4095;
    private static final int MAX_PLY = 400;

    /**
     * A distance: exact, or a lower bound where a budget ran out.
     *
     * @param plays the winning side's plays to finish ({@code D}); when not exact, a proven lower
     *     bound; {@link #NO_WIN} when the side does not win (exact)
     * @param exact whether {@code plays} is the exact distance
     * @param nodes positions searched by the call
     */
    public record Result(int plays, boolean exact, long nodes) {
        /** Whether the side was proven to win ({@code plays} exact and not {@link #NO_WIN}). */
        public boolean wins() {
            return exact && plays != NO_WIN;
        }
    }

    /** Thrown when the budget runs out; preallocated, no stack trace. */
    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super("distance budget exhausted", null, false, false);
        }
    }

    private static final Abort ABORT = new Abort();

    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MinHands minHands;
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];
    private final long[] sortScratch = new long[MoveGenerator.MAX_MOVES];
    private final int[][] plyMoves = new int[MAX_PLY][];
    /** For each ply's moves in order, the mover's min-hand count after the move. */
    private final int[][] plyLeft = new int[MAX_PLY][];
    private final long[] hands = new long[3];
    private int seats;
    /** Whether the side whose distance is searched is the landlord's. */
    private boolean sideLandlord;

    // the table: four longs an entry (three hands, then the state word with the bounds)
    private long[] entries;
    private int mask;
    private long nodes;
    private long nodeLimit;
    private long deadline;

    /**
     * A search for the given rules with a table of about {@code tableMegabytes} MiB (32 bytes an
     * entry, rounded down to a power of two entries) and no precomputed tables.
     *
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public DistanceToWin(Rules rules, int tableMegabytes) {
        this(rules, tableMegabytes, EngineTables.NONE);
    }

    /**
     * A search for the given rules whose min-hand counts use {@code tables}' split table.
     *
     * @param tableMegabytes the table's memory in MiB, at least 1
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public DistanceToWin(Rules rules, int tableMegabytes, EngineTables tables) {
        if (tableMegabytes < 1) {
            throw new IllegalArgumentException("table of " + tableMegabytes + " MiB: at least 1");
        }
        this.rules = rules;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.minHands = MinHands.of(rules, tables);
        int entriesCount = Integer.highestOneBit((int) Math.min(1 << 26, ((long) tableMegabytes << 20) / 32));
        this.entries = new long[entriesCount * 4];
        this.mask = entriesCount - 1;
    }

    /** The rules this search plays by. */
    public Rules rules() {
        return rules;
    }

    /** Empties the table (entries stay valid forever; this only frees their places). */
    public void clear() {
        Arrays.fill(entries, 0L);
    }

    /**
     * The distance of {@code p} for the side of {@code landlordSide}: the plays that side needs
     * to finish against the most stubborn defence, {@link #NO_WIN} if it does not win.
     *
     * @param p a position of this search's rules
     * @param landlordSide whether the side is the landlord's (else the farmers')
     * @param timeoutMillis wall-time budget in ms, 0 for none
     * @param maxNodes node budget, 0 for none
     * @throws IllegalArgumentException if the position's rules differ from the search's
     */
    public Result plays(Position p, boolean landlordSide, long timeoutMillis, long maxNodes) {
        begin(p, landlordSide, timeoutMillis, maxNodes);
        return iterate(p.mover(), p.lastMove(), p.lastSeat());
    }

    /**
     * The distance after the mover of {@code p} plays {@code move}, for the mover's side: the
     * move's cost (1 for a play, 0 for a pass) plus the distance of the position after it;
     * {@code 1} for a play that empties the hand; {@link #NO_WIN} if the side does not win after it.
     *
     * @param move a legal move of the mover in {@code p}
     */
    public Result playsAfter(Position p, int move, long timeoutMillis, long maxNodes) {
        boolean side = Position.isLandlordSide(p.mover());
        begin(p, side, timeoutMillis, maxNodes);
        int mover = p.mover();
        if (move != MoveTable.PASS && table.cards(move) == hands[mover]) {
            return new Result(1, true, 0);
        }
        int cost = move == MoveTable.PASS ? 0 : 1;
        int next = (mover + 1) % seats;
        int last = p.lastMove();
        int lastSeat = p.lastSeat();
        if (move == MoveTable.PASS) {
            if (Trick.passEndsTrick(next, lastSeat)) {
                last = MoveTable.PASS;
                lastSeat = -1;
            }
        } else {
            hands[mover] -= table.cards(move);
            last = move;
            lastSeat = mover;
        }
        Result r = iterate(next, last, lastSeat);
        if (r.plays() == NO_WIN) {
            return r;
        }
        return new Result(r.plays() + cost, r.exact(), r.nodes());
    }

    /**
     * The move the mover of {@code p} should play given the distance {@code d} of {@code p} (exact,
     * as {@link #plays} returns it for the winning side): where the mover's side wins, the first
     * move in display order that keeps the distance (a fastest win); where it loses, the first in
     * display order after which the winner still needs {@code d} plays (the most stubborn
     * defence). Searches only what the table does not already hold.
     *
     * @param landlordWins whether the winning side is the landlord's
     * @param d the exact distance of {@code p} for the winning side
     * @return the move id, or -1 if a budget ran out first
     */
    public int bestMove(Position p, boolean landlordWins, int d, long timeoutMillis, long maxNodes) {
        begin(p, landlordWins, timeoutMillis, maxNodes);
        try {
            return choose(0, p.mover(), p.lastMove(), p.lastSeat(), d);
        } catch (Abort a) {
            return -1;
        }
    }

    /**
     * The line of best play from {@code p} to the end of the game: the winner's fastest win
     * against the loser's most stubborn defence, each move the first in display order among the
     * best ({@link #bestMove}).
     *
     * @param landlordWins whether the winning side is the landlord's
     * @param d the exact distance of {@code p} for the winning side
     * @return the moves, passes included, seats taking turns from the mover; null if a budget ran
     *     out first
     */
    public int[] line(Position p, boolean landlordWins, int d, long timeoutMillis, long maxNodes) {
        begin(p, landlordWins, timeoutMillis, maxNodes);
        int mover = p.mover();
        int last = p.lastMove();
        int lastSeat = p.lastSeat();
        int[] line = new int[MAX_PLY];
        int len = 0;
        try {
            while (len < MAX_PLY) {
                int m = choose(0, mover, last, lastSeat, d);
                line[len++] = m;
                int next = (mover + 1) % seats;
                if (m == MoveTable.PASS) {
                    if (Trick.passEndsTrick(next, lastSeat)) {
                        last = MoveTable.PASS;
                        lastSeat = -1;
                    }
                } else {
                    if (isSide(mover)) {
                        d--;
                    }
                    hands[mover] -= table.cards(m);
                    if (hands[mover] == 0) {
                        break;
                    }
                    last = m;
                    lastSeat = mover;
                }
                mover = next;
            }
        } catch (Abort a) {
            return null;
        }
        return Arrays.copyOf(line, len);
    }

    /** Search nodes since the last call began. */
    public long lastNodes() {
        return nodes;
    }

    // ---- the search ----

    private void begin(Position p, boolean landlordSide, long timeoutMillis, long maxNodes) {
        if (!p.rules().equals(rules)) {
            throw new IllegalArgumentException("position rules " + p.rules() + " differ from the search's " + rules);
        }
        seats = p.seats();
        hands[0] = p.hand(0);
        hands[1] = p.hand(1);
        hands[2] = seats == 3 ? p.hand(2) : 0L;
        sideLandlord = landlordSide;
        nodes = 0;
        nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        deadline = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000L : Long.MAX_VALUE;
    }

    /** Iterative deepening from the lower bound on the loaded position. */
    private Result iterate(int mover, int last, int lastSeat) {
        int maxPlays = sideCards();
        int d = Math.max(lowerBound(), 1);
        int slot = probe(mover, last, lastSeat);
        if (slot >= 0) {
            int lo = lo(slot);
            int hi = hi(slot);
            if (lo == hi || lo == NO_WIN) {
                return new Result(lo, true, 0);
            }
            d = Math.max(d, lo);
        }
        try {
            for (; d <= maxPlays; d++) {
                if (within(0, mover, last, lastSeat, d)) {
                    return new Result(d, true, nodes);
                }
            }
            store(mover, last, lastSeat, NO_WIN, NO_WIN);
            return new Result(NO_WIN, true, nodes);
        } catch (Abort a) {
            return new Result(d, false, nodes);
        }
    }

    /**
     * The best move at the loaded position given its exact distance {@code d} (see
     * {@link #bestMove}); the hands are left as they were.
     */
    private int choose(int ply, int mover, int last, int lastSeat, int d) {
        int n = generator.answers(hands[mover], last, scratch);
        int[] moves = Arrays.copyOf(scratch, n);
        DisplayOrder.sort(table, moves, n, sortScratch);
        boolean side = isSide(mover);
        int next = (mover + 1) % seats;
        for (int m : moves) {
            int cost = side && m != MoveTable.PASS ? 1 : 0;
            boolean keeps;
            if (m == MoveTable.PASS) {
                int cl = Trick.passEndsTrick(next, lastSeat) ? MoveTable.PASS : last;
                int cs = Trick.passEndsTrick(next, lastSeat) ? -1 : lastSeat;
                // the winner keeps the distance; the loser's move leaves it unchanged when the winner
                // cannot win within one play fewer
                keeps = side ? within(ply + 1, next, cl, cs, d) : !within(ply + 1, next, cl, cs, d - 1);
            } else {
                long c = table.cards(m);
                if (c == hands[mover]) {
                    if (side) {
                        return m; // d is 1
                    }
                    continue; // cannot happen: the loser would win
                }
                hands[mover] -= c;
                try {
                    keeps = side ? within(ply + 1, next, m, mover, d - cost)
                        : !within(ply + 1, next, m, mover, d - 1);
                } finally {
                    hands[mover] += c;
                }
            }
            if (keeps) {
                return m;
            }
        }
        throw new IllegalStateException("no move keeps the distance " + d + ": it was not exact");
    }

    /**
     * Whether the side wins within {@code d} of its plays from the loaded position ({@code hands}
     * modified and restored).
     */
    private boolean within(int ply, int mover, int last, int lastSeat, int d) {
        if (d <= 0) {
            return false;
        }
        if (lowerBound() > d) {
            return false;
        }
        int slot = probe(mover, last, lastSeat);
        if (slot >= 0) {
            if (hi(slot) <= d) {
                return true;
            }
            if (lo(slot) > d) {
                return false;
            }
        }
        if ((++nodes & CLOCK_MASK) == 0 && System.nanoTime() > deadline || nodes > nodeLimit) {
            throw ABORT;
        }
        long hand = hands[mover];
        int n = generator.answers(hand, last, scratch);
        boolean side = isSide(mover);
        // going out at once
        for (int i = 0; i < n; i++) {
            int m = scratch[i];
            if (m != MoveTable.PASS && table.cards(m) == hand) {
                if (side) {
                    store(mover, last, lastSeat, 1, 1);
                    return true;
                }
                store(mover, last, lastSeat, NO_WIN, NO_WIN);
                return false;
            }
        }
        int[] moves = order(ply, n, hand, side);
        int next = (mover + 1) % seats;
        // the winner's plays after which its side needs more than d - 1 plays: the side's other
        // hand (a partner's) bounds it too
        int partner = side && seats == 3 && !sideLandlord ? minHands.count(hands[3 - mover]) : Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean child;
            if (side && m != MoveTable.PASS && Math.min(plyLeft[ply][i], partner) > d - 1) {
                continue; // the child's lower bound fails it
            }
            if (m == MoveTable.PASS) {
                child = Trick.passEndsTrick(next, lastSeat)
                    ? within(ply + 1, next, MoveTable.PASS, -1, d)
                    : within(ply + 1, next, last, lastSeat, d);
            } else {
                long c = table.cards(m);
                hands[mover] -= c;
                try {
                    child = within(ply + 1, next, m, mover, side ? d - 1 : d);
                } finally {
                    hands[mover] += c;
                }
            }
            if (side && child) {
                store(mover, last, lastSeat, 0, d);
                return true;
            }
            if (!side && !child) {
                store(mover, last, lastSeat, d + 1, NO_WIN);
                return false;
            }
        }
        if (side) {
            store(mover, last, lastSeat, d + 1, NO_WIN);
            return false;
        }
        store(mover, last, lastSeat, 0, d);
        return true;
    }

    /**
     * The {@code n} moves of {@code scratch} in search order, in the ply's buffer: plays that
     * leave the fewest combinations first (for the winner they keep within the bound, for the
     * other side they bring it nearest to going out), larger plays first among equals, a pass last.
     */
    private int[] order(int ply, int n, long hand, boolean side) {
        int[] moves = plyMoves[ply];
        if (moves == null || moves.length < n) {
            moves = new int[Math.max(n, 64)];
            plyMoves[ply] = moves;
            plyLeft[ply] = new int[moves.length];
        }
        int[] left = plyLeft[ply];
        for (int i = 0; i < n; i++) {
            int m = scratch[i];
            long score;
            if (m == MoveTable.PASS) {
                score = 0x7FFL;
            } else {
                score = (long) minHands.count(hand - table.cards(m)) << 6 | (63 - table.cardCount(m));
            }
            sortScratch[i] = score << 16 | m;
        }
        Arrays.sort(sortScratch, 0, n);
        for (int i = 0; i < n; i++) {
            moves[i] = (int) (sortScratch[i] & 0xFFFF);
            left[i] = (int) (sortScratch[i] >>> 22); // the min-hand count after the move (a pass: 31)
        }
        return moves;
    }

    /** Whether {@code seat} plays for the side whose distance is searched. */
    private boolean isSide(int seat) {
        return Position.isLandlordSide(seat) == sideLandlord;
    }

    /** The fewest plays the side needs: its min-hand count (the smaller farmer's with three seats). */
    private int lowerBound() {
        if (sideLandlord) {
            return minHands.count(hands[0]);
        }
        int b = minHands.count(hands[1]);
        return seats == 3 ? Math.min(b, minHands.count(hands[2])) : b;
    }

    /** The cards the side holds: no distance is larger. */
    private int sideCards() {
        if (sideLandlord) {
            return Cards.size(hands[0]);
        }
        return Cards.size(hands[1]) + (seats == 3 ? Cards.size(hands[2]) : 0);
    }

    // ---- the table ----

    /** The state word without bounds: valid bit, side, mover, last seat and last move. */
    private long state(int mover, int last, int lastSeat) {
        return 1L << 63 | (sideLandlord ? 1L << 62 : 0L) | (long) mover << 58 | (long) (lastSeat + 1) << 54
            | (long) last << 32;
    }

    private int index(long state) {
        long h = hands[0] * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(hands[1] * 0xC2B2AE3D27D4EB4FL, 21)
            ^ Long.rotateLeft(hands[2] * 0x165667B19E3779F9L, 42) ^ state * 0xD6E8FEB86659FD93L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (int) h & mask;
    }

    /** The entry slot of the loaded position, or -1. */
    private int probe(int mover, int last, int lastSeat) {
        long state = state(mover, last, lastSeat);
        int i = index(state);
        for (int k = 0; k < 4; k++) {
            int e = ((i + k) & mask) << 2;
            long w = entries[e + 3];
            if (w == 0) {
                return -1;
            }
            if ((w & ~0xFFFFL) == state && entries[e] == hands[0] && entries[e + 1] == hands[1]
                && entries[e + 2] == hands[2]) {
                return e;
            }
        }
        return -1;
    }

    private int lo(int e) {
        return (int) (entries[e + 3] >>> 8) & 0xFF;
    }

    private int hi(int e) {
        return (int) entries[e + 3] & 0xFF;
    }

    /** Narrows the loaded position's bounds to {@code [lo, hi]} (joined with what is stored). */
    private void store(int mover, int last, int lastSeat, int lo, int hi) {
        long state = state(mover, last, lastSeat);
        int i = index(state);
        int free = -1;
        for (int k = 0; k < 4; k++) {
            int e = ((i + k) & mask) << 2;
            long w = entries[e + 3];
            if (w == 0) {
                free = free < 0 ? e : free;
                break;
            }
            if ((w & ~0xFFFFL) == state && entries[e] == hands[0] && entries[e + 1] == hands[1]
                && entries[e + 2] == hands[2]) {
                lo = Math.max(lo, lo(e));
                hi = Math.min(hi, hi(e));
                entries[e + 3] = state | (long) lo << 8 | hi;
                return;
            }
        }
        int e = free >= 0 ? free : i << 2;
        entries[e] = hands[0];
        entries[e + 1] = hands[1];
        entries[e + 2] = hands[2];
        entries[e + 3] = state | (long) lo << 8 | hi;
    }
}
