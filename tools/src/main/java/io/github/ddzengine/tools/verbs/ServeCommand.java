package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Limits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.protocol.AgentProtocol;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ddz serve}: one of our agents as a process speaking the agent protocol
 * ({@code docs/agent-protocol.md}) on standard input and output, so that another referee (or
 * {@code ddz play --b 'exec:./ddz serve ...'}) can drive it.
 *
 * <p>Every {@code play} or {@code bid} request, and every line that cannot be read as a message,
 * gets exactly one answer line; {@code hello}, {@code game} and {@code bye} get none (a bad one is
 * reported on standard error). {@code game} reseeds the agent ({@link Agent#startGame}), which is
 * what makes a served agent play the same games as the built-in one.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = {
        "Runs one of our agents as a process speaking the JSON-lines agent protocol (docs/agent-protocol.md) on "
            + "standard input and output: a referee sends hello, game, play, bid and bye messages; the agent answers "
            + "each play with {\"move\": ...} and each bid with {\"bid\": n}."},
    footer = {"", "Examples:",
        "  ddz play --a mc --b 'exec:./ddz serve --agent rule' --deals 100",
        "  echo '{\"type\":\"bid\",\"seat\":0,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[]}' | ddz serve --agent rule",
        "",
        "Exit codes: 0 after bye or the end of input, 2 bad options, 4 the output could not be written."})
public final class ServeCommand implements Callable<Integer> {
    private final InputStream stdin;
    /** The seed of the current game ({@code game}), 0 before the first. */
    private long gameSeed;

    @Spec
    private CommandSpec spec;

    @Option(names = "--agent", paramLabel = "AGENT", defaultValue = "mc",
        description = "The agent: mc (default), rule, rule-douzero, greedy, random, or mc:KEY=VALUE,... as in ddz play.")
    private String agentSpec;

    @Option(names = "--budget-ms", paramLabel = "MS", defaultValue = "" + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS,
        description = "Time budget of the mc agent per decision (default " + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS
            + "; a budget in --agent wins).")
    private int budgetMs;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    public ServeCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        Bounds.check(spec, "--budget-ms", budgetMs, 1, Limits.MAX_BUDGET_MS, null);
        Rules rules = rulesOptions.rules();
        Agent agent;
        try {
            agent = agent(rules, EngineTables.NONE);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        // the spec is checked before the tables are read (a bad spec is reported first), then the
        // agent is made again with them
        agent.close();
        Tables.LoadReport tables = tablesOption.report(rules.preset());
        agent = agent(rules, tables.engineTables());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        String line;
        long lineNo = 0;
        gameSeed = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode msg;
            String type;
            try {
                msg = JsonFields.readObject(line, "type");
                type = AgentProtocol.type(msg);
            } catch (IllegalArgumentException e) {
                if (!answer(out, AgentProtocol.errorAnswer("line " + lineNo + ": "
                    + JsonLines.shorten(Exits.oneLine(e.getMessage()))))) {
                    return 0; // the output is gone: Ddz.run says so
                }
                continue;
            }
            try {
                switch (type) {
                    case "hello" -> {
                        Rules r = AgentProtocol.readHello(msg);
                        if (!r.equals(rules)) {
                            rules = r;
                            tables = tablesOption.report(rules.preset());
                            agent.close();
                            agent = agent(rules, tables.engineTables());
                            gameSeed = 0;
                        }
                    }
                    case "game" -> {
                        gameSeed = AgentProtocol.readGame(msg);
                        agent.startGame(gameSeed);
                    }
                    case "bye" -> {
                        return 0;
                    }
                    case "play" -> {
                        InformationSet info = AgentProtocol.readPlay(msg, rules);
                        String answer = AgentProtocol.wantsWinRates(msg) ? withWinRates(agent, info)
                            : AgentProtocol.moveAnswer(rules.table(), agent.play(info));
                        if (!answer(out, AgentProtocol.echoId(answer, msg))) {
                            return 0;
                        }
                    }
                    case "bid" -> {
                        BidRequest request = AgentProtocol.readBid(msg, rules);
                        if (!answer(out, AgentProtocol.echoId(AgentProtocol.bidAnswer(agent.bid(request)), msg))) {
                            return 0;
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown message type '" + type
                        + "' (hello, game, play, bid, bye)");
                }
            } catch (RuntimeException | InternalError | StackOverflowError | OutOfMemoryError e) {
                // bad input, or (never expected) an agent failure, or a table file that failed under
                // the session: the referee still gets its answer line
                String why = e instanceof IllegalArgumentException ? e.getMessage() : JsonLines.failure(e, tables);
                String message = "line " + lineNo + " (" + type + "): " + JsonLines.shorten(Exits.oneLine(why));
                if (type.equals("hello") || type.equals("game")) {
                    err.println(spec.qualifiedName() + ": " + message);
                    err.flush();
                } else if (!answer(out, AgentProtocol.echoId(AgentProtocol.errorAnswer(message), msg))) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /**
     * The answer to a play request with {@code "win_rates": true}: the move {@code agent.play}
     * would choose, with every evaluated candidate's win rate. The Monte Carlo agent decides with
     * the seed {@code play} derives from the game's seed and the history, so in fixed-worlds mode
     * the move is the one it plays without the flag; other agents have no win rates and answer
     * {@code "candidates": null}.
     */
    private String withWinRates(Agent agent, InformationSet info) {
        if (agent instanceof MonteCarloAgent mc) {
            Decision d = mc.decide(info, Rng.derive(gameSeed, info.historyLength()));
            return AgentProtocol.decisionAnswer(d);
        }
        return AgentProtocol.moveAnswerWithoutRates(info.rules().table(), agent.play(info));
    }

    /** Writes an answer line and flushes it; false if the output failed (nothing more can be delivered). */
    private static boolean answer(PrintWriter out, String line) {
        out.println(line);
        out.flush();
        return !out.checkError();
    }

    /** The agent of {@code --agent} for {@code rules}, with {@code --budget-ms} unless the spec sets a budget. */
    private Agent agent(Rules rules, EngineTables tables) {
        String s = agentSpec.trim();
        if (s.startsWith(ExecAgent.PREFIX)) {
            throw new IllegalArgumentException("ddz serve runs one of our agents, not an exec: agent");
        }
        Agent a = DdzEngine.of(rules).withTables(tables).withAgents(AgentSpecs.builtIn())
            .withAgentDefaults("mc", Map.of("budget", Integer.toString(budgetMs))).workspace().agent(s, rules);
        if (a instanceof io.github.ddzengine.mc.OpenHandAgent) {
            a.close();
            throw new IllegalArgumentException("agent '" + a.name() + "' sees every hand: it plays only in ddz play and "
                + "ddz ladder, not as a process");
        }
        a.startGame(0);
        return a;
    }
}
