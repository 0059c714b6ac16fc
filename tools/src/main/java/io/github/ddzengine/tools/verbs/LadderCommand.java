package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.MatchRecordFile;
import io.github.ddzengine.tools.json.MatchJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;

import me.tongfei.progressbar.ProgressBar;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.ArenaException;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ddz ladder}: one candidate agent against a list of baselines, a duplicate match against
 * each ({@link Match}, the same deals for every row), reported as one table: WP and ADP with 95%
 * confidence intervals, the landlord / farmers split, points per game and games per second per
 * baseline. The figures are those of {@code ddz play} (the same {@link MatchStats}), row by row.
 */
@Command(name = "ladder", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = {
        "Plays a candidate agent (--a) against each baseline (--b, repeated) on the same duplicate deals, one match "
            + "a baseline as ddz play plays it, and prints one table: the candidate's WP and ADP with 95%% confidence "
            + "intervals, its WP as landlord and as farmers, its points per game (rules.md section 6, bids and springs "
            + "included) and games per second, a row per baseline.",
        "Same seed, same games and figures on any number of threads, as long as the agents are fixed-worlds, "
            + "effort-budgeted or baselines (time-budgeted agents depend on the machine's load)."},
    footer = {"", "Examples:",
        "  ddz ladder --a greedy --b random --b rule --deals 1000 --seed 7",
        "  ddz ladder --a mc:effort=" + io.github.ddzengine.mc.Effort.EFFORT_50MS_MICROS + " --b rule --b greedy "
            + "--b mc-v1:effort=" + io.github.ddzengine.mc.Effort.EFFORT_50MS_MICROS + " --deals 2000 --seed 7 --threads 2",
        "  ddz ladder --a rule --b random --b greedy --deals 200 --json --out-dir games/",
        "",
        "Exit codes: 0 played, 2 bad options or deals file, 1 an agent failed or played illegally."})
