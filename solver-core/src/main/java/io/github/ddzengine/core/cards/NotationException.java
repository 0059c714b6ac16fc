package io.github.ddzengine.core.cards;

/**
 * Thrown for text that is not valid card, move, seat or position notation ({@code notation.md}).
 * The message is one line that names the bad token and where it is, fit to print as is: the
 * input it quotes may hold any character, so line breaks and other control characters in it are
 * shown as Java-style escapes (a backslash, {@code u} and four hex digits).
 */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** An exception with a one-line message that says what is wrong and where. */
    public NotationException(String message) {
        super(Ascii.visible(message));
    }
}
