package io.github.ddzengine.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;

/**
 * A coaching session: a person plays one side of a perfect-information position (the landlord,
 * or the farmers: with three seats both farmer seats) against the engine, which plays the other
 * side with its best move. After every move the session re-solves the new position, so it can say
 * whether the person's side still forces a win and list every winning move; a move can be taken
 * back ({@link #undo}). The API behind {@code ddz coach} (and {@code ddz solve -i}), reusable by
 * any front end: it prints nothing.
 *
 * <p><b>The engine's move</b> follows the distance to win ({@link DistanceToWin}: the winning
 * side's plays to finish against the most stubborn defence, passes not counted). Where the
 * engine's side wins it plays the fastest win: the first move in display order after which its side
 * needs the fewest plays. Where it loses, every move loses, and it plays the most stubborn defence:
 * the first move in display order after which the person's side needs the most plays. Both depend
 * only on exact values, not on the solver's search order, so a session replays the same on every
 * version of the solver. Where the distance is not exact within the budget (the session's time
 * budget and {@value #DISTANCE_NODES} nodes a search), the engine falls back on the verdicts
 * alone: its first winning move in display order, or where it loses the move after which the
 * person's side has the fewest winning moves; where a solve runs out of its time budget it plays
 * its first legal move in display order.
 *
 * <p>Every position is solved with every winning move ({@link Solver#solve} with
 * {@code allWinningMoves}), each from an empty table, within the session's time budget; answers
 * are cached, so undoing and replaying costs no search; the distance search keeps its table for
 * the whole session (its entries are exact). Not thread-safe.
 */
public final class Coach {
    /** Node budget of each distance search of a session (about a few seconds at most). */
    public static final long DISTANCE_NODES = 5_000_000;

    /**
     * What the solver says of a position.
     *
     * @param position the position
     * @param verdict for the side to move: win, loss, or unknown (the time budget ran out)
     * @param winning every winning move of the mover, in display order ({@code []} when it loses;
     *     null when unknown)
     * @param best the first winning move in display order when the mover wins, else -1
     * @param nodes solver nodes spent
     */
    public record Analysis(Position position, SolveResult.Verdict verdict, int[] winning, int best, long nodes) {
        /** Whether the side to move forces a win (false when it loses or the verdict is unknown). */
        public boolean moverWins() {
            return verdict == SolveResult.Verdict.WIN;
        }

        /** Whether the verdict is known. */
        public boolean isKnown() {
            return verdict != SolveResult.Verdict.UNKNOWN;
        }
    }

    /**
     * One move of the session.
     *
     * @param before the position the move was played in
     * @param seat the seat that played it
     * @param move the move id
     * @param byPerson whether the person played it (else the engine)
     * @param analysis the solver's verdict of {@code before}
     * @param after the position after it; null when it ended the game
     * @param sideWinsAfter whether the mover's side forces a win after the move: true when the
     *     move ended the game; null when the solve after it ran out of time
     */
    public record Step(Position before, int seat, int move, boolean byPerson, Analysis analysis, Position after,
                       Boolean sideWinsAfter) {
        /** A move that turned a solved win of the mover's side into a solved loss. */
        public boolean isBlunder() {
            return analysis.moverWins() && Boolean.FALSE.equals(sideWinsAfter);
        }
    }

    private final Solver solver;
    private final DistanceToWin distance;
    private final Map<String, DistanceToWin.Result> distances = new HashMap<>();
    private final Rules rules;
    private final MoveGenerator generator;
    private final boolean personIsLandlord;
    private final long timeoutMillis;
    private final Position start;
    private final List<Step> steps = new ArrayList<>();
    private final Map<String, Analysis> cache = new HashMap<>();
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private Position current;

    /**
     * A session from {@code start}.
     *
     * @param solver a solver of the position's rules (the session uses it and its distance layer,
     *     {@link Solver#distance()}, alone)
     * @param generator a move generator of the position's rules (the session uses it alone)
     * @param start the position to play out
     * @param personIsLandlord whether the person plays the landlord (else the farmers)
     * @param timeoutMillis time budget of each solve and each distance search, ms; 0 for none
     * @throws IllegalArgumentException if the solver's or the generator's rules differ from the position's
     */
    public Coach(Solver solver, MoveGenerator generator, Position start, boolean personIsLandlord, long timeoutMillis) {
        if (!solver.rules().equals(start.rules()) || !generator.rules().equals(start.rules())) {
            throw new IllegalArgumentException("the solver plays by " + solver.rules() + " and the move generator by "
                + generator.rules() + ", the position by " + start.rules());
        }
        this.solver = solver;
        this.distance = solver.distance();
        this.rules = start.rules();
        this.generator = generator;
        this.personIsLandlord = personIsLandlord;
        this.timeoutMillis = timeoutMillis;
        this.start = start;
        this.current = start;
    }

