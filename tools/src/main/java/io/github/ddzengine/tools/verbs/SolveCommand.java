package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.PositionOptions;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.SolveDistance;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.tools.json.SolveJson;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.engine.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ddz solve}: whether the side to move forces a win with every hand visible, and how; for
 * a person (verdict, winning moves, principal variation, statistics) or a tool ({@code --json},
 * {@code --batch}).
 */
@Command(name = "solve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
        "Solves a position with every hand visible: does the side to move force a win, with which moves, and how "
            + "does the game go?",
        "POSITION is HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]: the landlord's cards, the farmer's (or down's and up's), "
            + "the seat to move (0 = landlord, 1 = farmer or down, 2 = up) and the move it must beat with the seat "
            + "that played it (absent: the mover leads).",
        "Without POSITION, solves a built-in real puzzle (WeChat Happy Doudizhu expert level 50)."},
    footer = {"", "Examples:",
        "  ddz solve                                  the built-in puzzle",
        "  ddz solve '448999TJJQQAD/336688TAA22X 0' --all",
        "  ddz solve '999JJXD/33334567TTAAAA 1' --ban trio_pair",
        "  ddz solve '3558TJJ2X/67TTKAA 0 88@1'       to beat the farmer's 88",
        "  ddz solve '6TJQQK/459JK2/34468T 0' --json  three seats",
        "  ddz solve --batch < testdata/positions/puzzles.jsonl",
        "",
        "--batch reads one position a line, plain or a JSON object {\"position\": \"...\", \"rules\": \"...\", "
            + "\"bans\": [...], \"all\": true, \"timeout_ms\": N, \"id\": ...} (all but position optional; they "
            + "default to the options; id is echoed), and writes one JSON line for each: the --json object or "
            + "{\"error\": \"line N: ...\"}. Each line is solved from an empty transposition table.",
        "",
        "Exit codes: 0 solved (also when the time ran out: the verdict is then unknown), 2 bad input, "
            + "1 internal error."})
