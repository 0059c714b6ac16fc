package io.github.ddzengine.tools.cli;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * One legal-moves question, parsed: the rules, the mover's hand and the move to beat.
 *
 * @param rules the rule set (preset and bans)
 * @param hand the mover's cards ({@code Cards} layout), 1 to {@link Notation#MAX_HAND} cards
 * @param last the move id to beat in {@code rules.table()}, {@link MoveTable#PASS} when leading
 */
public record Query(Rules rules, long hand, int last) {
    /**
     * Parses a question from text.
     *
     * @param rules the rule set
     * @param handText the hand in card notation
     * @param lastText the move to beat in move notation; null, blank or a pass word to lead
     * @param lastLabel how the last move is called in error messages ({@code --last}, {@code last_move})
     * @throws IllegalArgumentException with a one-line message that names the field, the bad token
     *     and its position, or a last move of a banned type (it cannot have been played). A last
     *     move is checked on its own: it may hold cards the hand holds too (the question is one of
     *     rules, not a position; {@code ddz solve} checks whole positions)
     */
    public static Query parse(Rules rules, String handText, String lastText, String lastLabel) {
        long hand;
        try {
            hand = Notation.parseHand(handText, Notation.MAX_HAND);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hand: " + e.getMessage(), e);
        }
        int last = MoveTable.PASS;
        if (lastText != null && !lastText.isBlank()) {
            MoveTable table = rules.table();
            try {
                last = table.parseMove(lastText);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(lastLabel + ": " + e.getMessage(), e);
            }
            if (!rules.allows(last)) {
                throw new IllegalArgumentException(lastLabel + ": " + table.format(last) + " is a banned type ("
                    + table.typeName(last) + "): it cannot have been played");
            }
        }
        return new Query(rules, hand, last);
    }

    /** Whether the mover leads (no move to beat). */
    public boolean leads() {
        return last == MoveTable.PASS;
    }
}
