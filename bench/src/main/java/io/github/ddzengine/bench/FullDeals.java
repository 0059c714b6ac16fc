package io.github.ddzengine.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.RootParallelSolver;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * Full deals solved open (issue 17): {@code N} random two-seat 17 v 17 deals and {@code N}
 * random three-seat 20/17/17 deals from a seed, each solved by {@code ddz solve}'s path (verdict,
 * first winning move, line; the table sized as {@code ddz solve} sizes it) with a time cap, one
 * line a deal (wall and process CPU time, nodes, verdict) and the median and maximum a group.
 *
 * <p>Deal {@code i} of a group is {@link Deal#random}{@code (SplitMix64.derive(seed, i))}: 17 v 17
 * takes hands 0 (the landlord) and 1 (the farmer); 20/17/17 gives the landlord hand 0 and the
 * kitty, down hand 1, up hand 2. The landlord leads. A solve cut by the cap counts as the cap
 * (the median and maximum are then lower bounds) and is marked {@code unknown}.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.FullDeals [seed [two
 * [three [capMs [threads [split|roots]]]]]]}: default seed 17, 10 two-seat and 5 three-seat deals,
 * 60,000 ms; {@code threads} (default 1) above 1 solves with {@link RootParallelSolver} ({@code ddz
 * solve --threads}), as does {@code split} on one thread. {@code roots} instead solves each root
 * move of three-seat deal number {@code three} alone (generation order), each capped, and prints
 * its verdict, nodes and time; {@code positions} prints each deal's position and solves none
 * ({@code bench/full-deals.sh} solves them one process a deal).
 * A warm-up solve of the first two-seat deal runs first, untimed. Time it under the machine's
 * timing lock (docs/solver.md, full deals).
 */
public final class FullDeals {
    private FullDeals() {
    }

    /** The deal {@code index} of the group with {@code seats} seats from {@code seed}. */
    static Position deal(Rules rules, long seed, int seats, int index) {
        Deal d = Deal.random(SplitMix64.derive(seed, index));
        long[] hands = seats == 2 ? new long[] {d.hand(0), d.hand(1)}
            : new long[] {d.landlordHand(), d.hand(1), d.hand(2)};
        return Position.of(rules, hands, 0, MoveTable.PASS, -1);
    }

    /** Runs the groups; see the class comment for the arguments. */
    public static void main(String[] args) {
        long seed = argument(args, 0, 17, Long.MAX_VALUE);
        int two = (int) argument(args, 1, 10, Integer.MAX_VALUE);
        int three = (int) argument(args, 2, 5, Integer.MAX_VALUE);
        long cap = argument(args, 3, 60_000, Long.MAX_VALUE);
        int threads = (int) argument(args, 4, 1, Integer.MAX_VALUE);
        boolean split = args.length > 5 && args[5].equals("split");
        Rules rules = Rules.STANDARD;
        if (args.length > 5 && args[5].equals("roots")) {
            roots(rules, seed, three, cap);
            return;
        }
        if (args.length > 5 && args[5].equals("positions")) {
            positions(rules, seed, two, three);
            return;
        }
        Solving solver = solving(rules, threads, split);
        if (two > 0) {
            solver.solve(deal(rules, seed, 2, 0), cap);
        }
        System.out.printf(Locale.ROOT, "full deals, seed %d, cap %d ms, threads %d%n", seed, cap, threads);
        group(rules, solver, seed, 2, two, cap);
        group(rules, solver, seed, 3, three, cap);
    }

