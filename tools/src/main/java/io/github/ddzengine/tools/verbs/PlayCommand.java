package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.OutputException;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.cluster.ClusterLaunch;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.MatchRecordFile;
import io.github.ddzengine.tools.json.MatchJson;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.ClusterRunner;
import io.github.ddzengine.engine.MatchJob;
import io.github.ddzengine.engine.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import io.github.ddzengine.core.util.Version;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.ArenaException;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tools.web.MatchReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ddz play}: a duplicate match of agent A against agent B ({@link Match}), reported as WP
 * and ADP for A with 95% confidence intervals, the split by role, the landlord's share of wins,
 * bombs per game and games per second.
 */
@Command(name = "play", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = {
        "Plays agent A against agent B on duplicate deals: every deal twice, A as the landlord against B as both "
            + "farmers, then B as the landlord against A. Reports A's winning percentage (WP) and average difference "
            + "in points (ADP as DouZero: +-2 x 2^(bombs + rockets) a game) with 95%% confidence intervals (deal-level), "
            + "the split by role, the share of games the landlord seat won, bombs per game and games per second.",
        "Games run in parallel; the same seed gives the same games and figures on any number of threads."},
    footer = {"", "Examples:",
        "  ddz play --a rule --b random --deals 1000 --seed 7",
        "  ddz play --a rule --b rule --deals 10000 --threads 2 --json",
        "  ddz play --a rule --b random --deals 100 --out games.jsonl && ddz replay games.jsonl",
        "",
        "An external agent is exec:COMMAND ARGS, a process speaking the agent protocol (docs/agent-protocol.md), e.g. "
            + "--b 'exec:./ddz serve --agent rule'. Its illegal, unparsable, late or missing answers are replaced by a "
            + "fallback (pass where legal, else the lowest card as a solo; bid 0) and counted in the report.",
        "",
        "A deals file holds one deal a line, HAND0/HAND1/HAND2/KITTY (17, 17, 17 and 3 cards; position 0 bids "
            + "first and is the landlord without --bidding), or a JSON object with such a \"deal\" field.",
        "",
        "Exit codes: 0 played, 3 played but an exec: agent faulted more than --tolerate-faults allows (one line on "
            + "standard error sums the faults), 2 bad options or deals file or an exec: agent that cannot start, 4 "
            + "output that could not be written, 1 a built-in agent failed or played illegally (the message names "
            + "the game and the seat)."})
