package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.SolveDistance;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.SolveJson;
import io.github.ddzengine.engine.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;

/**
 * One position solved and printed, as {@code ddz solve POSITION} prints it (text or
 * {@code --json}): the part of the verb that needs no command line, shared by {@link SolveCommand}
 * and {@link QuickSolve}, so that both give the same answer byte for byte. No picocli class is
 * loaded here.
 */
public final class SolveOne {
    /** The built-in puzzle: WeChat Happy Doudizhu expert level 50 ({@code testdata/positions/puzzles.jsonl} V10). */
    static final String EXAMPLE = "448999TJJQQAD/336688TAA22X 0";
    /** What the built-in puzzle is. */
    static final String EXAMPLE_NAME = "WeChat Happy Doudizhu expert level 50";

    private SolveOne() {
    }

    /**
     * The line that says the built-in puzzle is solved because no position was given, with the
     * command that solves it under {@code rules}, in {@code lang}.
     */
    static String exampleNote(Rules rules, Lang lang) {
        String command = "ddz solve \"" + EXAMPLE + "\"" + RulesOptions.options(rules);
        return lang == Lang.EN ? "No position given: solving the built-in puzzle, " + EXAMPLE_NAME + ": " + command
            : "未给局面：求解内置残局，微信欢乐斗地主残局挑战第 50 关：" + command;
    }

    /** A solve's result and, when asked for and the verdict is known, its plays to win (else null). */
    record Answer(SolveResult result, SolveDistance.Report distance) {
    }

    /**
     * Solves {@code p} with the workspace's solver ({@code threads} above 1: the parallel one) and,
     * under {@code distance} when the verdict is known, measures the plays to win. Prints nothing.
     *
     * @param all every winning first move, not just the first found
     * @param timeoutMillis give up after about this many ms (0: no limit)
     */
    static Answer solve(Workspace w, Position p, boolean all, boolean distance, long timeoutMillis, int threads) {
        Rules rules = p.rules();
        SolveResult r = threads > 1 ? w.parallelSolver(rules, threads).solve(p, all, timeoutMillis)
            : w.solver(rules).solve(p, all, timeoutMillis, 0);
        return new Answer(r, distance && r.isKnown() ? SolveDistance.of(w.distance(rules), p, r, timeoutMillis) : null);
    }

    /**
     * Prints {@link #solve}'s answer to {@code out}: one JSON object under {@code json} (fields:
     * docs/cli/solve.md; {@code distance}: whether the plays to win were asked for), else
     * {@link #print}'s text in {@code lang}. Flushes {@code out}.
     *
     * @throws IOException if the JSON cannot be written
     */
    static void print(PrintWriter out, Position p, Answer a, boolean distance, boolean json, long timeoutMillis,
                      Lang lang) throws IOException {
        if (json) {
            SolveJson.result(new JsonLineWriter(out), null, p, a.result(), distance, a.distance());
        } else {
            print(out, p, a.result(), timeoutMillis, lang, a.distance());
        }
        out.flush();
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
