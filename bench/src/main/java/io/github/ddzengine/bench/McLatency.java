package io.github.ddzengine.bench;

import java.util.List;

import org.HdrHistogram.Histogram;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;

/**
 * Decision latency of {@link MonteCarloAgent} (the agent {@code mc}'s defaults for the standard
 * rules, its leaf model included) at a time budget over the {@link McSuite}: the
 * first pass over the suite in a fresh JVM (cold), then {@code passes} more passes (warm), each
 * recorded in an HdrHistogram; prints p50, p99, max, and worlds per decision.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.McLatency [THREADS [BUDGET_MS [PASSES
 * [GAMES [SOLVER_MAX_CARDS]]]]]} (defaults 2 threads, 50 ms, 3 warm passes, 40 games, the agent's solver limit).
 */
public final class McLatency {
    private McLatency() {
    }

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int budget = args.length > 1 ? Integer.parseInt(args[1]) : McSettings.DEFAULT_BUDGET_MILLIS;
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int games = args.length > 3 ? Integer.parseInt(args[3]) : 40;
        int solverCards = args.length > 4 ? Integer.parseInt(args[4])
            : McSettings.defaults().solverMaxCards();
        List<InformationSet> suite = McSuite.build(Rules.STANDARD, 2024, games);
        // the agent mc as it ships: the standard rules' defaults, its leaf model included
        MonteCarloAgent agent = new MonteCarloAgent(McSettings.defaults(Rules.STANDARD).withThreads(threads)
            .withBudget(budget).toBuilder().solverMaxCards(solverCards).build());
        Histogram cold = new Histogram(10_000_000_000L, 3);
        Histogram warm = new Histogram(10_000_000_000L, 3);
        long worlds = 0;
        long decisions = 0;
        for (int pass = 0; pass <= passes; pass++) {
            for (int i = 0; i < suite.size(); i++) {
                long t0 = System.nanoTime();
                Decision d = agent.decide(suite.get(i), i);
                long t = System.nanoTime() - t0;
                (pass == 0 ? cold : warm).recordValue(t);
                if (pass > 0) {
                    worlds += d.worlds();
                    decisions++;
                }
            }
        }
        System.out.printf("suite %d information sets (%d games), threads %d, budget %d ms, solver up to %d cards%n",
            suite.size(), games, threads, budget, solverCards);
        print("cold", cold);
        print("warm", warm);
        System.out.printf("warm: %.0f worlds per decision%n", (double) worlds / decisions);
    }

    private static void print(String label, Histogram h) {
        System.out.printf("%s: n=%d p50 %.2f ms  p99 %.2f ms  max %.2f ms  over 50 ms: %d  over 60 ms: %d%n", label,
            h.getTotalCount(), h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
            h.getCountBetweenValues(50_000_001L, Long.MAX_VALUE / 2), h.getCountBetweenValues(60_000_001L, Long.MAX_VALUE / 2));
    }
}
