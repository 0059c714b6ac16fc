package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.util.Hashing;

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
 * not count plays), so callers ask for it only where a distance is wanted.
 *
 * <p><b>One search state.</b> A distance search is a layer of its {@link Solver}
 * ({@link Solver#distance()}): it runs on the solver's {@link SearchContext} (copy-make hands by
 * ply, the node count and budget, the move and ordering buffers of each ply), takes the trick's
 * rule from {@link Trick} and its hash from {@link Hashing}; only its table of distance bounds is
 * its own (the solver's tables hold verdicts, not distances). The solver and its distance search
 * take turns on one thread: one instance per thread, allocation-free once its plies' buffers are
 * made.
 */
public final class DistanceToWin {
    /** Distance value meaning "the side does not win" (the bound of a table entry never reached). */
    public static final int NO_WIN = 127;

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

    private final SearchContext ctx;
    private final MoveTable table;
    private final MinHands minHands;
    /** Whether the side whose distance is searched is the landlord's. */
    private boolean sideLandlord;

    // the table of bounds: four longs an entry (three hands, then the state word with the bounds)
    private final long[] entries;
    private final int mask;

    /**
     * The distance layer of a solver: its search state and min-hand counter, and a table of about
     * {@code tableMegabytes} MiB (32 bytes an entry, rounded down to a power of two entries).
     */
    DistanceToWin(SearchContext ctx, MinHands minHands, int tableMegabytes) {
        this.ctx = ctx;
        this.table = ctx.table;
        this.minHands = minHands;
        int entriesCount = Integer.highestOneBit((int) Math.min(1 << 26, Math.max(1L << 20, (long) tableMegabytes << 20) / 32));
        this.entries = new long[entriesCount * 4];
        this.mask = entriesCount - 1;
    }

    /** The rules this search plays by. */
    public Rules rules() {
        return ctx.rules;
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
        return iterate(0, p.mover(), p.lastMove(), p.lastSeat());
    }

    /**
     * The distance after the mover of {@code p} plays {@code move}, for the mover's side: the
     * move's cost (1 for a play, 0 for a pass) plus the distance of the position after it;
     * {@code 1} for a play that empties the hand; {@link #NO_WIN} if the side does not win after it.
     *
     * @param move a legal move of the mover in {@code p}
     */
    public Result playsAfter(Position p, int move, long timeoutMillis, long maxNodes) {
        begin(p, Position.isLandlordSide(p.mover()), timeoutMillis, maxNodes);
        int mover = p.mover();
        int next = (mover + 1) % ctx.seats;
        Result r;
        if (move == MoveTable.PASS) {
            ctx.copy(0, 1);
            r = iterate(1, next, Trick.lastAfterPass(next, p.lastMove(), p.lastSeat()),
                Trick.lastSeatAfterPass(next, p.lastSeat()));
        } else {
            long rest = ctx.hand(0, mover) - table.cards(move);
            if (rest == 0) {
                return new Result(1, true, 0);
            }
            ctx.play(0, 1, mover, rest);
            r = iterate(1, next, move, mover);
        }
        if (r.plays() == NO_WIN || move == MoveTable.PASS) {
            return r;
        }
        return new Result(r.plays() + 1, r.exact(), r.nodes());
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
        } catch (SearchContext.Abort a) {
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
        int[] line = new int[SearchContext.MAX_PLY];
        int ply = 0;
        try {
            while (ply + 1 < SearchContext.MAX_PLY) {
                int m = choose(ply, mover, last, lastSeat, d);
                line[ply] = m;
                int next = (mover + 1) % ctx.seats;
                if (m == MoveTable.PASS) {
                    ctx.copy(ply, ply + 1);
                    last = Trick.lastAfterPass(next, last, lastSeat);
                    lastSeat = Trick.lastSeatAfterPass(next, lastSeat);
                } else {
                    if (isSide(mover)) {
                        d--;
                    }
                    long rest = ctx.hand(ply, mover) - table.cards(m);
                    if (rest == 0) {
                        ply++;
                        break;
                    }
                    ctx.play(ply, ply + 1, mover, rest);
                    last = m;
                    lastSeat = mover;
                }
                mover = next;
                ply++;
            }
        } catch (SearchContext.Abort a) {
            return null;
        }
        return Arrays.copyOf(line, ply);
    }

    /** Search nodes since the last call began (until the solver's next call). */
    public long lastNodes() {
        return ctx.nodes;
    }

    // ---- the search ----

    private void begin(Position p, boolean landlordSide, long timeoutMillis, long maxNodes) {
        if (!p.rules().equals(ctx.rules)) {
            throw new IllegalArgumentException("position rules " + p.rules() + " differ from the search's " + ctx.rules);
        }
        ctx.load(p.seats(), p.hand(0), p.hand(1), p.seats() == 3 ? p.hand(2) : 0L);
        sideLandlord = landlordSide;
        ctx.nodes = 0;
        ctx.nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        ctx.deadline = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000L : Long.MAX_VALUE;
    }

    /** Iterative deepening from the lower bound on the position at {@code ply}. */
    private Result iterate(int ply, int mover, int last, int lastSeat) {
        int maxPlays = sideCards(ply);
        int d = Math.max(lowerBound(ply), 1);
        int slot = probe(ply, mover, last, lastSeat);
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
                if (within(ply, mover, last, lastSeat, d)) {
                    return new Result(d, true, ctx.nodes);
                }
            }
            store(ply, mover, last, lastSeat, NO_WIN, NO_WIN);
            return new Result(NO_WIN, true, ctx.nodes);
        } catch (SearchContext.Abort a) {
            return new Result(d, false, ctx.nodes);
        }
    }

    /** The best move at the position at {@code ply} given its exact distance {@code d} (see {@link #bestMove}). */
    private int choose(int ply, int mover, int last, int lastSeat, int d) {
        long hand = ctx.hand(ply, mover);
        int[] moves = ctx.moves(ply);
        int n = ctx.generator.answers(hand, last, moves);
        DisplayOrder.sort(table, moves, n, ctx.orderKeys(ply));
        boolean side = isSide(mover);
        int next = (mover + 1) % ctx.seats;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean keeps;
            if (m == MoveTable.PASS) {
                ctx.copy(ply, ply + 1);
                int cl = Trick.lastAfterPass(next, last, lastSeat);
                int cs = Trick.lastSeatAfterPass(next, lastSeat);
                // the winner keeps the distance; the loser's move leaves it unchanged when the winner
                // cannot win within one play fewer
                keeps = side ? within(ply + 1, next, cl, cs, d) : !within(ply + 1, next, cl, cs, d - 1);
            } else {
                long rest = hand - table.cards(m);
                if (rest == 0) {
                    if (side) {
                        return m; // d is 1
                    }
                    continue; // cannot happen: the loser would win
                }
                ctx.play(ply, ply + 1, mover, rest);
                keeps = side ? within(ply + 1, next, m, mover, d - 1) : !within(ply + 1, next, m, mover, d - 1);
            }
            if (keeps) {
                return m;
            }
        }
        throw new IllegalStateException("no move keeps the distance " + d + ": it was not exact");
    }

    /** Whether the side wins within {@code d} of its plays from the position at {@code ply}. */
    private boolean within(int ply, int mover, int last, int lastSeat, int d) {
        if (d <= 0) {
            return false;
        }
        if (lowerBound(ply) > d) {
            return false;
        }
        int slot = probe(ply, mover, last, lastSeat);
        if (slot >= 0) {
            if (hi(slot) <= d) {
                return true;
            }
            if (lo(slot) > d) {
                return false;
            }
        }
        ctx.countNode();
        long hand = ctx.hand(ply, mover);
        int[] moves = ctx.moves(ply);
        int n = ctx.generator.answers(hand, last, moves);
        boolean side = isSide(mover);
        // going out at once
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (m != MoveTable.PASS && table.cards(m) == hand) {
                if (side) {
                    store(ply, mover, last, lastSeat, 1, 1);
                    return true;
                }
                store(ply, mover, last, lastSeat, NO_WIN, NO_WIN);
                return false;
            }
        }
        long[] keys = order(ply, moves, n, hand);
        int next = (mover + 1) % ctx.seats;
        // the winner's plays after which its side needs more than d - 1 plays: the side's other
        // hand (a partner's) bounds it too
        int partner = side && ctx.seats == 3 && !sideLandlord ? minHands.count(ctx.hand(ply, 3 - mover)) : Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long key = keys[i];
            int m = (int) (key & 0xFFFF);
            boolean child;
            if (side && m != MoveTable.PASS && Math.min((int) (key >>> 22), partner) > d - 1) {
                continue; // the child's lower bound fails it
            }
            if (m == MoveTable.PASS) {
                ctx.copy(ply, ply + 1);
                child = within(ply + 1, next, Trick.lastAfterPass(next, last, lastSeat),
                    Trick.lastSeatAfterPass(next, lastSeat), d);
            } else {
                ctx.play(ply, ply + 1, mover, hand - table.cards(m));
                child = within(ply + 1, next, m, mover, side ? d - 1 : d);
            }
            if (side && child) {
                store(ply, mover, last, lastSeat, 0, d);
                return true;
            }
            if (!side && !child) {
                store(ply, mover, last, lastSeat, d + 1, NO_WIN);
                return false;
            }
        }
        if (side) {
            store(ply, mover, last, lastSeat, d + 1, NO_WIN);
            return false;
        }
        store(ply, mover, last, lastSeat, 0, d);
        return true;
    }

    /**
     * The {@code n} moves of {@code moves} as sorted keys in the ply's ordering buffer: plays that
     * leave the fewest combinations first (for the winner they keep within the bound, for the other
     * side they bring it nearest to going out), larger plays first among equals, a pass last. A
     * key holds the move in its low 16 bits and the mover's min-hand count after the move from
     * bit 22 (31 for a pass).
     */
    private long[] order(int ply, int[] moves, int n, long hand) {
        long[] keys = ctx.orderKeys(ply);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            long score;
            if (m == MoveTable.PASS) {
                score = 0x7FFL;
            } else {
                score = (long) minHands.count(hand - table.cards(m)) << 6 | (63 - table.cardCount(m));
            }
            keys[i] = score << 16 | m;
        }
        Arrays.sort(keys, 0, n);
        return keys;
    }

    /** Whether {@code seat} plays for the side whose distance is searched. */
    private boolean isSide(int seat) {
        return Position.isLandlordSide(seat) == sideLandlord;
    }

    /** The fewest plays the side needs at {@code ply}: its min-hand count (the smaller farmer's with three seats). */
    private int lowerBound(int ply) {
        if (sideLandlord) {
            return minHands.count(ctx.hand(ply, 0));
        }
        int b = minHands.count(ctx.hand(ply, 1));
        return ctx.seats == 3 ? Math.min(b, minHands.count(ctx.hand(ply, 2))) : b;
    }

    /** The cards the side holds at {@code ply}: no distance is larger. */
    private int sideCards(int ply) {
        if (sideLandlord) {
            return Cards.size(ctx.hand(ply, 0));
        }
        return Cards.size(ctx.hand(ply, 1)) + (ctx.seats == 3 ? Cards.size(ctx.hand(ply, 2)) : 0);
    }

    // ---- the table of bounds ----

    /** The state word without bounds: valid bit, side, mover, last seat and last move. */
    private long state(int mover, int last, int lastSeat) {
        return 1L << 63 | (sideLandlord ? 1L << 62 : 0L) | (long) mover << 58 | (long) (lastSeat + 1) << 54
            | (long) last << 32;
    }

    private int index(int ply, long state) {
        long h = ctx.hand(ply, 0) * Hashing.GOLDEN ^ Long.rotateLeft(ctx.hand(ply, 1) * Hashing.MIX_A, 21)
            ^ Long.rotateLeft(ctx.hand(ply, 2) * Hashing.MIX_B, 42) ^ state;
        return (int) Hashing.mix64(h) & mask;
    }

    /** Whether entry {@code e} holds the position at {@code ply} with {@code state}. */
    private boolean holds(int e, int ply, long state) {
        return (entries[e + 3] & ~0xFFFFL) == state && entries[e] == ctx.hand(ply, 0)
            && entries[e + 1] == ctx.hand(ply, 1) && entries[e + 2] == ctx.hand(ply, 2);
    }

    /** The entry slot of the position at {@code ply}, or -1. */
    private int probe(int ply, int mover, int last, int lastSeat) {
        long state = state(mover, last, lastSeat);
        int i = index(ply, state);
        for (int k = 0; k < 4; k++) {
            int e = ((i + k) & mask) << 2;
            if (entries[e + 3] == 0) {
                return -1;
            }
            if (holds(e, ply, state)) {
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

    /** Narrows the bounds of the position at {@code ply} to {@code [lo, hi]} (joined with what is stored). */
    private void store(int ply, int mover, int last, int lastSeat, int lo, int hi) {
        long state = state(mover, last, lastSeat);
        int i = index(ply, state);
        int free = -1;
        for (int k = 0; k < 4; k++) {
            int e = ((i + k) & mask) << 2;
            if (entries[e + 3] == 0) {
                free = e;
                break;
            }
            if (holds(e, ply, state)) {
                lo = Math.max(lo, lo(e));
                hi = Math.min(hi, hi(e));
                entries[e + 3] = state | (long) lo << 8 | hi;
                return;
            }
        }
        int e = free >= 0 ? free : i << 2;
        entries[e] = ctx.hand(ply, 0);
        entries[e + 1] = ctx.hand(ply, 1);
        entries[e + 2] = ctx.hand(ply, 2);
        entries[e + 3] = state | (long) lo << 8 | hi;
    }
}
