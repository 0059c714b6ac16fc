package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.Text;
import io.github.ddzengine.tools.cli.PositionOptions;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.engine.Workspace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.engine.Coach;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ddz coach} (also {@code ddz solve -i}): play a position out against the engine, one
 * line of input a move, told after each move whether your side still forces a win and, when it
 * does, every winning move; {@code undo} takes a move back. The dialogue is {@link Coach}'s.
 */
@Command(name = "coach", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
        "Plays a position out against the engine: you choose a side, the engine plays the other with its best move; "
            + "after each of your moves it says whether you are still winning and shows every winning move.",
        "POSITION is as for ddz solve (or give --landlord, --farmer / --down --up, --mover, --last). Without it, "
            + "the built-in puzzle (WeChat Happy Doudizhu expert level 50).",
        "Reads one line at a time on standard input: a move (8, 99, 10 J Q K A, pass), hint, moves, undo, quit."},
    footer = {"", "Examples:",
        "  ddz coach                                   play the built-in puzzle as the landlord",
        "  ddz coach '45577TTKK2/8AA 0' --side farmers",
        "  ddz solve -i --landlord '4 4 8 9 9 9 10 J J Q Q A 大王' --farmer '3 3 6 6 8 8 10 A A 2 2 小王' --lang zh",
        "",
        "Exit codes: 0 the dialogue ended (quit or end of input), 2 bad input, 1 internal error."})
public final class CoachCommand implements Callable<Integer> {
    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

    @Mixin
    private PositionOptions positionOptions = new PositionOptions();

