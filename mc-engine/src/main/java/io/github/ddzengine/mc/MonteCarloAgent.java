package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.eval.ValueNet;

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
    private final McSettings settings;
    private final EngineTables tables;
    private final WorkerPool pool;
    private final DecisionSearch search;
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
        this.pool = new WorkerPool(settings.threads(), tables);
        this.search = new DecisionSearch(settings, tables, pool);
    }

    /**
     * Stops the helper threads and waits for them to end (a helper still finishing a timed-out
     * world ends at that decision's deadline). The agent stays usable: its next decision starts
     * them again. Call it from the thread that makes the decisions, never during one.
     */
    @Override
    public void close() {
        pool.close();
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
        return settings.bidder().estimate(pool.worker(0).bidPlayout(request.rules()), request.hand(), seed, deadline,
            effort, bidLeaf(request.rules()));
    }

    /** The leaf model's evaluator of bid estimates (the bidder would be the landlord), or null without one. */
    private ValueNet.Evaluator bidLeaf(Rules rules) {
        return settings.leafFor(0, rules) ? pool.worker(0).leafEvaluator(settings.leaf(), rules) : null;
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
                return search.decide(info, seed, null, sure, fixedOverride).move(); // all win: the worlds choose by score
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
        long unseen = Cards.remove(Cards.DECK, seen);
        int seat = info.seat();
        int maxCards = Math.max(info.cardsLeft((seat + 1) % 3), info.cardsLeft((seat + 2) % 3));
        int[] out = new int[candidates.length];
        int k = pool.worker(0).playout(info.rules(), settings).sureMoves(info.hand(), candidates, candidates.length,
            unseen, maxCards, plays, out);
        return Arrays.copyOf(out, k);
    }

    /**
     * Warms a cold JVM up for decisions like {@code info}: builds the tables of its rules on every
     * worker, then runs untimed one-world decisions on it for about {@code millis} ms (results
     * discarded), so that the JIT has compiled the hot paths before a timed decision.
     */
    public void warmUp(InformationSet info, int millis) {
        for (int w = 0; w < pool.size(); w++) {
            pool.worker(w).playout(info.rules(), settings);
        }
        search.candidates(info); // its move generator and min-hand cache
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
        Playout p = pool.worker(0).bidPlayout(request.rules());
        Bidder few = settings.bidder().withWorlds(16);
        ValueNet.Evaluator leaf = bidLeaf(request.rules());
        long end = System.nanoTime() + millis * 1_000_000L;
        for (int i = 0; System.nanoTime() < end; i++) {
            few.estimate(p, request.hand(), -1 - i, Long.MAX_VALUE, Effort.UNLIMITED, leaf);
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
        return search.decide(info, seed, null, null, fixedOverride);
    }

    /**
     * {@link #decide} with the true hands known ({@link OracleAgent}): the one world is that deal.
     *
     * @param hands the hands of seats 0, 1, 2 now; the mover's must be {@code info.hand()}
     * @throws IllegalStateException if the hands do not fit {@code info}
     */
    Decision decideKnowing(InformationSet info, long seed, long[] hands) {
        return search.decide(info, seed, hands, null, fixedOverride);
    }

    /**
     * The candidate moves of {@code info}: legal moves, kicker variants thinned, ordered by plays
     * left, then non-bombs first, then the lowest main rank, then the most cards; at most
     * {@link McSettings#maxCandidates()}, the pass kept when following.
     */
    int[] candidates(InformationSet info) {
        return search.candidates(info);
    }
}
