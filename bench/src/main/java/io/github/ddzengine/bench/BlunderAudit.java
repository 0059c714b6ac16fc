package io.github.ddzengine.bench;

import io.github.ddzengine.tools.json.GameRecords;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.MatchStats;
import io.github.ddzengine.mc.audit.AuditReport;
import io.github.ddzengine.mc.audit.OpenHandAudit;

/**
 * The open-hand blunder audit of recorded games ({@link OpenHandAudit}) from the command line:
 * reads the game records of {@code ddz play --out} or {@code ddz ladder --out-dir} and prints, per
 * agent and seat, the won decisions, the blunders and their rate, the unknowns, and the shapes of
 * lost games. Node budgets, never time, bound the solves: the report is the same on any machine,
 * load and thread count.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.BlunderAudit
 * [--threads N] [--nodes N] [--max-cards N] [--json] [--stats] FILE...} (defaults: 1 thread,
 * 2,000,000 nodes a solve, 30 cards). {@code --stats} adds the match figures of the records
 * ({@link MatchStats}, as {@code ddz play} reports them), which needs the files of one match (of one
 * pair of agents; the chunks of a match played with several seeds may be given together). Bad
 * arguments or a bad record: one line on standard error, exit code 2.
 */
public final class BlunderAudit {
    private BlunderAudit() {
    }

