package io.github.ddzengine.mc.arena;

/**
 * A game of the arena could not go on: an agent returned an illegal move or bid, or failed. The
 * message is one line naming the game, the seat (or bidding position), the agent and the reason.
 */
public final class ArenaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception with a one-line message. */
    public ArenaException(String message, Throwable cause) {
        super(message, cause);
    }
}
