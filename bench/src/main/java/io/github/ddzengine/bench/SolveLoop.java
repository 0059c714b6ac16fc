package io.github.ddzengine.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;

/**
 * The solver's speed by position group in one JVM (issue 22), beside {@link SolveGroups}' one
 * JMH fork a position: every position of the groups gets its own reused solver; a pass solves
 * each position once or more (doubling the repetitions until a sample takes 200 &micro;s), and
 * after the warm-up passes each position's time is the median of the measured passes. Prints
 * per group the geometric-mean time (&micro;s), the nodes (exact) and the nanoseconds per node
 * (the group's summed median time over its summed nodes). With the JIT compiler sharing one
 * pinned core, C2's code for the search reaches its steady state only after 30 to 70 passes of
 * the four small groups (about 10-20 s): use at least 70.
 *
 * <p>From the repository root (where {@code testdata/} is): {@code java -cp bench/target/benchmarks.jar
 * io.github.ddzengine.bench.SolveLoop GROUP[,GROUP...] WARMUP_PASSES PASSES}; add
 * {@code -Deach=true} for a line a position, {@code -Dpasses=true} for each pass's milliseconds
 * on standard error.
 */
public final class SolveLoop {
    /** A sample of a position lasts at least this long: its solve repeated, doubling. */
    private static final long SAMPLE_NANOS = 200_000;

    private SolveLoop() {
    }

    /** See the class comment. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: SolveLoop GROUP[,GROUP...] WARMUP_PASSES PASSES");
            System.exit(2);
        }
        List<String> ids = new ArrayList<>();
        for (String g : args[0].split(",")) {
            ids.addAll(SolveGroups.ids(g));
        }
        int warmPasses = Integer.parseInt(args[1]);
        int passes = Integer.parseInt(args[2]);
        int n = ids.size();
        Position[] positions = new Position[n];
        Solver[] solvers = new Solver[n];
        long[] nodes = new long[n];
        for (int i = 0; i < n; i++) {
            positions[i] = SolveGroups.position(ids.get(i));
            solvers[i] = new Solver(positions[i].rules(),
                Solver.suggestedTableMegabytes(positions[i], Runtime.getRuntime().maxMemory()));
        }
        long[][] times = new long[n][passes];
        long sink = 0;
        boolean tracePasses = System.getProperty("passes") != null;
        for (int p = -warmPasses; p < passes; p++) {
            long passStart = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int reps = 1;
                long t0 = System.nanoTime();
                long t1;
                while (true) {
                    for (int r = 0; r < reps; r++) {
                        sink += solvers[i].solve(positions[i], false, 0, 0).nodes();
                    }
                    t1 = System.nanoTime();
                    if (t1 - t0 > SAMPLE_NANOS || reps >= 1 << 20) {
                        break;
                    }
                    reps *= 2;
                    t0 = System.nanoTime();
                }
                nodes[i] = solvers[i].lastNodes();
                if (p >= 0) {
                    times[i][p] = (t1 - t0) / reps;
                }
            }
            if (tracePasses) {
                System.err.print((System.nanoTime() - passStart) / 1_000_000 + " ");
            }
        }
        if (tracePasses) {
            System.err.println();
        }
        Map<String, double[]> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            long[] sorted = times[i].clone();
            Arrays.sort(sorted);
            double median = sorted[passes / 2];
            double[] g = groups.computeIfAbsent(SolveGroups.group(ids.get(i)), k -> new double[4]);
            g[0] += Math.log(median);
            g[1] += 1;
            g[2] += median;
            g[3] += nodes[i];
            if (System.getProperty("each") != null) {
                System.out.printf("%s\t%d\t%.1f%n", ids.get(i), nodes[i], median / 1000.0);
            }
        }
        for (Map.Entry<String, double[]> e : groups.entrySet()) {
            double[] g = e.getValue();
            System.out.printf("%-8s n=%2d geomean %9.2f us  nodes %9d  ns/node %6.1f%n", e.getKey(), (int) g[1],
                Math.exp(g[0] / g[1]) / 1000.0, (long) g[3], g[2] / g[3]);
        }
        if (sink == 42) {
            System.out.println();
        }
    }
}
