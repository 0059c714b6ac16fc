package io.github.ddzengine.core.rules;

/**
 * The rule of the trick (docs/rules.md), in one home: every search layer, the game state,
 * the Monte Carlo search and the front ends call it rather than comparing seats themselves.
 */
public final class Trick {
    private Trick() {
    }

    /**
     * After a pass, whether play is back at the seat of the last move ({@code next}, the seat to act
     * after the pass, is {@code lastSeat}), so that every other seat has passed and {@code next}
     * leads a new trick.
     *
     * @param next the seat to act after the pass
     * @param lastSeat the seat of the move to beat
     */
    public static boolean passEndsTrick(int next, int lastSeat) {
        return next == lastSeat;
    }

    /**
     * The move to beat after a pass, seen from {@code next} (the seat to act after it):
     * {@link MoveTable#PASS} (it leads) when the pass ends the trick ({@link #passEndsTrick}),
     * else {@code last}.
     *
     * @param next the seat to act after the pass
     * @param last the move to beat before the pass
     * @param lastSeat the seat of {@code last}
     */
    public static int lastAfterPass(int next, int last, int lastSeat) {
        return passEndsTrick(next, lastSeat) ? MoveTable.PASS : last;
    }

    /**
     * The seat of the move to beat after a pass ({@link #lastAfterPass}): -1 (none) when the pass
     * ends the trick, else {@code lastSeat}.
     */
    public static int lastSeatAfterPass(int next, int lastSeat) {
        return passEndsTrick(next, lastSeat) ? -1 : lastSeat;
    }

    /**
     * The move {@code mover} must beat: {@code last}, or {@link MoveTable#PASS} (it leads) when
     * there is none ({@code lastSeat < 0}) or play has come back to the seat that played it
     * ({@link #passEndsTrick}).
     */
    public static int toBeat(int last, int lastSeat, int mover) {
        return lastSeat < 0 || passEndsTrick(mover, lastSeat) ? MoveTable.PASS : last;
    }
}
