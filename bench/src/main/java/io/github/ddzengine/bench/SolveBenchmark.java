package io.github.ddzengine.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.tables.Tables;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Perfect-information solve time (verdict only, single thread, empty transposition table per
 * solve) on shared positions chosen by id: the level-50 puzzle {@code V10}, two-player random
 * deals, three-seat random deals, or a seeded random deal of {@link SolveGroups} ({@code 8v8-r0}). Run
 * from the repository root:
 * {@code java -jar bench/target/benchmarks.jar Solve -p id=V10,8-8-8-4}.
 * (Not final: JMH subclasses its {@code @State} classes.)
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseTransparentHugePages", "-Xmx4g"})
@State(Scope.Thread)
public class SolveBenchmark extends HouseBenchmark {
    /** The id of a position in {@code testdata/positions/*.jsonl}. */
    @Param({"V10", "14v14-0", "8-8-8-4", "10-10-10-3"})
    public String id;

    /** Transposition-table size in MiB; 0: {@link Solver#suggestedTableMegabytes} for the position (as {@code ddz solve}). */
    @Param({"0"})
    public int tableMb;

    /**
     * Whether to solve with the precomputed tables that {@code ddz tables build} writes (the
     * solved endgames and min-hand segments, from {@code $DDZ_TABLES} or {@code ~/.cache/ddz/tables}),
     * as {@code ddz solve} does when they are there; without them (the default) the solver searches
     * everything.
     */
    @Param({"false"})
    public boolean tables;

    private Position position;
    private Solver solver;

    /** Loads the position and allocates the solver. */
    @Setup(Level.Trial)
    public void load() throws IOException {
        position = SolveGroups.position(id);
        int mb = tableMb > 0 ? tableMb : Solver.suggestedTableMegabytes(position, Runtime.getRuntime().maxMemory());
        EngineTables engineTables = EngineTables.NONE;
        if (tables) {
            Tables.LoadReport report = Tables.load(Tables.directory(null), position.rules().preset());
            if (report.none()) {
                throw new IllegalStateException("-p tables=true: no tables in " + report.directory()
                    + " (build them with ./ddz tables build)");
            }
            engineTables = report.engineTables();
        }
        solver = new Solver(position.rules(), mb, engineTables);
    }

    /** One solve to the verdict. */
    @Benchmark
    public SolveResult solve() {
        return solver.solve(position, false, 0, 0);
    }
}
