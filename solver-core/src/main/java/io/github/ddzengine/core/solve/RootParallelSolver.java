package io.github.ddzengine.core.solve;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * A solve on several threads, split at the root: a three-seat position that one {@link Solver}
 * does not finish within {@link #PROBE_NODES} nodes has its root moves (in the solver's order) solved one
 * a thread at a time, each from empty tables of that thread's own, so threads share nothing
 * mutable but two counters.
 *
 * <p>The result never depends on timing or on the thread count (two or more): the verdict is
 * the solve's; the first move is the winning move of lowest index in the root order (every move
 * before it proven lost; moves after it are cancelled once it is proven), and the line is the
 * one its own solve found, from empty tables. A lost position's line starts with the first
 * root move. Node counts add every thread's nodes, those of cancelled moves included, so they
 * do depend on timing. A position the probe finishes gets the single solver's result exactly, and
 * so does every two-seat position: there the moves' subtrees share so much that one solver with
 * one table beat two threads with a table each on 17 v 17 deals (docs/solver.md, "Full deals"),
 * while on full three-seat deals solving each root move on its own took less time and less CPU.
 *
 * <p>Not thread-safe itself: one solve at a time per instance.
 */
public final class RootParallelSolver {
    /**
     * Nodes one solver spends on the whole position before the root is split: positions solved
     * within these (most, and all small ones) are solved as by {@link Solver} alone.
     */
    public static final long PROBE_NODES = Solver.PROOF_SEARCH_AFTER_NODES;

    private final Rules rules;
    private final int tableMegabytes;
    private final EngineTables tables;
    private final Solver[] solvers;
    /** {@link #PROBE_NODES}, or what a test set (0: always split). */
    long probeNodes = PROBE_NODES;
    /** Whether two-seat positions are split too (tests); by default they are solved by one solver. */
    boolean splitTwoSeats;

    /**
     * A solver on {@code threads} threads, each with its own transposition table of
     * {@code tableMegabytes} MiB at most (so up to {@code threads} times the memory of one).
     *
     * @throws IllegalArgumentException if {@code threads} is below 1 or {@code tableMegabytes} below 1
     */
    public RootParallelSolver(Rules rules, int tableMegabytes, EngineTables tables, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads + " below 1");
        }
        if (tableMegabytes < 1) {
            throw new IllegalArgumentException("table size " + tableMegabytes + " MiB below 1");
        }
        this.rules = rules;
        this.tableMegabytes = tableMegabytes;
        this.tables = tables;
        this.solvers = new Solver[threads];
    }

    private Solver solver(int i) {
        if (solvers[i] == null) {
            solvers[i] = new Solver(rules, tableMegabytes, tables);
        }
        return solvers[i];
    }

    /**
     * Solves {@code position}: its verdict, the first winning move and a line (no winning-move
     * set), or every winning move with {@code allWinningMoves}.
     *
     * @param timeoutMillis wall-time budget in milliseconds, or 0 for none; when it runs out before
     *     the verdict is known the result is {@link SolveResult.Verdict#UNKNOWN}
     * @throws IllegalArgumentException if the position's rules differ from the solver's
     */
    public SolveResult solve(Position position, boolean allWinningMoves, long timeoutMillis) {
        long start = System.nanoTime();
        long deadline = timeoutMillis > 0 ? start + timeoutMillis * 1_000_000L : Long.MAX_VALUE;
        Solver first = solver(0);
        if (position.seats() == 2 && !splitTwoSeats) {
            return first.solve(position, allWinningMoves, timeoutMillis, 0);
        }
        SolveResult probe = null;
        if (probeNodes > 0) {
            probe = first.solve(position, allWinningMoves, timeoutMillis, probeNodes);
            if (probe.isKnown() || System.nanoTime() > deadline) {
                return probe;
            }
        }
        int[] moves = first.rootMoves(position);
        int n = moves.length;
        SolveResult[] results = new SolveResult[n];
        AtomicInteger next = new AtomicInteger();
        // the lowest index of a winning move proven so far (n: none); moves above it are moot
        AtomicInteger best = new AtomicInteger(allWinningMoves ? Integer.MAX_VALUE : n);
        long[] nodes = new long[solvers.length];
        long[] probes = new long[solvers.length];
        long[] hits = new long[solvers.length];
        Thread[] workers = new Thread[solvers.length];
        for (int t = 0; t < solvers.length; t++) {
            Solver s = solver(t);
            int id = t;
            Runnable work = () -> {
                while (true) {
                    int i = next.getAndIncrement();
                    if (i >= n || i > best.get()) {
                        return;
                    }
                    long left = deadline == Long.MAX_VALUE ? 0 : Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
                    SolveResult r = s.solveRootMove(position, moves[i], left, best, i);
                    nodes[id] += r.nodes();
                    probes[id] += r.tableProbes();
                    hits[id] += r.tableHits();
                    results[i] = r;
                    if (!r.isKnown()) {
                        if (i < best.get()) {
                            return; // the time ran out
                        }
                        continue;
                    }
                    if (r.moverWins() && !allWinningMoves) {
                        best.accumulateAndGet(i, Math::min);
                    }
                }
            };
            workers[t] = new Thread(work, "ddz-root-" + t);
            workers[t].setDaemon(true);
            workers[t].start();
        }
        boolean interrupted = false;
        for (Thread w : workers) {
            while (true) {
                try {
                    w.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        long total = probe == null ? 0 : probe.nodes();
        long totalProbes = probe == null ? 0 : probe.tableProbes();
        long totalHits = probe == null ? 0 : probe.tableHits();
        for (int t = 0; t < solvers.length; t++) {
            total += nodes[t];
            totalProbes += probes[t];
            totalHits += hits[t];
        }
        long elapsed = System.nanoTime() - start;
        boolean landlord = Position.isLandlordSide(position.mover());
        int winner = -1;
        int[] winning = allWinningMoves ? new int[n] : null;
        int w = 0;
        for (int i = 0; i < n; i++) {
            SolveResult r = results[i];
            if (r == null || !r.isKnown()) {
                if (winner < 0 || allWinningMoves) {
                    return new SolveResult(SolveResult.Verdict.UNKNOWN, landlord, null, new int[0], total, elapsed,
                        totalProbes, totalHits);
                }
                break;
            }
            if (r.moverWins()) {
                if (winner < 0) {
                    winner = i;
                }
                if (!allWinningMoves) {
                    break;
                }
                winning[w++] = moves[i];
            }
        }
        int[] line = results[winner >= 0 ? winner : 0].line();
        return new SolveResult(winner >= 0 ? SolveResult.Verdict.WIN : SolveResult.Verdict.LOSS, landlord,
            allWinningMoves ? Arrays.copyOf(winning, w) : null, line, total, elapsed, totalProbes, totalHits);
    }
}
