package io.github.ddzengine.core.game;

/**
 * Thrown when a seat attempts a move the rules do not allow in the current state. The message is
 * one line naming the seat, the move and the reason.
 */
public final class IllegalMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int seat;
    private final int move;

    /** An exception for {@code move} (a move id, possibly out of range) attempted by {@code seat}. */
    public IllegalMoveException(int seat, int move, String message) {
        super(message);
        this.seat = seat;
        this.move = move;
    }

    /** The seat that attempted the move, 0..2. */
    public int seat() {
        return seat;
    }

    /** The move id attempted (as given, possibly not a valid id). */
    public int move() {
        return move;
    }
}