public final class SolveCommand implements Callable<Integer> {
    /** The built-in puzzle: WeChat Happy Doudizhu expert level 50 ({@code testdata/positions/puzzles.jsonl} V10). */
    static final String EXAMPLE = "448999TJJQQAD/336688TAA22X 0";
    /** What the built-in puzzle is. */
    static final String EXAMPLE_NAME = "WeChat Happy Doudizhu expert level 50";

    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "POSITION",
        description = "The position, e.g. '448999TJJQQAD/336688TAA22X 0' (several words are joined).")
    private List<String> position = new ArrayList<>();

    @Mixin
    private PositionOptions positionOptions = new PositionOptions();

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--all",
        description = "Find every winning first move (each searched to the end; slower), not just the first one.")
    private boolean all;

    @Option(names = "--distance",
        description = "Also the plays to win: the winner's plays (passes not counted) against the most stubborn "
            + "defence, per winning move with --all; the line then shows the fastest win and the longest defence.")
    private boolean distance;

    @Option(names = "--json", description = "Print one JSON object (fields: docs/cli/solve.md).")
    private boolean json;

    @Option(names = "--timeout-ms", paramLabel = "N", defaultValue = "0",
        description = "Give up after about N ms with the verdict unknown (exit code 0); 0 (default): no limit; "
            + "at most " + Limits.MAX_TIMEOUT_MS + " (30 days).")
    private long timeoutMillis;

    @Option(names = "--tt-mb", paramLabel = "N", defaultValue = "0",
        description = "Transposition-table memory in MiB, rounded down to a power of two; 0 (default): sized to the "
            + "position (4 MiB up to 26 cards, " + Solver.DEFAULT_TABLE_MB + " up to 30, 64 beyond; at most a quarter "
            + "of the heap), and " + Solver.DEFAULT_TABLE_MB + " MiB for --batch.")
    private int tableMegabytes;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
        description = "Threads (default 1; 0: one per core). Above 1, a three-seat position that a million nodes do not "
            + "settle has its first moves split over the threads, each with its own table (N times the memory): the "
            + "verdict is the same; the move and line shown are those of the winning first move of lowest index in "
            + "the search order, the same on any thread count above 1. Two seats always solve on one thread.")
    private int threads;

    @Option(names = "--batch",
        description = "Read positions on standard input, one a line, and write one JSON line for each (see below).")
    private boolean batch;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "en", converter = LangConverter.class,
        description = "Language of the text output: en (default; the notation's cards and types) or zh (cards "
            + "3..10 J Q K A 2 小王 大王, Chinese type, seat and verdict words). JSON is never translated.")
    private Lang lang = Lang.EN;

    @Option(names = {"-i", "--interactive"},
        description = "Play the position out against the engine, as ddz coach does (its options: --side).")
    private boolean interactive;

    @Option(names = "--side", paramLabel = "SIDE",
        description = "With -i: the side you play, landlord or farmers (default: the mover's side).")
    private String side;

    /** Converts {@code --lang}'s value with {@link Lang#parse}. */
    static final class LangConverter implements picocli.CommandLine.ITypeConverter<Lang> {
        @Override
        public Lang convert(String value) {
            try {
                return Lang.parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** A {@code solve} verb whose {@code --batch} reads {@code stdin}. */
    public SolveCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Bounds.check(spec, "--timeout-ms", timeoutMillis, 0, Limits.MAX_TIMEOUT_MS, "0: no limit");
        String tableProblem = tableMegabytes == 0 ? null : Limits.checkSolverMegabytes("--tt-mb", tableMegabytes);
        if (tableProblem != null) {
            throw new ParameterException(spec.commandLine(), tableProblem);
        }
        Bounds.check(spec, "--threads", threads, 0, 64, "0: one per core");
        if (threads == 0) {
            threads = Math.min(64, Runtime.getRuntime().availableProcessors());
        }
        if (threads > 1 && (batch || interactive)) {
            throw new ParameterException(spec.commandLine(), "--threads is for one solve: not with --batch or -i");
        }
        Rules rules = rulesOptions.rules();
        DdzEngine engine = tablesOption.engine(rules);
        if (batch) {
            if (interactive) {
                throw new ParameterException(spec.commandLine(), "-i plays one position: it has no --batch");
            }
            if (!position.isEmpty() || positionOptions.given()) {
                throw new ParameterException(spec.commandLine(),
                    "--batch reads positions from standard input: give no POSITION");
            }
            int batchTable = tableMegabytes == 0 ? Solver.DEFAULT_TABLE_MB : tableMegabytes;
            JsonLines.run(stdin, out, new SolveBatch(rules, all, distance, timeoutMillis,
                engine.withSolverMegabytes(batchTable).workspace(), tablesOption.loaded()));
            return 0;
        }
        if (side != null && !interactive) {
            throw new ParameterException(spec.commandLine(), "--side is for -i (play the position out)");
        }
        if (interactive && json) {
            throw new ParameterException(spec.commandLine(), "-i is a dialogue: it has no --json");
        }
        String text;
        try {
            text = positionOptions.text(position, rules);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        if (text != null) {
            // given by options
        } else if (position.isEmpty()) {
            text = EXAMPLE;
            String command = "ddz solve \"" + EXAMPLE + "\"" + RulesOptions.options(rules);
            String note = lang == Lang.EN ? "No position given: solving the built-in puzzle, " + EXAMPLE_NAME + ": "
                + command : "未给局面：求解内置残局，微信欢乐斗地主残局挑战第 50 关：" + command;
            // keep standard output pure JSON under --json
            (json ? spec.commandLine().getErr() : out).println(note);
        } else {
            text = String.join(" ", position);
        }
        Position p;
        try {
            p = Position.parse(text, rules);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        int table = tableMegabytes != 0 ? tableMegabytes
            : Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
        Workspace w = engine.withSolverMegabytes(table).workspace();
        if (interactive) {
            return CoachCommand.dialogue(spec, stdin, out, w, p, side, lang, timeoutMillis);
        }
        SolveResult r = threads > 1 ? w.parallelSolver(rules, threads).solve(p, all, timeoutMillis)
            : w.solver(rules).solve(p, all, timeoutMillis, 0);
        SolveDistance.Report d = distance && r.isKnown() ? SolveDistance.of(w.distance(rules), p, r, timeoutMillis) : null;
        if (json) {
            SolveJson.result(new JsonLineWriter(out), null, p, r, distance, d);
        } else {
            print(out, p, r, timeoutMillis, lang, d);
        }
        out.flush();
        return 0;
    }

    /**
     * The name of a seat in output: {@code landlord} and {@code farmer} with two seats;
     * {@code landlord}, {@code down} and {@code up} with three.
     */
    static String seatName(int seat, int seats) {
        if (seat == Seat.LANDLORD) {
            return "landlord";
        }
        if (seats == 2) {
            return "farmer";
        }
        return seat == Seat.LANDLORD_DOWN ? "down" : "up";
    }

    /** The position, the verdict, the winning moves, the principal variation and the statistics. */
    static void print(PrintWriter out, Position p, SolveResult r, long timeoutMillis, Lang lang) {
        print(out, p, r, timeoutMillis, lang, null);
    }

    /**
     * The position, the verdict, the winning moves, the plays to win when {@code d} is given (else
     * null), the line and the statistics.
     */
    static void print(PrintWriter out, Position p, SolveResult r, long timeoutMillis, Lang lang,
                      SolveDistance.Report d) {
        MoveTable table = p.rules().table();
        int seats = p.seats();
        boolean en = lang == Lang.EN;
        out.println(en ? "Position " + p + ", rules " + p.rules() : "局面 " + p + "，规则 " + lang.rules(p.rules()));
        printHands(out, p, lang);
        String mover = lang.seat(p.mover(), seats);
        if (!r.isKnown()) {
            out.println(en ? "Unknown (timed out after " + timeoutMillis + " ms): no verdict; try a larger --timeout-ms, "
                + "or 0 for no limit"
                : "未知（" + timeoutMillis + " 毫秒后超时）：没有结论；请加大 --timeout-ms，或设为 0 不限时");
        } else {
            boolean landlordWins = r.winner().equals("landlord");
            out.println(lang.winner(landlordWins) + lang.colon() + lang.moverVerdict(mover, r.moverWins()));
            int[] winning = r.winningMoves();
            boolean distanceLine = d != null && d.line() != null;
            int[] line = distanceLine ? d.line() : r.line();
            if (winning != null) {
                if (winning.length == 0) {
                    out.println(en ? "Winning moves: none" : "必胜走法：无");
                } else {
                    String list = d == null ? lang.moves(table, MoveLister.inDisplayOrder(table, winning))
                        : playsList(table, d, lang);
                    out.println(en ? "Winning moves (all " + winning.length + "): " + list
                        : "必胜走法（共 " + winning.length + " 种）：" + list);
                }
            } else if (r.moverWins() && line.length > 0) {
                if (distanceLine) {
                    out.println(en ? "Winning move: " + table.format(line[0]) + " (the fastest; --all finds every one)"
                        : "必胜走法：" + lang.move(table, line[0]) + "（最快的一种；--all 列出全部）");
                } else {
                    out.println(en ? "Winning move: " + table.format(line[0]) + " (the first found; --all finds every one)"
                        : "必胜走法：" + lang.move(table, line[0]) + "（找到的第一种；--all 列出全部）");
                }
            }
            if (d != null) {
                String side = lang.side(landlordWins);
                String whose = seats == 2 && !landlordWins ? lang.seat(1, 2) : side;
                if (d.exact()) {
                    out.println(en ? "Plays to win: " + d.plays() + " (the " + whose + (landlordWins || seats == 2 ? "'s" : "'")
                        + " plays against the most stubborn defence; passes are not plays)"
                        : "取胜手数：" + d.plays() + "（" + whose + "出牌的手数，对方作最顽强的抵抗；不出不算一手）");
                } else {
                    out.println(en ? "Plays to win: at least " + d.plays() + " (the time ran out before it was exact)"
                        : "取胜手数：至少 " + d.plays() + "（超时，未算出精确值）");
                }
            }
            if (distanceLine) {
                out.println(en ? "Line (the winner wins in the fewest plays, the loser defends the longest):"
                    : "变化（赢家以最少的手数取胜，输家作最顽强的抵抗）：");
            } else {
                out.println(en ? "Line (the winner's moves win; the loser's are simply its first legal choice):"
                    : "变化（赢家走必胜着；输家只走它的第一种合法出法）：");
            }
            printLine(out, p, line, lang);
        }
        out.println(en ? String.format(Locale.ROOT, "%,d nodes, %.1f ms, table hit rate %.1f%%", r.nodes(), r.millis(),
            100 * r.tableHitRate())
            : String.format(Locale.ROOT, "%,d 个节点，%.1f 毫秒，置换表命中率 %.1f%%", r.nodes(), r.millis(),
                100 * r.tableHitRate()));
        if (d != null) {
            out.println(en ? String.format(Locale.ROOT, "Distance: %,d nodes, %.1f ms", d.nodes(), d.nanos() / 1e6)
                : String.format(Locale.ROOT, "手数搜索：%,d 个节点，%.1f 毫秒", d.nodes(), d.nanos() / 1e6));
        }
    }

    /** The winning moves, each with its plays to win: {@code 8 (7 plays), T (at least 9 plays)}. */
    static String playsList(MoveTable table, SolveDistance.Report d, Lang lang) {
        StringBuilder sb = new StringBuilder();
        boolean en = lang == Lang.EN;
        for (int i = 0; i < d.moves().length; i++) {
            if (i > 0) {
                sb.append(lang.comma());
            }
            int n = d.movePlays()[i];
            String plays = en ? (d.moveExact()[i] ? "" : "at least ") + n + (n == 1 ? " play" : " plays")
                : (d.moveExact()[i] ? "" : "至少 ") + n + " 手";
            sb.append(lang.move(table, d.moves()[i])).append(lang.aside(plays));
        }
        return sb.toString();
    }

    /** One row a seat: its name, its cards and count, and for the mover what it must do. */
    static void printHands(PrintWriter out, Position p, Lang lang) {
        MoveTable table = p.rules().table();
        int seats = p.seats();
        boolean en = lang == Lang.EN;
        for (int s = 0; s < seats; s++) {
            String name = lang.seat(s, seats);
            StringBuilder row = new StringBuilder("  ").append(name)
                .append(" ".repeat(en ? "landlord".length() - name.length() + 2 : 2))
                .append(lang.cards(p.hand(s))).append(lang.aside(lang.cardCount(Cards.size(p.hand(s)))));
            if (s == p.mover()) {
                if (en) {
                    row.append(p.isLead() ? ", to lead" : ", to beat " + table.format(p.lastMove()) + " ("
                        + table.typeName(p.lastMove()) + ") played by " + seatName(p.lastSeat(), seats));
                } else {
                    row.append(p.isLead() ? "，先出" : "，要压" + lang.seat(p.lastSeat(), seats) + "出的 "
                        + lang.move(table, p.lastMove()) + "（" + lang.typeName(table, p.lastMove()) + "）");
                }
            }
            out.println(row);
        }
    }

    /**
     * The principal variation, one trick a line (a line starts where a seat leads), each move as
     * {@code seat: move}; the seat that plays its last card is marked {@code (out)}.
     */
    static void printLine(PrintWriter out, Position p, int[] line, Lang lang) {
        MoveTable table = p.rules().table();
        int seats = p.seats();
        long[] hands = new long[seats];
        for (int s = 0; s < seats; s++) {
            hands[s] = p.hand(s);
        }
        StringBuilder trick = new StringBuilder();
        int seat = p.mover();
        // passes since the last move: with three seats, a last move two seats back means one pass already
        int passes = p.isLead() ? 0 : (p.mover() - p.lastSeat() - 1 + seats) % seats;
        for (int m : line) {
            trick.append(trick.length() == 0 ? "  " : lang.comma()).append(lang.seat(seat, seats)).append(lang.colon())
                .append(lang.move(table, m));
            if (m == MoveTable.PASS) {
                passes++;
            } else {
                passes = 0;
                hands[seat] = Cards.remove(hands[seat], table.cards(m));
                if (hands[seat] == Cards.EMPTY) {
                    trick.append(lang == Lang.EN ? " (out)" : "（出完）");
                }
            }
            seat = (seat + 1) % seats;
            if (passes == seats - 1) { // the lead returns: the trick is over
                out.println(trick);
                trick.setLength(0);
                passes = 0;
            }
        }
        if (trick.length() > 0) {
            out.println(trick);
        }
    }
}
