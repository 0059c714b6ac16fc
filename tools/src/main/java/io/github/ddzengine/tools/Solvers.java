package io.github.ddzengine.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * One {@link Solver} per rule set, made on first use and reused (each solve starts from an empty
 * transposition table, so reuse changes no result and no time). Every solver owns a table of the
 * same size; to stay within the heap, at most {@link #capacity()} solvers are kept, the least
 * recently used one being dropped first. Not thread-safe.
 */
final class Solvers {
    private final int tableMegabytes;
    private final Function<Preset, EngineTables> tables;
    private final int capacity;
    private final Map<Rules, Solver> solvers;

    /**
     * Solvers with transposition tables of {@code tableMegabytes} MiB each, using {@code tables}.
     *
     * @param tableMegabytes checked by {@link #checkTableSize} beforehand
     * @param tables the precomputed tables every solver uses
     */
    Solvers(int tableMegabytes, EngineTables tables) {
        this(tableMegabytes, preset -> tables);
    }

    /**
     * Solvers with transposition tables of {@code tableMegabytes} MiB each, using the tables
     * {@code tables} gives for each rule set's preset.
     *
     * @param tableMegabytes checked by {@link #checkTableSize} beforehand
     * @param tables the precomputed tables of a preset
     */
    Solvers(int tableMegabytes, Function<Preset, EngineTables> tables) {
        this.tableMegabytes = tableMegabytes;
        this.tables = tables;
        // half the heap for tables at most, and always room for one
        long fit = Runtime.getRuntime().maxMemory() / 2 / ((long) tableMegabytes << 20);
        this.capacity = (int) Math.max(1, Math.min(64, fit));
        this.solvers = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Rules, Solver> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * Checks a table size against the JVM's heap.
     *
     * @return null if {@code tableMegabytes} is usable, else a one-line reason
     */
    static String checkTableSize(int tableMegabytes) {
        if (tableMegabytes < 1) {
            return "--tt-mb must be at least 1, not " + tableMegabytes;
        }
        long maxMb = Runtime.getRuntime().maxMemory() >> 20;
        // a table must leave room for the rest of the program: at most the heap less 64 MiB
        if (tableMegabytes > maxMb - 64) {
            return "--tt-mb " + tableMegabytes + " does not fit in the JVM's maximum heap of " + maxMb
                + " MiB; give less, or more heap with DDZ_JAVA_OPTS=-Xmx" + (tableMegabytes / 1024 + 2) + "g";
        }
        return null;
    }

    /** The solver of {@code rules}, made (allocating its table) if it is not kept already. */
    Solver get(Rules rules) {
        Solver s = solvers.get(rules);
        if (s == null) {
            s = new Solver(rules, tableMegabytes, tables.apply(rules.preset()));
            solvers.put(rules, s);
        }
        return s;
    }

    /** The precomputed tables of {@code rules}' preset. */
    EngineTables tables(Rules rules) {
        return tables.apply(rules.preset());
    }

    /** Most solvers kept at once. */
    int capacity() {
        return capacity;
    }
}
