package io.github.ddzengine.mc;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * The imperfect-information Monte Carlo player: samples the hidden cards ({@link WorldSampler},
 * with a {@link Prior}), evaluates every candidate move in each world (the exact {@link
 * io.github.ddzengine.core.solve.Solver} when the world holds at most {@link Config#solverMaxCards()} cards or
 * the hidden cards are determined, otherwise, or when the solve does not finish, one {@link Playout}
 * per candidate) and plays the candidate that won the most worlds. A determined set (every world
 * the same deal) is evaluated once; in fixed-worlds mode that one world counts as the worlds asked for.
 *
 * <h2>Threads and budget</h2>
 * The agent owns {@code threads - 1} daemon helper threads, started at its first decision (an
 * agent that is only copied, like a match's prototype, starts none) and stopped by {@link #close()}
 * (a later decision starts them again); the calling thread is worker 0. Workers pull world indices from one atomic counter and add each finished world into
 * their own row of primitive arrays; the caller sums the rows at the end: no locks, no shared
 * mutable statistics, nothing allocated per world (the solver path excepted: the solver's API
 * takes a {@code Position} and returns a result object).
 *
 * <p>Under a time budget no world starts after {@code budget - }{@link Config#reserveMillis()},
 * the clock is also read every {@link Worker#CLOCK_EVERY} rollouts (a world cut short is dropped
 * whole), and the caller stops waiting for helpers at {@code budget - 1 ms}: a late helper's row
 * is then left out. In fixed-worlds mode ({@link Config#worlds()} &gt; 0) there is no clock, and
 * because each world depends only on the decision seed and its index and the statistics are
 * integer sums, the result is the same on any number of threads.
 *
 * <p>Candidates: the legal moves with kicker variants thinned ({@link MovePruner}), ordered by the
 * plays they leave ({@link MinHands#count}), at most {@link Config#maxCandidates()} of them (the
 * pass always stays when following).
 *
 * <p>One decision at a time per agent (the arena gives each thread its own {@link #copy()}).
 */
public final class MonteCarloAgent implements Agent {
    /**
     * Settings.
     *
     * @param budgetMillis the time budget of a decision in ms (default 50); ignored when {@code worlds > 0}
     * @param threads worker threads including the caller, 1..64 (default 1)
     * @param worlds fixed-worlds mode: exactly this many worlds and no clock; 0 = use the budget
     * @param maxCandidates most candidate moves evaluated (default 16)
     * @param solverMaxCards worlds with at most this many cards in all hands go to the exact solver (default
     *     18); the one world of a determined set (all hidden cards known) goes to it whatever its size
     * @param solverNodes node budget of one exact solve; a solve that runs out falls back to rollouts (a
     *     determined set's solve has {@code 50 x solverNodes} in fixed-worlds mode, and three quarters
     *     of the time left and no node budget under the clock)
     * @param reserveMillis part of the budget kept for hand-off and merging (default 4)
     * @param prior the world prior (default {@link SoloPassPrior})
     * @param bidder the bidding estimator (default {@link Bidder#Bidder()})
     * @param tuning the search settings (default {@link Tuning#DEFAULT})
     */
    public record Config(int budgetMillis, int threads, int worlds, int maxCandidates, int solverMaxCards,
                         long solverNodes, int reserveMillis, Prior prior, Bidder bidder, Tuning tuning) {
        /** The defaults: 50 ms, 1 thread, time mode, 16 candidates, solver up to 18 cards / 20,000 nodes. */
        public static Config defaults() {
            return new Config(50, 1, 0, 16, 18, 20_000, 4, new SoloPassPrior(), new Bidder(), Tuning.DEFAULT);
        }

        /**
         * @throws IllegalArgumentException naming the first setting out of range
         */
        public Config {
            if (budgetMillis < 1) {
                throw new IllegalArgumentException("budget must be at least 1 ms, not " + budgetMillis);
            }
            if (threads < 1 || threads > 64) {
                throw new IllegalArgumentException("threads must be 1..64, not " + threads);
            }
            if (worlds < 0) {
                throw new IllegalArgumentException("worlds must be 0 (time budget) or positive, not " + worlds);
            }
            if (maxCandidates < 2) {
                throw new IllegalArgumentException("maxCandidates must be at least 2, not " + maxCandidates);
            }
            if (reserveMillis < 0 || reserveMillis >= budgetMillis && worlds == 0) {
                throw new IllegalArgumentException("reserve " + reserveMillis + " ms must be below the budget "
                    + budgetMillis + " ms");
            }
        }

        public Config withBudget(int ms) {
            return new Config(ms, threads, worlds, maxCandidates, solverMaxCards, solverNodes,
                Math.min(reserveMillis, Math.max(0, ms / 4)), prior, bidder, tuning);
        }

        public Config withThreads(int n) {
            return new Config(budgetMillis, n, worlds, maxCandidates, solverMaxCards, solverNodes, reserveMillis, prior,
                bidder, tuning);
        }

        public Config withWorlds(int n) {
            return new Config(budgetMillis, threads, n, maxCandidates, solverMaxCards, solverNodes, reserveMillis, prior,
                bidder, tuning);
        }

        public Config withPrior(Prior p) {
            return new Config(budgetMillis, threads, worlds, maxCandidates, solverMaxCards, solverNodes, reserveMillis, p,
                bidder, tuning);
        }

        /** These settings with the search settings {@code t}. */
        public Config withTuning(Tuning t) {
            return new Config(budgetMillis, threads, worlds, maxCandidates, solverMaxCards, solverNodes, reserveMillis, prior,
                bidder, t);
        }

        /** These settings evaluating at most {@code n} candidate moves (at least 2). */
        public Config withMaxCandidates(int n) {
            return new Config(budgetMillis, threads, worlds, n, solverMaxCards, solverNodes, reserveMillis, prior,
                bidder, tuning);
        }

        /** These settings with a node budget of {@code nodes} per exact solve. */
        public Config withSolverNodes(long nodes) {
            return new Config(budgetMillis, threads, worlds, maxCandidates, solverMaxCards, nodes, reserveMillis, prior,
                bidder, tuning);
        }

        public Config withSolverMaxCards(int cards) {
            return new Config(budgetMillis, threads, worlds, maxCandidates, cards, solverNodes, reserveMillis, prior,
                bidder, tuning);
        }
    }

    /** A cap on worlds under a time budget (the counter never wraps). */
    private static final int TIMED_WORLD_CAP = 1 << 24;

    private final Config config;
    private final EngineTables tables;
    private final Worker[] workers;
    /** The helper threads, started at the first decision; empty with one thread or once closed. */
    private Helper[] helpers = new Helper[0];
    private MoveGenerator generator;
    private MovePruner pruner;
    private SplitCache splits;
    private Rules rules;
    private long gameSeed;
    /** Fixed world count for {@link #warmUp}'s decisions (0: the config decides). */
    private int fixedOverride;

    /** An agent with {@link Config#defaults()}. */
    public MonteCarloAgent() {
        this(Config.defaults());
    }

    /**
     * An agent with the given settings and no precomputed tables. Its {@code threads - 1} daemon
     * helper threads start at the first decision; {@link #close()} stops them.
     */
    public MonteCarloAgent(Config config) {
        this(config, EngineTables.NONE);
    }

    /**
     * An agent with the given settings whose solvers, playouts and candidate ordering use
     * {@code tables}: faster, and since a world's solve then needs fewer nodes, more of them finish
     * within {@link Config#solverNodes()} (so fixed-worlds results may differ from those without).
     */
    public MonteCarloAgent(Config config, EngineTables tables) {
        this.config = config;
        this.tables = tables;
        this.workers = new Worker[config.threads()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(tables);
        }
    }

    private void startHelpers() {
        if (helpers.length == workers.length - 1) {
            return;
        }
        Helper[] h = new Helper[workers.length - 1];
        for (int i = 0; i < h.length; i++) {
            h[i] = new Helper(workers[i + 1], i + 1);
            h[i].start();
        }
        helpers = h;
    }

    /**
     * Stops the helper threads and waits for them to end (a helper still finishing a timed-out
     * world ends at that decision's deadline). The agent stays usable: its next decision starts
     * them again. Call it from the thread that makes the decisions, never during one.
     */
    @Override
    public void close() {
        Helper[] h = helpers;
        helpers = new Helper[0];
        for (Helper x : h) {
            x.stopRunning();
        }
        boolean interrupted = false;
        for (Helper x : h) {
            while (x.isAlive()) {
                try {
                    x.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The settings. */
    public Config config() {
        return config;
    }

    /** The precomputed tables its solvers and playouts use. */
    public EngineTables tables() {
        return tables;
    }

    @Override
    public String name() {
        return "mc";
    }

    @Override
    public Agent copy() {
        return new MonteCarloAgent(config, tables);
    }

    @Override
    public void startGame(long seed) {
        this.gameSeed = seed;
    }

    @Override
    public int bid(BidRequest request) {
        Bidder.Estimate e = config.bidder().estimate(workers[0].playout(request.rules(), config.tuning()), request.hand(),
            Rng.derive(gameSeed, -1 - request.position()));
        return config.bidder().bidFor(e, request.highestBid());
    }

    @Override
    public int play(InformationSet info) {
        // a single candidate needs no worlds: a pass when nothing beats, or a move that empties
        // the hand (candidates() returns it alone)
        int[] candidates = candidates(info);
        if (candidates.length == 1) {
            return candidates[0];
        }
        return decide(info, Rng.derive(gameSeed, info.historyLength())).move();
    }

    /**
     * Warms a cold JVM up for decisions like {@code info}: builds the tables of its rules on every
     * worker, then runs untimed one-world decisions on it for about {@code millis} ms (results
     * discarded), so that the JIT has compiled the hot paths before a timed decision.
     */
    public void warmUp(InformationSet info, int millis) {
        for (Worker w : workers) {
            w.playout(info.rules(), config.tuning());
        }
        prepare(info.rules());
        long end = System.nanoTime() + millis * 1_000_000L;
        int i = 0;
        while (System.nanoTime() < end) {
            decideFixed(info, -1 - i++, 1);
        }
    }

    private Decision decideFixed(InformationSet info, long seed, int worlds) {
        try {
            fixedOverride = worlds;
            return decide(info, seed);
        } finally {
            fixedOverride = 0;
        }
    }

    /**
     * Evaluates the candidates of {@code info} and picks one.
     *
     * @param info the mover's information set (the mover is {@code info.seat()})
     * @param seed the decision seed: with {@link Config#worlds()} &gt; 0 the result depends only on it
     * @return the chosen move and the statistics of every candidate
     */
    public Decision decide(InformationSet info, long seed) {
        long start = System.nanoTime();
        Rules r = info.rules();
        prepare(r);
        int[] candidates = candidates(info);
        MoveTable table = r.table();
        int bombs = 0;
        int landlordPlays = 0;
        boolean farmersPlayed = false;
        for (int i = 0; i < info.historyLength(); i++) {
            int m = info.historyMove(i);
            if (m != MoveTable.PASS) {
                bombs += Worker.isBomb(table, m) ? 1 : 0;
                if (i % 3 == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
            }
        }
        int fixedWorlds = fixedOverride > 0 ? fixedOverride : config.worlds();
        boolean timed = fixedWorlds == 0;
        long budget = config.budgetMillis() * 1_000_000L;
        long stopAt = timed ? start + budget - config.reserveMillis() * 1_000_000L : Long.MAX_VALUE;
        long waitUntil = start + budget - 1_000_000L;
        WorldSampler sampler = new WorldSampler(info, config.prior());
        int limit = timed ? TIMED_WORLD_CAP : fixedWorlds;
        boolean determined = sampler.isDetermined();
        if (determined) {
            // every world is the same deal: one evaluation, by the solver whatever the size if it can
            limit = 1;
        }
        Job job = new Job(r, info, sampler, candidates, seed, limit, stopAt, config.solverMaxCards(),
            config.solverNodes(), info.bid() == 0 ? 1 : info.bid(), bombs, landlordPlays, farmersPlayed,
            workers.length, determined, config.tuning());
        startHelpers();
        for (Helper h : helpers) {
            h.assign(job);
        }
        workers[0].run(job, 0);
        boolean late = false;
        for (int i = 1; i < workers.length; i++) {
            while (job.done.get(i) == 0) {
                if (timed && System.nanoTime() >= waitUntil) {
                    late = true;
                    break;
                }
                LockSupport.parkNanos(20_000L);
            }
        }
        int nc = candidates.length;
        long[] wins = new long[nc];
        long[] scores = new long[nc];
        int worlds = 0;
        int solved = 0;
        long rollouts = 0;
        long rolloutMoves = 0;
        boolean cut = late;
        for (int i = 0; i < workers.length; i++) {
            if (job.done.get(i) == 0) {
                continue;
            }
            for (int c = 0; c < nc; c++) {
                wins[c] += job.wins[i][c];
                scores[c] += job.scores[i][c];
            }
            worlds += job.worlds[i];
            solved += job.solved[i];
            rollouts += job.rollouts[i];
            rolloutMoves += job.rolloutMoves[i];
            cut |= job.cut[i];
        }
        if (determined && !timed && worlds == 1) {
            // fixed-worlds mode counts the one world of a determined set as the worlds asked for:
            // each of them is this deal, evaluated the same way
            for (int c = 0; c < nc; c++) {
                wins[c] *= fixedWorlds;
                scores[c] *= fixedWorlds;
            }
            solved *= fixedWorlds;
            rollouts *= fixedWorlds;
            rolloutMoves *= fixedWorlds;
            worlds = fixedWorlds;
        }
        return new Decision(table, candidates, wins, scores, worlds, solved, rollouts, rolloutMoves,
            System.nanoTime() - start, timed && cut);
    }

    private void prepare(Rules r) {
        if (!r.equals(rules)) {
            rules = r;
            generator = new MoveGenerator(r);
            pruner = new MovePruner(r.table());
            splits = new SplitCache(MinHands.of(r, tables), 14);
        }
    }

    /**
     * The candidate moves of {@code info}: legal moves, kicker variants thinned, ordered by plays
     * left, then non-bombs first, then the lowest main rank, then the most cards; at most
     * {@link Config#maxCandidates()}, the pass kept when following.
     */
    int[] candidates(InformationSet info) {
        prepare(info.rules());
        MoveTable table = rules.table();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        long hand = info.hand();
        int n = generator.answers(hand, info.lastMove(), buf);
        for (int i = 0; i < n; i++) {
            if (buf[i] != MoveTable.PASS && table.cards(buf[i]) == hand) {
                return new int[] {buf[i]}; // it empties the hand: the only candidate worth a world
            }
        }
        n = pruner.prune(hand, buf, n);
        long[] keyed = new long[n];
        boolean hasPass = false;
        int k = 0;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS) {
                hasPass = true;
                continue;
            }
            long after = splits.count(Cards.remove(hand, table.cards(m)));
            long score = (after << 16) | ((Worker.isBomb(table, m) ? 1L : 0L) << 15)
                | ((long) (table.mainRank(m) + 1) << 8) | (31 - table.cardCount(m));
            keyed[k++] = MoveTable.sortKey(score, m);
        }
        Arrays.sort(keyed, 0, k);
        int keep = Math.min(k, hasPass ? config.maxCandidates() - 1 : config.maxCandidates());
        int[] out = new int[keep + (hasPass ? 1 : 0)];
        for (int i = 0; i < keep; i++) {
            out[i] = MoveTable.sortedId(keyed[i]);
        }
        if (hasPass) {
            out[keep] = MoveTable.PASS;
        }
        return out;
    }

    /** A helper thread: waits for a job, runs its worker on it, signals the caller. */
    private static final class Helper extends Thread {
        private final Worker worker;
        private final int index;
        private volatile Job pending;
        private volatile boolean stopped;

        Helper(Worker worker, int index) {
            super("ddz-mc-" + index);
            this.worker = worker;
            this.index = index;
            setDaemon(true);
        }

        void assign(Job job) {
            pending = job;
            LockSupport.unpark(this);
        }

        void stopRunning() {
            stopped = true;
            LockSupport.unpark(this);
        }

        @Override
        public void run() {
            Job last = null;
            while (!stopped) {
                Job j = pending;
                if (j == null || j == last) {
                    LockSupport.park(this);
                    continue;
                }
                last = j;
                worker.run(j, index);
                LockSupport.unpark(j.caller);
            }
        }
    }
}
