package io.github.ddzengine.core.solve;

import java.util.concurrent.atomic.AtomicInteger;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Checks;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * The state one solve shares between the solver's layers: the rules, the hands of every ply on a
 * stack, the node count and budget, the exact transposition tables and the per-ply move buffers.
 *
 * <p>Copy-make: the hands of the position at ply {@code p} sit at {@code hands[4p .. 4p+2]} (seats
 * 0, 1, 2; the third 0 with two seats). A layer that plays a move writes the child's hands into the
 * child's ply ({@link #play}, {@link #copy}) and never changes its own, so a search unwound by a
 * budget or node cut ({@link Abort}) leaves every ply's hands as they were: nothing to restore.
 * One instance per solver; allocation-free once the buffers of the plies reached are made.
 */
final class SearchContext {
    /** Deepest ply a search may reach (a game has at most 54 plays and as many passes, twice). */
    static final int MAX_PLY = 256;
    /** Stack slots: a search at ply {@code MAX_PLY - 3} may write its child three plies on. */
    private static final int SLOTS = MAX_PLY + 4;

    final Rules rules;
    final MoveTable table;
    final MoveGenerator generator;
    /** The hands by ply: {@code hands[(ply << 2) + seat]}. */
    final long[] hands = new long[SLOTS << 2];
    /** Transposition table of lead positions (the mover leads), sized by the caller, growing within that size. */
    final TranspositionTable leads;
    /**
     * Transposition table of answer positions (the mover must beat or pass): answers transpose
     * mostly with near relatives, so a small table that stays in the core's cache finds most of
     * them and saves the memory latency of the large one (docs/solver.md, "Design notes").
     */
    final TranspositionTable answers;
    /** Scratch for {@link MoveTable#classify}: the readings of a hand. */
    final int[] readings = new int[2];
    private final int[][] moveBuffers = new int[MAX_PLY][];
    private final long[][] orderBuffers = new long[MAX_PLY][];
    /** Smallest move buffer made: below this, growing costs more than the room. */
    private static final int MIN_MOVE_ROOM = 64;
    /** {@link #moveRoom} of the solve in progress, 0 until asked. */
    private int moveRoom;
    /** Seats in the solve in progress, 2 or 3. */
    int seats;
    /** Nodes searched in the solve in progress. */
    long nodes;
    /** The node count at which the search unwinds (a solve's budget or a layer's tighter cap). */
    long nodeLimit;
    /** {@link System#nanoTime()} after which the search unwinds, {@link Long#MAX_VALUE} for none. */
    long deadline;
    /**
     * With {@link #cancelIndex}: the search unwinds at its next budget check once this holds a
     * value below {@link #cancelIndex} (a root move of a {@link RootParallelSolver} that another
     * thread has made moot); null for none. Read every 4,096 nodes, so its cost is nil.
     */
    AtomicInteger cancelBelow;
    /** See {@link #cancelBelow}. */
    int cancelIndex;

    /** Thrown inside the search to unwind when a budget runs out; never escapes the solver. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    static final Abort ABORT = new Abort();

    SearchContext(Rules rules, MoveGenerator generator, TranspositionTable leads, TranspositionTable answers) {
        this.rules = rules;
        this.table = rules.table();
        this.generator = generator;
        this.leads = leads;
        this.answers = answers;
    }

    /** Loads a root position's hands into ply 0 and sets the seat count. */
    void load(int seatCount, long h0, long h1, long h2) {
        if (Checks.ENABLED && (seatCount < 2 || seatCount > 3 || !Cards.isValid(h0 + h1 + (seatCount == 3 ? h2 : 0L)))) {
            throw new IllegalStateException("not a position of " + seatCount + " seats: hands overlap or are not card sets");
        }
        seats = seatCount;
        moveRoom = 0;
        hands[0] = h0;
        hands[1] = h1;
        hands[2] = seatCount == 3 ? h2 : 0L;
    }

    /** Seat {@code seat}'s hand at {@code ply}. */
    long hand(int ply, int seat) {
        return hands[(ply << 2) + seat];
    }

    /** Copies ply {@code from}'s hands to ply {@code to} (a pass: nobody's hand changes). */
    void copy(int from, int to) {
        int f = from << 2;
        int t = to << 2;
        hands[t] = hands[f];
        hands[t + 1] = hands[f + 1];
        hands[t + 2] = hands[f + 2];
    }

