package io.github.ddzengine.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Playout;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.WorldSampler;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Monte Carlo throughput over the {@link McSuite} (40 self-play games, mid- and late-game
 * information sets):
 * <ul>
 *   <li>{@link #decide}: fixed-worlds decisions ({@value #WORLDS} worlds each, no clock) on
 *       {@code threads} workers; the aux counters give worlds/s, rollouts/s and rollout moves/s
 *       of the whole agent (divide by threads for per core).</li>
 *   <li>{@link #rollout}: one playout from a sampled world of a suite position, one thread: rollouts/s
 *       and rollout moves/s per core.</li>
 * </ul>
 * Run: {@code java -jar bench/target/benchmarks.jar McBenchmark -f 1 -wi 3 -i 5 -w 2 -r 2}.
 * (Not final: JMH subclasses its {@code @State} classes.)
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class McBenchmark extends HouseBenchmark {
    /** Worlds per {@link #decide} call. */
    public static final int WORLDS = 32;

    @Param({"1", "2"})
    public int threads;

    List<InformationSet> suite;
    MonteCarloAgent agent;
    int next;

    /** Per-position world samplers and a playout for {@link #rollout}. */
    WorldSampler[] samplers;
    Playout playout;
    Rng rng = new Rng(1);
    int[] scratch = new int[WorldSampler.SCRATCH];
    long[] world = new long[3];
    long worldIndex;

    @Setup(Level.Trial)
    public void setUp() {
        suite = McSuite.build(Rules.STANDARD, 2024, 40);
        agent = new MonteCarloAgent(McSettings.defaults().withThreads(threads).withWorlds(WORLDS));
        samplers = new WorldSampler[suite.size()];
        for (int i = 0; i < samplers.length; i++) {
            samplers[i] = new WorldSampler(suite.get(i), Prior.UNIFORM);
        }
        playout = new Playout(Rules.STANDARD, MinHands.of(Rules.STANDARD));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        agent.close(); // its helper threads
    }

    /** Per-iteration counters: worlds, rollouts and rollout moves done. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        public long worlds;
        public long rollouts;
        public long rolloutMoves;

        @Setup(Level.Iteration)
        public void clear() {
            worlds = 0;
            rollouts = 0;
            rolloutMoves = 0;
        }
    }

    @Benchmark
    public int decide(Counters counters) {
        int i = next++ % suite.size();
        Decision d = agent.decide(suite.get(i), next);
        counters.worlds += d.worlds();
        counters.rollouts += d.rollouts();
        counters.rolloutMoves += d.rolloutMoves();
        return d.move();
    }

    @Benchmark
    public int rollout(Counters counters) {
        int i = next++ % suite.size();
        InformationSet info = suite.get(i);
        samplers[i].deal(rng, WorldSampler.worldSeed(7, (int) worldIndex++), scratch, world);
        long before = playout.moves();
        int r = playout.run(world, info.seat(), info.lastMove(), info.lastMove() == MoveTable.PASS ? -1 : info.lastSeat(),
            1, true);
        counters.rollouts++;
        counters.rolloutMoves += playout.moves() - before;
        return r;
    }
}
