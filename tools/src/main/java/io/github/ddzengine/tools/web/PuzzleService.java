package io.github.ddzengine.tools.web;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;

/**
 * The puzzle endpoints: card sets ({@code /api/cards}), legal moves ({@code /api/moves}), the
 * perfect-information solve with every winning move and a line ({@code /api/solve}), and playing
 * a position out against the engine ({@code /api/playout}).
 *
 * <p><b>The line.</b> The winning side plays a winning move of the solver at each of its turns
 * (the solver's first), and every winning move there is listed. The losing side, whose every move
 * loses, puts up its best resistance ({@code "defence": "resist"}, the default): the move after
 * which the winner has the fewest winning answers, ties broken by the larger proof (more solver
 * nodes), then by move order. That costs a solve of every losing move, so it runs within half the
 * request's time budget; after that (or with {@code "defence": "first"}) the losing side plays its
 * first legal move, as {@code ddz solve}'s line does. Every solve runs within the request's budget;
 * a line the budget cut short ends there ({@code "line_complete": false}).
 *
 * <p>Answers are cached (verdicts of positions, whole lines) so stepping through and playing out a
 * puzzle repeats no search. Thread-safe.
 */
final class PuzzleService {
    /** Default and largest time budget of one request, ms. */
    static final int DEFAULT_TIMEOUT_MS = 10_000;
    static final int MAX_TIMEOUT_MS = 60_000;

    private final DdzEngine engines;
    private final Toolkit toolkit;
    private final Map<String, Verdict> verdicts = Collections.synchronizedMap(lru(8192));
    private final Map<String, ObjectNode> lines = Collections.synchronizedMap(lru(256));

    PuzzleService(DdzEngine engines, Toolkit toolkit) {
        this.engines = engines;
        this.toolkit = toolkit;
    }

    /** A solved position: whether the mover wins, every winning move (display order) and the solve's nodes. */
    record Verdict(boolean moverWins, int[] winning, long nodes, int firstMove) {
    }

    // ------------------------------------------------------------------------------------------ cards, moves

    /** {@code {"cards": TEXT}} -> {@code {"cards": canonical, "count": n}}. */
    ObjectNode cards(Req q) {
        String text = q.required("cards");
        long c = Req.engine("cards", () -> Notation.parseCards(text));
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("cards", Notation.format(c));
        o.put("count", Cards.size(c));
        return o;
    }

    /** {@code {"hand", "last"?, "rules"?, "bans"?}} -> every legal move in display order. */
    ObjectNode moves(Req q) {
        Rules rules = q.rules();
        String handText = q.required("hand");
        long hand = Req.engine("hand", () -> Notation.parseHand(handText, Notation.MAX_HAND));
        String lastText = q.text("last");
        int last = MoveTable.PASS;
        if (lastText != null && !lastText.isBlank()) {
            last = Req.engine("last", () -> rules.table().parseMove(lastText));
            if (last != MoveTable.PASS && !rules.allows(last)) {
                throw HttpError.bad("\"last\": " + rules.table().format(last) + " is a banned type ("
                    + rules.table().typeName(last) + ")");
            }
        }
        MoveTable t = rules.table();
        int[] ids = legal(rules, hand, last);
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("hand", Notation.format(hand));
        o.put("rules", rules.preset().id());
        o.set("bans", Req.bans(rules));
        o.put("last", last == MoveTable.PASS ? null : t.format(last));
        ArrayNode a = o.putArray("moves");
        for (int id : ids) {
            a.add(Positions.move(t, id));
        }
        o.put("count", ids.length);
        return o;
    }

    /** The legal moves of {@code hand} against {@code last}, display order (a pass last when following). */
    int[] legal(Rules rules, long hand, int last) {
        MoveGenerator g = engines.workspace().generator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = g.answers(hand, last, buf);
        return toolkit.inDisplayOrder(rules.table(), Arrays.copyOf(buf, n));
    }

    private int[] legal(Position p) {
        return legal(p.rules(), p.hand(p.mover()), p.lastMove());
    }

    // ------------------------------------------------------------------------------------------ solve

    /** A position of the request: {@code "position"} with {@code "rules"} and {@code "bans"}. */
    static Position position(Req q) {
        Rules rules = q.rules();
        String text = q.required("position");
        return Req.engine(() -> Position.parse(text, rules));
    }

