package io.github.ddzengine.bench;

import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.NetAgent;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

/**
 * Decision latency of the {@code net} agent ({@link NetAgent}) on one thread over the
 * {@link McSuite}: a first pass (cold), then {@code passes} more (warm), in HdrHistograms; prints
 * p50, p99 and max.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.NetLatency MODEL
 * [WORLDS [PASSES [GAMES [EVALS]]]]} (defaults {@value NetAgent#DEFAULT_WORLDS} worlds, 5 warm passes, 40
 * games, {@value NetAgent#DEFAULT_EVALS} evaluations).
 */
public final class NetLatency {
    private NetLatency() {
    }

    public static void main(String[] args) {
        Path model = Path.of(args[0]);
        int worlds = args.length > 1 ? Integer.parseInt(args[1]) : NetAgent.DEFAULT_WORLDS;
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int games = args.length > 3 ? Integer.parseInt(args[3]) : 40;
        Rules rules = Rules.STANDARD;
        ValueNet net = ValueNetFile.read(model, rules).net();
        List<InformationSet> suite = McSuite.build(rules, 2024, games);
        int evals = args.length > 4 ? Integer.parseInt(args[4]) : NetAgent.DEFAULT_EVALS;
        NetAgent agent = new NetAgent(rules, EngineTables.NONE, net, worlds, evals);
        Histogram cold = new Histogram(10_000_000_000L, 3);
        Histogram warm = new Histogram(10_000_000_000L, 3);
        long sink = 0;
        for (int pass = 0; pass <= passes; pass++) {
            for (int i = 0; i < suite.size(); i++) {
                agent.startGame(i);
                long t0 = System.nanoTime();
                sink += agent.play(suite.get(i));
                (pass == 0 ? cold : warm).recordValue(System.nanoTime() - t0);
            }
        }
        System.out.printf("suite %d information sets (%d games), %d worlds, %d evals, network %s (%d parameters)%n",
            suite.size(), games, worlds, evals, java.util.Arrays.toString(net.widths()), net.parameterCount());
        for (Object[] row : new Object[][] {{"cold", cold}, {"warm", warm}}) {
            Histogram h = (Histogram) row[1];
            System.out.printf("%s: n=%d p50 %.3f ms  p99 %.3f ms  max %.3f ms  over 2 ms: %d%n", row[0], h.getTotalCount(),
                h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
                h.getCountBetweenValues(2_000_001L, Long.MAX_VALUE / 2));
        }
        System.out.println(sink == 42 ? "" : "");
    }
}
