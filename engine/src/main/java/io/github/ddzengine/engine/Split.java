package io.github.ddzengine.engine;

import java.util.List;

/**
 * A min-hand split: the fewest plays that empty a hand, and one split that does.
 *
 * @param plays the min-hand count
 * @param moves one optimal split, {@code plays} moves, as {@code ddz split} prints it
 */
public record Split(int plays, List<Move> moves) {
    /** @throws NullPointerException if {@code moves} is null */
    public Split {
        moves = List.copyOf(moves);
    }
}
