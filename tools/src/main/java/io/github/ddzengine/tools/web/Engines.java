package io.github.ddzengine.tools.web;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.MonteCarloAgent;

/**
 * The engine objects of the server's worker threads: each thread keeps its own solvers, move
 * generators and Monte Carlo agents (none of them is thread-safe), so requests on different
 * threads share nothing mutable. A thread keeps at most {@value #KEEP} of each, least recently
 * used dropped first.
 */
final class Engines {
    private static final int KEEP = 4;

    private final int tableMegabytes;
    private final EngineTables tables;
    private final ThreadLocal<Map<Rules, Solver>> solvers = ThreadLocal.withInitial(Engines::lru);
    private final ThreadLocal<Map<Rules, MoveGenerator>> generators = ThreadLocal.withInitial(Engines::lru);
    private final ThreadLocal<Map<String, MonteCarloAgent>> agents = ThreadLocal.withInitial(Engines::lru);

    /**
     * @param tableMegabytes each solver's transposition table, MiB
     * @param tables the precomputed tables of every solver and agent
     */
    Engines(int tableMegabytes, EngineTables tables) {
        this.tableMegabytes = tableMegabytes;
        this.tables = tables;
    }

    /** This thread's solver of {@code rules}. */
    Solver solver(Rules rules) {
        return solvers.get().computeIfAbsent(rules, r -> new Solver(r, tableMegabytes, tables));
    }

    /** This thread's move generator of {@code rules}. */
    MoveGenerator generator(Rules rules) {
        return generators.get().computeIfAbsent(rules, MoveGenerator::new);
    }

    /**
     * This thread's single-threaded Monte Carlo agent with a budget of {@code budgetMillis} (or
     * {@code worlds} fixed worlds when positive) evaluating at most {@code maxCandidates} moves.
     */
    MonteCarloAgent agent(int budgetMillis, int worlds, int maxCandidates) {
        String key = budgetMillis + "/" + worlds + "/" + maxCandidates;
        return agents.get().computeIfAbsent(key, k -> {
            return new MonteCarloAgent(io.github.ddzengine.mc.McSettings.builder(Rules.STANDARD).budget(budgetMillis).worlds(worlds)
                .threads(1).maxCandidates(maxCandidates).build(), tables);
        });
    }

    private static <K, V> Map<K, V> lru() {
        return new LinkedHashMap<>(8, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > KEEP;
            }
        };
    }
}
