package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.Scoring;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * A rollout: plays a perfect-information deal to the end (or to a stop for a leaf model) with the
 * {@link RolloutPolicy}, counting its moves, and ending it with the exact solver's verdict once
 * few enough cards are left, when asked to. One instance per thread; allocation-free after
 * construction (the solver's first solve excepted).
 */
public final class Playout {
    private static final int SPRING_BIT = 1 << 10;
    private static final int UNFINISHED_BIT = 1 << 11;

    private final Rules rules;
    private final MoveTable table;
    private final SplitCache splits;
    private final long[] hands = new long[3];
    private final RolloutPolicy policy;
    private int stopMover;
    private int stopLast;
    private int stopLastSeat;
    private final int solveCards;
    private final long solveNodes;
    private final Solver solver;
    private long moves;
    private long solverNodes;
    private long solved;

    /** A playout for {@code rules} with the {@link RolloutPolicy#DEFAULT} features. */
    public Playout(Rules rules, MinHands minHands) {
        this(rules, minHands, RolloutPolicy.DEFAULT);
    }

    /** A playout for {@code rules} with the given features and no endgame solves. */
    public Playout(Rules rules, MinHands minHands, int features) {
        this(rules, minHands, features, 0, 0);
    }

    /**
     * A playout for {@code rules}, counting plays with {@code minHands} (shared, thread-safe).
     *
     * @param features the policy's features: an or of {@link RolloutPolicy#WIN_IN_TWO}, {@link RolloutPolicy#URGENT_COUNT},
     *     {@link RolloutPolicy#SAFE_LEADS}, {@link RolloutPolicy#FEED_PARTNER}, {@link RolloutPolicy#SURE_WIN}, {@link RolloutPolicy#FEED_SURE},
     *     {@link RolloutPolicy#BLOCK_SHORT}, {@link RolloutPolicy#UP_EVEN}, {@link RolloutPolicy#URGENT_TWO}, {@link RolloutPolicy#LANDLORD_EVEN}; 0 is
     *     the first policy ({@code mc-v1}'s)
     * @param solveCards once the hands hold at most this many cards in all, the rollout ends with
     *     the exact solver's verdict ({@link Solver#solveVerdict}); 0 for never
     * @param solveNodes the node budget of such a solve (0: none); a solve that runs out of it
     *     leaves the rollout to the policy
     */
    public Playout(Rules rules, MinHands minHands, int features, int solveCards, long solveNodes) {
        this(rules, minHands, features, solveCards, solveNodes, EngineTables.NONE);
    }

    /**
     * {@link #Playout(Rules, MinHands, int, int, long)} whose endgame solver uses {@code tables}
     * (give {@code minHands} the same tables: {@link MinHands#of(Rules, EngineTables)}).
     */
    public Playout(Rules rules, MinHands minHands, int features, int solveCards, long solveNodes, EngineTables tables) {
        this.solveCards = solveCards;
        this.solveNodes = solveNodes;
        this.solver = solveCards > 0 ? new Solver(rules, 1, tables) : null;
        this.rules = rules;
        this.table = rules.table();
        this.splits = new SplitCache(minHands, 16);
        this.policy = new RolloutPolicy(rules, splits, features);
    }

    /** The policy's features ({@link #Playout(Rules, MinHands, int)}). */
    public int features() {
        return policy.features();
    }

    /** The rules played. */
    public Rules rules() {
        return rules;
    }

    /** The per-thread min-hand cache this playout uses (shared with the caller's candidate ordering). */
    public SplitCache splits() {
        return splits;
    }

    /** Rollout moves (plays and passes) chosen so far by {@link #run}. */
    public long moves() {
        return moves;
    }

    /** Solver nodes searched so far by {@link #run}'s endgame solves, finished or not. */
    public long solverNodes() {
        return solverNodes;
    }

    /** Rollouts so far that the endgame solver ended. */
    public long solvedRollouts() {
        return solved;
    }

    /** The card total at or below which a rollout ends with an exact solve (0: never). */
    public int solveCards() {
        return solveCards;
    }

    /** The node budget of a rollout's endgame solve (0: none). */
    public long solveNodes() {
        return solveNodes;
    }

    /** The winning seat of a {@link #run} result, 0..2. */
    public static int winner(int result) {
        return result & 3;
    }

    /** The bombs and rockets played during a {@link #run}. */
    public static int bombs(int result) {
        return (result >>> 2) & 0xFF;
    }

    /** Whether a {@link #run} with a move limit stopped before the deal ended (then {@link #winner} means nothing). */
    public static boolean unfinished(int result) {
        return (result & UNFINISHED_BIT) != 0;
    }

    /** The hands where the last unfinished {@link #run} stopped (the playout's own array: read, do not keep). */
    public long[] stopHands() {
        return hands;
    }

    /** The seat to act where the last unfinished {@link #run} stopped. */
    public int stopMover() {
        return stopMover;
    }

    /** The move to beat where the last unfinished {@link #run} stopped ({@link MoveTable#PASS}: a lead). */
    public int stopLast() {
        return stopLast;
    }

    /** The seat that played {@link #stopLast()}, -1 on a lead. */
    public int stopLastSeat() {
        return stopLastSeat;
    }

    /** Whether a {@link #run} ended in a spring or anti-spring (which doubles the score). */
    public static boolean spring(int result) {
        return (result & SPRING_BIT) != 0;
    }

    /**
     * Plays the deal to the end.
     *
     * @param start the hands of seats 0, 1, 2 (not modified); every hand non-empty
     * @param mover the seat to act
     * @param last the move to beat, or {@link MoveTable#PASS} when the mover leads
     * @param lastSeat the seat that played {@code last}, -1 when the mover leads
     * @param landlordPlays the landlord's non-pass plays so far (for anti-spring)
     * @param farmersPlayed whether a farmer has played a card so far (for spring)
     * @return the result: {@link #winner}, {@link #bombs}, {@link #spring}
     */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed) {
        return run(start, mover, last, lastSeat, landlordPlays, farmersPlayed, Integer.MAX_VALUE);
    }

    /** {@link #run(long[], int, int, int, int, boolean, int, int)} stopping after {@code maxMoves} moves whatever the cards. */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed,
                   int maxMoves) {
        return run(start, mover, last, lastSeat, landlordPlays, farmersPlayed, maxMoves, 54);
    }

    /**
     * {@link #run} that stops once it has chosen at least {@code maxMoves} moves (plays and passes)
     * and the hands hold at most {@code stopCards} cards in all, if the deal has not ended: the
     * result then has {@link #unfinished} set and {@link #bombs} so far,
     * and {@link #stopHands()}, {@link #stopMover()}, {@link #stopLast()} and {@link
     * #stopLastSeat()} give the position reached (until the next run). An endgame solve that
     * settles the deal ends it as in {@link #run}.
     *
     * @param maxMoves the least moves to choose before it may stop, 0 or more
     * @param stopCards it stops only at this many cards in all hands or fewer (54: whatever the cards)
     */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed,
                   int maxMoves, int stopCards) {
        long[] h = hands;
        h[0] = start[0];
        h[1] = start[1];
        h[2] = start[2];
        int bombs = 0;
        if (last == MoveTable.PASS) {
            lastSeat = -1;
        }
        boolean trySolve = solveCards > 0;
        int total = trySolve || stopCards < 54 ? Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]) : 0;
        while (true) {
            int toBeat = Trick.toBeat(last, lastSeat, mover);
            if (trySolve && total <= solveCards) {
                // small enough for the exact solver: its verdict ends the rollout (no spring is
                // possible this late, and bombs still to come are not counted)
                int v = solver.solveVerdict(h, mover, toBeat, lastSeat, solveNodes);
                solverNodes += solver.lastNodes();
                if (v >= 0) {
                    solved++;
                    int winner = (v == 1) == (mover == 0) ? 0 : 1;
                    return result(winner, bombs, false);
                }
                trySolve = false; // too big for the budget: play on with the policy
            }
            if (maxMoves <= 0 && total <= stopCards) {
                stopMover = mover;
                stopLast = toBeat;
                stopLastSeat = toBeat == MoveTable.PASS ? -1 : lastSeat;
                return result(0, bombs, false) | UNFINISHED_BIT;
            }
            maxMoves--;
            int m = choose(h, mover, toBeat, lastSeat);
            moves++;
            if (m != MoveTable.PASS) {
                h[mover] -= table.cards(m);
                total -= table.cardCount(m);
                if (table.isBombOrRocket(m)) {
                    bombs++;
                }
                if (mover == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
                if (h[mover] == 0) {
                    boolean spring = Scoring.springs(mover, farmersPlayed, landlordPlays);
                    return result(mover, bombs, spring);
                }
                last = m;
                lastSeat = mover;
            }
            mover = mover == 2 ? 0 : mover + 1;
        }
    }

    /** A rollout's result as {@link #run} returns it: the winner, the bombs (at most 255), the spring bit. */
    private static int result(int winner, int bombs, boolean spring) {
        return winner | (Math.min(bombs, 255) << 2) | (spring ? SPRING_BIT : 0);
    }

    /** The policy's move ({@link RolloutPolicy#choose}). */
    public int choose(long[] h, int mover, int toBeat, int lastSeat) {
        return policy.choose(h, mover, toBeat, lastSeat);
    }

    /** The policy's noise ({@link RolloutPolicy#noise}). */
    public void noise(int permille, long seed) {
        policy.noise(permille, seed);
    }

    /**
     * The decision-level sure win ({@link McSettings#surePlays()}): those of {@code moves} that win
     * whatever the other seats hold ({@link SureWin#sureMoves}, whose comment gives the contract).
     */
    public int sureMoves(long hand, int[] moves, int n, long pool, int maxCards, int plays, int[] out) {
        return policy.sureWin().sureMoves(hand, moves, n, pool, maxCards, plays, out);
    }
}
