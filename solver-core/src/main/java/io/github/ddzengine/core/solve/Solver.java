package io.github.ddzengine.core.solve;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EndgameOracle;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * Perfect-information solver: does the side to move (the landlord, or the farmers as a team)
 * force a win with every hand visible?
 *
 * <p>The search is in layers, each in its own class of this package:
 * <ol>
 *   <li>{@link AlphaBeta}: a boolean depth-first search over the game tree (forced passes, quick
 *       wins, the exact transposition tables and the endgame oracle, then the moves in order);</li>
 *   <li>{@link NormalFormKey}: the tables' key, the position in normal form
 *       ({@link RankNormalizer}: ranks nobody holds removed, the rest relabelled, with an empty
 *       rank left only where a chain could otherwise form across the removed ones), so positions
 *       equal up to relabelling share an entry, as do last moves that the same answers beat;</li>
 *   <li>{@link MoveOrdering}: killer, shape of what is left, cards shed, history, control
 *       ({@link Control}: whether anybody on the other side can beat the move); and the quick
 *       wins of two and three plays found on the way;</li>
 *   <li>{@link OpponentOuts}: moves after which an opponent goes out at once or in two steps are
 *       dropped unsearched: they lose;</li>
 *   <li>{@link ProofNumberSearch}: a solve that has not finished after
 *       {@value #PROOF_SEARCH_AFTER_NODES} nodes hands its positions of more than
 *       {@value #PROOF_LEAF_CARDS} cards to df-pn, with alpha-beta solving the smaller ones;</li>
 *   <li>{@link PrincipalLine}: the line of play, searched for the winning side only.</li>
 * </ol>
 * {@link SearchContext} holds what they share, the hands on a per-ply stack (copy-make), so a
 * budget that runs out mid-search leaves nothing to restore. Switches count nodes, not time, so a
 * solve's result and node count do not depend on the machine. Why each layer looks as it does,
 * with its figures: docs/solver.md.
 *
 * <p>Tables come in at construction ({@link #Solver(Rules, int, EngineTables)}): the endgame
 * oracle of the rules' preset and the position's seat count answers the small leads it holds
 * (positions with bans never use one), and the split table speeds up the min-hand counts of
 * ordering. They change node counts and time, never a verdict.
 *
 * <p>Time is read every 4,096 nodes; a time or node budget that runs out ends the solve with an
 * {@link SolveResult.Verdict#UNKNOWN} verdict rather than a guess. One instance per thread.
 *
 * <p>Made for reuse across many small solves and cheap to make: the tables, the move buffers
 * (sized by the hands of the solve, not the largest possible hand), the history and the caches
 * are allocated when a solve first needs them, and a new solve clears them in O(1) (generation
 * stamps) or by what the last solve touched, so a solve of one node costs about 0.2 &micro;s with a
 * reused solver and 4.5 &micro;s with a new one (docs/solver-speed.md).
 */
public final class Solver {
    /**
     * Default transposition-table size in MiB: 512 k entries, enough for every shared position
     * short of the full 17-card deals without replacement hurting (see
     * {@link #suggestedTableMegabytes}).
     */
    public static final int DEFAULT_TABLE_MB = 16;
    /**
     * Alpha-beta nodes a solve spends before its unsolved positions of more than
     * {@link #PROOF_LEAF_CARDS} cards go to proof-number search: alpha-beta with its move ordering
     * is quicker on positions it finishes within about a million nodes, proof-number search on
     * larger ones.
     */
    public static final long PROOF_SEARCH_AFTER_NODES = 1_000_000;
    /** Positions of at most this many cards in all are leaves of the proof-number search. */
    public static final int PROOF_LEAF_CARDS = 16;
    /** Size of the answer positions' table in bytes: half of a core's L2 cache on the machines we measure on. */
    private static final long ANSWER_TABLE_BYTES = 512 << 10;
    /**
     * In solves of at least {@link #ANSWER_TABLE_ROOT_CARDS} cards, answer positions of fewer
     * cards than this in all are searched without the tables (faster for a few more nodes);
     * smaller solves table every answer, which matters to callers with a node budget.
     */
    private static final int ANSWER_TABLE_MIN_CARDS = 18;
    private static final int ANSWER_TABLE_ROOT_CARDS = 24;

    private final Rules rules;
    private final SearchContext ctx;
    private final Control control;
    private final NormalFormKey key;
    private final MoveOrdering ordering;
    private final OpponentOuts opponentOuts;
    private final AlphaBeta alphaBeta;
    private final ProofNumberSearch proofSearch;
    private final PrincipalLine principalLine;
    private final MinHands minHands;
    private final int tableMegabytes;
    /** The distance layer, made on first use ({@link #distance()}). */
    private DistanceToWin distance;
    /** The endgame oracles of this solver's tables for two and three seats, or null. */
    private final EndgameOracle endgameTwo;
    private final EndgameOracle endgameThree;
    private long proofSearchAfter = PROOF_SEARCH_AFTER_NODES;
    /** Test hook's threshold for every solve, or -1 for the rule by the root's size. */
    private int forcedAnswerTableMinCards = -1;

    /**
     * A transposition-table size for {@code position} that fits in a heap of {@code maxHeapBytes}:
     * 4 MiB for positions of up to 26 cards in all, {@link #DEFAULT_TABLE_MB} up to 30 and 64 MiB
     * for larger deals, but never more than a quarter of the heap, never less than 1 MiB. The
     * table uses its first MiB and grows as a solve fills it ({@link TranspositionTable}), so the
     * size bounds the memory of large solves; small ones never touch the rest.
     *
     * @return a size in MiB for {@link #Solver(Rules, int)}
     */
    public static int suggestedTableMegabytes(Position position, long maxHeapBytes) {
        int cards = 0;
        for (int s = 0; s < position.seats(); s++) {
            cards += Cards.size(position.hand(s));
        }
        long heapMb = Math.max(2, maxHeapBytes >> 20);
        long mb = cards <= 26 ? 4 : (cards <= 30 ? DEFAULT_TABLE_MB : 64);
        return (int) Math.max(1, Math.min(mb, heapMb / 4));
    }

    /**
     * A solver for the given rules with a transposition table of {@link #DEFAULT_TABLE_MB} MiB and
     * no precomputed tables.
     */
    public Solver(Rules rules) {
        this(rules, DEFAULT_TABLE_MB);
    }

    /**
     * A solver for the given rules without precomputed tables ({@link EngineTables#NONE}).
     *
     * @param tableMegabytes transposition-table memory in MiB at most (allocated as a solve grows the table)
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public Solver(Rules rules, int tableMegabytes) {
        this(rules, tableMegabytes, EngineTables.NONE);
    }

    /**
     * A solver for the given rules that uses {@code tables}: the endgame oracles of the rules'
     * preset (none when the rules have bans) and the split table.
     *
     * @param tableMegabytes transposition-table memory in MiB at most (allocated as a solve grows the table)
     * @param tables the precomputed tables ({@link EngineTables#NONE} for none)
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public Solver(Rules rules, int tableMegabytes, EngineTables tables) {
        this.rules = rules;
        MoveGenerator generator = new MoveGenerator(rules);
        this.minHands = MinHands.of(rules, tables);
        this.tableMegabytes = tableMegabytes;
        FinishingMoves finishing = new FinishingMoves(generator, minHands);
        boolean plain = rules.banMask() == 0;
        this.endgameTwo = plain ? tables.endgame(rules.preset(), 2) : null;
        this.endgameThree = plain ? tables.endgame(rules.preset(), 3) : null;
        TranspositionTable leads = new TranspositionTable(tableMegabytes);
        TranspositionTable answers = new TranspositionTable(Math.min((long) tableMegabytes << 20, ANSWER_TABLE_BYTES));
        this.ctx = new SearchContext(rules, generator, leads, answers);
        this.control = new Control(ctx);
        this.key = new NormalFormKey(ctx);
        this.ordering = new MoveOrdering(ctx, control, finishing);
        this.opponentOuts = new OpponentOuts(ctx, finishing);
        this.alphaBeta = new AlphaBeta(ctx, key, ordering, opponentOuts);
        this.proofSearch = new ProofNumberSearch(ctx, key, ordering, opponentOuts, alphaBeta);
        this.principalLine = new PrincipalLine(ctx, ordering, key, this);
    }

    /** The rules this solver plays by. */
    public Rules rules() {
        return rules;
    }

    /**
     * This solver's distance-to-win search: a layer on the solver's own search state, with a
     * table of distance bounds of the solver's table size (allocated on the first call). The two
     * take turns on the solver's thread; a call of one ends before the other's begins.
     */
    public DistanceToWin distance() {
        DistanceToWin d = distance;
        if (d == null) {
            d = new DistanceToWin(ctx, minHands, tableMegabytes);
            distance = d;
        }
        return d;
    }

    /**
     * Solves a position from an empty transposition table.
     *
     * @param position a position of this solver's rules
     * @param allWinningMoves whether to find every winning first move (each root move searched to
     *     the end) rather than stop at the first
     * @param timeoutMillis wall-time budget in milliseconds, or 0 for none
     * @param maxNodes node budget, or 0 for none
     * @return the verdict, the winning moves if asked, a principal variation and statistics
     * @throws IllegalArgumentException if the position's rules differ from the solver's
     */
    public SolveResult solve(Position position, boolean allWinningMoves, long timeoutMillis, long maxNodes) {
        long start = System.nanoTime();
        begin(position, start, timeoutMillis, maxNodes);
        int mover = position.mover();
        int last = position.lastMove();
        int lastSeat = position.lastSeat();
        boolean landlord = Position.isLandlordSide(mover);
        TranspositionTable leads = ctx.leads;
        TranspositionTable answers = ctx.answers;
        try {
            // 1. the verdict, or every winning first move
            int[] winning = null;
            boolean win;
            if (allWinningMoves) {
                winning = rootWinningMoves(mover, last, lastSeat);
                win = winning.length > 0;
            } else {
                win = solveNode(0, mover, last, lastSeat);
            }
            // 2. the line, from what the tables learned
            int[] line = principalLine.line(mover, last, lastSeat, win);
            return new SolveResult(win ? SolveResult.Verdict.WIN : SolveResult.Verdict.LOSS, landlord, winning, line,
                ctx.nodes, System.nanoTime() - start, leads.probes() + answers.probes(), leads.hits() + answers.hits());
        } catch (SearchContext.Abort a) {
            return new SolveResult(SolveResult.Verdict.UNKNOWN, landlord, null, new int[0], ctx.nodes,
                System.nanoTime() - start, leads.probes() + answers.probes(), leads.hits() + answers.hits());
        }
    }

    /** Clears the tables and statistics and loads {@code position}'s hands for a new solve. */
    private void begin(Position position, long start, long timeoutMillis, long maxNodes) {
        if (!position.rules().equals(rules)) {
            throw new IllegalArgumentException("position rules " + position.rules() + " differ from solver rules " + rules);
        }
        begin(position.seats(), position.hand(0), position.hand(1), position.seats() == 3 ? position.hand(2) : 0L, start,
            timeoutMillis, maxNodes);
    }

    /** Clears the tables and statistics and loads the hands for a new solve. */
    private void begin(int seatCount, long h0, long h1, long h2, long start, long timeoutMillis, long maxNodes) {
        ctx.leads.clear();
        ctx.answers.clear();
        proofSearch.clear();
        ordering.reset();
        ctx.nodes = 0;
        ctx.nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        ctx.deadline = timeoutMillis > 0 ? start + timeoutMillis * 1_000_000L : Long.MAX_VALUE;
        ctx.load(seatCount, h0, h1, h2);
        alphaBeta.useEndgame(seatCount == 2 ? endgameTwo : endgameThree);
        chooseAnswerTable();
    }

    /**
     * Whether the mover's side wins a three-seat position, from an empty transposition table and
     * without a principal line: the verdict of {@link #solve} for hot paths (a Monte Carlo
     * rollout that hands its endgame to the solver), allocation-free and unchecked.
     *
     * @param hands the hands of seats 0, 1, 2 ({@link Cards} layout): valid, disjoint, the landlord's at
     *     most 20 cards and each farmer's at most 17, at least one card each; not checked, and not modified
     * @param mover the seat to act, 0..2
     * @param last the move id the mover must beat, or {@link MoveTable#PASS} to lead; a move of
     *     this solver's rules, not checked
     * @param lastSeat the seat that played {@code last}, not the mover (ignored when leading)
     * @param maxNodes node budget, or 0 for none
     * @return 1 if the mover's side wins, 0 if it loses, -1 if the node budget ran out first
     *     ({@link #lastNodes()} tells the nodes searched)
     */
    public int solveVerdict(long[] hands, int mover, int last, int lastSeat, long maxNodes) {
        begin(3, hands[0], hands[1], hands[2], 0L, 0L, maxNodes);
        try {
            return solveNode(0, mover, last, last == MoveTable.PASS ? -1 : lastSeat) ? 1 : 0;
        } catch (SearchContext.Abort a) {
            return -1;
        }
    }

    /**
     * Whether each of the given first moves wins for the mover's side, from an empty
     * transposition table shared by the moves: the verdicts {@link #solve} with every winning move
     * would give for these moves, without searching the others and without a principal line
     * (for callers that weigh a few candidate moves, like the Monte Carlo engine's solved worlds).
     *
     * @param position a position of this solver's rules
     * @param moves move ids legal for the mover in {@code position} (a pass only when it follows)
     * @param n how many of {@code moves} to solve
     * @param wins receives, for {@code i < n}, whether {@code moves[i]} wins
     * @param timeoutMillis wall-time budget in milliseconds for all the moves, or 0 for none
     * @param maxNodes node budget for all the moves, or 0 for none
     * @return whether every move was solved; false if a budget ran out first (then {@code wins} is
     *     incomplete). {@link #lastNodes()} tells the nodes searched either way
     * @throws IllegalArgumentException if the position's rules differ from the solver's
     */
    public boolean solveMoves(Position position, int[] moves, int n, boolean[] wins, long timeoutMillis,
                              long maxNodes) {
        begin(position, System.nanoTime(), timeoutMillis, maxNodes);
        try {
            for (int i = 0; i < n; i++) {
                wins[i] = playWins(0, position.mover(), position.lastMove(), position.lastSeat(), moves[i]);
            }
            return true;
        } catch (SearchContext.Abort a) {
            return false;
        }
    }

    /** Search nodes of the last {@link #solve} or {@link #solveMoves}, finished or not. */
    public long lastNodes() {
        return ctx.nodes;
    }

    /** Leads answered by the endgame oracle in the last {@link #solve}. */
    public long endgameHits() {
        return alphaBeta.endgameHits;
    }

    /**
     * The exact verdict of a lead position if it is in classic normal form, for builders of
     * endgame tables ({@link EndgameOracle}): the ranks 3..A nobody holds removed and the others
     * relabelled downwards, one empty rank kept wherever held ranks lie apart (2, X and D never
     * move). A table of these verdicts answers the solver's probes whose keys are in classic normal
     * form (the solver's own key closes some gaps; other probes get -1 and are searched). No budget and no oracle (a
     * verdict never comes from the table being built); unlike {@link #solve} the transposition
     * table is kept from call to call, which is safe because every entry it holds is exact, so a
     * builder asking about many related positions with one solver reuses the work.
     *
     * @param seats 2 or 3
     * @param mover the seat that leads, {@code 0..seats-1}
     * @param h0 seat 0's hand ({@link Cards} layout), not empty
     * @param h1 seat 1's hand, not empty
     * @param h2 seat 2's hand, not empty with three seats; ignored with two
     * @return 1 if the mover's side wins, 0 if it loses, -1 if the position is not in normal form
     *     (then nothing is searched)
     * @throws IllegalArgumentException if {@code seats} or {@code mover} is out of range, a hand
     *     is empty or the hands overlap beyond four cards of a rank
     */
    public int solveNormalLead(int seats, int mover, long h0, long h1, long h2) {
        if (seats != 2 && seats != 3 || mover < 0 || mover >= seats) {
            throw new IllegalArgumentException("a lead of " + seats + " seats by seat " + mover);
        }
        long third = seats == 3 ? h2 : 0L;
        if (h0 == 0 || h1 == 0 || seats == 3 && third == 0 || !Cards.isValid(h0 + h1 + third)) {
            throw new IllegalArgumentException("not a position: an empty hand or more than the deck");
        }
        RankNormalizer normalizer = key.normalizer();
        normalizer.prepare(h0 + h1 + third, -1);
        if (normalizer.apply(h0) != h0 || normalizer.apply(h1) != h1 || normalizer.apply(third) != third) {
            return -1;
        }
        ctx.nodes = 0;
        ctx.nodeLimit = Long.MAX_VALUE;
        ctx.deadline = Long.MAX_VALUE;
        ctx.load(seats, h0, h1, third);
        alphaBeta.useEndgame(null);
        chooseAnswerTable();
        return alphaBeta.search(0, mover, MoveTable.PASS, -1) ? 1 : 0;
    }

    /**
     * For {@link RootParallelSolver}: the root's legal moves in this solver's search order (the
     * order of a fresh solve, so the same on every thread).
     */
    int[] rootMoves(Position position) {
        begin(position, System.nanoTime(), 0, 0);
        return ordering.generate(0, position.mover(), position.lastMove());
    }

    /**
     * For {@link RootParallelSolver}: whether playing {@code move} at the root of {@code position}
     * wins for the mover's side, from an empty transposition table, with the line that starts with
     * it (the winner's moves winning, the loser's its first), so the result depends only on the
     * position and the move. The search unwinds, UNKNOWN, when the time runs out or as soon as
     * {@code cancelBelow} holds a value below {@code index}.
     */
    SolveResult solveRootMove(Position position, int move, long timeoutMillis, AtomicInteger cancelBelow, int index) {
        long start = System.nanoTime();
        begin(position, start, timeoutMillis, 0);
        int mover = position.mover();
        int last = position.lastMove();
        int lastSeat = position.lastSeat();
        boolean landlord = Position.isLandlordSide(mover);
        ctx.cancelBelow = cancelBelow;
        ctx.cancelIndex = index;
        try {
            boolean win = playWins(0, mover, last, lastSeat, move);
            int[] line = lineAfter(mover, last, lastSeat, move, win);
            return new SolveResult(win ? SolveResult.Verdict.WIN : SolveResult.Verdict.LOSS, landlord, null, line,
                ctx.nodes, System.nanoTime() - start, ctx.leads.probes() + ctx.answers.probes(),
                ctx.leads.hits() + ctx.answers.hits());
        } catch (SearchContext.Abort a) {
            return new SolveResult(SolveResult.Verdict.UNKNOWN, landlord, null, new int[0], ctx.nodes,
                System.nanoTime() - start, ctx.leads.probes() + ctx.answers.probes(),
                ctx.leads.hits() + ctx.answers.hits());
        } finally {
            ctx.cancelBelow = null;
        }
    }

    /** The line that starts with {@code move} at the root, whose outcome for the mover's side is {@code win}. */
    private int[] lineAfter(int mover, int last, int lastSeat, int move, boolean win) {
        int next = (mover + 1) % ctx.seats;
        int childLast = move;
        int childLastSeat = mover;
        if (move == MoveTable.PASS) {
            childLast = Trick.lastAfterPass(next, last, lastSeat);
            childLastSeat = Trick.lastSeatAfterPass(next, lastSeat);
        } else {
            ctx.hands[mover] -= ctx.table.cards(move);
            if (ctx.hands[mover] == 0) {
                return new int[] {move};
            }
        }
        int[] rest = principalLine.line(next, childLast, childLastSeat, SearchContext.sameSide(mover, next) == win);
        int[] line = new int[rest.length + 1];
        line[0] = move;
        System.arraycopy(rest, 0, line, 1, rest.length);
        return line;
    }

    /** Every root move that wins, each searched to the end. */
    private int[] rootWinningMoves(int mover, int last, int lastSeat) {
        int[] rootMoves = ordering.generate(0, mover, last);
        int n = rootMoves.length;
        int[] winning = new int[n];
        int w = 0;
        for (int i = 0; i < n; i++) {
            if (playWins(0, mover, last, lastSeat, rootMoves[i])) {
                winning[w++] = rootMoves[i];
            }
        }
        return Arrays.copyOf(winning, w);
    }

    /** Whether playing {@code move} in the position at {@code ply} wins for the mover's side. */
    boolean playWins(int ply, int mover, int last, int lastSeat, int move) {
        int next = (mover + 1) % ctx.seats;
        boolean child;
        if (move == MoveTable.PASS) {
            ctx.copy(ply, ply + 1);
            child = solveNode(ply + 1, next, Trick.lastAfterPass(next, last, lastSeat),
                Trick.lastSeatAfterPass(next, lastSeat));
        } else {
            long rest = ctx.hand(ply, mover) - ctx.table.cards(move);
            if (rest == 0) {
                return true;
            }
            ctx.play(ply, ply + 1, mover, rest);
            child = solveNode(ply + 1, next, move, mover);
        }
        return SearchContext.sameSide(mover, next) == child;
    }

    /**
     * Whether the mover's side wins the position at {@code ply}: by alpha-beta while the solve has
     * spent fewer than {@link #proofSearchAfter} nodes, by proof-number search once it has, for
     * positions too large for alpha-beta leaves.
     */
    private boolean solveNode(int ply, int mover, int last, int lastSeat) {
        // 1. small positions: alpha-beta's order is the better guide
        if (ctx.totalCards(ply) <= proofSearch.leafCards) {
            return alphaBeta.search(ply, mover, last, lastSeat);
        }
        // 2. alpha-beta within the solve's first nodes; cut short, it keeps what its tables
        //    learned, so the proof-number search starts from it
        if (ctx.nodes < proofSearchAfter) {
            long budget = ctx.nodeLimit;
            ctx.nodeLimit = Math.min(budget, proofSearchAfter);
            try {
                return alphaBeta.search(ply, mover, last, lastSeat);
            } catch (SearchContext.Abort a) {
                ctx.resumeAfterCut(a, budget);
            } finally {
                ctx.nodeLimit = budget;
            }
        }
        // 3. the large position, by proof-number search
        return proofSearch.solve(ply, mover, last, lastSeat);
    }

    /** Sets the alpha-beta's answer-table threshold for a solve from the root position at ply 0. */
    private void chooseAnswerTable() {
        alphaBeta.answerTableMinCards = forcedAnswerTableMinCards >= 0 ? forcedAnswerTableMinCards
            : ctx.totalCards(0) >= ANSWER_TABLE_ROOT_CARDS ? ANSWER_TABLE_MIN_CARDS : 0;
    }

    // ---- test hooks (package-private) ----

    /**
     * Test hook: when a solve turns to proof-number search ({@code afterNodes} alpha-beta nodes,
     * 0 at once) and the proof-number search's leaf size in cards.
     */
    void configureProofSearch(long afterNodes, int leafCards) {
        proofSearchAfter = afterNodes;
        proofSearch.leafCards = leafCards;
    }

    /** Test hook: the node budget of each move in the first round of the principal line's search. */
    void lineFirstBudget(long nodes) {
        principalLine.firstBudget = nodes;
    }

    /**
     * Test hook: in every solve, answer positions of at least this many cards use the answer
     * table and smaller ones none (0: all use it), whatever the root's size.
     */
    void answerTableMinCards(int cards) {
        forcedAnswerTableMinCards = cards;
    }

    /** Loads {@code p}'s hands into ply 0 for a test hook. */
    private void loadForTest(Position p) {
        ctx.load(p.seats(), p.hand(0), p.hand(1), p.seats() == 3 ? p.hand(2) : 0L);
    }

    /**
     * Test hook: the first legal move of the mover in {@code p} (generation order) that is a
     * three-play quick win of {@link MoveOrdering} (nobody on the other side can beat it, it
     * leaves more than one combination, and {@link MoveOrdering#winsInTwoMore}), or -1.
     */
    int threePlayQuickWin(Position p) {
        loadForTest(p);
        int mover = p.mover();
        control.prepare(0, mover);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        long hand = ctx.hand(0, mover);
        int n = ctx.generator.answers(hand, p.lastMove(), moves);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (m == MoveTable.PASS || control.opponentsCanBeat(0, mover, m)) {
                continue;
            }
            long rest = hand - ctx.table.cards(m);
            if (rest != 0 && !rules.isAllowedCombination(rest, ctx.readings) && ordering.winsInTwoMore(0, mover, rest)) {
                return m;
            }
        }
        return -1;
    }

    /**
     * Test hook: the first move id of the table for which {@link Control#opponentsBeat} (prepared
     * for the mover of {@code p}) and {@link Control#opponentsCanBeat} disagree, or -1.
     */
    int firstBeatDisagreement(Position p) {
        loadForTest(p);
        control.prepare(0, p.mover());
        for (int id = 1; id < ctx.table.size(); id++) {
            if (control.opponentsBeat(0, p.mover(), id) != control.opponentsCanBeat(0, p.mover(), id)) {
                return id;
            }
        }
        return -1;
    }

    /**
     * Test hook: the key the tables file {@code p} under ({@link NormalFormKey}): the three
     * relabelled hands (the third 0 with two seats) and the state word.
     */
    long[] normalForm(Position p) {
        loadForTest(p);
        int k = key.compute(0, p.mover(), p.lastMove(), p.lastSeat());
        return new long[] {key.k0, key.k1, key.k2, k};
    }

    /**
     * Test hook: the mover's legal moves in {@code p} that {@link OpponentOuts} keeps, in
     * generation order.
     */
    int[] movesKeptAfterOpponentOuts(Position p) {
        loadForTest(p);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = ctx.generator.answers(ctx.hand(0, p.mover()), p.lastMove(), moves);
        int kept = opponentOuts.drop(0, p.mover(), moves, n, p.lastMove(), p.lastSeat());
        return Arrays.copyOf(moves, kept);
    }
}
