package io.github.ddzengine.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;

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
        "  ddz solve --batch < ../shared/positions/puzzles.jsonl",
        "",
        "--batch reads one position a line, plain or a JSON object {\"position\": \"...\", \"rules\": \"...\", "
            + "\"bans\": [...], \"all\": true, \"timeout_ms\": N, \"id\": ...} (all but position optional; they "
            + "default to the options; id is echoed), and writes one JSON line for each: the --json object or "
            + "{\"error\": \"line N: ...\"}. Each line is solved from an empty transposition table.",
        "",
        "Exit codes: 0 solved (also when the time ran out: the verdict is then unknown), 2 bad input, "
            + "1 internal error."})
final class SolveCommand implements Callable<Integer> {
    /** The built-in puzzle: WeChat Happy Doudizhu expert level 50 ({@code shared/positions/puzzles.jsonl} V10). */
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
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--all",
        description = "Find every winning first move (each searched to the end; slower), not just the first one.")
    private boolean all;

    @Option(names = "--json", description = "Print one JSON object (fields: docs/cli/solve.md).")
    private boolean json;

    @Option(names = "--timeout-ms", paramLabel = "N", defaultValue = "0",
        description = "Give up after about N ms with the verdict unknown (exit code 0); 0 (default): no limit; "
            + "at most " + Bounds.MAX_TIMEOUT_MS + " (30 days).")
    private long timeoutMillis;

    @Option(names = "--tt-mb", paramLabel = "N", defaultValue = "0",
        description = "Transposition-table memory in MiB, rounded down to a power of two; 0 (default): sized to the "
            + "position (4 MiB up to 26 cards, " + Solver.DEFAULT_TABLE_MB + " up to 30, 64 beyond; at most a quarter "
            + "of the heap), and " + Solver.DEFAULT_TABLE_MB + " MiB for --batch.")
    private int tableMegabytes;

    @Option(names = "--batch",
        description = "Read positions on standard input, one a line, and write one JSON line for each (see below).")
    private boolean batch;

    /** A {@code solve} verb whose {@code --batch} reads {@code stdin}. */
    SolveCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Bounds.check(spec, "--timeout-ms", timeoutMillis, 0, Bounds.MAX_TIMEOUT_MS, "0: no limit");
        String tableProblem = tableMegabytes == 0 ? null : Solvers.checkTableSize(tableMegabytes);
        if (tableProblem != null) {
            throw new ParameterException(spec.commandLine(), tableProblem);
        }
        Rules rules = rulesOptions.rules();
        EngineTables tables = tablesOption.load(rules.preset());
        if (batch) {
            if (!position.isEmpty()) {
                throw new ParameterException(spec.commandLine(),
                    "--batch reads positions from standard input: give no POSITION");
            }
            int batchTable = tableMegabytes == 0 ? Solver.DEFAULT_TABLE_MB : tableMegabytes;
            JsonLines.run(stdin, out, new SolveBatch(rules, all, timeoutMillis, new Solvers(batchTable, tables),
                tablesOption.loaded()));
            return 0;
        }
        String text;
        if (position.isEmpty()) {
            text = EXAMPLE;
            String note = "No position given: solving the built-in puzzle, " + EXAMPLE_NAME + ": ddz solve \"" + EXAMPLE
                + "\"" + RulesOptions.options(rules);
            // keep standard output pure JSON under --json
            (json ? spec.commandLine().getErr() : out).println(note);
        } else {
            text = String.join(" ", position);
        }
        Position p;
        try {
            p = Position.parse(text, rules);
        } catch (IllegalArgumentException e) {
            return Ddz.inputError(spec, e);
        }
        int table = tableMegabytes != 0 ? tableMegabytes
            : Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
        SolveResult r = new Solver(rules, table, tables).solve(p, all, timeoutMillis, 0);
        if (json) {
            SolveJson.result(new JsonLineWriter(out), null, p, r);
        } else {
            print(out, p, r, timeoutMillis);
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
    private static void print(PrintWriter out, Position p, SolveResult r, long timeoutMillis) {
        MoveTable table = p.rules().table();
        int seats = p.seats();
        out.println("Position " + p + ", rules " + p.rules());
        for (int s = 0; s < seats; s++) {
            String name = seatName(s, seats);
            StringBuilder row = new StringBuilder("  ").append(name)
                .append(" ".repeat("landlord".length() - name.length() + 2))
                .append(Notation.format(p.hand(s))).append(" (").append(cards(Cards.size(p.hand(s)))).append(")");
            if (s == p.mover()) {
                row.append(p.isLead() ? ", to lead" : ", to beat " + table.format(p.lastMove()) + " ("
                    + table.typeName(p.lastMove()) + ") played by " + seatName(p.lastSeat(), seats));
            }
            out.println(row);
        }
        String mover = seatName(p.mover(), seats);
        if (!r.isKnown()) {
            out.println("Unknown (timed out after " + timeoutMillis + " ms): no verdict; try a larger --timeout-ms, "
                + "or 0 for no limit");
        } else {
            String winner = r.winner().equals("landlord") ? "Landlord wins" : "Farmers win";
            out.println(winner + ": " + (r.moverWins()
                ? "the mover (" + mover + ") forces a win"
                : "the mover (" + mover + ") loses whatever it plays"));
            int[] winning = r.winningMoves();
            int[] line = r.line();
            if (winning != null) {
                out.println(winning.length == 0 ? "Winning moves: none"
                    : "Winning moves (all " + winning.length + "): "
                        + join(table, MoveLister.inDisplayOrder(table, winning)));
            } else if (r.moverWins() && line.length > 0) {
                out.println("Winning move: " + table.format(line[0]) + " (the first found; --all finds every one)");
            }
            printLine(out, p, line);
        }
        out.println(String.format(Locale.ROOT, "%,d nodes, %.1f ms, table hit rate %.1f%%", r.nodes(), r.millis(),
            100 * r.tableHitRate()));
    }

    /**
     * The principal variation, one trick a line (a line starts where a seat leads), each move as
     * {@code seat: move}; the seat that plays its last card is marked {@code (out)}.
     */
    private static void printLine(PrintWriter out, Position p, int[] line) {
        MoveTable table = p.rules().table();
        int seats = p.seats();
        long[] hands = new long[seats];
        for (int s = 0; s < seats; s++) {
            hands[s] = p.hand(s);
        }
        out.println("Line (the winner's moves win; the loser's are simply its first legal choice):");
        StringBuilder trick = new StringBuilder();
        int seat = p.mover();
        // passes since the last move: with three seats, a last move two seats back means one pass already
        int passes = p.isLead() ? 0 : (p.mover() - p.lastSeat() - 1 + seats) % seats;
        for (int m : line) {
            trick.append(trick.length() == 0 ? "  " : ", ").append(seatName(seat, seats)).append(": ")
                .append(table.format(m));
            if (m == MoveTable.PASS) {
                passes++;
            } else {
                passes = 0;
                hands[seat] = Cards.remove(hands[seat], table.cards(m));
                if (hands[seat] == Cards.EMPTY) {
                    trick.append(" (out)");
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

    private static String cards(int n) {
        return n == 1 ? "1 card" : n + " cards";
    }

    private static String join(MoveTable table, int[] ids) {
        StringBuilder sb = new StringBuilder();
        for (int id : ids) {
            sb.append(sb.length() == 0 ? "" : " ").append(table.format(id));
        }
        return sb.toString();
    }
}