    /** The starting position. */
    public Position start() {
        return start;
    }

    /** Whether the person plays the landlord (else the farmers). */
    public boolean personIsLandlord() {
        return personIsLandlord;
    }

    /** The position to play, or null when the game is over. */
    public Position position() {
        return current;
    }

    /** Whether the game is over (a seat has played its last card). */
    public boolean isOver() {
        return current == null;
    }

    /** When the game is over, whether the landlord won. */
    public boolean landlordWon() {
        if (current != null) {
            throw new IllegalStateException("the game is not over");
        }
        return Position.isLandlordSide(steps.get(steps.size() - 1).seat());
    }

    /** Whether the person is to move (false when the game is over). */
    public boolean personToMove() {
        return current != null && Position.isLandlordSide(current.mover()) == personIsLandlord;
    }

    /** The moves so far, oldest first. */
    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The solver's verdict of the position to play (cached). */
    public Analysis analysis() {
        if (current == null) {
            throw new IllegalStateException("the game is over");
        }
        return analyse(current);
    }

    /**
     * The winner's plays to win from the position to play, against the most stubborn defence
     * ({@link DistanceToWin}; cached): exact, or a lower bound where the budget ran out; null when
     * the verdict is unknown.
     *
     * @throws IllegalStateException if the game is over
     */
    public DistanceToWin.Result playsToWin() {
        Analysis a = analysis();
        if (!a.isKnown()) {
            return null;
        }
        return distanceOf(current, Position.isLandlordSide(current.mover()) == a.moverWins());
    }

    /**
     * The plays to win after each winning move of the mover ({@link Analysis#winning()}, same order),
     * the move counted, or null when the mover loses, the verdict is unknown or one of them is not
     * exact within the budget.
     *
     * @throws IllegalStateException if the game is over
     */
    public int[] winningPlays() {
        Analysis a = analysis();
        if (!a.moverWins()) {
            return null;
        }
        boolean landlord = Position.isLandlordSide(current.mover());
        int[] plays = new int[a.winning().length];
        for (int i = 0; i < plays.length; i++) {
            int m = a.winning()[i];
            Position after = after(current, m);
            if (after == null) {
                plays[i] = 1;
                continue;
            }
            DistanceToWin.Result r = distanceOf(after, landlord);
            if (!r.exact()) {
                return null;
            }
            plays[i] = r.plays() + (m == MoveTable.PASS ? 0 : 1);
        }
        return plays;
    }

    /** Every legal move of the mover, in display order. */
    public int[] legalMoves() {
        if (current == null) {
            return new int[0];
        }
        return legal(current);
    }

    /**
     * The person's move.
     *
     * @return the step, with whether the person's side still forces a win after it
     * @throws IllegalStateException if the game is over or the engine is to move
     * @throws IllegalArgumentException if the move is not legal here ({@link #whyIllegal})
     */
    public Step play(int move) {
        if (!personToMove()) {
            throw new IllegalStateException(current == null ? "the game is over" : "the engine is to move");
        }
        String why = whyIllegal(current, move);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return record(move, true);
    }

    /**
     * The engine's move (see the class comment).
     *
     * @throws IllegalStateException if the game is over or the person is to move
     */
    public Step reply() {
        if (current == null || personToMove()) {
            throw new IllegalStateException(current == null ? "the game is over" : "the person is to move");
        }
        return record(engineMove(current), false);
    }

    /**
     * Takes back the person's last move and the engine's replies after it.
     *
     * @return whether there was a move of the person to take back
     */
    public boolean undo() {
        int i = steps.size() - 1;
        while (i >= 0 && !steps.get(i).byPerson()) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        current = steps.get(i).before();
        steps.subList(i, steps.size()).clear();
        return true;
    }

