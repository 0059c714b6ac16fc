package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.Text;
import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.ProgressBars;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.AuditJson;
import io.github.ddzengine.tools.json.GameRecords;
import io.github.ddzengine.tools.json.JsonLineWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.audit.AuditReport;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.tables.BuildProgress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ddz analyze}: the open-hand (double-dummy) analysis of finished games, decision by
 * decision, with {@link OpenHandAudit} finding every winning move: the acting side's verdict
 * before and after each move, its winning moves, the blunders (a solved win turned into a solved
 * loss), each game's decisive move, and per agent the blunders per game and the share of its
 * decisions analysed.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
        "Analyses finished games with every hand open: for each decision, whether the acting side forced a win before "
            + "and after its move, its winning moves, and each blunder (a won position turned lost); per game the "
            + "decisive move; per agent blunders per game and the share of decisions analysed.",
        "FILE holds game records, one a line: ddz play --out, ddz ladder --out-dir, or the web app's replays."},
    footer = {"", "Examples:",
        "  ddz play --a rule --b greedy --deals 4 --seed 7 --out games.jsonl && ddz analyze games.jsonl",
        "  ddz analyze games.jsonl --json --decisions",
        "",
        "Node budgets, not time, bound every solve: the analysis is the same on any machine and thread count.",
        "Exit codes: 0 analysed, 2 bad input (a malformed record, a missing file), 1 internal error."})
