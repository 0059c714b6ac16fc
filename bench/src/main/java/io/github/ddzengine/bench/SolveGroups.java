package io.github.ddzengine.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The solver's speed by position group (issue 22): every position of a group timed on its own by
 * {@link SolveBenchmark} (JMH, one fork a position, single thread), then the group's geometric
 * mean time, its nodes and its nanoseconds per node. Groups: {@code 8v8} (20 random deals of seed
 * {@value #SEED}, ids {@code 8v8-r0} to {@code 8v8-r19}), the shared {@code 10v10}, {@code 12v12},
 * {@code 14v14}, {@code 17v17}, {@code puzzles} (every position of {@code puzzles.jsonl}) and the
 * three-seat {@code 6-6-6}, {@code 7-7-7}, {@code 8-8-8}, {@code 10-10-10}.
 *
 * <p>From the repository root (where {@code testdata/} is):
 * <ul>
 *   <li>{@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.SolveGroups run OUT.tsv
 *       [GROUP,...] [warmupMs measureMs iterations]}: times the groups (all but {@code 17v17} and
 *       {@code 10-10-10} by default; 3 x 300 ms warm-up and 5 x 300 ms measurement) and writes
 *       one line a position: group, id, nodes, mean milliseconds per solve;</li>
 *   <li>{@code ... SolveGroups compare OLD.tsv[,OLD2.tsv...] NEW.tsv[,NEW2.tsv...]}: the table
 *       of both, each position's time the median of its runs (interleave the runs of the two
 *       jars), with the ratio of the geometric means.</li>
 * </ul>
 */
public final class SolveGroups {
    /** Seed of the random 8 v 8 deals. */
    static final long SEED = 22;
    /** Random 8 v 8 deals in the group. */
    static final int RANDOM_DEALS = 20;
    /** Every group, in table order. */
    static final String[] GROUPS = {"8v8", "10v10", "12v12", "puzzles", "14v14", "17v17", "6-6-6", "7-7-7",
        "8-8-8", "10-10-10"};
    /** The groups {@code run} times by default (the others take seconds a solve). */
    static final String[] DEFAULT_GROUPS = {"8v8", "10v10", "12v12", "puzzles", "14v14", "6-6-6", "7-7-7",
        "8-8-8"};

    private static Map<String, Position> all;

    private SolveGroups() {
    }

    /**
     * A shared position by id, or a random deal of the {@code 8v8} group ({@code 8v8-rK}).
     *
     * @throws IllegalArgumentException if there is no such position
     */
    static synchronized Position position(String id) throws IOException {
        Position p = positions().get(id);
        if (p == null) {
            throw new IllegalArgumentException("no shared position or random deal " + id);
        }
        return p;
    }

    /** Every position by id: the shared ones, then the random deals. */
    static synchronized Map<String, Position> positions() throws IOException {
        if (all == null) {
            Map<String, Position> m = new LinkedHashMap<>(SharedPositions.load(ReferencePositions.sharedDir()));
            Rules rules = Rules.of(Preset.STANDARD);
            SplittableRandom rnd = new SplittableRandom(SEED);
            for (int k = 0; k < RANDOM_DEALS; k++) {
                long a = SolveNodes.deal(rnd, Cards.DECK, 8);
                long b = SolveNodes.deal(rnd, Cards.DECK - a, 8);
                m.put("8v8-r" + k, Position.of(rules, new long[] {a, b}, 0, MoveTable.PASS, -1));
            }
            all = m;
        }
        return all;
    }

    /** The group of a position id. */
    static String group(String id) {
        if (id.startsWith("8v8-r")) {
            return "8v8";
        }
        for (String g : GROUPS) {
            if (id.startsWith(g + "-")) {
                return g;
            }
        }
        return "puzzles";
    }

    /** The ids of a group, in file order. */
    static List<String> ids(String group) throws IOException {
        List<String> out = new ArrayList<>();
        for (String id : positions().keySet()) {
            if (group(id).equals(group)) {
                out.add(id);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no position group " + group + "; groups: " + Arrays.toString(GROUPS));
        }
        return out;
    }

    /** See the class comment. */
    public static void main(String[] args) throws IOException, RunnerException {
        if (args.length >= 2 && args[0].equals("run")) {
            String[] groups = args.length > 2 ? args[2].split(",") : DEFAULT_GROUPS;
            int warmMs = args.length > 3 ? Integer.parseInt(args[3]) : 300;
            int measureMs = args.length > 4 ? Integer.parseInt(args[4]) : 300;
            int iterations = args.length > 5 ? Integer.parseInt(args[5]) : 5;
            run(Path.of(args[1]), groups, warmMs, measureMs, iterations);
        } else if (args.length == 3 && args[0].equals("compare")) {
            compare(System.out, read(args[1]), read(args[2]));
        } else {
            System.err.println("usage: SolveGroups run OUT.tsv [GROUP,...] [warmupMs measureMs iterations]"
                + " | compare OLD.tsv[,...] NEW.tsv[,...]");
            System.exit(2);
        }
    }

    private static void run(Path out, String[] groups, int warmMs, int measureMs, int iterations)
        throws IOException, RunnerException {
        List<String> ids = new ArrayList<>();
        for (String g : groups) {
            ids.addAll(ids(g));
        }
        Collection<RunResult> results = new Runner(new OptionsBuilder()
            .include(SolveBenchmark.class.getName() + ".solve$")
            .param("id", ids.toArray(new String[0]))
            .forks(1)
            .warmupIterations(3).warmupTime(TimeValue.milliseconds(warmMs))
            .measurementIterations(iterations).measurementTime(TimeValue.milliseconds(measureMs))
            .build()).run();
        Map<String, Double> ms = new LinkedHashMap<>();
        for (RunResult r : results) {
            ms.put(r.getParams().getParam("id"), r.getPrimaryResult().getScore());
        }
        StringBuilder tsv = new StringBuilder();
        for (String id : ids) {
            Position p = position(id);
            long nodes = new Solver(p.rules(), Solver.suggestedTableMegabytes(p, Long.MAX_VALUE)).solve(p, false, 0, 0)
                .nodes();
            tsv.append(group(id)).append('\t').append(id).append('\t').append(nodes).append('\t')
                .append(ms.getOrDefault(id, Double.NaN)).append('\n');
        }
        Files.writeString(out, tsv, StandardCharsets.UTF_8);
        Map<String, List<Row>> one = new LinkedHashMap<>();
        for (String line : tsv.toString().split("\n")) {
            Row row = Row.parse(line);
            one.computeIfAbsent(row.id(), k -> new ArrayList<>()).add(row);
        }
        compare(System.out, one, one);
    }

    /** One line of a run's file. */
    private record Row(String group, String id, long nodes, double ms) {
        static Row parse(String line) {
            String[] f = line.split("\t");
            return new Row(f[0], f[1], Long.parseLong(f[2]), Double.parseDouble(f[3]));
        }
    }

    /** The runs of comma-separated files, by id in file order. */
    private static Map<String, List<Row>> read(String files) throws IOException {
        Map<String, List<Row>> out = new LinkedHashMap<>();
        for (String f : files.split(",")) {
            for (String line : Files.readAllLines(Path.of(f), StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    Row r = Row.parse(line);
                    out.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(r);
                }
            }
        }
        return out;
    }

    private static double median(List<Row> rows) {
        double[] t = new double[rows.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = rows.get(i).ms();
        }
        Arrays.sort(t);
        int n = t.length;
        return n % 2 == 1 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    }

    /** Prints the markdown table of two sets of runs, by group. */
    private static void compare(PrintStream out, Map<String, List<Row>> old, Map<String, List<Row>> now) {
        out.println("| group | positions | geomean ms old | geomean ms new | ratio | nodes old | nodes new"
            + " | ns/node old | ns/node new |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        Map<String, List<String>> byGroup = new LinkedHashMap<>();
        for (String id : now.keySet()) {
            if (old.containsKey(id)) {
                byGroup.computeIfAbsent(now.get(id).get(0).group(), k -> new ArrayList<>()).add(id);
            }
        }
        for (Map.Entry<String, List<String>> e : byGroup.entrySet()) {
            double logOld = 0;
            double logNew = 0;
            double sumOld = 0;
            double sumNew = 0;
            long nodesOld = 0;
            long nodesNew = 0;
            for (String id : e.getValue()) {
                double a = median(old.get(id));
                double b = median(now.get(id));
                logOld += Math.log(a);
                logNew += Math.log(b);
                sumOld += a;
                sumNew += b;
                nodesOld += old.get(id).get(0).nodes();
                nodesNew += now.get(id).get(0).nodes();
            }
            int n = e.getValue().size();
            double gOld = Math.exp(logOld / n);
            double gNew = Math.exp(logNew / n);
            out.printf("| %s | %d | %.4f | %.4f | %.2fx | %,d | %,d | %.0f | %.0f |%n", e.getKey(), n, gOld, gNew,
                gOld / gNew, nodesOld, nodesNew, sumOld * 1e6 / nodesOld, sumNew * 1e6 / nodesNew);
        }
    }
}
