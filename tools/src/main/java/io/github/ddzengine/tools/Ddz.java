package io.github.ddzengine.tools;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code ddz} command line: the top-level command, its verbs, and the error policy shared by
 * all of them.
 *
 * <p>Exit codes: {@code 0} success; {@code 2} a usage or input error (unknown option, bad cards,
 * unknown rules, a table file that cannot be used...), reported as one line on standard error;
 * {@code 1} an internal error, also one line (set the environment variable {@code DDZ_DEBUG=1} to
 * get the stack trace as well); {@code 3} {@code ddz play} counted faults of an external agent;
 * {@code 4} the output could not be written. {@code docs/reliability.md} has the whole policy.
 */
@Command(name = "ddz", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Dou Dizhu engine: rules, legal moves, solving and play.",
    synopsisSubcommandLabel = "COMMAND")
public final class Ddz implements Callable<Integer> {
    /** Exit code of a usage or input error. */
    public static final int EXIT_USAGE = CommandLine.ExitCode.USAGE;
    /** Exit code of an internal error (a bug). */
    public static final int EXIT_SOFTWARE = CommandLine.ExitCode.SOFTWARE;
    /** Exit code of {@code ddz play} when an external agent failed (a fault counted beyond {@code --tolerate-faults}). */
    public static final int EXIT_AGENT_FAULTS = 3;
    /** Exit code when the output could not be written (a full disk, a closed pipe). */
    public static final int EXIT_OUTPUT = 4;

    @Spec
    private CommandSpec spec;

    private Ddz() {
    }

    /**
     * Runs the command line on the process's standard streams and exits with its exit code.
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        int code = run(System.in, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err),
            args);
        System.exit(code);
    }

    /**
     * Runs the command line on the given streams, as {@link #main} does on the process's own: the
     * exit code, every error one line on {@code err}. Output that cannot be written (a full disk: a
     * {@link PrintWriter} would swallow the error) ends the verb with one line {@code ddz VERB:
     * cannot write standard output: REASON} and {@link #EXIT_OUTPUT}; a closed pipe (its reader
     * stopped, {@code | head}) with that exit code only.
     *
     * @param in standard input ({@code --batch}, {@code serve}, {@code botzone})
     * @param out standard output
     * @param err standard error
     * @param args the command-line arguments
     * @return the exit code
     */
    public static int run(InputStream in, OutputStream out, OutputStream err, String... args) {
        CommandLine cl = commandLine(in);
        CheckedOutputStream checked = new CheckedOutputStream(out);
        // A large buffer and no auto-flush: output is flushed once at exit (and by --batch when
        // its input runs dry), so big listings don't cost a system call per line.
        PrintWriter o = new PrintWriter(new BufferedWriter(new OutputStreamWriter(checked, StandardCharsets.UTF_8),
            1 << 16), false);
        PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        cl.setOut(o);
        cl.setErr(e);
        int code;
        try {
            code = cl.execute(args);
        } catch (Error fatal) {
            // picocli hands only Exceptions to the handler; an Error (a failed read of a mapped
            // table file, a stack or heap exhausted) is one line too
            code = fatalError(fatal, executed(cl), e);
        }
        o.flush();
        if (o.checkError()) {
            // a closed pipe (| head) is the reader's choice: quiet, as SIGPIPE leaves a C tool
            if (!checked.brokenPipe()) {
                e.println(executed(cl).getCommandSpec().qualifiedName() + ": cannot write standard output: "
                    + checked.reason());
            }
            code = EXIT_OUTPUT;
        }
        e.flush();
        return code;
    }

    /** The verb a command line ran (the deepest subcommand parsed), or the top command. */
    private static CommandLine executed(CommandLine top) {
        CommandLine.ParseResult pr = top.getParseResult();
        CommandLine cl = top;
        while (pr != null && pr.subcommand() != null) {
            pr = pr.subcommand();
            cl = pr.commandSpec().commandLine();
        }
        return cl;
    }