    /** Runs the audit (see the class comment). */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the audit with the given streams; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        OpenHandAudit.Settings settings = OpenHandAudit.Settings.defaults();
        boolean json = false;
        boolean stats = false;
        List<Path> files = new ArrayList<>();
        List<GameRecord> games = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--threads" -> settings = settings.withThreads(positiveInt(a, value(args, ++i, a)));
                    case "--nodes" -> settings = new OpenHandAudit.Settings(settings.maxCards(),
                        positive(a, value(args, ++i, a)), settings.threads(), settings.tableMegabytes());
                    case "--max-cards" -> settings = new OpenHandAudit.Settings(positiveInt(a, value(args, ++i, a)),
                        settings.nodesPerSolve(), settings.threads(), settings.tableMegabytes());
                    case "--json" -> json = true;
                    case "--stats" -> stats = true;
                    default -> {
                        if (a.startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + a
                                + " (--threads, --nodes, --max-cards, --json, --stats)");
                        }
                        files.add(Path.of(a));
                    }
                }
            }
            if (files.isEmpty()) {
                throw new IllegalArgumentException("no game records given (the files of ddz play --out)");
            }
            for (Path f : files) {
                games.addAll(GameRecords.readFile(f));
            }
        } catch (IllegalArgumentException e) {
            err.println("BlunderAudit: " + e.getMessage().replaceAll("\\s*\\R\\s*", " "));
            return 2;
        }
        MatchStats match = null;
        if (stats) {
            try {
                match = stats(games);
            } catch (IllegalStateException e) {
                err.println("BlunderAudit: --stats: " + e.getMessage());
                return 2;
            }
        }
        List<OpenHandAudit.GameAudit> audits = new OpenHandAudit(settings).run(games);
        AuditReport report = AuditReport.of(audits, settings);
        if (json) {
            out.println(json(report, match));
        } else {
            if (match != null) {
                out.print(format(match));
            }
            out.print(report.format());
        }
        out.flush();
        return 0;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static long positive(String option, String v) {
        try {
            long x = Long.parseLong(v);
            if (x > 0) {
                return x;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(option + " must be a positive integer, not '" + v + "'");
    }

    private static int positiveInt(String option, String v) {
        long x = positive(option, v);
        if (x > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option + " is too large: " + v);
        }
        return (int) x;
    }


    /**
     * The match figures of records in match order (each deal's game with A as landlord, then with B):
     * A is the landlord of the first game.
     *
     * @throws IllegalStateException if the games do not pair up as one duplicate match of two agents
     */
    static MatchStats stats(List<GameRecord> games) {
        if (games.isEmpty()) {
            throw new IllegalStateException("no games");
        }
        String a = games.get(0).agent(0);
        String b = games.get(0).agent(1);
        MatchStats.Builder s = new MatchStats.Builder(a, b);
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            boolean aIsLandlord = i % 2 == 0;
            String landlord = aIsLandlord ? a : b;
            String farmers = aIsLandlord ? b : a;
            if (!g.agent(0).equals(landlord) || !g.agent(1).equals(farmers) || !g.agent(2).equals(farmers)
                || (!aIsLandlord && !g.deal().equals(games.get(i - 1).deal()))) {
                throw new IllegalStateException("game " + (i + 1) + " does not continue a duplicate match of " + a
                    + " against " + b);
            }
            s.add(g, aIsLandlord);
        }
        if (games.size() % 2 != 0) {
            throw new IllegalStateException("an odd number of games: a deal's second game is missing");
        }
        return s.build(0);
    }

    private static String f(double x, int d) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%." + d + "f", x);
    }

    private static String format(MatchStats s) {
        return String.format(Locale.ROOT, "%s vs %s: %,d deals (%,d games)%n  WP      %s  95%% CI [%s, %s]   as landlord "
                + "%s, as farmers %s%n  ADP     %s  95%% CI [%s, %s]%n  points  %s  95%% CI [%s, %s]%n", s.a(), s.b(),
            s.deals(), s.games(), f(s.wp(), 4), f(s.wpCi()[0], 4), f(s.wpCi()[1], 4), f(s.wpLandlord(), 4),
            f(s.wpFarmer(), 4), f(s.adp(), 3), f(s.adpCi()[0], 3), f(s.adpCi()[1], 3), f(s.points(), 3),
            f(s.pointsCi()[0], 3), f(s.pointsCi()[1], 3));
    }

    private static String json(AuditReport r, MatchStats match) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeNumberField("games", r.games());
            g.writeNumberField("max_cards", r.settings().maxCards());
            g.writeNumberField("nodes_per_solve", r.settings().nodesPerSolve());
            if (match != null) {
                g.writeObjectFieldStart("stats");
                g.writeStringField("a", match.a());
                g.writeStringField("b", match.b());
                g.writeNumberField("deals", match.deals());
                number(g, "wp", match.wp());
                number(g, "wp_ci_low", match.wpCi()[0]);
                number(g, "wp_ci_high", match.wpCi()[1]);
                number(g, "adp", match.adp());
                number(g, "adp_ci_low", match.adpCi()[0]);
                number(g, "adp_ci_high", match.adpCi()[1]);
                number(g, "points", match.points());
                number(g, "wp_landlord", match.wpLandlord());
                number(g, "wp_farmer", match.wpFarmer());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("rows");
            for (AuditReport.Row x : r.rows()) {
                g.writeStartObject();
                g.writeStringField("agent", x.agent());
                g.writeStringField("seat", io.github.ddzengine.core.cards.Seat.name(x.seat()));
                g.writeNumberField("games", x.games());
                g.writeNumberField("judged", x.judged());
                g.writeNumberField("lost", x.lost());
                g.writeNumberField("won", x.won());
                g.writeNumberField("blunders", x.blunders());
                number(g, "blunder_rate", x.blunderRate());
                g.writeNumberField("blunder_passes", x.blunderPasses());
                g.writeNumberField("unknown_before", x.unknownBefore());
                g.writeNumberField("unknown_after", x.unknownAfter());
                g.writeNumberField("losses", x.losses());
                g.writeNumberField("losses_holding_control", x.lossesHoldingControl());
                g.writeNumberField("losses_holding_bomb", x.lossesHoldingBomb());
                g.writeNumberField("high_leads", x.highLeads());
                g.writeNumberField("rocket_splits", x.rocketSplits());
                g.writeNumberField("nodes", x.nodes());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }

    private static void number(JsonGenerator g, String field, double x) throws IOException {
        if (Double.isNaN(x)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, x);
        }
    }
}
