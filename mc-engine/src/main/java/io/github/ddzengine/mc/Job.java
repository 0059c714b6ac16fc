package io.github.ddzengine.mc;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import io.github.ddzengine.core.rules.Rules;

/**
 * One decision's work, shared read-only by the workers except for the world counter they pull
 * from, the effort meter they charge and each worker's done and cut flags (its results go to its
 * own {@link Effort.Ledger}, read by the caller after the worker signals {@link #done}).
 */
final class Job {
    final Rules rules;
    final InformationSet info;
    final WorldSampler sampler;
    final int[] candidates;
    final long seed;
    /**
     * The decision's index of this job's first world: its worlds are {@code firstWorld + i} for
     * {@code i = 0, 1, ...} (their seeds), recorded in the ledgers as {@code i} (a round of
     * successive halving is one job; 0 without halving).
     */
    final int firstWorld;
    /** Worlds to evaluate at most (the fixed world count, or a large cap under a time budget). */
    final int limit;
    /** No world is started after this instant (System.nanoTime); Long.MAX_VALUE in fixed-worlds mode. */
    final long stopAt;
    final boolean timed;
    /** The game so far: base, bombs played, the landlord's plays, whether a farmer played. */
    final GameSoFar game;
    final Thread caller;
    /** Every world is the same deal (the sampler is determined): the solver is tried whatever the size. */
    final boolean determined;
    /** The settings. */
    final McSettings settings;

    /** The work budget ({@link Effort#UNLIMITED} in fixed-worlds and timed decisions). */
    final Effort.Meter effort;

    final AtomicInteger next = new AtomicInteger();
    final AtomicIntegerArray done;
    /** Per worker: whether it abandoned a world at the deadline. */
    final boolean[] cut;

    Job(Rules rules, InformationSet info, WorldSampler sampler, int[] candidates, long seed, int firstWorld, int limit,
        long stopAt, GameSoFar game, int workers, boolean determined, McSettings settings, Effort.Meter effort) {
        this.settings = settings;
        this.rules = rules;
        this.info = info;
        this.sampler = sampler;
        this.candidates = candidates;
        this.seed = seed;
        this.firstWorld = firstWorld;
        this.limit = limit;
        this.stopAt = stopAt;
        this.timed = stopAt != Long.MAX_VALUE;
        this.game = game;
        this.caller = Thread.currentThread();
        this.determined = determined;
        this.effort = effort;
        this.done = new AtomicIntegerArray(workers);
        this.cut = new boolean[workers];
    }
}
