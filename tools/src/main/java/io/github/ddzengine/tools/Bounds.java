package io.github.ddzengine.tools;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The bounds of every count and time option of the verbs, and the one message that refuses a
 * value outside them: {@code --threads must be 1..256, not 100000}. A value past a bound would
 * exhaust the heap or the threads, run for years, or wrap a deadline; {@code docs/reliability.md}
 * lists them.
 */
public final class Bounds {
    /** Worker threads of a match ({@code ddz play --threads}). */
    public static final int MAX_MATCH_THREADS = 256;
    /** Deals of a match: each plays twice, and game numbers stay below 2^31. */
    public static final int MAX_DEALS = 100_000_000;
    /** Fixed worlds of one Monte Carlo decision or bid estimate. */
    public static final int MAX_WORLDS = io.github.ddzengine.mc.McSettings.MAX_WORLDS;
    /** Time budget of one Monte Carlo decision, ms (10 minutes). */
    public static final int MAX_BUDGET_MS = io.github.ddzengine.mc.McSettings.MAX_BUDGET_MILLIS;
    /** Untimed warm-up before a decision, ms (10 minutes). */
    public static final int MAX_WARMUP_MS = 600_000;
    /** Time-out of one solve, ms (30 days): far below the point where a deadline in ns wraps. */
    public static final long MAX_TIMEOUT_MS = 30L * 24 * 3600 * 1000;
    /** Longest wait for an external agent's answer, ms (one day). */
    public static final long MAX_AGENT_TIMEOUT_MS = 24L * 3600 * 1000;

    private Bounds() {
    }

    /**
     * Checks an option's value.
     *
     * @param note what a special value means, shown after the range ({@code "0: no limit"}), or null
     * @return {@code value}
     * @throws ParameterException {@code OPTION must be MIN..MAX (NOTE), not VALUE}: a usage error,
     *     exit code 2
     */
    static long check(CommandSpec spec, String option, long value, long min, long max, String note) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(), message(option, value, min, max, note));
        }
        return value;
    }

    /** {@link #check} for an int option. */
    static int check(CommandSpec spec, String option, int value, int min, int max, String note) {
        return (int) check(spec, option, (long) value, min, max, note);
    }

    /** The one message of a value out of range: {@code WHAT must be MIN..MAX (NOTE), not VALUE}. */
    static String message(String what, Object value, long min, long max, String note) {
        return what + " must be " + min + ".." + max + (note == null ? "" : " (" + note + ")") + ", not " + value;
    }
}
