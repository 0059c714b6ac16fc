package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Scoring;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.eval.ValueNet;

/**
 * The per-thread state of the Monte Carlo search: a playout, a solver, scratch buffers and the
 * statistics of the world in progress. Used by one thread at a time; its only shared writes go to
 * its own row of a {@link Job}.
 */
final class Worker {
    /** The clock is read after this many rollouts (and before every world). */
    static final int CLOCK_EVERY = 4;
    /** Transposition-table size of the per-worker solver, MiB (cleared on every solve). */
    static final int SOLVER_TABLE_MB = 2;
    /** A determined set's one solve in fixed-worlds mode gets this many times the usual node budget. */
    static final long DETERMINED_NODE_FACTOR = 50;

    private final EngineTables tables;
    private Rules rules;
    private Playout playout;
    private Solver solver;
    private final Rng rng = new Rng(0);
    private final int[] scratch = new int[WorldSampler.SCRATCH];
    private final long[] world = new long[3];
    private final long[] after = new long[3];
    private long[] worldWins = new long[64];
    private long[] worldScores = new long[64];
    /** Solver nodes of the last {@link #solve} (0 when it did not try). */
    private long solveNodes;
    /** This worker's finished worlds of the current decision. */
    final Effort.Ledger ledger = new Effort.Ledger();
    private boolean[] solvedWins = new boolean[64];
    /**
     * The unit of a world's results with a leaf model ({@link McSettings#leaf()}): a win counts this
     * much, a leaf's win probability {@code p} counts {@code round(p * LEAF_UNIT)}, scores likewise.
     */
    static final long LEAF_UNIT = 1 << 16;
    /** The leaf model's evaluator, for {@link #leafNet} and {@link #leafRules}. */
    private ValueNet.Evaluator leafEvaluator;
    private ValueNet leafNet;
    private Rules leafRules;
    /** Leaf evaluations of the world in progress. */
    private int leafEvals;

    /** A worker whose playout and solver use {@code tables}. */
    Worker(EngineTables tables) {
        this.tables = tables;
    }

    /** The playout for {@code rules} and the settings' rollout features, rebuilt only when they change. */
    private Playout bidPlayout;
    private Rules bidRules;

    Playout playout(Rules r, McSettings settings) {
        if (!r.equals(rules)) {
            rules = r;
            playout = null;
            solver = null;
        }
        if (playout == null || playout.features() != settings.rolloutFeatures()
            || playout.solveCards() != settings.rolloutSolveCards()
            || playout.solveNodes() != settings.rolloutSolveNodes()) {
            playout = new Playout(r, MinHands.of(r, tables), settings.rolloutFeatures(), settings.rolloutSolveCards(),
                settings.rolloutSolveNodes(), tables);
        }
        return playout;
    }

    /**
     * The playout of bid estimates for {@code r}: the first policy ({@link RolloutPolicy#DEFAULT}, no
     * solves), on whose estimates the {@link Bidder}'s thresholds were tuned, whatever the
     * rollouts of the play use.
     */
    Playout bidPlayout(Rules r) {
        if (bidPlayout == null || !r.equals(bidRules)) {
            bidRules = r;
            bidPlayout = new Playout(r, MinHands.of(r, tables), RolloutPolicy.DEFAULT, 0, 0, tables);
        }
        return bidPlayout;
    }

    /** Evaluates worlds of {@code job} until none is left or the deadline passes; then marks this worker done. */
    void run(Job job, int index) {
        try {
            evaluate(job, index);
        } finally {
            job.done.set(index, 1);
        }
    }