    /** {@code /api/solve}. */
    ObjectNode solve(Req q) {
        Position p = position(q);
        long timeout = q.integer("timeout_ms", DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
        String defence = q.text("defence") == null ? "resist" : q.text("defence").toLowerCase(Locale.ROOT);
        if (!defence.equals("resist") && !defence.equals("first")) {
            throw HttpError.bad("\"defence\" must be \"resist\" or \"first\", not \"" + q.text("defence") + "\"");
        }
        String key = key(p) + "|" + defence;
        ObjectNode cached = lines.get(key);
        if (cached != null) {
            return cached.deepCopy();
        }
        long start = System.nanoTime();
        long deadline = start + timeout * 1_000_000L;
        Rules rules = p.rules();
        MoveTable t = rules.table();
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("position", p.toString());
        o.put("rules", rules.preset().id());
        o.set("bans", Req.bans(rules));
        o.set("hands", Positions.hands(p));
        o.put("mover", p.mover());
        Verdict root = verdict(p, deadline);
        if (root == null) {
            o.put("verdict", "unknown");
            o.putNull("mover_wins");
            o.putNull("winner");
            o.putNull("winning_moves");
            o.putArray("line");
            o.put("line_complete", false);
            o.put("timed_out", true);
            o.put("time_ms", ms(System.nanoTime() - start));
            return o;
        }
        boolean landlordWins = root.moverWins() == Positions.landlordSide(p.mover());
        o.put("verdict", root.moverWins() ? "win" : "loss");
        o.put("mover_wins", root.moverWins());
        o.put("winner", landlordWins ? "landlord" : "farmers");
        o.set("winning_moves", Positions.moveTexts(t, root.winning()));
        o.put("nodes", root.nodes());
        Line line = line(p, landlordWins, deadline, start + (deadline - start) / 2, defence.equals("resist"));
        o.set("line", line.steps);
        o.put("line_complete", line.complete);
        o.put("defence", defence);
        o.put("defence_cut", line.defenceCut);
        o.put("timed_out", false);
        o.put("time_ms", ms(System.nanoTime() - start));
        if (line.complete) {
            lines.put(key, o.deepCopy());
        }
        return o;
    }

    /** The steps of a line and whether it reached the end of the game. */
    private record Line(ArrayNode steps, boolean complete, boolean defenceCut) {
    }

    private Line line(Position p0, boolean landlordWins, long deadline, long resistUntil, boolean resist) {
        MoveTable t = p0.rules().table();
        ArrayNode steps = Req.MAPPER.createArrayNode();
        boolean cut = false;
        Position p = p0;
        while (p != null) {
            boolean winnerMoves = Positions.landlordSide(p.mover()) == landlordWins;
            int move;
            ObjectNode step = Req.MAPPER.createObjectNode();
            if (winnerMoves) {
                Verdict v = verdict(p, deadline);
                if (v == null) {
                    return new Line(steps, false, cut);
                }
                move = v.firstMove();
                step.set("winning_moves", Positions.moveTexts(t, v.winning()));
            } else if (resist && System.nanoTime() < resistUntil) {
                Resistance r = resist(p, resistUntil);
                move = r.move;
                cut |= r.cut;
            } else {
                move = legal(p)[0];
                cut |= resist;
            }
            step.put("seat", p.mover());
            step.put("role", Positions.role(p.mover(), p.seats()));
            step.put("side", winnerMoves ? "winner" : "loser");
            step.setAll(Positions.move(t, move));
            Position next = Positions.after(p, move);
            step.put("left", next == null ? 0 : Cards.size(next.hand(p.mover())));
            step.put("out", next == null);
            steps.add(step);
            p = next;
        }
        return new Line(steps, true, cut);
    }

    /** The losing side's move and whether the clock stopped the search for it. */
    private record Resistance(int move, boolean cut) {
    }

    /**
     * The best resistance of the losing mover of {@code p}: the move after which the winning side
     * has the fewest winning answers (an answer by the losing partner counts as many), ties broken
     * by the larger proof, then by move order. Moves not searched by {@code until} are skipped.
     */
    private Resistance resist(Position p, long until) {
        int[] moves = legal(p);
        if (moves.length == 1) {
            return new Resistance(moves[0], false);
        }
        int best = moves[0];
        long bestCount = Long.MAX_VALUE;
        long bestNodes = -1;
        for (int m : moves) {
            if (System.nanoTime() >= until) {
                return new Resistance(best, true);
            }
            Position child = Positions.after(p, m);
            if (child == null) {
                return new Resistance(m, false); // cannot happen in a lost position: it would win
            }
            Verdict v = verdict(child, until);
            if (v == null) {
                continue;
            }
            boolean winnerToMove = v.moverWins();
            long count = winnerToMove ? v.winning().length : Integer.MAX_VALUE;
            if (count < bestCount || count == bestCount && v.nodes() > bestNodes) {
                best = m;
                bestCount = count;
                bestNodes = v.nodes();
            }
        }
        return new Resistance(best, false);
    }

    /** The solved verdict of {@code p} with every winning move (cached), or null if {@code deadline} came first. */
    Verdict verdict(Position p, long deadline) {
        String key = key(p);
        Verdict v = verdicts.get(key);
        if (v != null) {
            return v;
        }
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left < 1) {
            return null;
        }
        SolveResult r = engines.workspace().solver(p.rules()).solve(p, true, left, 0);
        if (!r.isKnown()) {
            return null;
        }
        int[] winning = toolkit.inDisplayOrder(p.rules().table(), r.winningMoves());
        int first = r.line().length > 0 ? r.line()[0] : legal(p)[0];
        v = new Verdict(r.moverWins(), winning, r.nodes(), first);
        verdicts.put(key, v);
        return v;
    }