    /**
     * Argument {@code i}, or {@code absent} where there are fewer; a non-number or one above
     * {@code max} ends the program with one line and exit code 2.
     */
    private static long argument(String[] args, int i, long absent, long max) {
        if (args.length <= i) {
            return absent;
        }
        try {
            long v = Long.parseLong(args[i]);
            if (v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println("FullDeals: '" + args[i] + "' is not a whole number up to " + max
            + " (usage: FullDeals [seed [two [three [capMs [threads [split|roots|positions]]]]]])");
        System.exit(2);
        return absent;
    }

    /** Prints the groups' positions, one {@code id position} line a deal, solving none. */
    private static void positions(Rules rules, long seed, int two, int three) {
        for (int i = 0; i < two; i++) {
            System.out.println("17v17-" + i + " " + deal(rules, seed, 2, i));
        }
        for (int i = 0; i < three; i++) {
            System.out.println("20-17-17-" + i + " " + deal(rules, seed, 3, i));
        }
    }

    /** A solve of one position as {@code ddz solve} runs it. */
    interface Solving {
        SolveResult solve(Position p, long capMillis);
    }

    private static Solving solving(Rules rules, int threads, boolean split) {
        long heap = Runtime.getRuntime().maxMemory();
        if (threads > 1 || split) {
            RootParallelSolver[] many = new RootParallelSolver[1];
            return (p, cap) -> {
                if (many[0] == null) {
                    many[0] = new RootParallelSolver(rules, Solver.suggestedTableMegabytes(p, heap), EngineTables.NONE,
                        threads);
                }
                return many[0].solve(p, false, cap);
            };
        }
        Solver[] one = new Solver[1];
        return (p, cap) -> {
            if (one[0] == null) {
                one[0] = new Solver(rules, Solver.suggestedTableMegabytes(p, heap));
            }
            return one[0].solve(p, false, cap, 0);
        };
    }

    /** Each root move of three-seat deal {@code index} solved alone (generation order), capped. */
    private static void roots(Rules rules, long seed, int index, long cap) {
        Position p = deal(rules, seed, 3, index);
        Solver solver = new Solver(rules, Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory()));
        int[] moves = new int[io.github.ddzengine.core.movegen.MoveGenerator.MAX_MOVES];
        int n = new io.github.ddzengine.core.movegen.MoveGenerator(rules).answers(p.hand(0), MoveTable.PASS, moves);
        boolean[] wins = new boolean[1];
        System.out.printf(Locale.ROOT, "%s: %d root moves%n", p, n);
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            boolean done = solver.solveMoves(p, new int[] {moves[i]}, 1, wins, cap, 0);
            System.out.printf(Locale.ROOT, "%3d %-22s %-7s %,12d nodes %8.0f ms%n", i, rules.table().format(moves[i]),
                done ? (wins[0] ? "win" : "loss") : "unknown", solver.lastNodes(), (System.nanoTime() - t0) / 1e6);
        }
    }

    private static void group(Rules rules, Solving solver, long seed, int seats, int n, long cap) {
        if (n == 0) {
            return;
        }
        String name = seats == 2 ? "17v17" : "20-17-17";
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] walls = new double[n];
        long nodes = 0;
        int unknown = 0;
        for (int i = 0; i < n; i++) {
            Position p = deal(rules, seed, seats, i);
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            SolveResult r = solver.solve(p, cap);
            double wall = (System.nanoTime() - t0) / 1e6;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e6;
            walls[i] = wall;
            nodes += r.nodes();
            String verdict = !r.isKnown() ? "unknown" : (r.moverWins() ? "win" : "loss");
            unknown += r.isKnown() ? 0 : 1;
            String first = r.isKnown() && r.moverWins() && r.line().length > 0
                ? rules.table().format(r.line()[0]) : "-";
            System.out.printf(Locale.ROOT, "%s-%d %s  %s first %s  %,d nodes  wall %.0f ms  cpu %.0f ms%n", name, i,
                p, verdict, first, r.nodes(), wall, cpu);
        }
        double[] sorted = walls.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        System.out.printf(Locale.ROOT, "%s: %d deals, median %.0f ms, max %.0f ms, %d past the cap, %,d nodes%n", name,
            n, median, sorted[n - 1], unknown, nodes);
    }
}
