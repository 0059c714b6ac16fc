package io.github.ddzengine.tools;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.TableException;

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
 * unknown rules...), reported as one line on standard error; {@code 1} an internal error, also one
 * line (set the environment variable {@code DDZ_DEBUG=1} to get the stack trace as well).
 */
@Command(name = "ddz", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Dou Dizhu engine: rules, legal moves, solving and play.",
    synopsisSubcommandLabel = "COMMAND")
public final class Ddz implements Callable<Integer> {
    /** Exit code of a usage or input error. */
    public static final int EXIT_USAGE = CommandLine.ExitCode.USAGE;
    /** Exit code of an internal error (a bug). */
    public static final int EXIT_SOFTWARE = CommandLine.ExitCode.SOFTWARE;

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
        CommandLine cl = commandLine(System.in);
        // A large buffer and no auto-flush: output is flushed once at exit (and by --batch when
        // its input runs dry), so big listings don't cost a system call per line.
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
            new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16), false);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(
            new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8), true);
        cl.setOut(out);
        cl.setErr(err);
        int code = cl.execute(args);
        out.flush();
        err.flush();
        System.exit(code);
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
        cl.addSubcommand(new MoveCommand());
        cl.addSubcommand(new BidCommand());
        cl.addSubcommand(new PlayCommand());
        cl.addSubcommand(new ReplayCommand());
        cl.addSubcommand(new TablesCommand());
        cl.addSubcommand(new ServeCommand(stdin));
        cl.addSubcommand(new BotzoneCommand(stdin));
        cl.addSubcommand(new io.github.ddzengine.tools.web.WebCommand(new WebToolkit()));
        // set after the verbs are added: picocli copies these settings to existing subcommands only
        cl.setParameterExceptionHandler(Ddz::usageError);
        cl.setExecutionExceptionHandler(Ddz::internalError);
        return cl;
    }

    /** Without a verb: a usage error naming the verbs. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: " + commands(spec.commandLine()));
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
     * Joins the lines of a message into one line.
     *
     * @param message any text, or null
     * @return the text with each line break and its surrounding blanks replaced by one space
     */
    static String oneLine(String message) {
        return JsonFields.oneLine(message);
    }
}