    private static String key(Position p) {
        return p.rules().preset().id() + "/" + p.rules().banMask() + "/" + p;
    }

    // ------------------------------------------------------------------------------------------ play out

    /**
     * {@code /api/playout}: {@code "you"} (the side you play: {@code landlord} or {@code farmer(s)})
     * plays {@code "move"} (optional) in {@code "position"}; the engine then answers for the other
     * side until it is your turn again or the game is over: with a winning move where it wins,
     * otherwise with its best resistance.
     */
    ObjectNode playout(Req q) {
        Position p = position(q);
        long timeout = q.integer("timeout_ms", DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
        long start = System.nanoTime();
        long deadline = start + timeout * 1_000_000L;
        String you = q.text("you") == null ? (Positions.landlordSide(p.mover()) ? "landlord" : "farmers")
            : q.text("you").trim().toLowerCase(Locale.ROOT);
        boolean youLandlord = switch (you) {
            case "landlord", "0" -> true;
            case "farmer", "farmers", "down", "up" -> false;
            default -> throw HttpError.bad("\"you\" must be \"landlord\" or \"farmers\", not \"" + q.text("you") + "\"");
        };
        MoveTable t = p.rules().table();
        ObjectNode o = Req.MAPPER.createObjectNode();
        ArrayNode played = o.putArray("played");
        String moveText = q.text("move");
        Position cur = p;
        String winner = null;
        if (moveText != null) {
            if (Positions.landlordSide(p.mover()) != youLandlord) {
                throw HttpError.bad("it is the engine's turn (seat " + p.mover() + ", "
                    + Positions.role(p.mover(), p.seats()) + "): send no \"move\"");
            }
            int move = Req.engine("move", () -> t.parseMove(moveText));
            String why = Positions.whyIllegal(p, move);
            if (why != null) {
                throw HttpError.bad("\"move\": " + why);
            }
            ObjectNode step = step(p, move, "you");
            Verdict before = verdict(p, deadline);
            if (before != null) {
                step.put("was_winning", before.moverWins());
                step.put("kept_win", before.moverWins() ? contains(before.winning(), move) : null);
                step.set("winning_moves", Positions.moveTexts(t, before.winning()));
            }
            played.add(step);
            cur = Positions.after(p, move);
            if (cur == null) {
                winner = Positions.landlordSide(p.mover()) ? "landlord" : "farmers";
            }
        }
        boolean guessed = false;
        while (cur != null && Positions.landlordSide(cur.mover()) != youLandlord) {
            Verdict v = verdict(cur, deadline);
            int move;
            if (v == null) {
                move = legal(cur)[0];
                guessed = true;
            } else if (v.moverWins()) {
                move = v.firstMove();
            } else {
                move = resist(cur, start + (deadline - start) / 2).move;
            }
            played.add(step(cur, move, "engine"));
            Position next = Positions.after(cur, move);
            if (next == null) {
                winner = Positions.landlordSide(cur.mover()) ? "landlord" : "farmers";
            }
            cur = next;
        }
        o.put("over", cur == null);
        o.put("winner", winner);
        if (winner != null) {
            o.put("you_won", winner.equals("landlord") == youLandlord);
        }
        o.put("engine_guessed", guessed);
        if (cur != null) {
            o.put("position", cur.toString());
            o.set("hands", Positions.hands(cur));
            o.put("mover", cur.mover());
            o.put("last", cur.isLead() ? null : t.format(cur.lastMove()));
            o.put("last_seat", cur.isLead() ? null : cur.lastSeat());
            Verdict now = verdict(cur, deadline);
            o.put("you_win", now == null ? null : now.moverWins());
            o.set("winning_moves", now == null ? null : Positions.moveTexts(t, now.winning()));
            ArrayNode legal = o.putArray("legal_moves");
            for (int id : legal(cur)) {
                legal.add(Positions.move(t, id));
            }
        }
        o.put("time_ms", ms(System.nanoTime() - start));
        return o;
    }

    private static ObjectNode step(Position p, int move, String by) {
        ObjectNode s = Req.MAPPER.createObjectNode();
        s.put("seat", p.mover());
        s.put("role", Positions.role(p.mover(), p.seats()));
        s.put("by", by);
        s.setAll(Positions.move(p.rules().table(), move));
        return s;
    }

    private static boolean contains(int[] ids, int id) {
        for (int x : ids) {
            if (x == id) {
                return true;
            }
        }
        return false;
    }

    static double ms(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }

    static <K, V> Map<K, V> lru(int capacity) {
        return new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }
}
