package io.github.ddzengine.engine;

import java.util.List;

/**
 * The perfect-information verdict of a position, as {@code ddz solve --json} prints it.
 *
 * @param position the position in notation.md form
 * @param verdict {@code win} or {@code loss} for the side to move, or {@code unknown} when the
 *     time or node limit ran out first
 * @param winner {@code landlord} or {@code farmers}; null when unknown
 * @param winningMoves every first move that keeps a forced win (when all were asked for), else
 *     the first one found; empty when the mover loses or the verdict is unknown
 * @param line a line of play from the mover, passes included: the winner's moves win, the
 *     loser's are its first legal choice; empty when unknown
 * @param nodes nodes searched (exact, the same on every machine)
 * @param timedOut whether a limit cut the search short
 */
public record Solution(String position, String verdict, String winner, List<String> winningMoves,
                       List<Play> line, long nodes, boolean timedOut) {
    /** @throws NullPointerException if a list is null */
    public Solution {
        winningMoves = List.copyOf(winningMoves);
        line = List.copyOf(line);
    }

    /** Whether the side to move wins with perfect play. */
    public boolean moverWins() {
        return verdict.equals("win");
    }
}
