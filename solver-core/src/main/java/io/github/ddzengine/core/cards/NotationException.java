package io.github.ddzengine.core.cards;

/**
 * Thrown for text that is not valid card, move, seat or position notation ({@code notation.md}).
 * The message is one line that names the bad token and where it is, fit to print as is.
 */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** An exception with a one-line message that says what is wrong and where. */
    public NotationException(String message) {
        super(message);
    }
}
