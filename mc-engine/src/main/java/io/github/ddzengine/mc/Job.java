package io.github.ddzengine.mc;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import io.github.ddzengine.core.rules.Rules;

/**
 * One decision's work, shared read-only by the workers except for the world counter they pull
 * from and each worker's own row of results (written by that worker only, read by the caller
 * after the worker signals {@link #done}).
 */
final class Job {
    final Rules rules;
    final InformationSet info;
    final WorldSampler sampler;
    final int[] candidates;
    final long seed;
    /** Worlds to evaluate at most (the fixed world count, or a large cap under a time budget). */
    final int limit;
    /** No world is started after this instant (System.nanoTime); Long.MAX_VALUE in fixed-worlds mode. */
    final long stopAt;
    final boolean timed;
    final int solverMaxCards;
    final long solverNodes;
    /** Base score: the final bid, 1 when unknown. */
    final int base;
    /** Bombs and rockets already played. */
    final int historyBombs;
    final int landlordPlays;
    final boolean farmersPlayed;
    final Thread caller;
    /** Every world is the same deal (the sampler is determined): the solver is tried whatever the size. */
    final boolean determined;
    /** The search settings. */
    final Tuning tuning;

    final AtomicInteger next = new AtomicInteger();
    final AtomicIntegerArray done;
    final long[][] wins;
    final long[][] scores;
    final int[] worlds;
    final int[] solved;
    final long[] rollouts;
    final long[] rolloutMoves;
    /** Per worker: whether it abandoned a world at the deadline. */
    final boolean[] cut;

    Job(Rules rules, InformationSet info, WorldSampler sampler, int[] candidates, long seed, int limit, long stopAt,
        int solverMaxCards, long solverNodes, int base, int historyBombs, int landlordPlays, boolean farmersPlayed,
        int workers, boolean determined, Tuning tuning) {
        this.tuning = tuning;
        this.rules = rules;
        this.info = info;
        this.sampler = sampler;
        this.candidates = candidates;
        this.seed = seed;
        this.limit = limit;
        this.stopAt = stopAt;
        this.timed = stopAt != Long.MAX_VALUE;
        this.solverMaxCards = solverMaxCards;
        this.solverNodes = solverNodes;
        this.base = base;
        this.historyBombs = historyBombs;
        this.landlordPlays = landlordPlays;
        this.farmersPlayed = farmersPlayed;
        this.caller = Thread.currentThread();
        this.determined = determined;
        this.done = new AtomicIntegerArray(workers);
        this.wins = new long[workers][candidates.length];
        this.scores = new long[workers][candidates.length];
        this.worlds = new int[workers];
        this.solved = new int[workers];
        this.rollouts = new long[workers];
        this.rolloutMoves = new long[workers];
        this.cut = new boolean[workers];
    }
}