    private void evaluate(Job job, int index) {
        Playout p = playout(job.rules, job.settings);
        // the unit is the decision's (Decision reads it from the settings); the model only where it plays
        long unit = job.settings.leaf() == null ? 1 : LEAF_UNIT;
        ValueNet.Evaluator leaf = job.settings.leafFor(job.info.seat(), job.rules) ? leafEvaluator(job) : null;
        int nc = job.candidates.length;
        if (worldWins.length < nc) {
            worldWins = new long[nc];
            worldScores = new long[nc];
        }
        ledger.begin(nc);
        while (true) {
            if (job.timed && System.nanoTime() >= job.stopAt) {
                job.cut[index] = true;
                return;
            }
            if (job.effort.exhausted()) {
                return; // checked before taking an index: every world finished so far has a lower one
            }
            int w = job.next.getAndIncrement();
            if (w >= job.limit) {
                return;
            }
            int attempts = job.sampler.deal(rng, WorldSampler.worldSeed(job.seed, job.firstWorld + w), scratch, world);
            long movesBefore = p.moves();
            long lookupsBefore = p.splits().lookups();
            long rolloutNodesBefore = p.solverNodes();
            boolean solved = solve(job);
            int rollouts = 0;
            leafEvals = 0;
            if (!solved) {
                rollouts = rolloutAll(job, p, leaf, unit);
                if (rollouts < nc) {
                    job.cut[index] = true;
                    return; // deadline inside the world: its partial results are dropped
                }
            } else {
                for (int c = 0; c < nc; c++) {
                    worldWins[c] *= unit;
                    worldScores[c] *= unit;
                }
            }
            long moves = p.moves() - movesBefore;
            long lookups = p.splits().lookups() - lookupsBefore;
            int cards = Cards.size(world[0]) + Cards.size(world[1]) + Cards.size(world[2]);
            // the rollouts' endgame solves count as solver nodes of the world (their own weight is to fit)
            long nodes = solveNodes + p.solverNodes() - rolloutNodesBefore;
            ledger.record(w, attempts, cards, rollouts, moves, lookups, nodes, leafEvals, solved, worldWins,
                worldScores);
            job.effort.charge(attempts, cards, rollouts, moves, lookups, nodes, leafEvals);
        }
    }

    /**
     * Solves the world exactly when it is small enough, or whatever its size when the set is
     * determined (then with a larger node budget in fixed-worlds mode, and under the clock or an
     * effort budget with three quarters of the time or work left, so that rollouts still fit if it
     * does not finish); false if not tried or not finished.
     */
    private boolean solve(Job job) {
        solveNodes = 0;
        int total = Cards.size(world[0]) + Cards.size(world[1]) + Cards.size(world[2]);
        if (total > job.settings.solverMaxCards() && !job.determined) {
            return false;
        }
        long timeout = 0;
        long nodes = job.settings.solverNodes();
        if (job.timed) {
            long left = job.stopAt - System.nanoTime();
            if (job.determined) {
                left = left * 3 / 4;
                nodes = 0;
            }
            timeout = left / 1_000_000L;
            if (timeout < 1) {
                return false;
            }
        } else if (job.determined) {
            // effort mode: three quarters of the budget, as under the clock; fixed worlds: a multiple
            nodes = job.effort.limits()
                ? Math.max(nodes, job.effort.budget() / 4 * 3 / Math.max(1, job.effort.weights().solverNode()))
                : DETERMINED_NODE_FACTOR * nodes;
        }
        if (solver == null) {
            solver = new Solver(job.rules, SOLVER_TABLE_MB, tables);
        }
        InformationSet info = job.info;
        int seat = info.seat();
        Position position = Position.of(job.rules, world, seat, info.lastMove(), info.lastSeat());
        int nc = job.candidates.length;
        if (solvedWins.length < nc) {
            solvedWins = new boolean[nc];
        }
        boolean known = solver.solveMoves(position, job.candidates, nc, solvedWins, timeout, nodes);
        solveNodes = solver.lastNodes();
        if (!known) {
            return false;
        }
        MoveTable table = job.rules.table();
        for (int c = 0; c < nc; c++) {
            int m = job.candidates[c];
            boolean win = solvedWins[c];
            int bombs = job.game.bombs() + (isBomb(table, m) ? 1 : 0);
            long score = Scoring.stake(seat, job.game.base(), bombs);
            worldWins[c] = win ? 1 : 0;
            worldScores[c] = win ? score : -score;
        }
        return true;
    }

    /**
     * The leaf model's evaluator for the job's rules (built once per model and rules), or null
     * without a model.
     */
    private ValueNet.Evaluator leafEvaluator(Job job) {
        ValueNet net = job.settings.leaf();
        return net == null ? null : leafEvaluator(net, job.rules);
    }

    /**
     * This thread's evaluator of {@code net} for {@code rules} (built once per model and rules), for
     * its worlds and its bid estimates.
     */
    ValueNet.Evaluator leafEvaluator(ValueNet net, Rules r) {
        if (net != leafNet || !r.equals(leafRules)) {
            leafNet = net;
            leafRules = r;
            leafEvaluator = net.evaluator(r, MinHands.of(r, tables));
        }
        return leafEvaluator;
    }

