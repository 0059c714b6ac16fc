package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.engine.Limits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import io.github.ddzengine.tools.botzone.BotzoneBot;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ddz botzone}: one turn of the Botzone FightTheLandlord2 bot ({@link BotzoneBot}). The
 * same turn, started faster, is {@link io.github.ddzengine.tools.botzone.BotzoneMain}.
 */
@Command(name = "botzone", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = {
        "One turn of a Botzone FightTheLandlord2 bot: reads one line {\"requests\": [...], \"responses\": [...]} "
            + "(notation.md section 5), rebuilds the game, decides with the Monte Carlo engine (BOTZONE rules) and "
            + "prints {\"response\": ...}: a bid 0..3, or the list of card ids to play ([] = pass).",
        "Bad input gets a safe response anyway (bid 0; pass when following; the lowest card when leading) and one "
            + "line per problem on standard error. The exit code is 0 whenever a response was printed: Botzone would "
            + "count any other as a crash."},
    footer = {"", "Examples:",
        "  echo '{\"requests\":[{\"own\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],\"bid\":[]}],\"responses\":[]}' "
            + "| ddz botzone",
        "  java -cp tools/target/ddz.jar io.github.ddzengine.tools.botzone.BotzoneMain --budget-ms 50 < turn.json   (cold start)",
        "",
        "Exit codes: 0 a response was printed, 2 bad options, 4 the response could not be written."})
public final class BotzoneCommand implements Callable<Integer> {
    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

    @Option(names = "--budget-ms", paramLabel = "MS", defaultValue = "" + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS,
        description = "Time budget of a play decision (default " + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS + ").")
    private int budgetMs;

    @Option(names = "--agent", paramLabel = "AGENT", defaultValue = "mc",
        description = "mc (default), mc:worlds=N (fixed worlds, reproducible), mc:budget=MS, rule, greedy or random.")
    private String agent;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "0",
        description = "Mixed with the input line into the seed of the decision (default 0).")
    private long seed;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    public BotzoneCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        Bounds.check(spec, "--budget-ms", budgetMs, 1, Limits.MAX_BUDGET_MS, null);
        BotzoneBot bot;
        try {
            new BotzoneBot(agent, budgetMs, seed); // a bad spec is reported before the tables are read
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        bot = new BotzoneBot(agent, budgetMs, seed, tablesOption.load(BotzoneBot.RULES.preset()));
        String line = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)).readLine();
        BotzoneBot.Reply reply = bot.respond(line);
        PrintWriter out = spec.commandLine().getOut();
        out.println(reply.line());
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String e : reply.errors()) {
            err.println(spec.qualifiedName() + ": " + Exits.oneLine(e));
        }
        err.flush();
        return 0;
    }
}
