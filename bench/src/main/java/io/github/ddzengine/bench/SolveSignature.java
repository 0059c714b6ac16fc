package io.github.ddzengine.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.tables.EndgameTable;

/**
 * The solver's signature: every shared position solved to its verdict, single thread, best of
 * three runs each (after one warm-up pass), printing nodes and milliseconds per position and the
 * medians and maxima per group. A change that moves a node count says so in its commit message.
 *
 * <p>{@code java -XX:+UseTransparentHugePages -cp bench/target/benchmarks.jar
 * io.github.ddzengine.bench.SolveSignature [timeoutMs] [idRegex] [tableMb] [endgame]} from the repository root
 * (default timeout 60,000 ms a solve, every position, table size 0: {@link Solver#suggestedTableMegabytes}
 * for each position; a position that times out
 * prints {@code unknown}; {@code endgame} builds the STANDARD solved-endgame tables first and
 * solves with them).
 */
public final class SolveSignature {
    private SolveSignature() {
    }

    /** Runs the signature; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        long timeout = args.length > 0 ? Long.parseLong(args[0]) : 60_000;
        String filter = args.length > 1 ? args[1] : ".*";
        int tableMb = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        EngineTables tables = EngineTables.NONE;
        if (args.length > 3 && args[3].equals("endgame")) {
            long t0 = System.nanoTime();
            for (int seats = 2; seats <= 3; seats++) {
                tables = tables.withEndgame(EndgameTable.build(io.github.ddzengine.core.rules.Preset.STANDARD, seats,
                    EndgameTable.defaultMaxCards(seats), Runtime.getRuntime().availableProcessors(), null));
            }
            System.out.printf("solved-endgame tables (STANDARD) built in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        }
        Map<String, Position> all = SharedPositions.load(ReferencePositions.sharedDir());
        Map<String, Solver> solvers = new java.util.HashMap<>();
        List<String> groups = new ArrayList<>();
        Map<String, List<Double>> times = new java.util.LinkedHashMap<>();
        long totalNodes = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (Map.Entry<String, Position> e : all.entrySet()) {
                if (!e.getKey().matches(filter)) {
                    continue;
                }
                Position p = e.getValue();
                int mb = tableMb > 0 ? tableMb : Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
                EngineTables t = tables;
                Solver s = solvers.computeIfAbsent(p.rules() + "/" + mb, k -> new Solver(p.rules(), mb, t));
                int runs = pass == 0 ? 1 : 3;
                double best = Double.MAX_VALUE;
                SolveResult r = null;
                for (int i = 0; i < runs; i++) {
                    r = s.solve(p, false, timeout, 0);
                    best = Math.min(best, r.millis());
                    if (!r.isKnown()) {
                        break;
                    }
                }
                if (pass == 1) {
                    String group = group(e.getKey());
                    if (!times.containsKey(group)) {
                        groups.add(group);
                    }
                    times.computeIfAbsent(group, k -> new ArrayList<>()).add(r.isKnown() ? best : Double.NaN);
                    totalNodes += r.nodes();
                    System.out.printf("%-12s %-8s %12d nodes %10.2f ms %6.1f M nodes/s%n", e.getKey(),
                        r.isKnown() ? r.verdict().toString().toLowerCase() : "unknown", r.nodes(), best,
                        r.nodes() / best / 1000);
                }
            }
        }
        System.out.println();
        for (String g : groups) {
            double[] t = times.get(g).stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(t);
            System.out.printf("%-10s %2d positions: median %10.2f ms, max %10.2f ms%n", g, t.length,
                t[t.length / 2], t[t.length - 1]);
        }
        System.out.println("total nodes " + totalNodes);
    }

    /** Group of a position id: its card counts ({@code 10v10}, {@code 8-8-8}) or {@code puzzles}. */
    private static String group(String id) {
        int dash = id.lastIndexOf('-');
        return dash > 0 && Character.isDigit(id.charAt(0)) ? id.substring(0, dash) : "puzzles";
    }
}
