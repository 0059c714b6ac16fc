package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.rules.MoveTable;

/**
 * The outcome of one Monte Carlo decision ({@link MonteCarloAgent#decide}): the chosen move and,
 * per candidate, the worlds won and the summed score. Immutable.
 *
 * <p>Candidates are listed best first (win rate, then mean score, then the policy's order). Every
 * candidate was evaluated in the same worlds, so {@link #worlds()} is each candidate's sample size,
 * except under successive halving ({@link McSettings#halvingRounds()}): there a candidate dropped after
 * a round was evaluated only in the worlds before it ({@link #samples(int)}), and candidates are
 * listed by the worlds they were evaluated in first (the survivors, then the last round's drops, ...),
 * then as above.
 */
public final class Decision {
    private final MoveTable table;
    private final int[] moves;
    private final long[] wins;
    private final long[] scores;
    private final long[] samples;
    private final int worlds;
    private final int solvedWorlds;
    private final long rollouts;
    private final long rolloutMoves;
    private final Effort.Counts counts;
    private final long nanos;
    private final boolean budgetCut;
    private final long unit;

    /**
     * {@code samples}: per candidate, the worlds it was evaluated in (null: every one of {@code
     * worlds}); {@code unit}: what a world won counts in {@code wins} and {@code scores} (1, or
     * {@link Worker#LEAF_UNIT} with a leaf model, whose worlds count fractions).
     */
    Decision(MoveTable table, int[] moves, long[] wins, long[] scores, long[] samples, int worlds, int solvedWorlds,
             long rollouts, long rolloutMoves, Effort.Counts counts, long nanos, boolean budgetCut, long unit) {
        this.table = table;
        this.unit = unit;
        this.worlds = worlds;
        this.solvedWorlds = solvedWorlds;
        this.rollouts = rollouts;
        this.rolloutMoves = rolloutMoves;
        this.counts = counts;
        this.nanos = nanos;
        this.budgetCut = budgetCut;
        // stable sort best first: index order breaks ties (the policy's order)
        int n = moves.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            if (samples != null && samples[a] != samples[b]) {
                return Long.compare(samples[b], samples[a]);
            }
            if (wins[a] != wins[b]) {
                return Long.compare(wins[b], wins[a]);
            }
            if (scores[a] != scores[b]) {
                return Long.compare(scores[b], scores[a]);
            }
            return Integer.compare(a, b);
        });
        this.moves = new int[n];
        this.wins = new long[n];
        this.scores = new long[n];
        this.samples = new long[n];
        for (int i = 0; i < n; i++) {
            this.samples[i] = samples == null ? worlds : samples[order[i]];
            this.moves[i] = moves[order[i]];
            this.wins[i] = wins[order[i]];
            this.scores[i] = scores[order[i]];
        }
    }

    /** The chosen move id (the best candidate). */
    public int move() {
        return moves[0];
    }

    /** The move table the ids refer to. */
    public MoveTable table() {
        return table;
    }

    /** Number of candidates evaluated. */
    public int candidates() {
        return moves.length;
    }

    /** The i-th best candidate's move id. */
    public int candidate(int i) {
        return moves[i];
    }

    /**
     * Worlds the i-th best candidate won (with a leaf model, whose worlds count the model's win
     * probability, their sum rounded to a whole number).
     */
    public long wins(int i) {
        return unit == 1 ? wins[i] : Math.round((double) wins[i] / unit);
    }

    /** The i-th candidate's win rate, 0..1 (NaN when no world was evaluated). */
    public double winRate(int i) {
        return samples[i] == 0 ? Double.NaN : (double) wins[i] / unit / samples[i];
    }

    /**
     * The worlds the i-th best candidate was evaluated in: {@link #worlds()}, or fewer when
     * successive halving dropped it after a round.
     */
    public long samples(int i) {
        return samples[i];
    }

    /**
     * The i-th candidate's mean score for the mover's seat, in units of the base score: +-2 for
     * the landlord, +-1 for a farmer, doubled per bomb or rocket played and for a spring
     * (NaN when no world was evaluated).
     */
    public double meanScore(int i) {
        return samples[i] == 0 ? Double.NaN : (double) scores[i] / unit / samples[i];
    }

    /** Worlds evaluated (each with every candidate, or under successive halving with those still in play). */
    public int worlds() {
        return worlds;
    }

    /** Worlds settled by the exact solver rather than rollouts. */
    public int solvedWorlds() {
        return solvedWorlds;
    }

    /** Rollouts played. */
    public long rollouts() {
        return rollouts;
    }

    /** Moves chosen inside rollouts. */
    public long rolloutMoves() {
        return rolloutMoves;
    }

    /**
     * What the evaluated worlds did: worlds, dealing attempts, rollouts, rollout moves, solves and
     * solver nodes, unscaled (a determined set's one world counts once, also in fixed-worlds mode),
     * and their counted work ({@link Effort.Weights#cost}). Deterministic: the same on any machine,
     * load and thread count for the same worlds.
     */
    public Effort.Counts counts() {
        return counts;
    }

    /** The counted work of the evaluated worlds, ps-equivalents of one warm core ({@link #counts()}). */
    public long work() {
        return counts.work();
    }

    /** Wall time of the decision in nanoseconds. */
    public long nanos() {
        return nanos;
    }

    /** Whether the time budget stopped the evaluation (false in fixed-worlds and effort mode). */
    public boolean budgetCut() {
        return budgetCut;
    }
}
