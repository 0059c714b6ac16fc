package io.github.ddzengine.engine;

/**
 * One move of a line or a game, with the seat that made it.
 *
 * @param seat {@code landlord}, {@code landlord_down} or {@code landlord_up} (in a two-hand
 *     position: {@code landlord} or {@code farmer})
 * @param move the move in notation.md form, {@code pass} included
 */
public record Play(String seat, String move) {
    @Override
    public String toString() {
        return seat + ": " + move;
    }
}
