package io.github.ddzengine.bench;

import java.util.concurrent.TimeUnit;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
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
 * The solver's fixed cost per solve (issue 22): a position of one node (the landlord leads and
 * goes out at once, {@code 33/4 0}, or a 7 v 7 lead the landlord wins in one node after the
 * quick-win checks, {@code 3456789/TTJJQQK 0}), solved with a reused {@link Solver} and with a
 * fresh one of {@link Solver#suggestedTableMegabytes} (as {@code ddz solve} makes one per
 * command). Run from the repository root:
 * {@code java -jar bench/target/benchmarks.jar SolveFixedCost}. (Not final: JMH subclasses its
 * {@code @State} classes.)
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseTransparentHugePages", "-Xmx4g"})
@State(Scope.Thread)
public class SolveFixedCostBenchmark extends HouseBenchmark {
    /** The position, in {@code ddz solve} notation (standard rules). */
    @Param({"33/4 0"})
    public String position;

    private Position p;
    private Solver solver;
    private int mb;

    /** Parses the position and makes the reused solver. */
    @Setup(Level.Trial)
    public void load() {
        p = Position.parse(position, Rules.STANDARD);
        mb = Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
        solver = new Solver(Rules.STANDARD, mb);
    }

    /** One solve with the verdict and line, by the solver of every iteration. */
    @Benchmark
    public SolveResult reused() {
        return solver.solve(p, false, 0, 0);
    }

    /** A new solver, then one solve. */
    @Benchmark
    public SolveResult fresh() {
        return new Solver(Rules.STANDARD, mb).solve(p, false, 0, 0);
    }
}