    @Option(names = "--side", paramLabel = "SIDE",
        description = "The side you play: landlord (地主) or farmers (农民); default: the side to move.")
    private String side;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "en", converter = SolveCommand.LangConverter.class,
        description = "Language of the dialogue: en (default) or zh.")
    private Lang lang = Lang.EN;

    @Option(names = "--timeout-ms", paramLabel = "N", defaultValue = "0",
        description = "Time budget of each solve, ms (the verdict is then unknown); 0 (default): no limit.")
    private long timeoutMillis;

    @Option(names = "--tt-mb", paramLabel = "N", defaultValue = "0",
        description = "Transposition-table memory in MiB; 0 (default): sized to the position.")
    private int tableMegabytes;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    /** A {@code coach} verb that reads its moves from {@code stdin}. */
    public CoachCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        Bounds.check(spec, "--timeout-ms", timeoutMillis, 0, Limits.MAX_TIMEOUT_MS, "0: no limit");
        String tableProblem = tableMegabytes == 0 ? null : Limits.checkSolverMegabytes("--tt-mb", tableMegabytes);
        if (tableProblem != null) {
            throw new ParameterException(spec.commandLine(), tableProblem);
        }
        Rules rules = rulesOptions.rules();
        Position p;
        try {
            String text = positionOptions.text(rules);
            if (text == null) {
                text = SolveOne.EXAMPLE;
            }
            p = Position.parse(text, rules);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        int table = tableMegabytes != 0 ? tableMegabytes
            : Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
        Workspace w = tablesOption.engine(rules).withSolverMegabytes(table).workspace();
        return dialogue(spec, stdin, spec.commandLine().getOut(), w, p, side, lang, timeoutMillis);
    }

    /**
     * Whether {@code side} names the landlord's side: {@code landlord}/{@code 地主} true,
     * {@code farmers}/{@code farmer}/{@code 农民} false, null: the mover's side.
     *
     * @throws IllegalArgumentException for anything else
     */
    static boolean personIsLandlord(String side, Position p) {
        if (side == null) {
            return Position.isLandlordSide(p.mover());
        }
        switch (side.strip().toLowerCase(Locale.ROOT)) {
            case "landlord":
            case "地主":
                return true;
            case "farmers":
            case "farmer":
            case "农民":
                return false;
            default:
                throw new IllegalArgumentException("--side " + side + ": write landlord or farmers");
        }
    }

    /**
     * Runs the dialogue on {@code p} with the solver and distance search of {@code workspace}, reading lines of {@code stdin} until
     * {@code quit} or the end of input.
     *
     * @return the exit code
     */
    static int dialogue(CommandSpec spec, InputStream stdin, PrintWriter out, Workspace workspace,
                        Position p, String side, Lang lang, long timeoutMillis) throws IOException {
        boolean landlord;
        try {
            landlord = personIsLandlord(side, p);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        Coach coach = workspace.coach(p, landlord, timeoutMillis);
        new Dialogue(coach, out, lang).run(new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)),
            System.console() == null);
        out.flush();
        return 0;
    }

    /** The text of a session: what is said after each move, the prompt, the commands. */
    static final class Dialogue {
        private final Coach coach;
        private final PrintWriter out;
        private final Lang lang;
        private final MoveTable table;
        private final boolean en;

        Dialogue(Coach coach, PrintWriter out, Lang lang) {
            this.coach = coach;
            this.out = out;
            this.lang = lang;
            this.table = coach.start().rules().table();
            this.en = lang == Lang.EN;
        }

        private String t(String english, String chinese) {
            return en ? english : chinese;
        }

        /** The longest line read as a command or a move; a longer one is refused whole. */
        static final int MAX_LINE = 1000;
        /** What {@link #boundedLine} returns for a line over {@link #MAX_LINE} characters. */
        private static final String TOO_LONG = new String("(too long)");

        /**
         * Reads commands until {@code quit} or the end of input.
         *
         * @param echo whether to print each line read after the prompt (input that is not a terminal)
         */
        void run(BufferedReader in, boolean echo) throws IOException {
            Position p = coach.start();
            int seats = p.seats();
            String person = lang.side(coach.personIsLandlord());
            String engine = lang.side(!coach.personIsLandlord());
            if (seats == 2 && !coach.personIsLandlord()) {
                person = lang.seat(1, 2);
            } else if (seats == 2) {
                engine = lang.seat(1, 2);
            }
            out.println(t("Coach: you play the " + person + ", the engine the " + engine + ". Type a move (8, 99, "
                    + "10 J Q K A, pass), hint, moves, undo or quit.",
                "教练：你执" + person + "，引擎执" + engine + "。输入出牌（8、99、10 J Q K A、不出），或 提示、出法、悔棋、退出。"));
            out.println(en ? "Position " + p + ", rules " + p.rules() : "局面 " + p + "，规则 " + lang.rules(p.rules()));
            int show = 2; // 2: the hands and the verdict, 1: the verdict, 0: only the prompt
            while (true) {
                while (!coach.isOver() && !coach.personToMove()) {
                    Coach.Step s = coach.reply();
                    out.println(lang.seat(s.seat(), seats) + t(" (engine) plays ", "（引擎）：")
                        + lang.move(table, s.move()) + (s.after() == null ? t(" (out)", "（出完）") : ""));
                }
                if (show == 0) {
                    // an answer to bad input or to "moves": the prompt again
                } else if (coach.isOver()) {
                    boolean won = coach.landlordWon() == coach.personIsLandlord();
                    out.println(lang.winner(coach.landlordWon()) + lang.colon()
                        + (won ? t("you win.", "你赢了。") : t("the engine wins.", "引擎赢了。"))
                        + t(" Type undo to take back a move, or quit.", "输入 悔棋 可以退回，或 退出。"));
                } else {
                    if (show == 2) {
                        SolveOne.printHands(out, coach.position(), lang);
                    }
                    verdict();
                }
                show = 0;
                out.print(coach.isOver() ? "> " : lang.seat(coach.position().mover(), seats) + "> ");
                out.flush();
                String line = boundedLine(in);
                if (line == null) {
                    out.println();
                    out.println(t("End of input.", "输入结束。"));
                    return;
                }
                if (line == TOO_LONG) {
                    if (echo) {
                        out.println(t("(a line of more than " + MAX_LINE + " characters)",
                            "（超过 " + MAX_LINE + " 个字符的一行）"));
                    }
                    out.println(t("Not a move: the line is longer than " + MAX_LINE + " characters",
                        "不是出牌：这一行超过 " + MAX_LINE + " 个字符"));
                    continue;
                }
                String cmd = line.strip();
                if (echo) {
                    out.println(Text.printable(cmd));
                }
                // a line that reads as a move is a move: a command never shadows a card ("q" is the queen)
                int move = coach.isOver() || cmd.isEmpty() ? -1 : parsedMove(cmd);
                switch (move >= 0 ? "" : cmd.toLowerCase(Locale.ROOT)) {
                    case "quit":
                    case "exit":
                    case "退出":
                        return;
                    case "undo":
                    case "u":
                    case "悔棋":
                        if (!coach.undo()) {
                            out.println(t("Nothing to take back.", "没有可以退回的出牌。"));
                        } else {
                            out.println(t("Taken back.", "已退回。"));
                            show = 2;
                        }
                        continue;
                    case "hint":
                    case "h":
                    case "提示":
                        show = 1; // the verdict and winning moves again
                        continue;
                    case "moves":
                    case "出法":
                        if (!coach.isOver()) {
                            out.println(t("Legal moves: ", "合法出法：") + lang.moves(table, coach.legalMoves()));
                        }
                        continue;
                    case "":
                        if (move < 0) {
                            continue;
                        }
                        break;
                    default:
                        break;
                }
                if (coach.isOver()) {
                    out.println(t("The game is over: undo or quit.", "本局已结束：悔棋 或 退出。"));
                    continue;
                }
                if (move < 0) {
                    try {
                        move = table.parseMove(cmd);
                    } catch (IllegalArgumentException e) {
                        out.println(t("Not a move: ", "不是出牌：") + Exits.oneLine(e.getMessage()));
                        continue;
                    }
                }
                String why = lang.whyIllegal(coach.position(), move);
                if (why != null) {
                    out.println(t("Not legal here: ", "这里不能出：") + why);
                    continue;
                }
                said(coach.play(move));
                show = 2;
            }
        }

        /** The move a line reads as, or -1 when it reads as none (then it may be a command). */
        private int parsedMove(String cmd) {
            try {
                return table.parseMove(cmd);
            } catch (IllegalArgumentException e) {
                return -1;
            }
        }

        /**
         * The next line of input, or null at its end, or {@link #TOO_LONG} when it has more than
         * {@value #MAX_LINE} characters (the rest of that line is read and dropped: a huge line
         * costs neither memory nor output).
         */
        private String boundedLine(BufferedReader in) throws IOException {
            StringBuilder sb = new StringBuilder();
            boolean tooLong = false;
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    break;
                }
                if (sb.length() < MAX_LINE + 1) {
                    sb.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            if (c < 0 && sb.length() == 0 && !tooLong) {
                return null;
            }
            if (tooLong || sb.length() > MAX_LINE) {
                return TOO_LONG;
            }
            int n = sb.length();
            return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
        }

        /** A line as it may be echoed: control characters (escape sequences) shown as {@code ?}. */
        /** Whether the person is winning, and with which moves. */
        private void verdict() {
            Coach.Analysis a = coach.analysis();
            if (!a.isKnown()) {
                out.println(t("Unknown: the solve ran out of time (--timeout-ms).", "未知：求解超时（--timeout-ms）。"));
            } else if (a.moverWins()) {
                int[] plays = coach.winningPlays();
                out.println(t("You are winning: winning moves (all " + a.winning().length + "): ",
                    "你必胜：必胜走法（共 " + a.winning().length + " 种）：")
                    + (plays == null ? lang.moves(table, a.winning()) : withPlays(a.winning(), plays)));
            } else {
                DistanceToWin.Result d = coach.playsToWin();
                if (d != null && d.wins()) {
                    out.println(t("You are losing: every move loses against best play; against your most stubborn "
                            + "defence the engine needs " + plays(d.plays()) + ".",
                        "你必输：对方应对正确时怎么出都输；你最顽强地抵抗，引擎也只需 " + d.plays() + " 手。"));
                } else {
                    out.println(t("You are losing: every move loses against best play.", "你必输：对方应对正确时怎么出都输。"));
                }
            }
        }

        /** {@code 1 play}, {@code 7 plays}, {@code 7 手}. */
        private String plays(int n) {
            return t(n == 1 ? "1 play" : n + " plays", n + " 手");
        }

        /** Moves each with its plays to win: {@code 8 (11 plays), T (12 plays)}. */
        private String withPlays(int[] moves, int[] plays) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < moves.length; i++) {
                if (i > 0) {
                    sb.append(lang.comma());
                }
                sb.append(lang.move(table, moves[i])).append(lang.aside(plays(plays[i])));
            }
            return sb.toString();
        }

        /** What the person's move did. */
        private void said(Coach.Step s) {
            String move = lang.move(table, s.move());
            String head = t("You played " + move + ": ", s.move() == MoveTable.PASS ? "你不出：" : "你出 " + move + "：");
            if (s.after() == null) {
                out.println(head + t("out.", "出完了。"));
            } else if (s.sideWinsAfter() == null) {
                out.println(head + t("unknown (the solve ran out of time).", "未知（求解超时）。"));
            } else if (s.isBlunder()) {
                out.println(head + t("that loses; the winning moves were: ", "这步输了；必胜走法是：")
                    + lang.moves(table, s.analysis().winning()));
            } else if (s.sideWinsAfter()) {
                out.println(head + (s.analysis().moverWins() || !s.analysis().isKnown() ? t("still winning.", "仍然必胜。")
                    : t("now winning (the engine slipped).", "现在必胜了。")));
            } else {
                out.println(head + t("still losing.", "仍然必输。"));
            }
        }
    }
}
