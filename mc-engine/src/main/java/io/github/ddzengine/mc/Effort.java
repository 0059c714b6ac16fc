package io.github.ddzengine.mc;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The deterministic work budget of a Monte Carlo decision (the agents' {@code effort} setting),
 * and the per-world bookkeeping that makes it exact on any number of threads. Shared by
 * {@link MonteCarloAgent} and the frozen {@code mc-v1} (a pinned build of an earlier commit), so
 * that both are budgeted alike.
 *
 * <h2>Work</h2>
 * The work of a world is a weighted count of what it did, in picosecond-equivalents of one warm
 * core ({@link Weights#cost}): a world, its dealing attempts (the prior's rejection sampling), its
 * rollouts (and the cards in play when each starts), the moves chosen inside them, and the solves
 * tried and their nodes (finished or not).
 * Every count depends only on the world (its deal, the candidates and the node budget), never on
 * the clock, the thread or the caches, so the work is the same on any machine and any load.
 *
 * <h2>Budget</h2>
 * With a budget of {@code E} units ({@link Meter}), worlds {@code 0, 1, 2, ...} are evaluated in
 * index order of their seeds until the work of worlds {@code 0 .. K-1} reaches {@code E}: the
 * decision counts exactly those {@code K} worlds, whichever threads evaluated them and whatever
 * else they evaluated beyond. A worker stops taking worlds once the work of the worlds already
 * finished reaches {@code E} (each of them has a lower index than any world not yet taken, so
 * {@code K} is reached); worlds taken are always finished. Hence the same seed and budget give the
 * same decision on any load and thread count. {@link #EFFORT_50MS_MICROS} is the budget that costs
 * as much time as a 50 ms decision of today's agent on one warm core.
 *
 * <p>{@link Ledger} (one per worker, reused) records each finished world's counts and per-candidate
 * results; {@link #merge} sums the worlds a decision counts. Allocation-free per world once a
 * ledger has grown to a decision's size.
 */
public final class Effort {
    /**
     * The weights of the work count, ps (10^-12 s) of one warm core per unit, fitted by least squares to the
     * thread CPU time of fixed-worlds decisions of {@code mc-v1} (bench {@code EffortCalibration};
     * command and figures in {@code docs/strength.md}). A variant that adds a kind of work these
     * counts do not see (a costlier rollout move, a search before the rollouts) must count it with
     * weights of its own, or its effort is not comparable: {@code EffortCalibration check} measures
     * the CPU time per counted unit of any agent.
     *
     * <p>Most of a rollout's time goes to min-hand counts ({@link SplitCache}): a lookup that hits
     * the cache is a few ns, one that misses an exact count of up to a microsecond. Hits and misses
     * depend on what the cache saw before (the thread, the earlier worlds), so they are not counted;
     * their cost is modelled from what is deterministic: the lookups, the lookups times the cards in
     * play (larger hands miss more and cost more to count), and the first rollout's share of them
     * (a world's first rollout meets hands no rollout saw; the other candidates' rollouts of the same
     * world replay most of them).
     *
     * @param world a world beyond its parts (the deal's set-up, the bookkeeping)
     * @param attempt one dealing attempt (a partial shuffle and the prior's weight)
     * @param rollout one rollout beyond its moves (copying the hands, scoring)
     * @param rolloutMove one move chosen inside a rollout (move generation, pruning)
     * @param splitLookup one min-hand count the rollout policy asked for
     * @param lookupCard one lookup times one card in all hands of its world
     * @param firstLookupCard the lookups per rollout of a world times its cards (the first rollout's share)
     * @param solve one solve tried, finished or not (clearing its tables)
     * @param solverNode one solver node (of a finished solve or not)
     * @param leafEval one evaluation of the leaf model ({@link McSettings#leaf()}: its features and forward pass)
     */
    public record Weights(long world, long attempt, long rollout, long rolloutMove, long splitLookup, long lookupCard,
                          long firstLookupCard, long solve, long solverNode, long leafEval) {
        /**
         * The calibrated weights of today's agent; the leaf model's weight was measured apart
         * ({@code EffortCalibration check} of {@code mc} with a model: {@code docs/strength.md}).
         */
        public static final Weights DEFAULT = new Weights(65_335, 63_379, 82_154, 0, 0, 1_119, 287, 2_522_104, 183_767,
            LEAF_EVAL_PS);

        /** @throws IllegalArgumentException if a weight is negative */
        public Weights {
            if (world < 0 || attempt < 0 || rollout < 0 || rolloutMove < 0 || splitLookup < 0 || lookupCard < 0
                || firstLookupCard < 0 || solve < 0 || solverNode < 0 || leafEval < 0) {
                throw new IllegalArgumentException("effort weights are not negative");
            }
        }

        /**
         * The work of one world, ps-equivalents.
         *
         * @param attempts dealing attempts
         * @param cards cards in all hands of the world
         * @param rollouts rollouts played
         * @param rolloutMoves moves chosen inside the rollouts
         * @param splitLookups min-hand counts the rollout policy asked for
         * @param solverNodes solver nodes searched (finished or not; a solve was tried when positive)
         * @param leafEvals evaluations of the leaf model
         */
        public long cost(int attempts, int cards, long rollouts, long rolloutMoves, long splitLookups, long solverNodes,
                         long leafEvals) {
            return world + attempts * attempt + rollouts * rollout + rolloutMoves * rolloutMove
                + splitLookups * (splitLookup + cards * lookupCard)
                + (rollouts == 0 ? 0 : splitLookups / rollouts * cards * firstLookupCard)
                + (solverNodes > 0 ? solve : 0) + solverNodes * solverNode + leafEvals * leafEval;
        }

        /** Adds the features of one world, in the order of the components, to {@code sums} (for calibration). */
        static void addFeatures(long[] sums, int attempts, int cards, long rollouts, long rolloutMoves,
                                long splitLookups, long solverNodes, long leafEvals) {
            sums[0]++;
            sums[1] += attempts;
            sums[2] += rollouts;
            sums[3] += rolloutMoves;
            sums[4] += splitLookups;
            sums[5] += splitLookups * cards;
            sums[6] += rollouts == 0 ? 0 : splitLookups / rollouts * cards;
            sums[7] += solverNodes > 0 ? 1 : 0;
            sums[8] += solverNodes;
            sums[9] += leafEvals;
        }
    }

    /**
     * The effort (in microsecond-equivalents, the unit of the agents' {@code effort=} setting) at
     * which {@code mc-v1} spends on average the CPU time of its 50 ms decisions (46 ms: the budget
     * less its 4 ms reserve), on one warm core in self-play ({@code EffortCalibration check}; figures
     * in {@code docs/strength.md}). It is above the 43 ms of work a 50 ms decision counts on average
     * because the count misses each decision by about 18% (min-hand cache misses are not counted):
     * with a fixed effort the decisions the count underrates take longer, and the mean time of an
     * effort-budgeted decision is the budget times the mean of time per counted unit.
     */
    public static final long EFFORT_50MS_MICROS = 60_000;

    /** The components of {@link Weights}: the length of {@link Counts#features()}. */
    public static final int FEATURES = 10;

    /**
     * The work of one leaf-model evaluation, ps-equivalents ({@link Weights#leafEval}): its features
     * (three min-hand counts) and the forward pass of the shipped model's shape (253-256-64-1).
     */
    public static final long LEAF_EVAL_PS = 10_000_000;

    /** A meter that never runs out: fixed-worlds and timed decisions. */
    public static final Meter UNLIMITED = new Meter(Long.MAX_VALUE, Weights.DEFAULT);

    private Effort() {
    }

    /**
     * The budget of one decision, shared by its workers: the work of the worlds finished so far
     * against the budget. Thread-safe.
     */
    public static final class Meter {
        private final long budget;
        private final Weights weights;
        private final AtomicLong spent = new AtomicLong();

        /**
         * A meter of {@code budget} ps-equivalents ({@link Long#MAX_VALUE}: unlimited) counted with
         * {@code weights}.
         */
        public Meter(long budget, Weights weights) {
            if (budget < 1) {
                throw new IllegalArgumentException("an effort budget is positive, not " + budget);
            }
            this.budget = budget;
            this.weights = weights;
        }

        /** A meter of {@code micros} microsecond-equivalents (the {@code effort=} setting), default weights. */
        public static Meter ofMicros(long micros) {
            return new Meter(Math.multiplyExact(micros, 1_000_000L), Weights.DEFAULT);
        }

        /** The weights the work is counted with. */
        public Weights weights() {
            return weights;
        }

        /** The budget, ps-equivalents. */
        public long budget() {
            return budget;
        }

        /** Whether the worlds finished so far have spent the budget: take no further world. */
        public boolean exhausted() {
            return budget != Long.MAX_VALUE && spent.get() >= budget;
        }

        /** Adds the work of a finished world (its counts as for {@link Weights#cost}). */
        public void charge(int attempts, int cards, long rollouts, long rolloutMoves, long splitLookups,
                           long solverNodes, long leafEvals) {
            if (budget != Long.MAX_VALUE) {
                spent.addAndGet(weights.cost(attempts, cards, rollouts, rolloutMoves, splitLookups, solverNodes,
                    leafEvals));
            }
        }

        /** Whether this meter limits the work (false for {@link #UNLIMITED}). */
        public boolean limits() {
            return budget != Long.MAX_VALUE;
        }
    }

    /**
     * One worker's finished worlds in a decision: index, counts and per-candidate results. Used by
     * one thread at a time (the worker writes, the decision's caller reads after the worker signals
     * that it is done); reused from decision to decision, grown as needed.
     */
    public static final class Ledger {
        private int candidates;
        private int size;
        private int[] world = new int[64];
        private int[] attempts = new int[64];
        private int[] cards = new int[64];
        private long[] rollouts = new long[64];
        private long[] moves = new long[64];
        private long[] lookups = new long[64];
        private long[] nodes = new long[64];
        private long[] leafEvals = new long[64];
        private boolean[] solved = new boolean[64];
        private long[] wins = new long[64 * 16];
        private long[] scores = new long[64 * 16];

        /** Starts a decision with {@code candidates} candidates: forgets the worlds of the last one. */
        public void begin(int candidates) {
            this.candidates = candidates;
            this.size = 0;
            if (wins.length < world.length * candidates) {
                wins = new long[world.length * candidates];
                scores = new long[world.length * candidates];
            }
        }

        /** Worlds recorded since {@link #begin}. */
        public int size() {
            return size;
        }

        /**
         * Records a finished world.
         *
         * @param w the world's index in the decision
         * @param dealAttempts its dealing attempts
         * @param worldCards the cards in all its hands
         * @param rolloutCount rollouts it played (0 when the solver settled it)
         * @param rolloutMoves moves chosen inside those rollouts
         * @param splitLookups min-hand counts those rollouts asked for
         * @param solverNodes solver nodes it searched
         * @param leafEvalCount leaf-model evaluations it made
         * @param bySolver whether the solver settled it
         * @param worldWins per candidate: the mover's side's wins in the world after it, in the
         *     decision's unit (1 a win, or {@link Worker#LEAF_UNIT} with a leaf model), 0 a loss
         * @param worldScores per candidate: the mover's score in the world after it, in the same unit
         */
        public void record(int w, int dealAttempts, int worldCards, long rolloutCount, long rolloutMoves,
                           long splitLookups, long solverNodes, long leafEvalCount,
                           boolean bySolver, long[] worldWins, long[] worldScores) {
            if (size == world.length) {
                int n = size * 2;
                world = Arrays.copyOf(world, n);
                attempts = Arrays.copyOf(attempts, n);
                cards = Arrays.copyOf(cards, n);
                rollouts = Arrays.copyOf(rollouts, n);
                moves = Arrays.copyOf(moves, n);
                lookups = Arrays.copyOf(lookups, n);
                nodes = Arrays.copyOf(nodes, n);
                leafEvals = Arrays.copyOf(leafEvals, n);
                solved = Arrays.copyOf(solved, n);
            }
            if (wins.length < (size + 1) * candidates) {
                wins = Arrays.copyOf(wins, Math.max(wins.length * 2, (size + 1) * candidates));
                scores = Arrays.copyOf(scores, wins.length);
            }
            world[size] = w;
            attempts[size] = dealAttempts;
            cards[size] = worldCards;
            rollouts[size] = rolloutCount;
            moves[size] = rolloutMoves;
            lookups[size] = splitLookups;
            nodes[size] = solverNodes;
            leafEvals[size] = leafEvalCount;
            solved[size] = bySolver;
            System.arraycopy(worldWins, 0, wins, size * candidates, candidates);
            System.arraycopy(worldScores, 0, scores, size * candidates, candidates);
            size++;
        }
    }

    /**
     * What the worlds a decision counted did, summed: the inputs of {@link Weights#cost} and the work.
     *
     * @param worlds worlds
     * @param dealAttempts dealing attempts
     * @param rollouts rollouts
     * @param rolloutMoves moves chosen inside the rollouts
     * @param splitLookups min-hand counts the rollout policy asked for
     * @param solves solves tried
     * @param solverNodes solver nodes
     * @param features the sums of the features of {@link Weights}, in the order of its components
     *     (for calibration: the work is their dot product with the weights)
     * @param work the work, ps-equivalents: the sum of {@link Weights#cost} over the worlds
     */
    public record Counts(long worlds, long dealAttempts, long rollouts, long rolloutMoves, long splitLookups,
                         long solves, long solverNodes, long[] features, long work) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Counts c && worlds == c.worlds && dealAttempts == c.dealAttempts
                && rollouts == c.rollouts && rolloutMoves == c.rolloutMoves && splitLookups == c.splitLookups
                && solves == c.solves && solverNodes == c.solverNodes && Arrays.equals(features, c.features)
                && work == c.work;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(work) * 31 + Arrays.hashCode(features);
        }

        @Override
        public String toString() {
            return "Counts[worlds=" + worlds + ", dealAttempts=" + dealAttempts + ", rollouts=" + rollouts
                + ", rolloutMoves=" + rolloutMoves + ", splitLookups=" + splitLookups + ", solves=" + solves
                + ", solverNodes=" + solverNodes + ", work=" + work + "]";
        }
    }

    /**
     * The sums over the worlds a decision counts.
     *
     * @param wins per candidate, worlds won
     * @param scores per candidate, summed score
     * @param solved worlds the solver settled
     * @param counts what the worlds did
     */
    public record Totals(long[] wins, long[] scores, int solved, Counts counts) {
        /** Worlds counted. */
        public int worlds() {
            return (int) counts.worlds();
        }
    }

    /**
     * Sums the worlds of a decision: with a limiting meter, worlds {@code 0 .. K-1} where {@code K}
     * is the first index at which their work reaches the budget (all of them when it never does);
     * otherwise every world recorded.
     *
     * @param ledgers the workers' ledgers
     * @param counted per ledger, whether to use it (a worker that finished in time)
     * @param meter the decision's meter
     * @param candidates the number of candidates
     * @throws IllegalStateException if a world the budget counts is missing (a bug)
     */
    public static Totals merge(Ledger[] ledgers, boolean[] counted, Meter meter, int candidates) {
        long[] wins = new long[candidates];
        long[] scores = new long[candidates];
        Weights w = meter.weights();
        int limit = Integer.MAX_VALUE;
        if (meter.limits()) {
            int max = -1;
            for (int i = 0; i < ledgers.length; i++) {
                for (int k = 0; counted[i] && k < ledgers[i].size; k++) {
                    max = Math.max(max, ledgers[i].world[k]);
                }
            }
            long[] cost = new long[max + 1];
            Arrays.fill(cost, -1);
            for (int i = 0; i < ledgers.length; i++) {
                Ledger l = ledgers[i];
                for (int k = 0; counted[i] && k < l.size; k++) {
                    cost[l.world[k]] = w.cost(l.attempts[k], l.cards[k], l.rollouts[k], l.moves[k], l.lookups[k],
                        l.nodes[k], l.leafEvals[k]);
                }
            }
            long sum = 0;
            limit = 0;
            while (limit <= max && sum < meter.budget()) {
                if (cost[limit] < 0) {
                    throw new IllegalStateException("world " + limit + " of an effort-budgeted decision is missing");
                }
                sum += cost[limit++];
            }
        }
        long worlds = 0;
        int solved = 0;
        long rollouts = 0;
        long moves = 0;
        long splitLookups = 0;
        long solves = 0;
        long nodes = 0;
        long attempts = 0;
        long work = 0;
        long[] features = new long[FEATURES];
        for (int i = 0; i < ledgers.length; i++) {
            Ledger l = ledgers[i];
            for (int k = 0; counted[i] && k < l.size; k++) {
                if (l.world[k] >= limit) {
                    continue;
                }
                int base = k * candidates;
                for (int c = 0; c < candidates; c++) {
                    wins[c] += l.wins[base + c];
                    scores[c] += l.scores[base + c];
                }
                worlds++;
                solved += l.solved[k] ? 1 : 0;
                rollouts += l.rollouts[k];
                moves += l.moves[k];
                splitLookups += l.lookups[k];
                solves += l.nodes[k] > 0 ? 1 : 0;
                nodes += l.nodes[k];
                attempts += l.attempts[k];
                work += w.cost(l.attempts[k], l.cards[k], l.rollouts[k], l.moves[k], l.lookups[k], l.nodes[k],
                    l.leafEvals[k]);
                Weights.addFeatures(features, l.attempts[k], l.cards[k], l.rollouts[k], l.moves[k], l.lookups[k],
                    l.nodes[k], l.leafEvals[k]);
            }
        }
        return new Totals(wins, scores, solved,
            new Counts(worlds, attempts, rollouts, moves, splitLookups, solves, nodes, features, work));
    }
}