public final class PlayCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--a", required = true, paramLabel = "AGENT", description = "Agent A, the one reported: random, rule, rule-douzero, greedy, "
        + "mc[:budget=MS,threads=N,worlds=N,effort=E,prior=solo-pass|uniform|pass|policy], mc-v1[:the same, prior=solo-pass|uniform] (mc frozen as the strength "
        + "baseline), oracle[:same settings] (mc seeing every hand) or exec:COMMAND (an unknown name lists every agent).")
    private String a;

    @Option(names = "--b", required = true, paramLabel = "AGENT", description = "Agent B (the opponent).")
    private String b;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Mixin
    private MatchOptions m = new MatchOptions();

    @Option(names = "--out", paramLabel = "FILE", description = "Write every game as a JSON line (see ddz replay).")
    private Path out;

    @Option(names = "--report", paramLabel = "FILE", description = "Write a match report: one HTML page with A's WP "
        + "and its 95%% band as deals accumulate, the split by role and each agent's decision latency (plots in SVG).")
    private Path report;

    @Option(names = "--json", description = "Print one JSON object with the figures.")
    private boolean json;

    @Option(names = "--cluster", paramLabel = "MASTER", description = "Play on an Apache Spark cluster: local[N], "
        + "spark://HOST:PORT, yarn, k8s://...; needs the ddz-cluster jar (docs/cluster.md). --out is then a directory "
        + "of part files, one a partition; the games and figures are those of a run on one machine.")
    private String cluster;

    @Option(names = "--partitions", paramLabel = "N",
        description = "With --cluster: the number of tasks the deals are cut into (default: 4 per core of the cluster).")
    private Integer partitions;

    @Option(names = "--startup-grace-ms", paramLabel = "MS", defaultValue = "" + ExecAgent.STARTUP_GRACE_MS,
        description = "Extra time for the first answer of each exec: agent process, its start-up (default "
            + ExecAgent.STARTUP_GRACE_MS + ").")
    private long startupGraceMs;

    @Option(names = "--tolerate-faults", paramLabel = "N", defaultValue = "0",
        description = "Faults of exec: agents (illegal, unparsable, late or missing answers) allowed before the exit "
            + "code is 3 (default 0: any fault makes it 3; the report is printed either way).")
    private long tolerateFaults;

    @Override
    public Integer call() throws IOException {
        Integer elsewhere = ClusterLaunch.elsewhere(spec, cluster); // the cluster engine not in this JVM: its jar
        if (elsewhere != null) {
            return elsewhere;
        }
        if (cluster != null && m.threads != null) {
            throw new ParameterException(spec.commandLine(), "--threads does not apply with --cluster (each task plays "
                + "on one core: the cluster's cores set the parallelism)");
        }
        if (report != null) {
            Path parent = report.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                // before the match, not after it: a long match would be lost for a typo
                return Exits.inputError(spec, new IllegalArgumentException("cannot write the report " + report
                    + ": no such directory " + parent));
            }
        }
        if (cluster != null && report != null) {
            throw new ParameterException(spec.commandLine(), "--report does not apply with --cluster (it times every "
                + "decision in this JVM)");
        }
        if (cluster == null && partitions != null) {
            throw new ParameterException(spec.commandLine(), "--partitions needs --cluster");
        }
        if (partitions != null && partitions < 1) {
            throw new ParameterException(spec.commandLine(), "--partitions must be 1 or more, not " + partitions);
        }
        Rules rules = rulesOptions.rules();
        EngineTables tables = tablesOption.load(rules.preset());
        int nThreads = cluster != null ? 1 : m.threads(spec);
        m.check(spec);
        Bounds.check(spec, "--startup-grace-ms", startupGraceMs, 0, Limits.MAX_AGENT_TIMEOUT_MS, null);
        Bounds.check(spec, "--tolerate-faults", tolerateFaults, 0, Long.MAX_VALUE, null);
        Agent agentA = null;
        Agent agentB = null;
        try {
            try {
                agentA = agent(a, rules, tables, m.moveTimeoutMs, startupGraceMs);
                agentB = agent(b, rules, tables, m.moveTimeoutMs, startupGraceMs);
            } catch (IllegalArgumentException e) {
                return Exits.inputError(spec, e);
            }
            return play(rules, nThreads, agentA, agentB);
        } finally {
            close(agentA);
            close(agentB);
        }
    }

    private Agent agent(String agentSpec, Rules rules, EngineTables tables) {
        return agent(agentSpec, rules, tables, m.moveTimeoutMs, startupGraceMs);
    }

    /** The canonical form of an agent spec ({@code DdzEngine.canonicalSpec}), as records and JSON name the agent. */
    static String canonical(String agentSpec, long moveTimeoutMs, long startupGraceMs) {
        return DdzEngine.standard().withExecTimeouts(moveTimeoutMs, startupGraceMs).canonicalSpec(agentSpec);
    }

    /** An agent of the engine's registry: a built-in one, or an external one ({@code exec:COMMAND}). */
    static Agent agent(String agentSpec, Rules rules, EngineTables tables, long moveTimeoutMs, long startupGraceMs) {
        return DdzEngine.of(rules).withTables(tables).withExecTimeouts(moveTimeoutMs, startupGraceMs).workspace()
            .agent(agentSpec, rules);
    }

    static void close(Agent agent) {
        if (agent instanceof ExecAgent e) {
            e.close();
        }
    }

    private int play(Rules rules, int nThreads, Agent agentA, Agent agentB) throws IOException {
        if (cluster != null && m.from != 0) {
            throw new ParameterException(spec.commandLine(), "--from is not supported with --cluster (a cluster plays "
                + "the whole match)");
        }
        DealRange range;
        try {
            range = m.range();
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        int n = range.size();
        if (cluster != null) {
            return playOnCluster(rules, agentA, agentB, n, range.file() == null ? null : range.list());
        }
        MatchReport plots = report == null ? null : new MatchReport(agentA.name(), agentB.name());
        Match match = plots == null ? new Match(rules, agentA, agentB, m.bidding)
            : new Match(rules, plots.timeA(agentA), plots.timeB(agentB), m.bidding);
        PrintWriter stdout = spec.commandLine().getOut();
        MatchRecordFile records = null;
        ProgressBar bar = null;
        MatchStats stats;
        try {
            if (out != null) {
                try {
                    records = MatchRecordFile.create(out, canonical(a, m.moveTimeoutMs, startupGraceMs),
                        canonical(b, m.moveTimeoutMs, startupGraceMs));
                } catch (IllegalArgumentException e) {
                    return Exits.inputError(spec, e);
                }
            }
            MatchRecordFile recordFile = records;
            bar = progressBar(2L * n);
            ProgressBar progress = bar;
            Match.Listener listener = (game, aIsLandlord) -> {
                if (recordFile != null) {
                    recordFile.write(game, aIsLandlord); // a full disk: the match stops, one line, exit 4
                }
                if (plots != null) {
                    plots.add(game, aIsLandlord);
                }
                if (progress != null) {
                    progress.step();
                }
            };
            try {
                stats = match.run(range.from(), range.to(), range.dealOf(), m.seed, nThreads, listener);
            } catch (ArenaException e) {
                PrintWriter err = spec.commandLine().getErr();
                err.println(spec.qualifiedName() + ": " + Exits.oneLine(e.getMessage()));
                err.flush();
                // an exec: command that cannot start is bad input; any other failure of a game is a bug
                return e.getCause() instanceof IOException ? Exits.USAGE : Exits.SOFTWARE;
            }
            if (records != null) {
                MatchRecordFile r = records;
                records = null;
                r.close(); // the last buffered records
            }
        } finally {
            agentA.close();
            agentB.close();
            if (bar != null) {
                bar.close();
            }
            if (records != null) {
                closeQuietly(records); // after a failure: the first error is the one reported
            }
        }
        if (plots != null) {
            try {
                plots.write(report, stats, String.format(Locale.ROOT, "ddz play --a %s --b %s --deals %d%s --seed %d%s, rules %s,"
                    + " %d thread%s", a, b, n, m.from == 0 ? "" : " --from " + m.from, m.seed, m.bidding ? " --bidding" : "", rules, nThreads, nThreads == 1 ? "" : "s"));
            } catch (IOException e) {
                // no half-written page left behind (a device such as /dev/full is left alone)
                try {
                    if (Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
                        Files.delete(report);
                    }
                } catch (IOException ignored) {
                    // the write error is the one to report
                }
                throw new OutputException(report, e);
            }
        }
        return report(stats, rules, nThreads, nThreads + " thread" + (nThreads == 1 ? "" : "s"), null, agentA, agentB,
            MatchJob.faultCounts(agentA), MatchJob.faultCounts(agentB));
    }

    /** The match on the cluster engine of this class path ({@link ClusterRunner}). */
    private int playOnCluster(Rules rules, Agent agentA, Agent agentB, int n, List<Deal> fromFile) throws IOException {
        agentA.close();
        agentB.close();
        MatchJob job = new MatchJob(rules, a, b, m.bidding, m.seed, n, fromFile, tablesOption.directory(), m.moveTimeoutMs,
            startupGraceMs);
        ClusterRunner.Result r;
        try {
            r = ClusterLaunch.runner().orElseThrow().play(cluster, job, partitions, out == null ? null : out.toString());
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        } catch (ArenaException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(spec.qualifiedName() + ": " + Exits.oneLine(e.getMessage()));
            err.flush();
            return e.getCause() instanceof IOException ? Exits.USAGE : Exits.SOFTWARE;
        }
        MatchStats stats = MatchJob.stats(agentA.name(), agentB.name(), r.parts(), r.seconds());
        return report(stats, rules, 1, "cluster " + cluster + ", " + r.partitions() + " partition"
            + (r.partitions() == 1 ? "" : "s"), r, agentA, agentB, MatchJob.faults(r.parts(), true),
            MatchJob.faults(r.parts(), false));
    }

    /**
     * Prints the figures as text or JSON with the exec agents' faults ({@link MatchJob#faultCounts}
     * order), and gives the exit code: 0, or {@link Exits#AGENT_FAULTS} past --tolerate-faults.
     */
    private int report(MatchStats stats, Rules rules, int nThreads, String where, ClusterRunner.Result onCluster,
                       Agent agentA, Agent agentB, long[] faultsA, long[] faultsB) throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (json) {
            printJson(stdout, stats, rules, nThreads, onCluster, faultsA, faultsB);
        } else {
            print(stdout, stats, rules, where);
            printFaults(stdout, "A", agentA, faultsA);
            printFaults(stdout, "B", agentB, faultsB);
        }
        stdout.flush();
        String faults = faultSummary(agentA, agentB, faultsA, faultsB);
        if (faults != null) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(spec.qualifiedName() + ": " + faults);
            err.flush();
            return Exits.AGENT_FAULTS;
        }
        return 0;
    }

    private static void closeQuietly(MatchRecordFile f) {
        try {
            f.close();
        } catch (OutputException e) {
            // reported already
        }
    }

    /** A progress bar on standard error when it is a terminal and CI is not set; otherwise null. */
    static ProgressBar progressBar(long games) {
        if (System.console() == null || "true".equalsIgnoreCase(System.getenv("CI"))) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName("games").setInitialMax(games).setStyle(ProgressBarStyle.ASCII)
            .setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(200).build();
    }

    /** The deals of a file: {@code HAND0/HAND1/HAND2/KITTY} or a JSON object with {@code "deal"}, one a line. */
    static List<Deal> readDeals(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no deals file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read deals file " + file + ": " + e.getMessage());
        }
        List<Deal> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isEmpty()) {
                continue;
            }
            try {
                if (line.startsWith("{")) {
                    JsonNode node = JsonFields.readObject(line, "deal");
                    out.add(Deal.parse(JsonFields.required(node, "deal")));
                } else {
                    out.add(Deal.parse(line));
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("deals file " + file + ", line " + (i + 1) + ": "
                    + JsonLines.shorten(Exits.oneLine(e.getMessage())));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("deals file " + file + " holds no deal");
        }
        return out;
    }

    static String f(double x, int decimals) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    static String ci(double[] c, int decimals) {
        return "[" + f(c[0], decimals) + ", " + f(c[1], decimals) + "]";
    }

    private void print(PrintWriter out, MatchStats s, Rules rules, String where) {
        out.println(String.format(Locale.ROOT, "%s vs %s: %,d deals (%,d games)%s, rules %s, seed %d%s, %s",
            s.a(), s.b(), s.deals(), s.games(), DealRange.label(m.from, s.deals()), rules, m.seed, m.bidding ? ", bidding" : "", where));
        out.println("  WP      " + f(s.wp(), 4) + "  95% CI " + ci(s.wpCi(), 4) + "   as landlord " + f(s.wpLandlord(), 4)
            + ", as farmers " + f(s.wpFarmer(), 4));
        out.println("  ADP     " + f(s.adp(), 3) + "  95% CI " + ci(s.adpCi(), 3) + "   as landlord " + f(s.adpLandlord(), 3)
            + ", as farmers " + f(s.adpFarmer(), 3));
        out.println("  points  " + f(s.points(), 3) + "  95% CI " + ci(s.pointsCi(), 3)
            + "   (rules.md section 6 score of A's side, bids and springs included)");
        out.println("  the landlord seat won " + f(s.landlordWp(), 4) + " of the games; " + f(s.bombsPerGame(), 3)
            + " bombs and rockets per game");
        out.println(String.format(Locale.ROOT, "  %,d games in %.2f s: %,.0f games/s", s.games(), s.seconds(),
            s.gamesPerSecond()));
    }

    /**
     * The one line of a match whose exec: agents faulted more than {@code --tolerate-faults} allows,
     * {@code agent B exec:...: 3 crashes, 1 time-out (4 faults, more than --tolerate-faults 0)}, or
     * null.
     */
    private String faultSummary(Agent agentA, Agent agentB, long[] faultsA, long[] faultsB) {
        long total = 0;
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Agent agent = i == 0 ? agentA : agentB;
            long[] f = i == 0 ? faultsA : faultsB;
            long sum = f[0] + f[1] + f[2] + f[3];
            if (!(agent instanceof ExecAgent) || sum == 0) {
                continue;
            }
            total += sum;
            List<String> kinds = new ArrayList<>();
            count(kinds, f[0], "illegal answer", "illegal answers");
            count(kinds, f[1], "unparsable answer", "unparsable answers");
            count(kinds, f[2], "time-out", "time-outs");
            count(kinds, f[3], "crash", "crashes");
            parts.add("agent " + (i == 0 ? "A " : "B ") + agent.name() + ": " + String.join(", ", kinds));
        }
        if (total <= tolerateFaults) {
            return null;
        }
        return String.join("; ", parts) + " (" + total + (total == 1 ? " fault" : " faults") + ", more than "
            + "--tolerate-faults " + tolerateFaults + "; their decisions were played by the fallback)";
    }

    private static void count(List<String> kinds, long n, String one, String many) {
        if (n > 0) {
            kinds.add(n + " " + (n == 1 ? one : many));
        }
    }


    /** For an external agent: a line with its fault counts ({@link MatchJob#faultCounts} order). */
    private static void printFaults(PrintWriter out, String which, Agent agent, long[] f) {
        if (agent instanceof ExecAgent) {
            out.println(String.format(Locale.ROOT, "  %s %s: %d illegal, %d unparsable, %d time-outs, %d crashes; "
                + "%d decisions by fallback, %d restarts", which, agent.name(), f[0], f[1], f[2], f[3], f[4], f[5]));
        }
    }

    /** The fault counts of an agent as a JSON object (all zero for our own agents, which never fall back). */
    static void faults(JsonGenerator g, String field, Agent agent) throws IOException {
        faults(g, field, MatchJob.faultCounts(agent));
    }

    /** The fault counts of an agent as a JSON object ({@link MatchJob#faultCounts} order). */
    private static void faults(JsonGenerator g, String field, long[] f) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("illegal", f[0]);
        g.writeNumberField("unparsable", f[1]);
        g.writeNumberField("timeouts", f[2]);
        g.writeNumberField("crashes", f[3]);
        g.writeNumberField("fallbacks", f[4]);
        g.writeNumberField("restarts", f[5]);
        g.writeEndObject();
    }

    private void printJson(PrintWriter out, MatchStats s, Rules rules, int nThreads, ClusterRunner.Result onCluster,
                           long[] faultsA, long[] faultsB) throws IOException {
        JsonLineWriter w = new JsonLineWriter(out);
        JsonGenerator g = w.gen();
        g.writeStartObject();
        g.writeStringField("a", s.a());
        g.writeStringField("b", s.b());
        g.writeStringField("a_spec", canonical(a, m.moveTimeoutMs, startupGraceMs));
        g.writeStringField("b_spec", canonical(b, m.moveTimeoutMs, startupGraceMs));
        g.writeStringField("engine", Version.engine());
        g.writeStringField("rules", rules.toString());
        g.writeNumberField("seed", m.seed);
        g.writeNumberField("from", m.from);
        g.writeBooleanField("bidding", m.bidding);
        g.writeNumberField("threads", nThreads);
        if (onCluster != null) {
            g.writeStringField("cluster", cluster);
            g.writeNumberField("partitions", onCluster.partitions());
        }
        MatchJson.statsFields(g, s);
        faults(g, "errors_a", faultsA);
        faults(g, "errors_b", faultsB);
        g.writeEndObject();
        w.endLine();
    }

}
