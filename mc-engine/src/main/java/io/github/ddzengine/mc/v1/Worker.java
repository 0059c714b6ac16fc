package io.github.ddzengine.mc.v1;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Effort;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Rng;

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

    /** A worker whose playout and solver use {@code tables}. */
    Worker(EngineTables tables) {
        this.tables = tables;
    }

    /** The playout for {@code rules}, rebuilt only when the rules change. */
    Playout playout(Rules r) {
        if (!r.equals(rules)) {
            rules = r;
            playout = new Playout(r, MinHands.of(r, tables));
            solver = null;
        }
        return playout;
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
        Playout p = playout(job.rules);
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
            int attempts = job.sampler.deal(rng, WorldSampler.worldSeed(job.seed, w), scratch, world);
            long movesBefore = p.moves();
            long lookupsBefore = p.splits().lookups();
            boolean solved = solve(job);
            int rollouts = 0;
            if (!solved) {
                rollouts = rolloutAll(job, p);
                if (rollouts < nc) {
                    job.cut[index] = true;
                    return; // deadline inside the world: its partial results are dropped
                }
            }
            long moves = p.moves() - movesBefore;
            long lookups = p.splits().lookups() - lookupsBefore;
            int cards = Cards.size(world[0]) + Cards.size(world[1]) + Cards.size(world[2]);
            ledger.record(w, attempts, cards, rollouts, moves, lookups, solveNodes, 0, solved, worldWins, worldScores);
            job.effort.charge(attempts, cards, rollouts, moves, lookups, solveNodes, 0);
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
        if (total > job.solverMaxCards && !job.determined) {
            return false;
        }
        long timeout = 0;
        long nodes = job.solverNodes;
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
                ? Math.max(job.solverNodes, job.effort.budget() / 4 * 3 / Math.max(1, job.effort.weights().solverNode()))
                : DETERMINED_NODE_FACTOR * job.solverNodes;
        }
        if (solver == null) {
            solver = new Solver(job.rules, SOLVER_TABLE_MB, tables);
        }
        InformationSet info = job.info;
        int seat = info.seat();
        Position position = Position.of(job.rules, world, seat, info.lastMove(), info.lastSeat());
        SolveResult r = solver.solve(position, true, timeout, nodes);
        solveNodes = r.nodes();
        if (!r.isKnown()) {
            return false;
        }
        int[] winning = r.winningMoves();
        int unit = job.base * (seat == 0 ? 2 : 1);
        MoveTable table = job.rules.table();
        for (int c = 0; c < job.candidates.length; c++) {
            int m = job.candidates[c];
            boolean win = false;
            for (int x : winning) {
                win |= x == m;
            }
            int bombs = job.historyBombs + (isBomb(table, m) ? 1 : 0);
            long score = (long) unit << Math.min(bombs, 20);
            worldWins[c] = win ? 1 : 0;
            worldScores[c] = win ? score : -score;
        }
        return true;
    }

    /** One rollout per candidate; returns how many finished before the deadline. */
    private int rolloutAll(Job job, Playout p) {
        InformationSet info = job.info;
        MoveTable table = job.rules.table();
        int seat = info.seat();
        int unit = job.base * (seat == 0 ? 2 : 1);
        int[] cands = job.candidates;
        for (int c = 0; c < cands.length; c++) {
            if (job.timed && (c % CLOCK_EVERY) == CLOCK_EVERY - 1 && System.nanoTime() >= job.stopAt) {
                return c;
            }
            int m = cands[c];
            after[0] = world[0];
            after[1] = world[1];
            after[2] = world[2];
            int bombs = job.historyBombs;
            int landlordPlays = job.landlordPlays;
            boolean farmersPlayed = job.farmersPlayed;
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
                spring = seat == 0 ? !farmersPlayed : landlordPlays == 1;
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
                int result = p.run(after, next, last, lastSeat, landlordPlays, farmersPlayed);
                int winner = Playout.winner(result);
                win = (winner == 0) == (seat == 0);
                bombs += Playout.bombs(result);
                spring = Playout.spring(result);
            }
            long score = (long) unit << Math.min(bombs + (spring ? 1 : 0), 20);
            worldWins[c] = win ? 1 : 0;
            worldScores[c] = win ? score : -score;
        }
        return cands.length;
    }

    static boolean isBomb(MoveTable table, int m) {
        int t = table.typeOrdinal(m);
        return t == MoveType.BOMB.ordinal() || t == MoveType.ROCKET.ordinal();
    }
}
