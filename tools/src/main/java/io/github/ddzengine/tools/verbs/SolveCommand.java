package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.PositionOptions;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.engine.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
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
    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

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
            if (positionOptions.given()) {
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
            text = positionOptions.text(rules);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        if (text == null) {
            text = SolveOne.EXAMPLE;
            // keep standard output pure JSON under --json
            (json ? spec.commandLine().getErr() : out).println(SolveOne.exampleNote(rules, lang));
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
        SolveOne.print(out, p, SolveOne.solve(w, p, all, distance, timeoutMillis, threads), distance, json,
            timeoutMillis, lang);
        return 0;
    }

}
