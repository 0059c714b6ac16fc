package io.github.ddzengine.engine;

/**
 * A move as people read it.
 *
 * @param notation the move in notation.md form ({@code 3338}, {@code 7777}, {@code pass})
 * @param type its combination type ({@code trio_solo}, {@code bomb}, {@code pass}; rules.md
 *     section 2's names)
 * @param cards how many cards it plays (0 for a pass)
 */
public record Move(String notation, String type, int cards) {
    @Override
    public String toString() {
        return notation;
    }
}