    /** Writes into ply {@code to} ply {@code from}'s hands with {@code seat}'s replaced by {@code rest}. */
    void play(int from, int to, int seat, long rest) {
        if (Checks.ENABLED && !Cards.contains(hands[(from << 2) + seat], rest)) {
            throw new IllegalStateException("ply " + from + ": a move takes cards seat " + seat + " does not hold");
        }
        int f = from << 2;
        int t = to << 2;
        hands[t] = hands[f];
        hands[t + 1] = hands[f + 1];
        hands[t + 2] = hands[f + 2];
        hands[t + seat] = rest;
    }

    /** Cards in all hands at {@code ply}. */
    int totalCards(int ply) {
        int b = ply << 2;
        return Cards.size(hands[b]) + Cards.size(hands[b + 1]) + Cards.size(hands[b + 2]);
    }

    /** The exact table of positions facing {@code last}: leads or answers. */
    TranspositionTable exact(int last) {
        return last == MoveTable.PASS ? leads : answers;
    }

    /** Counts a node; every 4,096 nodes, or when the node cap is reached, checks the budget. */
    void countNode() {
        if ((++nodes & 4095) == 0 || nodes >= nodeLimit) {
            checkBudget();
        }
    }

    /** @throws Abort if the node cap is reached or the deadline has passed */
    void checkBudget() {
        if (nodes >= nodeLimit || System.nanoTime() > deadline || cancelled()) {
            throw ABORT;
        }
    }

    /**
     * After a search cut short by a node cap tighter than the solve's own budget {@code limit}
     * ended with {@code a}: rethrows it if the solve's node or time budget has run out too.
     * (Nothing to restore: the hands of the plies above the cut are untouched.)
     */
    void resumeAfterCut(Abort a, long limit) {
        if (nodes >= limit || System.nanoTime() > deadline || cancelled()) {
            throw a;
        }
    }

    /** Whether {@link #cancelBelow} says to unwind. */
    boolean cancelled() {
        AtomicInteger c = cancelBelow;
        return c != null && c.get() < cancelIndex;
    }

    /**
     * The move buffer of {@code ply}, made or enlarged on first use in a solve: room for every
     * move of the solve's hands ({@link #moveRoom}).
     */
    int[] moves(int ply) {
        int[] buf = moveBuffers[ply];
        if (buf == null || buf.length < MoveGenerator.MAX_MOVES && buf.length < moveRoom()) {
            int room = moveRoom();
            buf = new int[room];
            moveBuffers[ply] = buf;
            orderBuffers[ply] = new long[room];
        }
        return buf;
    }

    /**
     * Room for the moves of any position of the solve in progress, computed at its first call in
     * the solve: every hand at any ply is a subset of its seat's hand at ply 0, a move is a subset
     * of the hand and a card set has at most two readings ({@link MoveTable#classify}), so a seat
     * has at most twice as many moves as its root hand has sub-multisets, plus the pass. (A fresh
     * solver on a small position allocates small buffers, not {@link MoveGenerator#MAX_MOVES}.)
     */
    private int moveRoom() {
        int room = moveRoom;
        if (room == 0) {
            for (int s = 0; s < seats; s++) {
                room = Math.max(room, moveBound(hands[s]));
            }
            room = Math.max(room, MIN_MOVE_ROOM);
            moveRoom = room;
        }
        return room;
    }

    /** The ordering keys of {@code ply}, made with its move buffer ({@link #moves}). */
    long[] orderKeys(int ply) {
        return orderBuffers[ply];
    }

    /**
     * An upper bound of the moves of {@code hand} and of any subset of it, the pass included:
     * twice its sub-multisets (a card set has at most two readings, {@link MoveTable#classify})
     * plus one, at most {@link MoveGenerator#MAX_MOVES}.
     */
    static int moveBound(long hand) {
        long subsets = 1;
        for (int r = 0; r < 15 && subsets <= MoveGenerator.MAX_MOVES; r++) {
            subsets *= Cards.count(hand, r) + 1;
        }
        return (int) Math.min(MoveGenerator.MAX_MOVES, 2 * subsets + 1);
    }

    /** Whether seats {@code a} and {@code b} play on one side (the farmers are a team). */
    static boolean sameSide(int a, int b) {
        return (a == 0) == (b == 0);
    }
}