public final class LadderCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--a", required = true, paramLabel = "AGENT",
        description = "The candidate, an agent spec as for ddz play (mc:effort=E, mc-v1, rule, exec:COMMAND...).")
    private String a;

    @Option(names = "--b", required = true, paramLabel = "AGENT",
        description = "A baseline (repeat --b for each row), an agent spec as for ddz play.")
    private List<String> baselines = new ArrayList<>();

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Mixin
    private MatchOptions m = new MatchOptions();

    @Option(names = "--out-dir", paramLabel = "DIR", description = "Write the games of row K as DIR/K-NAME.jsonl "
        + "(NAME the baseline's agent name), the records of ddz play --out; the directory is created if needed.")
    private Path outDir;

    @Option(names = "--json", description = "Print one JSON object: the settings and a \"rows\" array with, per "
        + "baseline, \"b\" and the fields of ddz play --json.")
    private boolean json;

    /** One finished row. */
    private record Row(String spec, Agent baseline, MatchStats stats, Path games) {
    }

    @Override
    public Integer call() throws IOException {
        Rules rules = rulesOptions.rules();
        EngineTables tables = tablesOption.load(rules.preset());
        int nThreads = m.threads(spec);
        m.check(spec);
        DealRange range = null;
        List<Agent> opened = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        Agent candidate;
        try {
            try {
                range = m.range();
                candidate = PlayCommand.agent(a, rules, tables, m.moveTimeoutMs, ExecAgent.STARTUP_GRACE_MS);
                opened.add(candidate);
                for (String b : baselines) {
                    opened.add(PlayCommand.agent(b, rules, tables, m.moveTimeoutMs, ExecAgent.STARTUP_GRACE_MS));
                }
                if (outDir != null) {
                    try {
                        Files.createDirectories(outDir);
                    } catch (IOException e) {
                        throw new IllegalArgumentException("cannot create --out-dir " + outDir + ": " + e.getMessage());
                    }
                }
            } catch (IllegalArgumentException e) {
                return Exits.inputError(spec, e);
            }
            for (int i = 0; i < baselines.size(); i++) {
                Agent b = opened.get(i + 1);
                Path file = outDir == null ? null
                    : outDir.resolve((i + 1) + "-" + b.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".jsonl");
                MatchStats stats;
                try {
                    stats = play(rules, candidate, b, PlayCommand.canonical(a, m.moveTimeoutMs, ExecAgent.STARTUP_GRACE_MS),
                        PlayCommand.canonical(baselines.get(i), m.moveTimeoutMs, ExecAgent.STARTUP_GRACE_MS), range, nThreads,
                        file);
                } catch (ArenaException e) {
                    PrintWriter err = spec.commandLine().getErr();
                    err.println(spec.qualifiedName() + ": " + baselines.get(i) + ": " + Exits.oneLine(e.getMessage()));
                    err.flush();
                    return Exits.SOFTWARE;
                } catch (IllegalArgumentException e) {
                    return Exits.inputError(spec, e);
                }
                rows.add(new Row(baselines.get(i), b, stats, file));
            }
        } finally {
            for (Agent x : opened) {
                x.close();
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(out, rules, nThreads, candidate, rows);
        } else {
            print(out, rules, nThreads, rows);
        }
        out.flush();
        return 0;
    }

    private MatchStats play(Rules rules, Agent candidate, Agent baseline, String specA, String specB, DealRange range,
                            int nThreads, Path file) throws IOException {
        MatchRecordFile records = file == null ? null : MatchRecordFile.create(file, specA, specB);
        ProgressBar bar = PlayCommand.progressBar(2L * range.size());
        try {
            Match.Listener listener = (game, aIsLandlord) -> {
                if (records != null) {
                    records.write(game, aIsLandlord); // a full disk: the ladder stops, one line, exit 4
                }
                if (bar != null) {
                    bar.step();
                }
            };
            Match match = new Match(rules, candidate, baseline, m.bidding);
            return match.run(range.from(), range.to(), range.dealOf(), m.seed, nThreads, listener);
        } finally {
            if (bar != null) {
                bar.close();
            }
            if (records != null) {
                records.close();
            }
        }
    }

    private void print(PrintWriter out, Rules rules, int nThreads, List<Row> rows) {
        MatchStats first = rows.get(0).stats();
        out.println(String.format(Locale.ROOT, "%s against %d baseline%s: %,d deals (%,d games) each%s, rules %s, seed %d%s, "
                + "%d thread%s", first.a(), rows.size(), rows.size() == 1 ? "" : "s", first.deals(), first.games(),
            DealRange.label(m.from, first.deals()), rules,
            m.seed, m.bidding ? ", bidding" : "", nThreads, nThreads == 1 ? "" : "s"));
        String[] head = {"baseline", "WP", "95% CI", "ADP", "95% CI", "WP landlord", "WP farmers", "points", "games/s"};
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (Row r : rows) {
            MatchStats s = r.stats();
            cells.add(new String[] {r.spec(), PlayCommand.f(s.wp(), 4), PlayCommand.ci(s.wpCi(), 4),
                PlayCommand.f(s.adp(), 3), PlayCommand.ci(s.adpCi(), 3), PlayCommand.f(s.wpLandlord(), 4),
                PlayCommand.f(s.wpFarmer(), 4), PlayCommand.f(s.points(), 3),
                String.format(Locale.ROOT, "%,.1f", s.gamesPerSecond())});
        }
        int[] width = new int[head.length];
        for (String[] c : cells) {
            for (int k = 0; k < c.length; k++) {
                width[k] = Math.max(width[k], c[k].length());
            }
        }
        for (String[] c : cells) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < c.length; k++) {
                // the first and the last column (games/s, which varies from run to run) left-aligned
                sb.append("  ").append(k == 0 || k == c.length - 1 ? pad(c[k], width[k]) : padLeft(c[k], width[k]));
            }
            out.println(sb.toString().stripTrailing());
        }
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (r.games() != null) {
                out.println("  games of row " + (i + 1) + " (" + r.spec() + "): " + r.games());
            }
        }
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(w - s.length());
    }

    private static String padLeft(String s, int w) {
        return " ".repeat(w - s.length()) + s;
    }

    private void printJson(PrintWriter out, Rules rules, int nThreads, Agent candidate, List<Row> rows)
        throws IOException {
        JsonLineWriter w = new JsonLineWriter(out);
        JsonGenerator g = w.gen();
        g.writeStartObject();
        g.writeStringField("a", rows.get(0).stats().a());
        g.writeStringField("a_spec", a);
        g.writeStringField("rules", rules.toString());
        g.writeNumberField("seed", m.seed);
        g.writeNumberField("from", m.from);
        g.writeBooleanField("bidding", m.bidding);
        g.writeNumberField("threads", nThreads);
        g.writeArrayFieldStart("rows");
        for (Row r : rows) {
            g.writeStartObject();
            g.writeStringField("b", r.stats().b());
            g.writeStringField("b_spec", r.spec());
            MatchJson.statsFields(g, r.stats());
            PlayCommand.faults(g, "errors_b", r.baseline());
            if (r.games() != null) {
                g.writeStringField("games_file", r.games().toString());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        PlayCommand.faults(g, "errors_a", candidate);
        g.writeEndObject();
        w.endLine();
    }
}
