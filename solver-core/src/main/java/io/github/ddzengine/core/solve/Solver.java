package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EndgameOracle;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * Perfect-information solver: does the side to move (the landlord, or the farmers as a team)
 * force a win with every hand visible?
 *
 * <p>A boolean depth-first search over the game tree: a position is won for the mover if some
 * legal move leads to a position won for the mover's side (the same side moves again when one
 * farmer follows the other, otherwise the child is negated). At each node, cheapest first:
 * <ol>
 *   <li>a forced pass (nothing beats the last move) recurses at once, without a table entry; after
 *       a move that ordering found nobody on the other side can beat, the landlord's or up's, the
 *       search skips the passes and goes on at the seat that acts next (they count no node);</li>
 *   <li>quick win: the mover's whole hand is one combination it may play now;</li>
 *   <li>the exact transposition tables ({@link TranspositionTable}: leads in a large one, answers
 *       in a small one that stays in the cache, but for answers of under 18 cards in solves of 24
 *       cards or more) on the position in normal form
 *       ({@link RankNormalizer}: ranks nobody holds removed, the rest relabelled, with an empty
 *       rank left only where a chain could otherwise form across the removed ones; so positions
 *       equal up to relabelling share an entry, as do last moves that the same answers beat);</li>
 *   <li>the moves, ordered: the killer move of this depth, then by the shape of what is left
 *       (ranks taken whole against ranks split), cards shed, the history heuristic and last
 *       whether any opponent can beat the move; passes last. A move that keeps the lead and
 *       leaves one combination, or leaves a small hand with a finishing move that keeps the lead
 *       too (three plays), is a quick win found while ordering;</li>
 *   <li>moves after which an opponent can empty its hand at once (its hand is one combination
 *       that may be played on the move, a farmer passing to let its partner out), or in two steps
 *       (a move nobody on the mover's side can beat, then one combination), are dropped
 *       unsearched: they lose.</li>
 * </ol>
 * Equivalent moves (for example kickers whose ranks nobody else can tell apart) lead to positions
 * with the same normal form, so all but the first cost one table hit.
 *
 * <p>A solve that has not finished after {@value #PROOF_SEARCH_AFTER_NODES} nodes hands its
 * unsolved positions of more than {@value #PROOF_LEAF_CARDS} cards to a proof-number search
 * (df-pn), which works on the same normal form, starts from everything the alpha-beta tables hold
 * and solves positions of up to {@value #PROOF_LEAF_CARDS} cards with the alpha-beta search
 * above. Proof-number search spends its effort where a proof or a refutation looks cheapest, which
 * pays on the large positions alpha-beta cannot order well (SolveSignature when it came:
 * {@code 10-10-10-0} 12.3 M -> 3.5 M nodes, {@code 17v17-0} 106 M -> 6.6 M, 17 s -> 2 s); below a
 * million nodes alpha-beta's order is the better guide, so smaller solves never use it. The switch
 * counts nodes, not time, so a solve's result and node count do not depend on the machine.
 *
 * <p>Tables come in at construction ({@link #Solver(Rules, int, EngineTables)}): the endgame
 * oracle of the rules' preset and the position's seat count answers the small leads it holds
 * (positions with bans never use one), and the split table speeds up the min-hand counts of
 * ordering. They change node counts and time, never a verdict.
 *
 * <p>Time is read every 4,096 nodes; a time or node budget that runs out ends the solve with an
 * {@link SolveResult.Verdict#UNKNOWN} verdict rather than a guess. One instance per thread.
 */
public final class Solver {
    /**
     * Default transposition-table size in MiB: 512 k entries, enough for every shared position
     * short of the full 17-card deals without replacement hurting (see
     * {@link #suggestedTableMegabytes}).
     */
    public static final int DEFAULT_TABLE_MB = 16;

    private static final int MAX_PLY = 256;
    /**
     * Size of the answer positions' table in bytes: half of a core's L2 cache on the machines we
     * measure on (512 KiB measured a few percent faster than 128 KiB, 1 MiB or 4 MiB).
     */
    private static final long ANSWER_TABLE_BYTES = 512 << 10;
    /**
     * In solves of at least {@link #ANSWER_TABLE_ROOT_CARDS} cards, answer positions of fewer
     * cards than this in all are searched without the tables (interleaved runs against tabling
     * every answer: {@code 10-10-10-1} -15%, {@code 8-8-8-4} -10%, {@code V10} -10%,
     * {@code 14v14-2} -9% time for 2-19% more nodes; 16 and 21 measured no better, 24 left the
     * three-seat 8-card deals without an answer table and cost {@code 8-8-8-4} +40%).
     */
    private static final int ANSWER_TABLE_MIN_CARDS = 18;
    /**
     * Smaller solves table every answer: they gain no measurable time without, and they use up to
     * twice the nodes ({@code 6-6-6-9} 38 k -> 75 k), which matters to callers with a node budget
     * (the Monte Carlo engine solves its worlds of up to 18 cards within 20,000 nodes).
     */
    private static final int ANSWER_TABLE_ROOT_CARDS = 24;
    /** Above every move-ordering score (see {@link #order}); ids take the low 16 bits of a sort key. */
    private static final long ORDER_MAX = 1L << 36;

    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    /** Transposition table of lead positions (the mover leads), sized by the caller, growing within that size. */
    private final TranspositionTable tt;
    /**
     * Transposition table of answer positions (the mover must beat or pass): answers transpose
     * mostly with near relatives, so a small table that stays in the core's cache finds most of
     * them and saves the memory latency of the large one (SolveSignature: nodes +1 to 5%, time
     * -8 to -23%).
     */
    private final TranspositionTable answerTable;
    private final int[][] moveBuffers = new int[MAX_PLY][];
    private final long[][] orderBuffers = new long[MAX_PLY][];
    /**
     * Killer moves, by ply, kept apart for leads and for answers (random deals of 11 to 13 cards a
     * hand, two and three seats: geomean nodes -9% to -22% against one killer a ply).
     */
    private final int[] leadKiller = new int[MAX_PLY];
    private final int[] answerKiller = new int[MAX_PLY];
    /**
     * History heuristic: how often each move id refuted its siblings (cut the search off), kept
     * apart for leads and for answers (a move id means another thing in each: random deals of 11 to
     * 13 cards a hand, two and three seats, geomean nodes -7% and -9% against one table for both).
     */
    private final int[] leadHistory;
    private final int[] answerHistory;
    /** The history entries raised since the last reset: a lead's id, or {@code ~id} for an answer's. */
    private final int[] historyTouched;
    private int touchedCount;
    /** Per-node memo of control verdicts by last-move class: the stamp of the node that set it, and the value. */
    private final int[] controlSeen;
    /**
     * By move id: k (1..3) for a solo, pair or trio without kickers whose family the rules allow
     * (beaten, bombs aside, by exactly the hands holding k cards of a higher rank), else 0.
     */
    private final byte[] plainMultiplicity;
    /** After {@link #prepareOpponents}: by k in 1..3, the highest rank an opponent holds k times, -1 if none. */
    private final int[] opponentTop = new int[4];
    /** After {@link #prepareOpponents}: whether an opponent holds a bomb or the rocket. */
    private boolean opponentBomb;
    private final boolean[] controlValue;
    private int controlStamp;
    private final int[] readings = new int[2];
    private final long[] hands = new long[3];
    private final RankNormalizer normalizer = new RankNormalizer();
    /** Whether each move family (index of {@link MoveTable#families()}) is a chain (two ranks or more). */
    private final boolean[] chainFamily;
    /** Shortest chain of each multiplicity 1..4 among the table's families, 0 if none. */
    private final int[] minChain = new int[5];
    /** Fewest cards of any chain's main part: smaller hands make no chain. */
    private final int minChainCards;
    private final FinishingMoves finishing;
    private final int[] threatsA = new int[2 + FinishingMoves.SLOTS];
    private final int[] threatsB = new int[2 + FinishingMoves.SLOTS];
    /**
     * Opponent hands of more cards are not asked for finishing moves (two combinations that big
     * are rare, and the min-hand count of a large hand costs more than it saves).
     */
    private static final int FINISH_CARDS = 10;
    /**
     * Rests of more cards are not asked for a three-play quick win ({@link #winsInTwoMore}): 6
     * finds nearly all that 10 does (SolveSignature: {@code 14v14-2} 363 k against 354 k nodes,
     * {@code V10} 273 k against 272 k, the rest equal) for fewer lookups.
     */
    private static final int QUICK_WIN_REST_CARDS = 6;
    /**
     * Alpha-beta nodes a solve spends before its unsolved positions of more than
     * {@link #PROOF_LEAF_CARDS} cards go to proof-number search: alpha-beta with its move ordering
     * is quicker on positions it finishes within about a million nodes, proof-number search on
     * larger ones (with the switch at 200,000 nodes: {@code 14v14-1} 568 k -> 842 k nodes,
     * {@code V10} 299 k -> 332 k, {@code 10-10-10-1} 229 k -> 332 k).
     */
    public static final long PROOF_SEARCH_AFTER_NODES = 1_000_000;
    /** Positions of at most this many cards in all are leaves of the proof-number search. */
    public static final int PROOF_LEAF_CARDS = 16;
    /** Proof table of 2^16 entries (2.75 MiB): 2^18 and 2^20 measured no better on 17v17-0. */
    private static final int PROOF_TABLE_BITS = 16;
    private static final int INFINITE = ProofTable.INFINITE;
    private long proofSearchAfter = PROOF_SEARCH_AFTER_NODES;
    /** Answer positions of fewer cards go without the tables in this solve (see {@link #solve}). */
    private int answerTableMinCards;
    /** Test hook's threshold for every solve, or -1 for the rule by the root's size. */
    private int forcedAnswerTableMinCards = -1;
    private int proofLeafCards = PROOF_LEAF_CARDS;
    /** Proof-number search table, made at the first proof-number search. */
    private ProofTable proofs;
    private final int[][] childProofs = new int[MAX_PLY][];
    private final int[][] childDisproofs = new int[MAX_PLY][];
    /** Results of {@link #proofSearch}, {@link #proofSearchChild} and {@link #childNumbers}. */
    private int proofNumber;
    private int disproofNumber;
    /** What the next seat faces after {@link #enterChild}: the last move and its seat. */
    private int childLast;
    private int childLastSeat;
    private long keyHand0;
    private long keyHand1;
    private long keyHand2;
    private int seats;
    private long nodes;
    private long nodeLimit;
    private long deadline;

    /** Thrown inside the search to unwind when the budget runs out; never escapes. */
    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    private static final Abort ABORT = new Abort();
    /** Node budget of each move in {@link #cheapestWin}'s first round. */
    private static final long LINE_FIRST_BUDGET = 2_000;
    /** {@link #LINE_FIRST_BUDGET}, or what the test hook {@link #lineFirstBudget} set. */
    private long lineFirstBudget = LINE_FIRST_BUDGET;

    /**
     * A transposition-table size for {@code position} that fits in a heap of {@code maxHeapBytes}:
     * 4 MiB for positions of up to 26 cards in all, {@link #DEFAULT_TABLE_MB} up to 30 and 64 MiB
     * for larger deals, but never more than a quarter of the heap, never less than 1 MiB. The
     * table uses its first MiB and grows as a solve fills it ({@link TranspositionTable}), so the
     * size bounds the memory of large solves; small ones never touch the rest. Measured before
     * the table grew, when a table larger than the search needed was slower (every probe that
     * leaves the processor's caches waits for memory): Loop harness, median ms with 4 / 16 / 256
     * MiB: {@code 8-8-8-4} 20.5 / 21.2 / 23.5, {@code 14v14-1} 21.5 / 21.6 / 24.4,
     * {@code 10-10-10-3} 136 / 131 / 148; {@code 17v17-0} with 16 / 64 / 512 MiB: 1.15 / 1.20 /
     * 1.39 s.
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
     * @param tableMegabytes transposition-table memory in MiB (allocated now)
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public Solver(Rules rules, int tableMegabytes) {
        this(rules, tableMegabytes, EngineTables.NONE);
    }

    /**
     * A solver for the given rules that uses {@code tables}: the endgame oracles of the rules'
     * preset (none when the rules have bans) and the split table.
     *
     * @param tableMegabytes transposition-table memory in MiB (allocated now)
     * @param tables the precomputed tables ({@link EngineTables#NONE} for none)
     * @throws IllegalArgumentException if {@code tableMegabytes} is below 1
     */
    public Solver(Rules rules, int tableMegabytes, EngineTables tables) {
        this.rules = rules;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.finishing = new FinishingMoves(generator, MinHands.of(rules, tables));
        boolean plain = rules.banMask() == 0;
        this.endgameTwo = plain ? tables.endgame(rules.preset(), 2) : null;
        this.endgameThree = plain ? tables.endgame(rules.preset(), 3) : null;
        this.tt = new TranspositionTable(tableMegabytes);
        this.answerTable = new TranspositionTable(Math.min((long) tableMegabytes << 20, ANSWER_TABLE_BYTES));
        this.leadHistory = new int[table.size()];
        this.answerHistory = new int[table.size()];
        this.historyTouched = new int[2 * table.size()];
        this.controlSeen = new int[table.size()];
        this.controlValue = new boolean[table.size()];
        MoveFamily[] families = table.families();
        this.plainMultiplicity = new byte[table.size()];
        for (int id = 0; id < table.size(); id++) {
            int lf = id == MoveTable.PASS ? -1 : table.lastFamily(id);
            if (lf < 0 || table.isBomb(id)) {
                continue;
            }
            MoveFamily f = families[lf];
            if (f.length == 1 && f.multiplicity <= 3 && f.wingKind == MoveFamily.WINGS_NONE
                && (rules.banMask() & f.type.bit()) == 0 && f.keyIsStart) {
                plainMultiplicity[id] = (byte) f.multiplicity;
            }
        }
        this.chainFamily = new boolean[families.length];
        int minCards = Integer.MAX_VALUE;
        for (MoveFamily f : families) {
            if (f.length > 1) {
                chainFamily[f.index] = true;
                int k = f.multiplicity;
                minChain[k] = minChain[k] == 0 ? f.length : Math.min(minChain[k], f.length);
                minCards = Math.min(minCards, k * f.length);
            }
        }
        this.minChainCards = minCards;
    }

    /** The rules this solver plays by. */
    public Rules rules() {
        return rules;
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
        try {
            int[] winning = null;
            boolean win;
            if (allWinningMoves) {
                winning = rootWinningMoves(mover, last, lastSeat);
                win = winning.length > 0;
            } else {
                win = solveNode(mover, last, lastSeat, 0);
            }
            int[] line = principalVariation(mover, last, lastSeat, win);
            return new SolveResult(win ? SolveResult.Verdict.WIN : SolveResult.Verdict.LOSS, landlord, winning, line,
                nodes, System.nanoTime() - start, tt.probes() + answerTable.probes(), tt.hits() + answerTable.hits());
        } catch (Abort a) {
            return new SolveResult(SolveResult.Verdict.UNKNOWN, landlord, null, new int[0], nodes,
                System.nanoTime() - start, tt.probes() + answerTable.probes(), tt.hits() + answerTable.hits());
        } finally {
            for (int s = 0; s < seats; s++) {
                hands[s] = position.hand(s);
            }
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
        tt.clear();
        answerTable.clear();
        if (proofs != null) {
            proofs.clear();
        }
        Arrays.fill(leadKiller, 0);
        Arrays.fill(answerKiller, 0);
        // only the entries the last solve raised (a full wipe of both tables costs more than a
        // small solve)
        for (int i = 0; i < touchedCount; i++) {
            int t = historyTouched[i];
            if (t >= 0) {
                leadHistory[t] = 0;
            } else {
                answerHistory[~t] = 0;
            }
        }
        touchedCount = 0;
        nodes = 0;
        nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        deadline = timeoutMillis > 0 ? start + timeoutMillis * 1_000_000L : Long.MAX_VALUE;
        seats = seatCount;
        useEndgame(seats == 2 ? endgameTwo : endgameThree);
        endgameHits = 0;
        hands[0] = h0;
        hands[1] = h1;
        hands[2] = h2;
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
            return solveNode(mover, last, last == MoveTable.PASS ? -1 : lastSeat, 0) ? 1 : 0;
        } catch (Abort a) {
            return -1;
        } finally {
            this.hands[0] = hands[0];
            this.hands[1] = hands[1];
            this.hands[2] = hands[2];
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
        int mover = position.mover();
        int last = position.lastMove();
        int lastSeat = position.lastSeat();
        try {
            for (int i = 0; i < n; i++) {
                wins[i] = playWins(mover, last, lastSeat, moves[i], 0);
            }
            return true;
        } catch (Abort a) {
            return false;
        } finally {
            for (int s = 0; s < seats; s++) {
                hands[s] = position.hand(s);
            }
        }
    }

    /**
     * Test hook: when a solve turns to proof-number search ({@code afterNodes} alpha-beta nodes,
     * 0 at once) and the proof-number search's leaf size in cards.
     */
    void configureProofSearch(long afterNodes, int leafCards) {
        proofSearchAfter = afterNodes;
        proofLeafCards = leafCards;
    }

    /** Test hook: the node budget of each move in the first round of {@link #cheapestWin}. */
    void lineFirstBudget(long nodes) {
        lineFirstBudget = nodes;
    }

    /**
     * Test hook: in every solve, answer positions of at least this many cards use the answer
     * table and smaller ones none (0: all use it), whatever the root's size.
     */
    void answerTableMinCards(int cards) {
        forcedAnswerTableMinCards = cards;
    }

    /** Sets {@link #answerTableMinCards} for a solve from the root position in {@link #hands}. */
    private void chooseAnswerTable() {
        answerTableMinCards = forcedAnswerTableMinCards >= 0 ? forcedAnswerTableMinCards
            : totalCards() >= ANSWER_TABLE_ROOT_CARDS ? ANSWER_TABLE_MIN_CARDS : 0;
    }

    /** The endgame oracles of this solver's tables for two and three seats, or null. */
    private final EndgameOracle endgameTwo;
    private final EndgameOracle endgameThree;
    /** The oracle of the solve in progress, or null. */
    private EndgameOracle endgame;
    /** Its {@link EndgameOracle#maxHandCards()}, read once a solve. */
    private int endgameCards;
    private long endgameHits;

    private void useEndgame(EndgameOracle oracle) {
        endgame = oracle;
        endgameCards = oracle == null ? 0 : oracle.maxHandCards();
    }

    /** Whether every hand of a normal-form key fits {@link #endgame} (two seats: the third hand is 0). */
    private boolean endgameCovers(long k0, long k1, long k2) {
        int k = endgameCards;
        return Cards.size(k0) <= k && Cards.size(k1) <= k && Cards.size(k2) <= k;
    }

    /** Search nodes of the last {@link #solve} or {@link #solveMoves}, finished or not. */
    public long lastNodes() {
        return nodes;
    }

    /** Leads answered by the endgame oracle in the last {@link #solve}. */
    public long endgameHits() {
        return endgameHits;
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
        normalizer.prepare(h0 + h1 + third, -1);
        if (normalizer.apply(h0) != h0 || normalizer.apply(h1) != h1 || normalizer.apply(third) != third) {
            return -1;
        }
        nodes = 0;
        nodeLimit = Long.MAX_VALUE;
        deadline = Long.MAX_VALUE;
        this.seats = seats;
        useEndgame(null);
        hands[0] = h0;
        hands[1] = h1;
        hands[2] = third;
        chooseAnswerTable();
        return search(mover, MoveTable.PASS, -1, 0) ? 1 : 0;
    }

    /** Every root move that wins, each searched to the end. */
    private int[] rootWinningMoves(int mover, int last, int lastSeat) {
        int[] moves = generate(mover, last, 0);
        int n = moves[moves.length - 1];
        int[] winning = new int[n];
        int w = 0;
        int[] rootMoves = Arrays.copyOf(moves, n);
        for (int i = 0; i < n; i++) {
            if (playWins(mover, last, lastSeat, rootMoves[i], 0)) {
                winning[w++] = rootMoves[i];
            }
        }
        return Arrays.copyOf(winning, w);
    }

    /**
     * The line of play from the root: the side that wins plays a winning move, the other side its
     * first legal move (in search order), until a hand is empty. Every move of the losing side
     * loses, so only the winning side's moves are searched: a move whose position the tables
     * already hold as won ({@link #knownWin}), else the one {@link #cheapestWin} finds.
     *
     * @param rootWins whether the root mover's side wins (the solve's verdict)
     */
    private int[] principalVariation(int mover, int last, int lastSeat, boolean rootWins) {
        long[] saved = hands.clone();
        int[] line = new int[MAX_PLY];
        int len = 0;
        int rootMover = mover;
        try {
            while (len < MAX_PLY - 1) {
                int[] moves = generate(mover, last, 0);
                int n = moves[moves.length - 1];
                int[] candidates = Arrays.copyOf(moves, n);
                int chosen = candidates[0];
                if (sameSide(mover, rootMover) == rootWins) {
                    int known = knownWin(mover, last, lastSeat, candidates, n);
                    chosen = known >= 0 ? known : cheapestWin(mover, last, lastSeat, candidates, n);
                }
                line[len++] = chosen;
                if (chosen == MoveTable.PASS) {
                    int next = (mover + 1) % seats;
                    if (next == lastSeat) {
                        last = MoveTable.PASS;
                        lastSeat = -1;
                    }
                    mover = next;
                } else {
                    hands[mover] -= table.cards(chosen);
                    if (hands[mover] == 0) {
                        break;
                    }
                    last = chosen;
                    lastSeat = mover;
                    mover = (mover + 1) % seats;
                }
            }
        } finally {
            System.arraycopy(saved, 0, hands, 0, 3);
        }
        return Arrays.copyOf(line, len);
    }

    /**
     * The first of {@code moves} that empties the mover's hand or leads to a position the exact
     * tables hold as won for the mover's side, or -1; searches nothing.
     */
    private int knownWin(int mover, int last, int lastSeat, int[] moves, int n) {
        int next = (mover + 1) % seats;
        long hand = hands[mover];
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (!enterChild(mover, last, lastSeat, m)) {
                return m;
            }
            int key = normalise(next, childLast, childLastSeat);
            TranspositionTable entries = childLast == MoveTable.PASS ? tt : answerTable;
            int stored = entries.probe(keyHand0, keyHand1, keyHand2, key);
            hands[mover] = hand;
            if (stored >= 0 && (stored == 1) == sameSide(mover, next)) {
                return m;
            }
        }
        return -1;
    }

    /**
     * A winning move among {@code moves} (the mover's side must have one), found by searching each
     * move within a node budget that grows eightfold a round from {@value #LINE_FIRST_BUDGET}
     * nodes: a move that wins cheaply is found without first refuting, to the end, the moves
     * before it that lose expensively (level 10-10-10-0: the line took 745 k nodes in one such
     * refutation, and 9 k this way). Budgets count nodes, so the line does not depend on the
     * machine.
     */
    private int cheapestWin(int mover, int last, int lastSeat, int[] moves, int n) {
        boolean[] lost = new boolean[n];
        for (long budget = lineFirstBudget; ; budget *= 8) {
            boolean open = false;
            for (int i = 0; i < n; i++) {
                if (lost[i]) {
                    continue;
                }
                long limit = nodeLimit;
                long h0 = hands[0];
                long h1 = hands[1];
                long h2 = hands[2];
                nodeLimit = Math.min(limit, nodes + budget);
                try {
                    if (playWins(mover, last, lastSeat, moves[i], 1)) {
                        return moves[i];
                    }
                    lost[i] = true;
                } catch (Abort a) {
                    resumeAfterCut(a, limit, h0, h1, h2);
                    open = true;
                } finally {
                    nodeLimit = limit;
                }
            }
            if (!open) {
                throw new IllegalStateException("no winning move in a position the search found won");
            }
        }
    }

    /** Whether playing {@code move} wins for the mover's side. */
    private boolean playWins(int mover, int last, int lastSeat, int move, int ply) {
        if (move == MoveTable.PASS) {
            int next = (mover + 1) % seats;
            boolean child = next == lastSeat
                ? solveNode(next, MoveTable.PASS, -1, ply + 1)
                : solveNode(next, last, lastSeat, ply + 1);
            return sameSide(mover, next) == child;
        }
        long cards = table.cards(move);
        hands[mover] -= cards;
        try {
            if (hands[mover] == 0) {
                return true;
            }
            int next = (mover + 1) % seats;
            boolean child = solveNode(next, move, mover, ply + 1);
            return sameSide(mover, next) == child;
        } finally {
            hands[mover] += cards;
        }
    }

    private static boolean sameSide(int a, int b) {
        return (a == 0) == (b == 0);
    }

    /**
     * Generates the mover's moves at {@code ply} into that ply's buffer, ordered; the count is
     * stored in the buffer's last slot.
     */
    private int[] generate(int mover, int last, int ply) {
        int[] buf = moveBuffers[ply];
        if (buf == null) {
            buf = new int[MoveGenerator.MAX_MOVES + 1];
            moveBuffers[ply] = buf;
            orderBuffers[ply] = new long[MoveGenerator.MAX_MOVES];
        }
        long hand = hands[mover];
        int n = generator.answers(hand, last, buf);
        if (n > 1) {
            order(mover, last, buf, n, ply);
        }
        buf[buf.length - 1] = n;
        return buf;
    }

    /**
     * Orders the moves of the mover at {@code ply}: the killer of this ply first, then by the shape
     * of what is left, cards shed, the history heuristic, and moves no opponent can beat (the
     * mover keeps the lead) before the others, passes last. Sorts packed (score, id) longs, so no
     * comparator and no allocation.
     *
     * @return a move that wins at once (it cannot be beaten and what is left is one combination
     *     the mover may lead), or -1
     */
    private int order(int mover, int last, int[] moves, int n, int ply) {
        long[] keys = orderBuffers[ply];
        int[] history = last == MoveTable.PASS ? leadHistory : answerHistory;
        int k = (last == MoveTable.PASS ? leadKiller : answerKiller)[ply];
        long hand = hands[mover];
        int quickWin = -1;
        // moves of one class (same family and key) are beaten by the same answers: ask once
        if (controlStamp == Integer.MAX_VALUE) {
            Arrays.fill(controlSeen, 0);
            controlStamp = 0;
        }
        int stamp = ++controlStamp;
        boolean opponentBomb = prepareOpponents(mover);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            long score;
            if (m == MoveTable.PASS) {
                score = 0;
            } else {
                boolean control;
                if (opponentBomb || plainMultiplicity[m] > 0) {
                    control = !opponentsBeat(mover, m);
                } else {
                    int c = table.lastClass(m);
                    if (controlSeen[c] == stamp) {
                        control = controlValue[c];
                    } else {
                        control = !opponentsBeat(mover, m);
                        controlSeen[c] = stamp;
                        controlValue[c] = control;
                    }
                }
                if (control) {
                    long rest = hand - table.cards(m);
                    if (rules.isAllowedCombination(rest, readings)) {
                        quickWin = m;
                    } else if (quickWin < 0 && winsInTwoMore(mover, rest)) {
                        quickWin = m;
                    }
                }
                // strict priorities: killer, shape (0..31), cards shed (0..20), history (capped),
                // control (bit 1, which also marks the move for the search loop). All shared
                // positions but the 17 v 17 deals, nodes of solves with their lines: 6.40 M with
                // history above cards and no shape for the landlord of three seats, 4.17 M with
                // cards above history, 2.83 M with shape for everybody too. Verdicts only
                // (SolveNodes 11 8), with control second against last: shared positions 3.54 M
                // -> 2.78 M nodes (geomean 1,579 -> 1,355), random deals 8.77 M -> 5.34 M (geomean
                // 18,476 -> 12,272); V10 90 k -> 54 k, 17v17-0 2.11 M -> 1.28 M. A move nobody can
                // beat spends cards the mover could keep for later; when it wins at once, the
                // quick-win tests above find it anyway
                score = 1 + (control ? 2 : 0) + (long) Math.min(history[m], (1 << 18) - 1) * 32
                    + ((long) table.cardCount(m) << 23) + ((long) shape(hand, table.cards(m)) << 28)
                    + (m == k ? 1L << 33 : 0);
            }
            keys[i] = ((ORDER_MAX - score) << 16) | m;
        }
        Arrays.sort(keys, 0, n);
        for (int i = 0; i < n; i++) {
            moves[i] = (int) (keys[i] & 0xFFFF);
        }
        return quickWin;
    }

    /** Whether an ordering key of {@link #order} marks a move nobody on the other side can beat. */
    private static boolean isControl(long orderKey) {
        return ((ORDER_MAX - (orderKey >>> 16)) >>> 1 & 1) != 0;
    }

    /**
     * Move-ordering term for what a move leaves: ranks it takes whole count for it, ranks it
     * splits (leaving some cards of the rank behind) against it, equally; 0..31.
     */
    private static int shape(long hand, long move) {
        long taken = Cards.ranksAtLeast(move, 1);
        int split = Long.bitCount(taken & Cards.ranksAtLeast(hand - move, 1));
        int whole = Long.bitCount(taken) - split;
        return Math.min(31, Math.max(0, 8 + 2 * (whole - split)));
    }

    /**
     * Prepares {@link #opponentsBeat} for the mover's opponents as they hold now: whether one
     * holds a bomb or the rocket (then no other move keeps the lead), and {@link #opponentTop}.
     *
     * @return whether a seat of the other side holds a bomb or the rocket
     */
    private boolean prepareOpponents(int mover) {
        long a = mover == 0 ? hands[1] : hands[0];
        long b = mover == 0 && seats == 3 ? hands[2] : 0L;
        opponentBomb = hasBomb(a) || hasBomb(b);
        for (int k = 1; k <= 3; k++) {
            long ranks = Cards.ranksAtLeast(a, k) | Cards.ranksAtLeast(b, k);
            opponentTop[k] = ranks == 0 ? -1 : Cards.highestRank(ranks);
        }
        return opponentBomb;
    }

    /**
     * {@link #opponentsCanBeat} after {@link #prepareOpponents} for the same mover and hands: a
     * plain solo, pair or trio (see {@link #plainMultiplicity}) is beaten exactly when an opponent
     * holds a bomb, the rocket or that many cards of a higher rank; a bomb or the rocket only by
     * a higher bomb or the rocket; other moves are asked of the move generator.
     */
    private boolean opponentsBeat(int mover, int move) {
        if (opponentBomb) {
            return !table.isBomb(move) && move != table.rocketId() || opponentsCanBeat(mover, move);
        }
        int plain = plainMultiplicity[move];
        if (plain > 0) {
            return opponentTop[plain] > table.lastKey(move);
        }
        if (table.isBomb(move) || move == table.rocketId()) {
            return false;
        }
        return opponentsCanBeat(mover, move);
    }

    private static boolean hasBomb(long hand) {
        return Cards.ranksAtLeast(hand, 4) != 0 || (hand & Cards.ROCKET) == Cards.ROCKET;
    }

    /**
     * Whether the mover, having played a move nobody on the other side can beat (so it leads
     * again), leaving {@code rest}, goes out in two more plays: a finishing move of {@code rest}
     * ({@link FinishingMoves}) that nobody on the other side can beat either, then the one
     * combination left. The other side's hands do not change meanwhile (it only passes).
     */
    private boolean winsInTwoMore(int mover, long rest) {
        if (Cards.size(rest) > QUICK_WIN_REST_CARDS) {
            return false;
        }
        int at = finishing.lookup(rest);
        int[] e = finishing.entries();
        for (int j = 1, f = e[at]; j <= f; j++) {
            if (!opponentsBeat(mover, e[at + j])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Test hook: the first legal move of the mover in {@code p} (generation order) that is a
     * three-play quick win of {@link #order} (nobody on the other side can beat it, it leaves
     * more than one combination, and {@link #winsInTwoMore}), or -1.
     */
    int threePlayQuickWin(Position p) {
        seats = p.seats();
        for (int s = 0; s < 3; s++) {
            hands[s] = s < seats ? p.hand(s) : 0L;
        }
        int mover = p.mover();
        prepareOpponents(mover);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = generator.answers(hands[mover], p.lastMove(), moves);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (m == MoveTable.PASS || opponentsCanBeat(mover, m)) {
                continue;
            }
            long rest = hands[mover] - table.cards(m);
            if (rest != 0 && !rules.isAllowedCombination(rest, readings) && winsInTwoMore(mover, rest)) {
                return m;
            }
        }
        return -1;
    }

    /**
     * Test hook: the first move id of the table for which {@link #opponentsBeat} (prepared for the
     * mover of {@code p}) and {@link #opponentsCanBeat} disagree, or -1.
     */
    int firstBeatDisagreement(Position p) {
        seats = p.seats();
        for (int s = 0; s < 3; s++) {
            hands[s] = s < seats ? p.hand(s) : 0L;
        }
        prepareOpponents(p.mover());
        for (int id = 1; id < table.size(); id++) {
            if (opponentsBeat(p.mover(), id) != opponentsCanBeat(p.mover(), id)) {
                return id;
            }
        }
        return -1;
    }

    /** Whether a seat of the other side holds a move that beats {@code move}. */
    private boolean opponentsCanBeat(int mover, int move) {
        if (mover == 0) {
            return generator.canBeat(hands[1], move) || (seats == 3 && generator.canBeat(hands[2], move));
        }
        return generator.canBeat(hands[0], move);
    }

    /**
     * Whether the mover's side wins (mover to act, hands in {@link #hands}): by alpha-beta
     * ({@link #search}) while the solve has spent fewer than {@link #proofSearchAfter} nodes, and
     * by proof-number search ({@link #proofSearch}) once it has, for positions too large for
     * alpha-beta leaves. An alpha-beta search cut short by that budget keeps what its tables
     * learned, so the proof-number search starts from it.
     */
    private boolean solveNode(int mover, int last, int lastSeat, int ply) {
        if (totalCards() <= proofLeafCards) {
            return search(mover, last, lastSeat, ply);
        }
        if (nodes < proofSearchAfter) {
            long budget = nodeLimit;
            long h0 = hands[0];
            long h1 = hands[1];
            long h2 = hands[2];
            nodeLimit = Math.min(budget, proofSearchAfter);
            try {
                return search(mover, last, lastSeat, ply);
            } catch (Abort a) {
                resumeAfterCut(a, budget, h0, h1, h2);
            } finally {
                nodeLimit = budget;
            }
        }
        if (proofs == null) {
            proofs = new ProofTable(PROOF_TABLE_BITS);
        }
        proofSearch(mover, last, lastSeat, ply, INFINITE, INFINITE);
        return proofNumber == 0;
    }

    /** Whether the mover's side wins the position (mover to act, hands in {@link #hands}). */
    private boolean search(int mover, int last, int lastSeat, int ply) {
        if ((++nodes & 4095) == 0 || nodes >= nodeLimit) {
            checkBudget();
        }
        long startNodes = nodes;
        long hand = hands[mover];
        // 1. a forced pass (nothing in hand beats the last move) needs no table entry of its own
        int next = (mover + 1) % seats;
        if (last != MoveTable.PASS && !generator.canBeat(hand, last)) {
            boolean child = next == lastSeat
                ? search(next, MoveTable.PASS, -1, ply + 1)
                : search(next, last, lastSeat, ply + 1);
            return child == sameSide(mover, next);
        }
        // 2. quick win: the whole hand is one combination that may be played now
        int nr = table.classify(hand, readings);
        for (int i = 0; i < nr; i++) {
            int r = readings[i];
            if (rules.allows(r) && table.beats(r, last)) {
                return true;
            }
        }
        // 3. transposition table, on the rank-normalised position; small leads from the
        //    endgame oracle when the solver has one. Small answer positions go without: they
        //    seldom transpose and cost less to search again than to key, probe and store
        boolean tabled = last == MoveTable.PASS || answerTableMinCards == 0 || totalCards() >= answerTableMinCards;
        int key = tabled ? normalise(mover, last, lastSeat) : 0;
        long k0 = keyHand0;
        long k1 = keyHand1;
        long k2 = keyHand2;
        EndgameOracle eg = endgame;
        if (eg != null && last == MoveTable.PASS && endgameCovers(k0, k1, k2)) {
            int v = eg.probe(mover, k0, k1, k2);
            if (v >= 0) {
                endgameHits++;
                return v == 1;
            }
        }
        TranspositionTable entries = last == MoveTable.PASS ? tt : answerTable;
        int stored = tabled ? entries.probe(k0, k1, k2, key) : -1;
        if (stored >= 0) {
            return stored == 1;
        }
        if (ply >= MAX_PLY - 2) {
            throw new IllegalStateException("search deeper than " + MAX_PLY + " plies");
        }
        // 4. moves, ordered; a move that keeps the lead and leaves one combination wins at once
        int[] moves = moveBuffers[ply];
        if (moves == null) {
            moves = new int[MoveGenerator.MAX_MOVES + 1];
            moveBuffers[ply] = moves;
            orderBuffers[ply] = new long[MoveGenerator.MAX_MOVES];
        }
        int generated = generator.answers(hand, last, moves);
        // dropped first, so only the moves left are ordered (a dropped move is never a quick win:
        // the opponent who goes out over it could beat it)
        int n = dropOpponentOuts(mover, hand, moves, generated, last, lastSeat);
        boolean ordered = generated > 1 && n > 0;
        if (ordered && order(mover, last, moves, n, ply) >= 0) {
            if (tabled) {
                entries.store(k0, k1, k2, key, true, 1);
            }
            return true;
        }
        long[] keys = orderBuffers[ply];
        boolean same = sameSide(mover, next);
        boolean win = false;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean child;
            if (m == MoveTable.PASS) {
                child = next == lastSeat
                    ? search(next, MoveTable.PASS, -1, ply + 1)
                    : search(next, last, lastSeat, ply + 1);
            } else {
                long rest = hand - table.cards(m);
                if (rest == 0) {
                    win = true;
                    break;
                }
                hands[mover] = rest;
                if (ordered && isControl(keys[i]) && (mover != 1 || !generator.canBeat(hands[2], m))) {
                    // nobody on the other side can beat m: its passes need no nodes of their own
                    // (the landlord leads again, and so does down when up cannot beat m either;
                    // up's partner, down, faces m)
                    boolean mine = mover != 2
                        ? search(mover, MoveTable.PASS, -1, ply + seats)
                        : search(1, m, 2, ply + 2);
                    child = mine == same;
                } else {
                    child = search(next, m, mover, ply + 1);
                }
                hands[mover] = hand;
            }
            if (child == same) {
                win = true;
                (last == MoveTable.PASS ? leadKiller : answerKiller)[ply] = m;
                int[] history = last == MoveTable.PASS ? leadHistory : answerHistory;
                if (history[m]++ == 0) {
                    historyTouched[touchedCount++] = last == MoveTable.PASS ? m : ~m;
                }
                break;
            }
        }
        if (tabled) {
            entries.store(k0, k1, k2, key, win, nodes - startNodes);
        }
        return win;
    }

    /**
     * Removes the moves after which an opponent empties its hand before the mover's side acts
     * again, at once or by a finishing move the mover's side cannot beat and then the one
     * combination left ({@link #threats}): they lose, so they need no search (and no node). A
     * following player may always pass, so a farmer passes to let its partner out. Keeps the
     * order of the other moves.
     *
     * @return the number of moves kept at the front of {@code moves}
     */
    private int dropOpponentOuts(int mover, long hand, int[] moves, int n, int last, int lastSeat) {
        // the moves that empty an opponent's hand at once or in two steps: a (next to act) and b
        int opponentA = mover == 0 ? 1 : 0;
        int na = threats(hands[opponentA], mover, threatsA);
        int nb = mover == 0 && seats == 3 ? threats(hands[2], mover, threatsB) : 0;
        if (na == 0 && nb == 0) {
            return n;
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean lost;
            if (table.cards(m) == hand) {
                lost = false;
            } else if (seats == 2) {
                lost = anyBeats(threatsA, na, m);
            } else if (mover == 0) {
                if (m != MoveTable.PASS) {
                    lost = anyBeats(threatsA, na, m) || anyBeats(threatsB, nb, m);
                } else if (lastSeat == 1) {
                    lost = na > 0; // seat 1 leads
                } else {
                    // seat 1 faces seat 2's move, and may pass to let seat 2 lead
                    lost = anyBeats(threatsA, na, last) || nb > 0;
                }
            } else if (mover == 2) {
                lost = anyBeats(threatsA, na, m != MoveTable.PASS ? m : lastSeat == 0 ? MoveTable.PASS : last);
            } else if (m != MoveTable.PASS) {
                // seat 1: only a forced pass of the partner lets the landlord answer
                lost = anyBeats(threatsA, na, m) && !generator.canBeat(hands[2], m);
            } else {
                // after the landlord's move, two passes return the lead to the landlord
                lost = lastSeat == 0 && na > 0 && !generator.canBeat(hands[2], last);
            }
            if (!lost) {
                moves[kept++] = m;
            }
        }
        return kept;
    }

    /**
     * Collects into {@code out} the moves with which an opponent holding {@code opponent} goes
     * out: the readings of the whole hand if it is one combination, and its finishing moves
     * ({@link FinishingMoves}) that the mover's side cannot beat with its present hands (so not
     * after the mover's move either: a smaller hand beats no more), after which it leads the one
     * combination left.
     *
     * @return the number of moves written
     */
    private int threats(long opponent, int mover, int[] out) {
        int count = 0;
        int nr = table.classify(opponent, readings);
        for (int i = 0; i < nr; i++) {
            if (rules.allows(readings[i])) {
                out[count++] = readings[i];
            }
        }
        if (Cards.size(opponent) <= FINISH_CARDS) {
            int at = finishing.lookup(opponent);
            int[] e = finishing.entries();
            int f = e[at];
            for (int j = 1; j <= f; j++) {
                int c = e[at + j];
                if (!sideCanBeat(mover, c)) {
                    out[count++] = c;
                }
            }
        }
        return count;
    }

    /** Whether the mover's side (the landlord, or both farmers) holds a move that beats {@code move}. */
    private boolean sideCanBeat(int mover, int move) {
        if (mover == 0 || seats == 2) {
            return generator.canBeat(hands[mover], move);
        }
        return generator.canBeat(hands[1], move) || generator.canBeat(hands[2], move);
    }

    private boolean anyBeats(int[] threats, int count, int last) {
        for (int i = 0; i < count; i++) {
            if (table.beats(threats[i], last)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Test hook: the key the tables file {@code p} under ({@link #normalise}): the three
     * relabelled hands (the third 0 with two seats) and the state word.
     */
    long[] normalForm(Position p) {
        seats = p.seats();
        for (int s = 0; s < 3; s++) {
            hands[s] = s < seats ? p.hand(s) : 0L;
        }
        int key = normalise(p.mover(), p.lastMove(), p.lastSeat());
        return new long[] {keyHand0, keyHand1, keyHand2, key};
    }

    /**
     * Test hook: the mover's legal moves in {@code p} that {@link #dropOpponentOuts} keeps, in
     * generation order.
     */
    int[] movesKeptAfterOpponentOuts(Position p) {
        seats = p.seats();
        for (int s = 0; s < 3; s++) {
            hands[s] = s < seats ? p.hand(s) : 0L;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = generator.answers(hands[p.mover()], p.lastMove(), moves);
        int kept = dropOpponentOuts(p.mover(), hands[p.mover()], moves, n, p.lastMove(), p.lastSeat());
        return Arrays.copyOf(moves, kept);
    }

    /**
     * Computes the transposition-table key of the current position in normal form
     * ({@link RankNormalizer}, the selective map: a gap is kept only at the junctions that a
     * chain could cross, every gap when the last move is a chain): the relabelled hands into
     * {@link #keyHand0} to {@link #keyHand2}, and the returned state word (mover, last seat, and
     * what the mover must beat: the last move's family and its relabelled key rank).
     */
    private int normalise(int mover, int last, int lastSeat) {
        long h0 = hands[0];
        long h1 = hands[1];
        long h2 = hands[2];
        int code;
        int keyRank = -1;
        int family = -1;
        if (last == MoveTable.PASS) {
            code = 0;
        } else if (last == table.rocketId()) {
            code = 1;
        } else if ((family = table.lastFamily(last)) < 0) {
            code = 2;
        } else {
            keyRank = table.lastKey(last);
            code = -1;
        }
        RankNormalizer n = normalizer;
        n.prepareGapless(h0 + h1 + h2, keyRank >= 0 && keyRank < 12 ? keyRank : -1);
        long g0 = n.apply(h0);
        long g1 = n.apply(h1);
        long g2 = h2 == 0 ? 0 : n.apply(h2);
        long crossed = family >= 0 && chainFamily[family] ? -1L : chainCrossings(g0) | chainCrossings(g1) | chainCrossings(g2);
        if (crossed != 0 && n.keepGaps(crossed)) {
            g0 = n.apply(h0);
            g1 = n.apply(h1);
            g2 = h2 == 0 ? 0 : n.apply(h2);
        }
        if (code < 0) {
            code = 3 + (family << 4) + (keyRank < 12 ? n.rank(keyRank) : keyRank);
        }
        keyHand0 = g0;
        keyHand1 = g1;
        keyHand2 = g2;
        return TranspositionTable.key(mover, lastSeat, code);
    }

    /**
     * The ranks {@code r} of {@code hand} such that {@code r - 1} and {@code r} lie in one run
     * of ranks, each held at least {@code k} times, long enough for a chain of multiplicity
     * {@code k} ({@link #minChain}): where closing a gap before {@code r} could make a chain.
     */
    private long chainCrossings(long hand) {
        if (Cards.size(hand) < minChainCards) {
            return 0;
        }
        long crossed = 0;
        for (int k = 1; k <= 4; k++) {
            int length = minChain[k];
            if (length == 0) {
                continue;
            }
            long starts = Cards.chainStarts(Cards.ranksAtLeast(hand, k), length);
            if (starts == 0) {
                continue;
            }
            long covered = starts;
            for (int i = 1; i < length; i++) {
                covered |= starts << (i << 2);
            }
            crossed |= covered & (covered << 4);
        }
        return crossed;
    }

    /**
     * Proof-number search (df-pn: Nagai, "Df-pn algorithm for searching AND/OR trees and its
     * applications", 2002) of the position, in negamax form: on return {@link #proofNumber} and
     * {@link #disproofNumber} hold the position's numbers for the mover's side (0 and
     * {@link #INFINITE}: it wins; the reverse: it loses), and one of them has reached its
     * threshold. A child's thresholds use the 1+&epsilon; trick (Pawlewicz and Lew, "Improving
     * depth-first PN-search: 1+&epsilon; trick", 2007) with &epsilon; = 1/4. Children not searched yet
     * start at proof number 1 + their place in the move order ({@link #order}), so the search
     * follows the alpha-beta order until the numbers say otherwise. Positions of at most
     * {@link #proofLeafCards} cards are leaves, solved exactly by {@link #search}; proven and
     * disproven positions also go to the alpha-beta tables.
     */
    private void proofSearch(int mover, int last, int lastSeat, int ply, int thProof, int thDisproof) {
        if (totalCards() <= proofLeafCards) {
            setProved(search(mover, last, lastSeat, ply));
            return;
        }
        if ((++nodes & 4095) == 0 || nodes >= nodeLimit) {
            checkBudget();
        }
        long startNodes = nodes;
        long hand = hands[mover];
        if (last != MoveTable.PASS && !generator.canBeat(hand, last)) {
            proofSearchChild(mover, last, lastSeat, MoveTable.PASS, ply, thProof, thDisproof);
            return;
        }
        int nr = table.classify(hand, readings);
        for (int i = 0; i < nr; i++) {
            if (rules.allows(readings[i]) && table.beats(readings[i], last)) {
                setProved(true);
                return;
            }
        }
        int key = normalise(mover, last, lastSeat);
        long k0 = keyHand0;
        long k1 = keyHand1;
        long k2 = keyHand2;
        TranspositionTable exact = last == MoveTable.PASS ? tt : answerTable;
        int entry = proofs.find(k0, k1, k2, key);
        if (entry >= 0) {
            int p = proofs.proof(entry);
            int d = proofs.disproof(entry);
            if (p >= thProof || d >= thDisproof) {
                proofNumber = p;
                disproofNumber = d;
                return;
            }
        } else {
            int stored = exact.probe(k0, k1, k2, key);
            if (stored >= 0) {
                setProved(stored == 1);
                return;
            }
        }
        int[] moves = moveBuffers[ply];
        if (moves == null) {
            moves = new int[MoveGenerator.MAX_MOVES + 1];
            moveBuffers[ply] = moves;
            orderBuffers[ply] = new long[MoveGenerator.MAX_MOVES];
        }
        int[] proofsOf = childProofs[ply];
        if (proofsOf == null) {
            proofsOf = new int[MoveGenerator.MAX_MOVES];
            childProofs[ply] = proofsOf;
            childDisproofs[ply] = new int[MoveGenerator.MAX_MOVES];
        }
        int[] disproofsOf = childDisproofs[ply];
        int generated = generator.answers(hand, last, moves);
        int n = dropOpponentOuts(mover, hand, moves, generated, last, lastSeat);
        if (n == 0 || (generated > 1 && order(mover, last, moves, n, ply) >= 0)) {
            setProved(n > 0);
            proofs.store(k0, k1, k2, key, proofNumber, disproofNumber, 1);
            exact.store(k0, k1, k2, key, n > 0, 1);
            return;
        }
        // the children's numbers in the mover's side's terms: proof = cost to show the child good for it
        for (int i = 0; i < n; i++) {
            childNumbers(mover, last, lastSeat, moves[i]);
            proofsOf[i] = proofNumber == 1 && disproofNumber == 1 ? 1 + i : proofNumber;
            disproofsOf[i] = disproofNumber;
        }
        while (true) {
            int best = 0;
            int min = INFINITE + 1;
            int second = INFINITE;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                int p = proofsOf[i];
                if (p < min) {
                    second = min;
                    min = p;
                    best = i;
                } else if (p < second) {
                    second = p;
                }
                sum += disproofsOf[i];
            }
            int proof = min;
            int disproof = proof == 0 ? INFINITE : (int) Math.min(sum, INFINITE - 1);
            if (proof >= thProof || disproof >= thDisproof) {
                proofs.store(k0, k1, k2, key, proof, disproof, nodes - startNodes);
                if (proof == 0 || disproof == 0) {
                    exact.store(k0, k1, k2, key, proof == 0, nodes - startNodes);
                }
                proofNumber = proof;
                disproofNumber = disproof;
                return;
            }
            // capped by thProof (at most INFINITE) alone, so always above the best child's proof
            // number: a cap of INFINITE - 1 met a best child whose number is a clamped sum
            // (INFINITE - 1) with a threshold it already reaches, and this loop never ended
            int childProof = (int) Math.min(thProof, second + 1L + second / 4);
            int childDisproof = (int) Math.min(INFINITE, (long) thDisproof - disproof + disproofsOf[best]);
            proofSearchChild(mover, last, lastSeat, moves[best], ply, childProof, childDisproof);
            proofsOf[best] = proofNumber;
            disproofsOf[best] = disproofNumber;
        }
    }

    private void setProved(boolean win) {
        proofNumber = win ? 0 : INFINITE;
        disproofNumber = win ? INFINITE : 0;
    }

    /**
     * Plays {@code move} and runs {@link #proofSearch} on the child; thresholds and the numbers
     * left in {@link #proofNumber} and {@link #disproofNumber} are in the mover's side's terms.
     */
    private void proofSearchChild(int mover, int last, int lastSeat, int move, int ply, int thProof, int thDisproof) {
        long hand = hands[mover];
        if (!enterChild(mover, last, lastSeat, move)) {
            setProved(true);
            return;
        }
        int next = (mover + 1) % seats;
        if (sameSide(mover, next)) {
            proofSearch(next, childLast, childLastSeat, ply + 1, thProof, thDisproof);
        } else {
            proofSearch(next, childLast, childLastSeat, ply + 1, thDisproof, thProof);
            int p = proofNumber;
            proofNumber = disproofNumber;
            disproofNumber = p;
        }
        hands[mover] = hand;
    }

    /**
     * Plays {@code move} for the proof-number search: takes its cards from the mover's hand and
     * sets {@link #childLast} and {@link #childLastSeat} to what the next seat faces.
     *
     * @return false, changing nothing, if the move empties the mover's hand (the mover's side wins)
     */
    private boolean enterChild(int mover, int last, int lastSeat, int move) {
        int next = (mover + 1) % seats;
        if (move == MoveTable.PASS) {
            childLast = next == lastSeat ? MoveTable.PASS : last;
            childLastSeat = next == lastSeat ? -1 : lastSeat;
            return true;
        }
        long cards = table.cards(move);
        if (cards == hands[mover]) {
            return false;
        }
        hands[mover] -= cards;
        childLast = move;
        childLastSeat = mover;
        return true;
    }

    /**
     * The numbers of the child after {@code move}, in the mover's side's terms, into
     * {@link #proofNumber} and {@link #disproofNumber}: from the proof table, else solved from the
     * alpha-beta tables, else (1, 1).
     */
    private void childNumbers(int mover, int last, int lastSeat, int move) {
        long hand = hands[mover];
        if (!enterChild(mover, last, lastSeat, move)) {
            setProved(true);
            return;
        }
        int next = (mover + 1) % seats;
        int p = 1;
        int d = 1;
        int key = normalise(next, childLast, childLastSeat);
        int entry = proofs.find(keyHand0, keyHand1, keyHand2, key);
        if (entry >= 0) {
            p = proofs.proof(entry);
            d = proofs.disproof(entry);
        } else {
            TranspositionTable exact = childLast == MoveTable.PASS ? tt : answerTable;
            int stored = exact.probe(keyHand0, keyHand1, keyHand2, key);
            if (stored >= 0) {
                p = stored == 1 ? 0 : INFINITE;
                d = stored == 1 ? INFINITE : 0;
            }
        }
        hands[mover] = hand;
        boolean same = sameSide(mover, next);
        proofNumber = same ? p : d;
        disproofNumber = same ? d : p;
    }

    private int totalCards() {
        return Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]);
    }

    /**
     * After {@code a} ended a search under a node cap tighter than the solve's own budget
     * {@code limit}: puts back the hands saved before that search, and rethrows {@code a} if the
     * solve's node or time budget has run out too.
     */
    private void resumeAfterCut(Abort a, long limit, long h0, long h1, long h2) {
        hands[0] = h0;
        hands[1] = h1;
        hands[2] = h2;
        if (nodes >= limit || System.nanoTime() > deadline) {
            throw a;
        }
    }

    private void checkBudget() {
        if (nodes >= nodeLimit || System.nanoTime() > deadline) {
            throw ABORT;
        }
    }
}
