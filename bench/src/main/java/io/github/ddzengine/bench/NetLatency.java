package io.github.ddzengine.bench;

import java.util.List;

import org.HdrHistogram.Histogram;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.agents.NetAgent;

/**
 * Decision latency of a {@code net} agent ({@link NetAgent}) on one thread over the
 * {@link McSuite}: a first pass (cold), then {@code passes} more (warm), in HdrHistograms; prints
 * p50, p99 and max.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.NetLatency SPEC
 * [PASSES [GAMES [every]]]} with an agent spec such as {@code net:model=models/value-net-standard.ddzt}
 * (defaults 5 warm passes, 40 games); {@code every} times every decision of the games
 * ({@link McSuite#everyDecision}), the endgame included, instead of two a game.
 */
public final class NetLatency {
    private NetLatency() {
    }

    public static void main(String[] args) {
        String spec = args[0];
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int games = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        Rules rules = Rules.STANDARD;
        boolean every = args.length > 3 && "every".equals(args[3]);
        List<InformationSet> suite = every ? McSuite.everyDecision(rules, 2024, games) : McSuite.build(rules, 2024, games);
        Agent agent = AgentSpecs.builtIn().parse(spec, rules, EngineTables.NONE);
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
        System.out.printf("suite %d information sets (%d games), %s%n", suite.size(), games, spec);
        for (Object[] row : new Object[][] {{"cold", cold}, {"warm", warm}}) {
            Histogram h = (Histogram) row[1];
            System.out.printf("%s: n=%d p50 %.3f ms  p99 %.3f ms  max %.3f ms  over 2 ms: %d%n", row[0], h.getTotalCount(),
                h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
                h.getCountBetweenValues(2_000_001L, Long.MAX_VALUE / 2));
        }
        System.out.println(sink == 42 ? "" : "");
    }
}
