package io.github.ddzengine.tools.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The one message that refuses an option's value outside its bounds ({@link
 * io.github.ddzengine.engine.Limits}, the bounds' one home): {@code --threads must be 1..256, not
 * 100000}.
 */
public final class Bounds {
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
    public static long check(CommandSpec spec, String option, long value, long min, long max, String note) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(), message(option, value, min, max, note));
        }
        return value;
    }

    /** {@link #check} for an int option. */
    public static int check(CommandSpec spec, String option, int value, int min, int max, String note) {
        return (int) check(spec, option, (long) value, min, max, note);
    }

    /** The one message of a value out of range: {@code WHAT must be MIN..MAX (NOTE), not VALUE}. */
    public static String message(String what, Object value, long min, long max, String note) {
        return what + " must be " + min + ".." + max + (note == null ? "" : " (" + note + ")") + ", not " + value;
    }
}