    /**
     * One rollout per candidate (with a leaf model: {@link McSettings#leafPlies()} moves of the
     * policy, then the model); returns how many finished before the deadline.
     */
    private int rolloutAll(Job job, Playout p, ValueNet.Evaluator leaf, long unit) {
        InformationSet info = job.info;
        MoveTable table = job.rules.table();
        int seat = info.seat();
        int[] cands = job.candidates;
        int plies = job.settings.leafPlies();
        int leafCards = job.settings.leafCards();
        int mix = job.settings.leafMix();
        boolean mixed = leaf != null && mix < 100;
        for (int c = 0; c < cands.length; c++) {
            if (job.timed && (c % CLOCK_EVERY) == CLOCK_EVERY - 1 && System.nanoTime() >= job.stopAt) {
                return c;
            }
            int m = cands[c];
            after[0] = world[0];
            after[1] = world[1];
            after[2] = world[2];
            int bombs = job.game.bombs();
            int landlordPlays = job.game.landlordPlays();
            boolean farmersPlayed = job.game.farmersPlayed();
            boolean win;
            boolean spring = false;
            int next = seat == 2 ? 0 : seat + 1;
            if (m != MoveTable.PASS) {
                after[seat] -= table.cards(m);
                bombs += isBomb(table, m) ? 1 : 0;
                if (seat == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
            }
            if (after[seat] == 0) {
                win = true;
                spring = Scoring.springs(seat, farmersPlayed, landlordPlays);
            } else {
                int last;
                int lastSeat;
                if (m != MoveTable.PASS) {
                    last = m;
                    lastSeat = seat;
                } else {
                    last = info.lastMove();
                    lastSeat = info.lastSeat();
                }
                double mixSide = 0;
                if (mixed) {
                    // the model on the position after the candidate, mixed below with a whole rollout
                    leafEvals++;
                    boolean back = m == MoveTable.PASS && Trick.passEndsTrick(next, lastSeat);
                    double landlord = ValueNet.sigmoid(leaf.logit(after[0], after[1], after[2], next,
                        back || lastSeat < 0 ? MoveTable.PASS : last, back || lastSeat < 0 ? -1 : lastSeat));
                    mixSide = seat == 0 ? landlord : 1 - landlord;
                }
                int result = leaf == null || mixed ? p.run(after, next, last, lastSeat, landlordPlays, farmersPlayed)
                    : p.run(after, next, last, lastSeat, landlordPlays, farmersPlayed, plies, leafCards);
                if (mixed) {
                    boolean won = (Playout.winner(result) == 0) == (seat == 0);
                    long stake = Scoring.stake(seat, job.game.base(), bombs + Playout.bombs(result)
                        + (Playout.spring(result) ? 1 : 0));
                    long mixStake = Scoring.stake(seat, job.game.base(), bombs);
                    double w = mix / 100.0;
                    worldWins[c] = Math.round((w * mixSide + (1 - w) * (won ? 1 : 0)) * LEAF_UNIT);
                    worldScores[c] = Math.round((w * (2 * mixSide - 1) * mixStake + (1 - w) * (won ? stake : -stake))
                        * LEAF_UNIT);
                    continue;
                }
                if (Playout.unfinished(result)) {
                    // the leaf model: the side's win probability, and the score it expects at the stakes so far
                    leafEvals++;
                    long[] h = p.stopHands();
                    double landlord = ValueNet.sigmoid(leaf.logit(h[0], h[1], h[2], p.stopMover(), p.stopLast(),
                        p.stopLastSeat()));
                    double side = seat == 0 ? landlord : 1 - landlord;
                    long stake = Scoring.stake(seat, job.game.base(), bombs + Playout.bombs(result));
                    worldWins[c] = Math.round(side * LEAF_UNIT);
                    worldScores[c] = Math.round((2 * side - 1) * stake * LEAF_UNIT);
                    continue;
                }
                int winner = Playout.winner(result);
                win = (winner == 0) == (seat == 0);
                bombs += Playout.bombs(result);
                spring = Playout.spring(result);
            }
            long score = Scoring.stake(seat, job.game.base(), bombs + (spring ? 1 : 0));
            worldWins[c] = win ? unit : 0;
            worldScores[c] = (win ? score : -score) * unit;
        }
        return cands.length;
    }

    static boolean isBomb(MoveTable table, int m) {
        return table.isBombOrRocket(m);
    }
}
