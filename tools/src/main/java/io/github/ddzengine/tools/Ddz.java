package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.CheckedOutputStream;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.cli.VerbStreams;
import io.github.ddzengine.tools.verbs.AnalyzeCommand;
import io.github.ddzengine.tools.verbs.BidCommand;
import io.github.ddzengine.tools.verbs.BotzoneCommand;
import io.github.ddzengine.tools.verbs.CoachCommand;
import io.github.ddzengine.tools.verbs.LadderCommand;
import io.github.ddzengine.tools.verbs.LearnCommand;
import io.github.ddzengine.tools.verbs.MoveCommand;
import io.github.ddzengine.tools.verbs.MovesCommand;
import io.github.ddzengine.tools.verbs.PlayCommand;
import io.github.ddzengine.tools.verbs.ReplayCommand;
import io.github.ddzengine.tools.verbs.ServeCommand;
import io.github.ddzengine.tools.verbs.SolveCommand;
import io.github.ddzengine.tools.verbs.SplitCommand;
import io.github.ddzengine.tools.verbs.TablesCommand;
import io.github.ddzengine.tools.web.WebToolkit;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
    @Spec
    private CommandSpec spec;

    private Ddz() {
    }

    /**
     * Runs the command line in this process on its standard streams and exits with its exit code
     * (the jar's entry point, {@link Main}, first offers the command to the warm engine).
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        InputStream in = Main.standardInputIsTheJvms() ? InputStream.nullInputStream() : System.in;
        int code = run(in, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err), args);
        System.exit(code);
    }

    /**
     * Runs the command line on the given streams, as {@link #main} does on the process's own: the
     * exit code, every error one line on {@code err}. Output that cannot be written (a full disk: a
     * {@link PrintWriter} would swallow the error) ends the verb with one line {@code ddz VERB:
     * cannot write standard output: REASON} and {@link Exits#OUTPUT}; a closed pipe (its reader
     * stopped, {@code | head}) with that exit code only.
     *
     * @param in standard input ({@code --batch}, {@code serve}, {@code botzone})
     * @param out standard output
     * @param err standard error
     * @param args the command-line arguments
     * @return the exit code
     */
    public static int run(InputStream in, OutputStream out, OutputStream err, String... args) {
        CommandLine cl = commandLine(in, args);
        CheckedOutputStream checked = new CheckedOutputStream(out);
        PrintWriter o = VerbStreams.out(checked);
        PrintWriter e = VerbStreams.err(err);
        cl.setOut(o);
        cl.setErr(e);
        int code;
        try {
            code = cl.execute(args);
        } catch (Error fatal) {
            // picocli hands only Exceptions to the handler; an Error (a failed read of a mapped
            // table file, a stack or heap exhausted) is one line too
            code = Exits.fatalError(fatal, executed(cl), e);
        }
        return VerbStreams.finish(o, checked, e, executed(cl).getCommandSpec().qualifiedName(), code);
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
        return commandLine(stdin, null);
    }

    /** The verbs' names, in the order {@code ddz --help} lists them. */
    private static final List<String> VERBS = List.of("moves", "solve", "split", "coach", "analyze", "move", "bid",
        "play", "ladder", "replay", "tables", "learn", "serve", "botzone", "web", "warm");

    /** A new verb of {@link #VERBS} (a switch, not a table of constructors: no verb class loads unasked). */
    private static Object verb(String name, InputStream stdin) {
        return switch (name) {
            case "moves" -> new MovesCommand(stdin);
            case "solve" -> new SolveCommand(stdin);
            case "split" -> new SplitCommand(stdin);
            case "coach" -> new CoachCommand(stdin);
            case "analyze" -> new AnalyzeCommand();
            case "move" -> new MoveCommand();
            case "bid" -> new BidCommand();
            case "play" -> new PlayCommand();
            case "ladder" -> new LadderCommand();
            case "replay" -> new ReplayCommand();
            case "tables" -> new TablesCommand();
            case "learn" -> new LearnCommand();
            case "serve" -> new ServeCommand(stdin);
            case "botzone" -> new BotzoneCommand(stdin);
            case "web" -> new io.github.ddzengine.tools.web.WebCommand(new WebToolkit());
            case "warm" -> new io.github.ddzengine.tools.verbs.WarmCommand();
            default -> throw new IllegalArgumentException("no verb " + name);
        };
    }

    /**
     * The command line of {@link #commandLine(InputStream)} with only the verb {@code args} names,
     * when its first word is one ({@code ddz solve ...}): picocli reads a verb's annotations when it
     * is added, so a run pays for its own verb only (about a quarter of a second of a cold start
     * for all of them). Any other first word (an option, {@code --help}, an unknown verb) gets every
     * verb, so the usage and its errors list them all. The verb parses and runs the same either way.
     *
     * @param stdin what {@code --batch} verbs read
     * @param args the command-line arguments, or null for every verb
     */
    public static CommandLine commandLine(InputStream stdin, String[] args) {
        CommandLine cl = new CommandLine(new Ddz());
        if (args != null && args.length > 0 && VERBS.contains(args[0])) {
            cl.addSubcommand(verb(args[0], stdin));
        } else {
            for (String name : VERBS) {
                cl.addSubcommand(verb(name, stdin));
            }
        }
        // set after the verbs are added: picocli copies these settings to existing subcommands only
        // integers in ASCII digits only (picocli's own converters take other scripts' digits too)
        cl.registerConverter(Integer.class, v -> (int) asciiInteger(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int"));
        cl.registerConverter(int.class, v -> (int) asciiInteger(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int"));
        cl.registerConverter(Long.class, v -> asciiInteger(v, Long.MIN_VALUE, Long.MAX_VALUE, "a long"));
        cl.registerConverter(long.class, v -> asciiInteger(v, Long.MIN_VALUE, Long.MAX_VALUE, "a long"));
        cl.setParameterExceptionHandler(Ddz::usageError);
        cl.setExecutionExceptionHandler(Exits::internalError);
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
        throw Exits.missingCommand(spec);
    }

    /**
     * Prints a usage or input error as one line and returns {@link Exits#USAGE}: a word where a
     * verb belongs is an unknown command, anything else picocli's message and where to look.
     */
    private static int usageError(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        List<String> unmatched = ex instanceof UnmatchedArgumentException u ? u.getUnmatched() : List.of();
        if (cl.getParent() == null && !unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
            cl.getErr().println(name + ": unknown command '" + unmatched.get(0) + "' (commands: " + Exits.commands(cl) + ")");
        } else {
            cl.getErr().println(name + ": " + Exits.oneLine(ex.getMessage()) + "; see '" + name + " --help'");
        }
        cl.getErr().flush();
        return Exits.USAGE;
    }


}