    /**
     * A fully configured command line (every verb, the error handlers) whose verbs read standard
     * input from {@code stdin}. Set its output streams with {@link CommandLine#setOut} and
     * {@link CommandLine#setErr} before {@link CommandLine#execute}; they apply to every verb.
     *
     * @param stdin what {@code --batch} verbs read
     * @return a new command line; run it with {@link CommandLine#execute(String...)}
     */
    public static CommandLine commandLine(InputStream stdin) {
        CommandLine cl = new CommandLine(new Ddz());
        cl.addSubcommand(new MovesCommand(stdin));
        cl.addSubcommand(new SolveCommand(stdin));
        cl.addSubcommand(new SplitCommand(stdin));
        cl.addSubcommand(new CoachCommand(stdin));
        cl.addSubcommand(new AnalyzeCommand());
        cl.addSubcommand(new MoveCommand());
        cl.addSubcommand(new BidCommand());
        cl.addSubcommand(new PlayCommand());
        cl.addSubcommand(new LadderCommand());
        cl.addSubcommand(new ReplayCommand());
        cl.addSubcommand(new TablesCommand());
        cl.addSubcommand(new LearnCommand());
        cl.addSubcommand(new ServeCommand(stdin));
        cl.addSubcommand(new BotzoneCommand(stdin));
        cl.addSubcommand(new io.github.ddzengine.tools.web.WebCommand(new WebToolkit()));
        // set after the verbs are added: picocli copies these settings to existing subcommands only
        // integers in ASCII digits only (picocli's own converters take other scripts' digits too)
        cl.registerConverter(Integer.class, v -> (int) asciiInteger(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int"));
        cl.registerConverter(int.class, v -> (int) asciiInteger(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int"));
        cl.registerConverter(Long.class, v -> asciiInteger(v, Long.MIN_VALUE, Long.MAX_VALUE, "a long"));
        cl.registerConverter(long.class, v -> asciiInteger(v, Long.MIN_VALUE, Long.MAX_VALUE, "a long"));
        cl.setParameterExceptionHandler(Ddz::usageError);
        cl.setExecutionExceptionHandler(Ddz::internalError);
        return cl;
    }

    /**
     * An option's integer: ASCII digits with an optional minus sign, within {@code min..max}.
     *
     * @throws CommandLine.TypeConversionException {@code 'VALUE' is not WHAT}, as picocli says it
     */
    private static long asciiInteger(String value, long min, long max, String what) {
        String v = value.strip();
        boolean ok = !v.isEmpty() && v.length() <= 20;
        for (int i = v.startsWith("-") ? 1 : 0; ok && i < v.length(); i++) {
            ok = v.charAt(i) >= '0' && v.charAt(i) <= '9';
        }
        ok &= !v.equals("-");
        if (ok) {
            try {
                long n = Long.parseLong(v);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // beyond a long: refused below
            }
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not " + what
            + (ok ? " (" + min + ".." + max + ")" : ""));
    }

    /** Without a verb: a usage error naming the verbs. */
    @Override
    public Integer call() {
        throw missingCommand(spec);
    }

    /** The usage error of a command run without one of its verbs: {@code missing command: VERB, VERB, ...}. */
    static ParameterException missingCommand(CommandSpec spec) {
        return new ParameterException(spec.commandLine(), "missing command: " + commands(spec.commandLine()));
    }

    /** The verbs of the top-level command line, from picocli's registry: {@code moves, solve, split, ...}. */
    private static String commands(CommandLine top) {
        return String.join(", ", top.getSubcommands().keySet());
    }

    /**
     * Prints a usage or input error as one line and returns {@link #EXIT_USAGE}: a word where a
     * verb belongs is an unknown command, anything else picocli's message and where to look.
     */
    private static int usageError(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        List<String> unmatched = ex instanceof UnmatchedArgumentException u ? u.getUnmatched() : List.of();
        if (cl.getParent() == null && !unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
            cl.getErr().println(name + ": unknown command '" + unmatched.get(0) + "' (commands: " + commands(cl) + ")");
        } else {
            cl.getErr().println(name + ": " + oneLine(ex.getMessage()) + "; see '" + name + " --help'");
        }
        cl.getErr().flush();
        return EXIT_USAGE;
    }

    /**
     * Prints an input error of a verb (bad cards, an impossible position...) as one line,
     * {@code ddz VERB: message}, and returns {@link #EXIT_USAGE}.
     */
    static int inputError(CommandSpec verb, IllegalArgumentException e) {
        PrintWriter err = verb.commandLine().getErr();
        err.println(verb.qualifiedName() + ": " + oneLine(e.getMessage()));
        err.flush();
        return EXIT_USAGE;
    }

    /**
     * Prints an unexpected exception as one line and returns {@link #EXIT_SOFTWARE}; a
     * {@link TableException} (a table file that cannot be used, a tables directory that cannot be
     * written) is bad input instead: its one line, {@link #EXIT_USAGE}.
     */
    static int internalError(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (ex instanceof OutputException) {
            err.println(cl.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
            err.flush();
            return EXIT_OUTPUT;
        }
        if (ex instanceof TableException) {
            err.println(cl.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
            err.flush();
            return EXIT_USAGE;
        }
        err.println(cl.getCommandSpec().qualifiedName() + ": internal error: " + oneLine(ex.toString())
            + " (set DDZ_DEBUG=1 for the stack trace)");
        if (System.getenv("DDZ_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return EXIT_SOFTWARE;
    }

    /**
     * An {@link Error} escaping a verb as one line: a failed read of a mapped table file (the file
     * changed or was truncated while in use) is a table error, {@link #EXIT_USAGE}; anything else
     * (a stack or heap exhausted) is an internal error, {@link #EXIT_SOFTWARE}.
     */
    static int fatalError(Error error, CommandLine verb, PrintWriter err) {
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
            return EXIT_USAGE;
        }
        err.println(name + ": internal error: " + oneLine(error.toString()) + " (set DDZ_DEBUG=1 for the stack trace)");
        if (System.getenv("DDZ_DEBUG") != null) {
            error.printStackTrace(err);
        }
        err.flush();
        return EXIT_SOFTWARE;
    }

    /**
     * Joins the lines of a message into one line.
     *
     * @param message any text, or null
     * @return the text with each line break and its surrounding blanks replaced by one space
     */
    static String oneLine(String message) {
        return JsonFields.oneLine(message);
    }
}
