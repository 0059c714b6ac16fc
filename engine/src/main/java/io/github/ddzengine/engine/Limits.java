package io.github.ddzengine.engine;

import io.github.ddzengine.mc.McSettings;

/**
 * The bounds of every count and time setting of the engine's front doors (the {@code ddz} verbs,
 * the web server, the Python bridge, the Botzone bot), written once: a value past a bound would
 * exhaust the heap or the threads, run for years, or wrap a deadline. {@code docs/reliability.md}
 * lists them; the front doors refuse a value outside them with one line.
 */
public final class Limits {
    /** Worker threads of a match ({@code ddz play --threads}). */
    public static final int MAX_MATCH_THREADS = 256;
    /** Deals of a match: each plays twice, and game numbers stay below 2^31. */
    public static final int MAX_DEALS = 100_000_000;
    /** Fixed worlds of one Monte Carlo decision or bid estimate ({@link McSettings#MAX_WORLDS}). */
    public static final int MAX_WORLDS = McSettings.MAX_WORLDS;
    /** Time budget of one Monte Carlo decision, ms ({@link McSettings#MAX_BUDGET_MILLIS}). */
    public static final int MAX_BUDGET_MS = McSettings.MAX_BUDGET_MILLIS;
    /** Untimed warm-up before a decision, ms (10 minutes). */
    public static final int MAX_WARMUP_MS = 600_000;
    /** Time-out of one solve, ms (30 days): far below the point where a deadline in ns wraps. */
    public static final long MAX_TIMEOUT_MS = 30L * 24 * 3600 * 1000;
    /** Longest wait for an external agent's answer, ms (one day). */
    public static final long MAX_AGENT_TIMEOUT_MS = 24L * 3600 * 1000;
    /** Room a solver's transposition table must leave in the heap for the rest of the program, MiB. */
    public static final int HEAP_RESERVE_MB = 64;

    private Limits() {
    }

    /**
     * Checks a solver transposition-table size against this JVM's maximum heap.
     *
     * @param option how the front door names the setting ({@code --tt-mb})
     * @param megabytes the size, MiB
     * @return null if usable, else a one-line reason naming {@code option}
     */
    public static String checkSolverMegabytes(String option, int megabytes) {
        if (megabytes < 1) {
            return option + " must be at least 1, not " + megabytes;
        }
        long maxMb = Runtime.getRuntime().maxMemory() >> 20;
        if (megabytes > maxMb - HEAP_RESERVE_MB) {
            return option + " " + megabytes + " does not fit in the JVM's maximum heap of " + maxMb
                + " MiB; give less, or more heap with DDZ_JAVA_OPTS=-Xmx" + (megabytes / 1024 + 2) + "g";
        }
        return null;
    }
}
