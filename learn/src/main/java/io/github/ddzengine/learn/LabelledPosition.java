package io.github.ddzengine.learn;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.solve.Position;

/**
 * One line of a {@link DataFile}: an open-hand three-seat position and its label, the landlord
 * side's result: against best play (the solver's verdict) or in the game it came from.
 *
 * @param position the position (three seats, every hand non-empty)
 * @param landlordWins 1 if the landlord side wins, 0 if it loses
 * @param game the game it was sampled from (0-based game number of the data run)
 * @param nodes the solver nodes its label took (0 for a game's result)
 * @param solved whether the label is the solver's verdict (else the game's result)
 */
public record LabelledPosition(Position position, int landlordWins, int game, long nodes, boolean solved) {
    /** The cards in all hands. */
    public int cards() {
        return Cards.size(position.hand(0)) + Cards.size(position.hand(1)) + Cards.size(position.hand(2));
    }
}
