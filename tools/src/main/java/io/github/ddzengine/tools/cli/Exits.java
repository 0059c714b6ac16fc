package io.github.ddzengine.tools.cli;

import java.io.PrintWriter;

import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The exit codes of every verb and the one-line reports behind them, below the verbs (the root
 * command {@code Ddz} and each verb call them): {@code 0} done; {@value #USAGE} a usage or input
 * error (one line on standard error); {@value #SOFTWARE} an internal error (one line; the stack
 * trace with {@code DDZ_DEBUG=1}); {@value #AGENT_FAULTS} {@code ddz play} counted faults of an
 * external agent; {@value #OUTPUT} the output could not be written. {@code docs/reliability.md}
 * has the whole policy.
 */
public final class Exits {
    /** Exit code of a usage or input error. */
    public static final int USAGE = CommandLine.ExitCode.USAGE;
    /** Exit code of an internal error (a bug). */
    public static final int SOFTWARE = CommandLine.ExitCode.SOFTWARE;
    /** Exit code of {@code ddz play} when an external agent failed (a fault counted beyond {@code --tolerate-faults}). */
    public static final int AGENT_FAULTS = 3;
    /** Exit code when the output could not be written (a full disk, a closed pipe). */
    public static final int OUTPUT = 4;

    private Exits() {
    }

    /** The usage error of a command run without one of its verbs: {@code missing command: VERB, VERB, ...}. */
    public static ParameterException missingCommand(CommandSpec spec) {
        return new ParameterException(spec.commandLine(), "missing command: " + commands(spec.commandLine()));
    }

    /** The verbs of the top-level command line, from picocli's registry: {@code moves, solve, split, ...}. */
    public static String commands(CommandLine top) {
        return String.join(", ", top.getSubcommands().keySet());
    }

    /**
     * Prints an input error of a verb (bad cards, an impossible position...) as one line,
     * {@code ddz VERB: message}, and returns {@link #USAGE}.
     */
    public static int inputError(CommandSpec verb, IllegalArgumentException e) {
        PrintWriter err = verb.commandLine().getErr();
        err.println(verb.qualifiedName() + ": " + oneLine(e.getMessage()));
        err.flush();
        return USAGE;
    }

    /**
     * Prints an unexpected exception as one line and returns {@link #SOFTWARE}; a
     * {@link TableException} (a table file that cannot be used, a tables directory that cannot be
     * written) is bad input instead: its one line, {@link #USAGE}.
     */
    public static int internalError(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (ex instanceof OutputException) {
            err.println(cl.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
            err.flush();
            return OUTPUT;
        }
        if (ex instanceof TableException t) {
            err.println(cl.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
            err.flush();
            // a table file that cannot be written (a full disk) is output that failed, like --out's
            return t.problem().startsWith("cannot write") ? OUTPUT : USAGE;
        }
        err.println(cl.getCommandSpec().qualifiedName() + ": internal error: " + oneLine(ex.toString())
            + " (set DDZ_DEBUG=1 for the stack trace)");
        if (System.getenv("DDZ_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return SOFTWARE;
    }

    /**
     * An {@link Error} escaping a verb as one line: a failed read of a mapped table file (the file
     * changed or was truncated while in use) is a table error, {@link #USAGE}; anything else
     * (a stack or heap exhausted) is an internal error, {@link #SOFTWARE}.
     */
    public static int fatalError(Error error, CommandLine verb, PrintWriter err) {
        String name = verb.getCommandSpec().qualifiedName();
        Tables.LoadReport loaded = null;
        for (CommandSpec mixin : verb.getCommandSpec().mixins().values()) {
            if (mixin.userObject() instanceof TablesOption t) {
                loaded = t.loaded();
            }
        }
        String table = MappedReads.describe(error, loaded);
        if (table != null) {
            err.println(name + ": " + table);
            err.flush();
            return USAGE;
        }
        err.println(name + ": internal error: " + oneLine(error.toString()) + " (set DDZ_DEBUG=1 for the stack trace)");
        if (System.getenv("DDZ_DEBUG") != null) {
            error.printStackTrace(err);
        }
        err.flush();
        return SOFTWARE;
    }

    /**
     * Joins the lines of a message into one line.
     *
     * @param message any text, or null
     * @return the text with each line break and its surrounding blanks replaced by one space
     */
    public static String oneLine(String message) {
        return JsonFields.oneLine(message);
    }
}