    private Step record(int move, boolean byPerson) {
        Position before = current;
        Analysis a = analyse(before);
        Position after = after(before, move);
        Boolean sideWins;
        if (after == null) {
            sideWins = Boolean.TRUE;
        } else {
            Analysis next = analyse(after);
            boolean same = Position.isLandlordSide(after.mover()) == Position.isLandlordSide(before.mover());
            sideWins = next.isKnown() ? (next.moverWins() == same) : null;
        }
        Step s = new Step(before, before.mover(), move, byPerson, a, after, sideWins);
        steps.add(s);
        current = after;
        return s;
    }

    /** The engine's choice in {@code p} (see the class comment). */
    private int engineMove(Position p) {
        Analysis a = analyse(p);
        int[] legal = legal(p);
        if (!a.isKnown() || legal.length == 1) {
            return legal[0];
        }
        boolean landlordWins = Position.isLandlordSide(p.mover()) == a.moverWins();
        DistanceToWin.Result d = distanceOf(p, landlordWins);
        if (d.wins()) {
            int m = distance.bestMove(p, landlordWins, d.plays(), timeoutMillis, DISTANCE_NODES);
            if (m >= 0) {
                return m;
            }
        }
        if (a.moverWins()) {
            return a.best();
        }
        // every move loses: the one that leaves the winner the fewest winning moves
        int best = legal[0];
        int fewest = Integer.MAX_VALUE;
        for (int m : legal) {
            Position after = after(p, m);
            if (after == null) {
                return m; // cannot happen in a lost position, but a move that ends the game wins
            }
            Analysis next = analyse(after);
            if (!next.isKnown()) {
                continue;
            }
            boolean same = Position.isLandlordSide(after.mover()) == Position.isLandlordSide(p.mover());
            // the winner's winning moves right after this move: none when the loser's partner moves next
            int answers = same ? 0 : next.winning().length;
            if (answers < fewest) {
                best = m;
                fewest = answers;
            }
        }
        return best;
    }

    /** The distance of {@code p} for a side, cached (exact values and lower bounds alike). */
    private DistanceToWin.Result distanceOf(Position p, boolean landlordSide) {
        String key = p + (landlordSide ? " L" : " F");
        DistanceToWin.Result r = distances.get(key);
        if (r == null) {
            r = distance.plays(p, landlordSide, timeoutMillis, DISTANCE_NODES);
            distances.put(key, r);
        }
        return r;
    }

    private Analysis analyse(Position p) {
        String key = p.toString();
        Analysis a = cache.get(key);
        if (a == null) {
            SolveResult r = solver.solve(p, true, timeoutMillis, 0);
            int[] winning = r.isKnown() ? displayOrder(r.winningMoves()) : null;
            int best = r.isKnown() && r.moverWins() ? winning[0] : -1;
            a = new Analysis(p, r.verdict(), winning, best, r.nodes());
            cache.put(key, a);
        }
        return a;
    }

    private int[] legal(Position p) {
        int n = generator.answers(p.hand(p.mover()), p.isLead() ? MoveTable.PASS : p.lastMove(), buffer);
        return displayOrder(Arrays.copyOf(buffer, n));
    }

    private int[] displayOrder(int[] ids) {
        return DisplayOrder.sorted(rules.table(), ids);
    }

    /**
     * Why the mover of {@code p} may not play {@code move}, or null if it may: the rules allow
     * it, the mover holds it, it is no pass on a lead and it beats the last move.
     */
    public static String whyIllegal(Position p, int move) {
        Rules rules = p.rules();
        MoveTable t = rules.table();
        if (move == MoveTable.PASS) {
            return p.isLead() ? "a pass on a lead (the seat must play)" : null;
        }
        if (!rules.allows(move)) {
            return t.format(move) + " (" + t.typeName(move) + ") is banned by " + rules;
        }
        if (!Cards.contains(p.hand(p.mover()), t.cards(move))) {
            return "the hand " + Notation.format(p.hand(p.mover())) + " does not hold " + t.format(move);
        }
        if (!p.isLead() && !t.beats(move, p.lastMove())) {
            return t.format(move) + " does not beat " + t.format(p.lastMove()) + " (" + t.typeName(p.lastMove()) + ")";
        }
        return null;
    }

    /**
     * The position after the mover of {@code p} plays {@code move} (legal), or null when it
     * empties the hand (the game is over). A pass hands the lead back to the seat of the last
     * move when every other seat has passed.
     */
    public static Position after(Position p, int move) {
        return p.after(move);
    }
}
