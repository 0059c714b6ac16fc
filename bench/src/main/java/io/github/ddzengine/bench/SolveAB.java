package io.github.ddzengine.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * A/B timing in one JVM (issue 22, docs/solver-speed.md): every position of the groups gets two
 * reused solvers, side A and side B. The per-node levers it once compared left the product with
 * the redesign of issue 40 (their figures stay in docs/solver-speed.md), so both sides are the
 * default search: it measures the method's noise, the yardstick of a change timed across two
 * builds. A round is one pass of
 * side A over every position and one of side B, the order alternating from round to round
 * (AB, BA, AB, ...), so load drift and the JIT's state hit both sides alike. A position's sample
 * is its solve repeated a fixed number of times (set in the first warm-up round so that a
 * sample of side A takes about 200 &micro;s), timed in thread CPU time ({@link ThreadMXBean}),
 * which leaves out the time the thread waits for the core.
 *
 * <p>Prints per group: the nodes of A and B (exact), the median over the measured rounds of the
 * group's summed CPU time per solve for A and for B, their nanoseconds per node, and the ratio
 * A/B (above 1: B is faster) as the median of the per-round ratios with its quartiles and its
 * range.
 *
 * <p>From the repository root (where {@code testdata/} is): {@code java -cp bench/target/benchmarks.jar
 * io.github.ddzengine.bench.SolveAB GROUP[,GROUP...] WARMUP_ROUNDS ROUNDS}; add
 * {@code -Deach=true} for a line a position (its nodes and median times).
 */
public final class SolveAB {
    private static final long SAMPLE_NANOS = 200_000;

    private SolveAB() {
    }

    /** See the class comment. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: SolveAB GROUP[,GROUP...] WARMUP_ROUNDS ROUNDS");
            System.exit(2);
        }
        List<String> ids = new ArrayList<>();
        for (String g : args[0].split(",")) {
            ids.addAll(SolveGroups.ids(g));
        }
        int warm = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int n = ids.size();
        Position[] positions = new Position[n];
        Solver[][] solvers = new Solver[2][n];
        for (int i = 0; i < n; i++) {
            positions[i] = SolveGroups.position(ids.get(i));
            int mb = Solver.suggestedTableMegabytes(positions[i], Runtime.getRuntime().maxMemory());
            for (int s = 0; s < 2; s++) {
                solvers[s][i] = new Solver(positions[i].rules(), mb, EngineTables.NONE);
            }
        }
        Map<String, Integer> groupIndex = new LinkedHashMap<>();
        int[] groupOf = new int[n];
        for (int i = 0; i < n; i++) {
            groupOf[i] = groupIndex.computeIfAbsent(SolveGroups.group(ids.get(i)), k -> groupIndex.size());
        }
        int groups = groupIndex.size();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int[] reps = new int[n];
        long[][] nodes = new long[2][n];
        // [side][round][group]: summed CPU nanoseconds per solve; [side][position][round]
        double[][][] sum = new double[2][rounds][groups];
        double[][][] each = new double[2][n][rounds];
        long sink = 0;
        for (int round = -warm; round < rounds; round++) {
            for (int half = 0; half < 2; half++) {
                int side = ((round & 1) == 0) == (half == 0) ? 0 : 1;
                for (int i = 0; i < n; i++) {
                    Solver solver = solvers[side][i];
                    if (reps[i] == 0) {
                        int r = 1;
                        while (true) {
                            long t0 = System.nanoTime();
                            for (int k = 0; k < r; k++) {
                                sink += solver.solve(positions[i], false, 0, 0).nodes();
                            }
                            if (System.nanoTime() - t0 > SAMPLE_NANOS || r >= 1 << 20) {
                                break;
                            }
                            r *= 2;
                        }
                        reps[i] = r;
                    }
                    int r = reps[i];
                    long c0 = mx.getCurrentThreadCpuTime();
                    for (int k = 0; k < r; k++) {
                        sink += solver.solve(positions[i], false, 0, 0).nodes();
                    }
                    long c1 = mx.getCurrentThreadCpuTime();
                    nodes[side][i] = solver.lastNodes();
                    if (round >= 0) {
                        sum[side][round][groupOf[i]] += (double) (c1 - c0) / r;
                        each[side][i][round] = (double) (c1 - c0) / r;
                    }
                }
            }
        }
        String[] names = groupIndex.keySet().toArray(new String[0]);
        if (System.getProperty("each") != null) {
            for (int i = 0; i < n; i++) {
                double[] a = each[0][i].clone();
                double[] b = each[1][i].clone();
                Arrays.sort(a);
                Arrays.sort(b);
                System.out.printf("%-12s nodes %9d %9d  median us %10.1f %10.1f  A/B %.3f%n", ids.get(i), nodes[0][i],
                    nodes[1][i], a[rounds / 2] / 1000, b[rounds / 2] / 1000, a[rounds / 2] / b[rounds / 2]);
            }
        }
        System.out.printf("A and B the default search, %d warm-up rounds, %d rounds, java %s%n", warm, rounds,
            System.getProperty("java.version"));
        System.out.printf("%-8s %10s %10s %11s %11s %8s %8s %7s %15s %15s%n", "group", "nodes A", "nodes B", "us/set A",
            "us/set B", "ns/nd A", "ns/nd B", "A/B", "quartiles", "range");
        for (int g = 0; g < groups; g++) {
            long na = 0;
            long nb = 0;
            for (int i = 0; i < n; i++) {
                if (groupOf[i] == g) {
                    na += nodes[0][i];
                    nb += nodes[1][i];
                }
            }
            double[] a = new double[rounds];
            double[] b = new double[rounds];
            double[] ratio = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                a[round] = sum[0][round][g];
                b[round] = sum[1][round][g];
                ratio[round] = a[round] / b[round];
            }
            Arrays.sort(a);
            Arrays.sort(b);
            Arrays.sort(ratio);
            double ma = a[rounds / 2];
            double mb = b[rounds / 2];
            System.out.printf("%-8s %10d %10d %11.1f %11.1f %8.1f %8.1f %7.3f %7.3f-%-7.3f %7.3f-%-7.3f%n", names[g], na,
                nb, ma / 1000, mb / 1000, ma / na, mb / nb, ratio[rounds / 2], ratio[rounds / 4], ratio[3 * rounds / 4],
                ratio[0], ratio[rounds - 1]);
        }
        if (sink == 42) {
            System.out.println();
        }
    }
}
