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
     * The move {@code mover} must beat: {@code last}, or {@link MoveTable#PASS} (it leads) when
     * there is none ({@code lastSeat < 0}) or play has come back to the seat that played it
     * ({@link #passEndsTrick}).
     */
    public static int toBeat(int last, int lastSeat, int mover) {
        return lastSeat < 0 || passEndsTrick(mover, lastSeat) ? MoveTable.PASS : last;
    }
}