public final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE",
        description = "The game records (gzip when a name ends in .gz); several files (ddz ladder --out-dir's) are analysed in order.")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--skip-bad", description = "Skip records that cannot be read (a line cut short by a crash, a "
        + "forged record, a game number seen before in the file), each named in one line on standard error, instead "
        + "of stopping at the first.")
    private boolean skipBad;

    @Option(names = "--json", description = "One JSON line a game, then one line of per-agent figures (docs/cli/analyze.md).")
    private boolean json;

    @Option(names = "--decisions", description = "Text: list every analysed decision, not only the blunders.")
    private boolean decisions;

    @Option(names = "--max-cards", paramLabel = "N", defaultValue = "30",
        description = "Analyse decisions with at most N cards in all hands (default 30; 54 for all).")
    private int maxCards;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "2000000",
        description = "Node budget of each position's solve (default 2,000,000); past it the verdict is unknown.")
    private long nodes;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
        description = "Games analysed at once; 0 (default): every core. Results do not depend on it.")
    private int threads;

    @Option(names = "--tt-mb", paramLabel = "N", defaultValue = "16",
        description = "Transposition-table memory of each thread's solver, MiB (default 16).")
    private int tableMegabytes;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "en", converter = SolveCommand.LangConverter.class,
        description = "Language of the text output: en (default) or zh.")
    private Lang lang = Lang.EN;

    /** The file of each game when several files are read, else null. */
    private List<String> sources;

    /** Per-agent figures. */
    private static final class Tally {
        int games;
        long decisions;
        long analysed;
        long blunders;
    }

    @Override
    public Integer call() throws IOException {
        Bounds.check(spec, "--max-cards", maxCards, 1, 54, "cards in all hands");
        Bounds.check(spec, "--nodes", nodes, 1, Long.MAX_VALUE, "a node budget");
        Bounds.check(spec, "--threads", threads, 0, 1024, "0: every core");
        String tableProblem = Limits.checkSolverMegabytes("--tt-mb", tableMegabytes);
        if (tableProblem != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), tableProblem);
        }
        List<GameRecord> games = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        PrintWriter err = spec.commandLine().getErr();
        java.util.function.Consumer<String> skipped = !skipBad ? null
            : line -> err.println(spec.qualifiedName() + ": skipped " + line);
        try {
            for (Path file : files) {
                Map<Integer, Integer> seen = new java.util.HashMap<>();
                int k = 0;
                for (GameRecord g : GameRecords.readFile(file, skipped)) {
                    k++;
                    Integer first = seen.putIfAbsent(g.game(), k);
                    if (first != null) {
                        // the report is by game: a game twice (two matches' records in one file) would count twice
                        String why = file + ": game " + g.game() + " again (record " + k + "; record " + first
                            + " has it): one file holds one match; analyse two matches' records as two files";
                        if (skipped == null) {
                            throw new IllegalArgumentException(why);
                        }
                        skipped.accept(why);
                        continue;
                    }
                    games.add(g);
                    sources.add(file.toString());
                }
            }
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        err.flush();
        this.sources = files.size() > 1 ? sources : null;
        int n = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        DdzEngine engine = DdzEngine.standard().withSolverMegabytes(tableMegabytes).withThreads(n);
        BuildProgress bar = ProgressBars.forTerminal();
        bar.start("analyze", games.size(), "games");
        List<OpenHandAudit.GameAudit> audits = engine.analyze(games, maxCards, nodes, bar::advance);
        bar.finish();
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Tally> tallies = tally(audits);
        if (json) {
            writeJson(out, audits, tallies);
        } else {
            printText(out, audits, tallies);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Tally> tally(List<OpenHandAudit.GameAudit> audits) {
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (OpenHandAudit.GameAudit a : audits) {
            GameRecord g = a.record();
            List<String> seen = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                String label = AuditReport.label(g, s);
                Tally t = tallies.computeIfAbsent(label, k -> new Tally());
                if (!seen.contains(label)) {
                    seen.add(label);
                    t.games++;
                }
            }
            int[] plays = g.plays();
            for (int i = 0; i < plays.length; i++) {
                tallies.get(AuditReport.label(g, i % 3)).decisions++;
            }
            for (OpenHandAudit.Decision d : a.decisions()) {
                Tally t = tallies.get(AuditReport.label(g, d.seat()));
                if (d.wonBefore() != null) {
                    t.analysed++;
                }
                if (d.verdict() == OpenHandAudit.Verdict.BLUNDER) {
                    t.blunders++;
                }
            }
        }
        return tallies;
    }

    private String verdictWord(Boolean won) {
        if (won == null) {
            return lang == Lang.EN ? "unknown" : "未知";
        }
        if (lang == Lang.EN) {
            return won ? "won" : "lost";
        }
        return won ? "胜" : "负";
    }

    private String decisionText(GameRecord g, OpenHandAudit.Decision d) {
        MoveTable table = g.rules().table();
        boolean en = lang == Lang.EN;
        StringBuilder sb = new StringBuilder("  ").append(en ? "play " : "第 ").append(d.play() + 1)
            .append(en ? ", " : " 手，").append(lang.seat(d.seat(), 3)).append(' ').append(lang.move(table, d.move()))
            .append(lang.colon()).append(verdictWord(d.wonBefore())).append(" -> ").append(verdictWord(d.wonAfter()));
        if (d.winning() != null && d.winning().length > 0 && d.verdict() != OpenHandAudit.Verdict.KEPT) {
            sb.append(lang.aside((en ? "winning moves: " : "必胜走法：")
                + lang.moves(table, MoveLister.inDisplayOrder(table, d.winning()))));
        }
        if (d.verdict() == OpenHandAudit.Verdict.BLUNDER) {
            sb.append(en ? "  BLUNDER" : "  败着");
        }
        return sb.toString();
    }

    private void printText(PrintWriter out, List<OpenHandAudit.GameAudit> audits, Map<String, Tally> tallies) {
        boolean en = lang == Lang.EN;
        for (int i = 0; i < audits.size(); i++) {
            OpenHandAudit.GameAudit a = audits.get(i);
            GameRecord g = a.record();
            String who = lang.seat(0, 3);
            out.println((sources == null ? "" : sources.get(i) + lang.colon()) + (en ? "Game " + g.game() + " (deal " + g.dealNumber() + ", rules " + g.rules() + "): "
                    + Text.printable(g.agent(0)) + " as landlord, " + Text.printable(g.agent(1)) + " as down, "
                    + Text.printable(g.agent(2)) + " as up; "
                    : "第 " + g.game() + " 局（牌 " + g.dealNumber() + "，规则 " + lang.rules(g.rules()) + "）：" + who + " "
                        + Text.printable(g.agent(0)) + "，" + lang.seat(1, 3) + " " + Text.printable(g.agent(1)) + "，"
                        + lang.seat(2, 3) + " " + Text.printable(g.agent(2)) + "；")
                + (en ? (g.landlordWins() ? "landlord wins" : "farmers win") : lang.winner(g.landlordWins())));
            long analysed = 0;
            long blunders = 0;
            for (OpenHandAudit.Decision d : a.decisions()) {
                analysed += d.wonBefore() != null ? 1 : 0;
                blunders += d.verdict() == OpenHandAudit.Verdict.BLUNDER ? 1 : 0;
            }
            out.println(en ? "  " + g.plays().length + " decisions, " + analysed + " analysed, " + blunders + " blunder"
                + (blunders == 1 ? "" : "s")
                : "  " + g.plays().length + " 次决策，分析 " + analysed + " 次，败着 " + blunders + " 步");
            for (OpenHandAudit.Decision d : a.decisions()) {
                if (decisions || d.verdict() == OpenHandAudit.Verdict.BLUNDER) {
                    out.println(decisionText(g, d));
                }
            }
            OpenHandAudit.Decision decisive = OpenHandAudit.decisive(a);
            MoveTable table = g.rules().table();
            if (decisive != null) {
                out.println(en ? "  decisive: play " + (decisive.play() + 1) + ", " + lang.seat(decisive.seat(), 3) + " "
                    + lang.move(table, decisive.move())
                    : "  关键一手：第 " + (decisive.play() + 1) + " 手，" + lang.seat(decisive.seat(), 3) + " "
                        + lang.move(table, decisive.move()));
            } else {
                out.println(en ? "  decisive: none found (the losing side never had a solved win)"
                    : "  关键一手：无（输方从未有过必胜局面）");
            }
        }
        out.println(en ? "Agents (a blunder turns a solved win into a solved loss; analysed: decisions with a known verdict):"
            : "棋手（败着：把必胜局面下成必输；已分析：有确定结论的决策）：");
        String[] head = en ? new String[] {"agent", "games", "decisions", "analysed", "blunders", "per game"}
            : new String[] {"棋手", "局数", "决策", "已分析", "败着", "每局"};
        List<String[]> rows = new ArrayList<>();
        rows.add(head);
        tallies.forEach((agent, t) -> rows.add(new String[] {Text.printable(agent), String.format(Locale.ROOT, "%,d", t.games),
            String.format(Locale.ROOT, "%,d", t.decisions), percent(t.analysed, t.decisions),
            String.format(Locale.ROOT, "%,d", t.blunders),
            String.format(Locale.ROOT, "%.2f", t.games == 0 ? 0.0 : (double) t.blunders / t.games)}));
        int[] width = new int[head.length];
        for (String[] r : rows) {
            for (int k = 0; k < r.length; k++) {
                width[k] = Math.max(width[k], Lang.displayWidth(r[k]));
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < r.length; k++) {
                String pad = " ".repeat(width[k] - Lang.displayWidth(r[k]));
                line.append("  ").append(k == 0 ? r[k] + pad : pad + r[k]);
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String percent(long k, long n) {
        return n == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * k / n);
    }

    private void writeJson(PrintWriter out, List<OpenHandAudit.GameAudit> audits, Map<String, Tally> tallies)
        throws IOException {
        JsonLineWriter w = new JsonLineWriter(out);
        JsonGenerator gen = w.gen();
        for (int i = 0; i < audits.size(); i++) {
            OpenHandAudit.GameAudit a = audits.get(i);
            gen.writeStartObject();
            if (sources != null) {
                gen.writeStringField("file", sources.get(i));
            }
            AuditJson.gameFields(gen, a);
            gen.writeEndObject();
            w.endLine();
        }
        gen.writeStartObject();
        gen.writeArrayFieldStart("agents");
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            Tally t = e.getValue();
            gen.writeStartObject();
            gen.writeStringField("agent", e.getKey());
            gen.writeNumberField("games", t.games);
            gen.writeNumberField("decisions", t.decisions);
            gen.writeNumberField("analysed", t.analysed);
            gen.writeNumberField("share_analysed", t.decisions == 0 ? BigDecimal.ZERO
                : BigDecimal.valueOf((double) t.analysed / t.decisions).setScale(4, RoundingMode.HALF_UP));
            gen.writeNumberField("blunders", t.blunders);
            gen.writeNumberField("blunders_per_game", t.games == 0 ? BigDecimal.ZERO
                : BigDecimal.valueOf((double) t.blunders / t.games).setScale(4, RoundingMode.HALF_UP));
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
        w.endLine();
    }
}
