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
 * io.github.ddzengine.core.solve.Solver} when the world holds at most {@link McSettings#solverMaxCards()} cards or
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
 * <p>Under a time budget no world starts after {@code budget - }{@link McSettings#reserveMillis()},
 * the clock is also read every {@link Worker#CLOCK_EVERY} rollouts (a world cut short is dropped
 * whole), and the caller stops waiting for helpers at {@code budget - 1 ms}: a late helper's row
 * is then left out. In fixed-worlds mode ({@link McSettings#worlds()} &gt; 0) there is no clock, and
 * because each world depends only on the decision seed and its index and the statistics are
 * integer sums, the result is the same on any number of threads. In effort mode ({@link McSettings#effort()}
 * &gt; 0) there is no clock either: worlds are counted in index order until their counted work
 * reaches the budget ({@link Effort}), so the result is again the same on any load and thread count.
 *
 * <p>Candidates: the legal moves with kicker variants thinned ({@link MovePruner}), ordered by the
 * plays they leave ({@link MinHands#count}), at most {@link McSettings#maxCandidates()} of them (the
 * pass always stays when following).
 *
 * <p>One decision at a time per agent (the arena gives each thread its own {@link #copy()}).
 */
public final class MonteCarloAgent implements Agent {
    /** A cap on worlds under a time budget (the counter never wraps). */
    private static final int TIMED_WORLD_CAP = 1 << 24;

    private final McSettings settings;
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

    /** An agent with {@link McSettings#defaults()}. */
    public MonteCarloAgent() {
        this(McSettings.defaults());
    }

    /**
     * An agent with the given settings and no precomputed tables. Its {@code threads - 1} daemon
     * helper threads start at the first decision; {@link #close()} stops them.
     */
    public MonteCarloAgent(McSettings settings) {
        this(settings, EngineTables.NONE);
    }

    /**
     * An agent with the given settings whose solvers, playouts and candidate ordering use
     * {@code tables}: faster, and since a world's solve then needs fewer nodes, more of them finish
     * within {@link McSettings#solverNodes()} (so fixed-worlds results may differ from those without).
     */
    public MonteCarloAgent(McSettings settings, EngineTables tables) {
        this.settings = settings;
        this.tables = tables;
        this.workers = new Worker[settings.threads()];
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
    public McSettings settings() {
        return settings;
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
        return new MonteCarloAgent(settings, tables);
    }

    @Override
    public void startGame(long seed) {
        this.gameSeed = seed;
    }

    /**
     * The bid: {@link Bidder#estimate} under the budget of a move (the clock less the reserve, the
     * effort, or in fixed-worlds mode the bidder's worlds, no clock) and {@link Bidder#bidFor}.
     */
    @Override
    public int bid(BidRequest request) {
        return settings.bidder().bidFor(estimateBid(request, Rng.derive(gameSeed, -1 - request.position())),
            request.highestBid());
    }

    /**
     * The landlord win estimate of a bid, under the budget of a move (see {@link #bid}).
     *
     * @param seed the estimate's seed (its worlds are dealt from it)
     */
    public Bidder.Estimate estimateBid(BidRequest request, long seed) {
        long start = System.nanoTime();
        boolean fixed = settings.worlds() > 0 || fixedOverride > 0;
        Effort.Meter effort = !fixed && settings.effort() > 0 ? Effort.Meter.ofMicros(settings.effort()) : Effort.UNLIMITED;
        long deadline = fixed || effort.limits() ? Long.MAX_VALUE
            : start + (settings.budgetMillis() - settings.reserveMillis()) * 1_000_000L;
        return settings.bidder().estimate(workers[0].bidPlayout(request.rules()), request.hand(), seed,
            deadline, effort);
    }

    @Override
    public int play(InformationSet info) {
        // a single candidate needs no worlds: a pass when nothing beats, or a move that empties
        // the hand (candidates() returns it alone)
        int[] candidates = candidates(info);
        if (candidates.length == 1) {
            return candidates[0];
        }
        int plays = settings.surePlays();
        long seed = Rng.derive(gameSeed, info.historyLength());
        if (plays > 0) {
            int[] sure = sureMoves(info, candidates, plays);
            if (sure.length == 1) {
                return sure[0];
            }
            if (sure.length > 1) {
                return decide(info, seed, null, sure).move(); // all win: the worlds choose by score
            }
        }
        return decide(info, seed).move();
    }

    /**
     * The moves the decision-level sure win ({@link McSettings#surePlays()}) would keep in {@code info}
     * through {@code plays} plays, whatever this agent's settings: the candidates that win whatever
     * the hidden cards are, in candidate order; empty if none does or there is only one candidate
     * ({@link #play} takes it without worlds). Bench screens use it to find the positions where
     * the lever acts.
     *
     * @param plays the most plays left after the move, 1..{@link McSettings#MAX_SURE_PLAYS}
     */
    public int[] sureMoves(InformationSet info, int plays) {
        int[] candidates = candidates(info);
        return candidates.length < 2 ? new int[0] : sureMoves(info, candidates, plays);
    }

    /**
     * The decision-level sure win ({@link McSettings#surePlays()}): those of {@code candidates} that win
     * whatever the hidden cards are ({@link Playout#sureMoves}, with every card the mover has not
     * seen played, the partner's included, as the pool).
     */
    int[] sureMoves(InformationSet info, int[] candidates, int plays) {
        long seen = Cards.add(info.hand(), Cards.add(info.played(0), Cards.add(info.played(1), info.played(2))));
        long pool = Cards.remove(Cards.DECK, seen);
        int seat = info.seat();
        int maxCards = Math.max(info.cardsLeft((seat + 1) % 3), info.cardsLeft((seat + 2) % 3));
        int[] out = new int[candidates.length];
        int k = workers[0].playout(info.rules(), settings).sureMoves(info.hand(), candidates, candidates.length,
            pool, maxCards, plays, out);
        return Arrays.copyOf(out, k);
    }

    /**
     * Warms a cold JVM up for decisions like {@code info}: builds the tables of its rules on every
     * worker, then runs untimed one-world decisions on it for about {@code millis} ms (results
     * discarded), so that the JIT has compiled the hot paths before a timed decision.
     */
    public void warmUp(InformationSet info, int millis) {
        for (Worker w : workers) {
            w.playout(info.rules(), settings);
        }
        prepare(info.rules());
        long end = System.nanoTime() + millis * 1_000_000L;
        int i = 0;
        while (System.nanoTime() < end) {
            decideFixed(info, -1 - i++, 1);
        }
    }

    /**
     * Warms a cold JVM up for bids ({@link #bid}) as {@link #warmUp} does for moves: untimed
     * estimates of 16 worlds on {@code request} for about {@code millis} ms, results discarded.
     */
    public void warmUpBids(BidRequest request, int millis) {
        Playout p = workers[0].bidPlayout(request.rules());
        Bidder b = settings.bidder();
        Bidder few = new Bidder(b.bid1(), b.bid2(), b.bid3(), 16);
        long end = System.nanoTime() + millis * 1_000_000L;
        for (int i = 0; System.nanoTime() < end; i++) {
            few.estimate(p, request.hand(), -1 - i);
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
     * @param seed the decision seed: with {@link McSettings#worlds()} &gt; 0 the result depends only on it
     * @return the chosen move and the statistics of every candidate
     */
    public Decision decide(InformationSet info, long seed) {
        return decide(info, seed, null, null);
    }

    /**
     * {@link #decide} with the true hands known ({@link OracleAgent}): the one world is that deal.
     *
     * @param hands the hands of seats 0, 1, 2 now; the mover's must be {@code info.hand()}
     * @throws IllegalStateException if the hands do not fit {@code info}
     */
    Decision decideKnowing(InformationSet info, long seed, long[] hands) {
        return decide(info, seed, hands, null);
    }

    /** {@code only}: the candidates to evaluate (null: {@link #candidates}). */
    private Decision decide(InformationSet info, long seed, long[] known, int[] only) {
        long start = System.nanoTime();
        Rules r = info.rules();
        prepare(r);
        int[] candidates = only != null ? only : candidates(info);
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
        int fixedWorlds = fixedOverride > 0 ? fixedOverride : settings.worlds();
        Effort.Meter effort = fixedWorlds == 0 && settings.effort() > 0 ? Effort.Meter.ofMicros(settings.effort())
            : Effort.UNLIMITED;
        boolean timed = fixedWorlds == 0 && !effort.limits();
        long budget = settings.budgetMillis() * 1_000_000L;
        long stopAt = timed ? start + budget - settings.reserveMillis() * 1_000_000L : Long.MAX_VALUE;
        long waitUntil = start + budget - 1_000_000L;
        WorldSampler sampler = known == null ? new WorldSampler(info, settings.prior()) : WorldSampler.known(info, known);
        int limit = fixedWorlds == 0 ? TIMED_WORLD_CAP : fixedWorlds;
        boolean determined = sampler.isDetermined();
        if (determined) {
            // every world is the same deal: one evaluation, by the solver whatever the size if it can
            limit = 1;
        }
        int nc = candidates.length;
        int base = info.bid() == 0 ? 1 : info.bid();
        int rounds = settings.halvingRounds();
        if (determined || nc <= 2 || rounds < 2) {
            Round one = runRound(r, info, sampler, candidates, seed, 0, limit, stopAt, waitUntil, timed, base, bombs,
                landlordPlays, farmersPlayed, determined, effort);
            Effort.Totals t = one.totals;
            long[] wins = t.wins();
            long[] scores = t.scores();
            int worlds = t.worlds();
            int solved = t.solved();
            long rollouts = t.counts().rollouts();
            long rolloutMoves = t.counts().rolloutMoves();
            if (determined && fixedWorlds > 0 && worlds == 1) {
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
            return new Decision(table, candidates, wins, scores, null, worlds, solved, rollouts, rolloutMoves,
                t.counts(), System.nanoTime() - start, timed && one.cut, unit());
        }
        return decideHalving(info, seed, start, candidates, sampler, fixedWorlds, effort, timed, stopAt, waitUntil,
            base, bombs, landlordPlays, farmersPlayed, Math.min(rounds, 32 - Integer.numberOfLeadingZeros(nc - 1)));
    }

    /** The worlds of one job and whether the clock cut it. */
    private record Round(Effort.Totals totals, boolean cut) {
    }

    /**
     * Runs one job on every worker: worlds {@code first + i}, {@code i < limit}, of {@code cands},
     * until {@code effort} is spent or {@code stopAt} passes; sums the worlds it counts.
     */
    private Round runRound(Rules r, InformationSet info, WorldSampler sampler, int[] cands, long seed, int first,
                           int limit, long stopAt, long waitUntil, boolean timed, int base, int bombs,
                           int landlordPlays, boolean farmersPlayed, boolean determined, Effort.Meter effort) {
        Job job = new Job(r, info, sampler, cands, seed, first, limit, stopAt, base, bombs, landlordPlays, farmersPlayed, workers.length, determined, settings, effort);
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
        Effort.Ledger[] ledgers = new Effort.Ledger[workers.length];
        boolean[] counted = new boolean[workers.length];
        boolean cut = late;
        for (int i = 0; i < workers.length; i++) {
            ledgers[i] = workers[i].ledger;
            counted[i] = job.done.get(i) != 0;
            cut |= counted[i] && job.cut[i];
        }
        return new Round(Effort.merge(ledgers, counted, effort, cands.length), cut);
    }

    /**
     * Successive halving ({@link McSettings#halvingRounds()}): {@code rounds} rounds of consecutive
     * world indices, each with an equal share of what is left of the budget (the effort, the fixed
     * worlds, or the time); after each round but the last, the candidates still in play are ranked
     * by the worlds they won over every round so far (then score, then candidate order) and the
     * worse half is dropped. The rounds' worlds and the drops depend only on the seed and the
     * counted worlds, so the decision is the same on any thread count and load (except under the
     * clock). A candidate's statistics are over the worlds it was evaluated in; the survivors rank
     * first in the {@link Decision}.
     */
    private Decision decideHalving(InformationSet info, long seed, long start, int[] candidates, WorldSampler sampler,
                                   int fixedWorlds, Effort.Meter effort, boolean timed, long stopAt, long waitUntil,
                                   int base, int bombs, int landlordPlays, boolean farmersPlayed, int rounds) {
        Rules r = info.rules();
        int nc = candidates.length;
        long[] wins = new long[nc];
        long[] scores = new long[nc];
        long[] samples = new long[nc];
        int[] active = new int[nc]; // indices into candidates, in candidate order
        for (int c = 0; c < nc; c++) {
            active[c] = c;
        }
        int live = nc;
        int first = 0;
        int solved = 0;
        boolean cut = false;
        long spent = 0;
        long counts0 = 0;
        long attempts = 0;
        long rollouts = 0;
        long moves = 0;
        long lookups = 0;
        long solves = 0;
        long nodes = 0;
        long work = 0;
        long[] features = new long[Effort.FEATURES];
        long timedStart = start;
        long timedSpan = stopAt - start;
        for (int round = 0; round < rounds; round++) {
            int left = rounds - round;
            int[] cands = new int[live];
            for (int i = 0; i < live; i++) {
                cands[i] = candidates[active[i]];
            }
            Effort.Meter meter = effort;
            int limit;
            long roundStop = stopAt;
            if (effort.limits()) {
                long remaining = effort.budget() - spent;
                if (remaining <= 0) {
                    break;
                }
                meter = new Effort.Meter(Math.max(1, remaining / left), effort.weights());
                limit = TIMED_WORLD_CAP;
            } else if (fixedWorlds > 0) {
                limit = (fixedWorlds - first) / left;
                if (limit <= 0) {
                    continue;
                }
            } else {
                limit = TIMED_WORLD_CAP;
                roundStop = timedStart + timedSpan / left;
                timedStart = roundStop;
                timedSpan = stopAt - roundStop;
            }
            Round done = runRound(r, info, sampler, cands, seed, first, limit, roundStop, waitUntil, timed, base, bombs,
                landlordPlays, farmersPlayed, false, meter);
            Effort.Totals t = done.totals;
            Effort.Counts k = t.counts();
            for (int i = 0; i < live; i++) {
                wins[active[i]] += t.wins()[i];
                scores[active[i]] += t.scores()[i];
                samples[active[i]] += t.worlds();
            }
            first += t.worlds();
            solved += t.solved();
            spent += k.work();
            counts0 += k.worlds();
            attempts += k.dealAttempts();
            rollouts += k.rollouts();
            moves += k.rolloutMoves();
            lookups += k.splitLookups();
            solves += k.solves();
            nodes += k.solverNodes();
            work += k.work();
            for (int f = 0; f < features.length; f++) {
                features[f] += k.features()[f];
            }
            if (timed) {
                cut = done.cut;
                if (System.nanoTime() >= stopAt) {
                    break; // the deadline: no later round
                }
            } else if (done.cut) {
                cut = true;
                break;
            }
            if (round == rounds - 1 || t.worlds() == 0) {
                continue;
            }
            // keep the better half (at least two): most wins, then the highest score, then candidate order
            int keep = Math.max(2, (live + 1) / 2);
            boolean[] kept = new boolean[nc];
            for (int n = 0; n < keep; n++) {
                int best = -1;
                for (int i = 0; i < live; i++) {
                    int c = active[i];
                    if (kept[c]) {
                        continue;
                    }
                    if (best < 0 || wins[c] > wins[best] || wins[c] == wins[best] && scores[c] > scores[best]) {
                        best = c;
                    }
                }
                kept[best] = true;
            }
            int n = 0;
            for (int i = 0; i < live; i++) {
                if (kept[active[i]]) {
                    active[n++] = active[i];
                }
            }
            live = n;
        }
        Effort.Counts counts = new Effort.Counts(counts0, attempts, rollouts, moves, lookups, solves, nodes, features,
            work);
        return new Decision(r.table(), candidates, wins, scores, samples, first, solved, rollouts, moves, counts,
            System.nanoTime() - start, timed && cut, unit());
    }

    /** What a world won counts in the statistics ({@link Decision}). */
    private long unit() {
        return settings.leaf() == null ? 1 : Worker.LEAF_UNIT;
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
     * {@link McSettings#maxCandidates()}, the pass kept when following.
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
        int keep = Math.min(k, hasPass ? settings.maxCandidates() - 1 : settings.maxCandidates());
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
