package io.github.ddzengine.tools.botzone;

import io.github.ddzengine.tools.cli.CheckedOutputStream;
import io.github.ddzengine.engine.Limits;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;

import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;


/**
 * The cold-start entry point of the Botzone bot: {@code java -cp ddz.jar
 * io.github.ddzengine.tools.botzone.BotzoneMain [--budget-ms MS] [--agent SPEC] [--seed N] [--tables DIR] [--batch]}.
 * The same turn as {@code ddz botzone} without the command-line framework and the JSON library, so
 * that a fresh process per turn loads as few classes as it can: it reads precomputed tables only
 * from an explicit {@code --tables DIR} (never from the default location).
 *
 * <p>Reads one line, prints {@code {"response": ...}} on standard output and each error on
 * standard error ({@code ddz botzone: ...}), and exits 0 whenever it printed a response (Botzone
 * would count a non-zero exit as a crash); 2 for bad options; 4 when the response could not be written. With {@code --batch} it answers every
 * line of its input, each as a separate turn (to train a class-data sharing archive on several
 * kinds of turn, or to replay recorded turns).
 */
public final class BotzoneMain {
    private BotzoneMain() {
    }

    /** Runs one turn on the process's standard streams. */
    public static void main(String[] args) throws IOException {
        int budget = io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS;
        String agent = "mc";
        long seed = 0;
        String tables = null;
        boolean batch = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String v = i + 1 < args.length ? args[i + 1] : null;
                if (a.equals("--batch")) {
                    batch = true;
                    continue;
                }
                if (a.equals("--help") || a.equals("-h")) {
                    System.out.println("Usage: ddz botzone [--budget-ms MS] [--agent mc|mc:worlds=N|rule|greedy|random] "
                        + "[--seed N] [--tables DIR] [--batch]");
                    System.out.println("One turn of a Botzone FightTheLandlord2 bot: reads one line {\"requests\": [...], "
                        + "\"responses\": [...]}, prints {\"response\": ...}. --batch answers every input line as a turn. "
                        + "The full help: java -jar tools/target/ddz.jar botzone --help");
                    System.exit(0);
                }
                switch (a) {
                    case "--budget-ms" -> budget = (int) integer(a, need(a, v), Integer.MIN_VALUE, Integer.MAX_VALUE);
                    case "--agent" -> agent = need(a, v);
                    case "--seed" -> seed = integer(a, need(a, v), Long.MIN_VALUE, Long.MAX_VALUE);
                    case "--tables" -> tables = need(a, v);
                    default -> throw new IllegalArgumentException("unknown option '" + a + "' (--budget-ms, --agent, "
                        + "--seed, --tables, --batch)");
                }
                i++;
            }
            if (budget < 1 || budget > Limits.MAX_BUDGET_MS) {
                throw new IllegalArgumentException("--budget-ms must be 1.." + Limits.MAX_BUDGET_MS + ", not " + budget);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("ddz botzone: " + e.getMessage());
            System.exit(2);
            return;
        }
        BotzoneBot bot;
        try {
            bot = new BotzoneBot(agent, budget, seed);
            if (tables != null) {
                bot = new BotzoneBot(agent, budget, seed, Tables.load(Paths.get(tables), BotzoneBot.RULES.preset())
                    .engineTables());
            }
        } catch (IllegalArgumentException | TableException e) {
            System.err.println("ddz botzone: " + e.getMessage());
            System.exit(2);
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        CheckedOutputStream checked = new CheckedOutputStream(new FileOutputStream(FileDescriptor.out));
        PrintStream out = new PrintStream(checked, false, StandardCharsets.UTF_8);
        String line = in.readLine();
        do {
            BotzoneBot.Reply reply = bot.respond(line);
            out.println(reply.line());
            out.flush();
            for (String e : reply.errors()) {
                System.err.println("ddz botzone: " + e);
            }
            if (out.checkError()) {
                // no response reached the judge: say so, and not with the exit code of a response
                if (!checked.brokenPipe()) {
                    System.err.println("ddz botzone: cannot write standard output: " + checked.reason());
                }
                System.exit(4);
            }
        } while (batch && (line = in.readLine()) != null);
        System.exit(0);
    }

    /** An integer option's value: ASCII digits with an optional minus sign, within {@code min..max}. */
    private static long integer(String option, String value, long min, long max) {
        try {
            long v = BotzoneBot.parseInteger(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " takes an integer, not '" + value + "'");
    }

    private static String need(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
