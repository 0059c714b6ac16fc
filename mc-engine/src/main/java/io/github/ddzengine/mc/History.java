package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * The text form of a play history: the plays in order from the landlord's first lead, separated
 * by commas, each a move in move notation ({@code notation.md} section 2) or a pass ({@code pass},
 * {@code p}, {@code -}, ...). The i-th play (0-based) is by seat {@code i % 3}: landlord,
 * landlord_down, landlord_up, landlord, ... Blanks around plays are ignored; an empty or blank
 * text is the empty history (the landlord to lead). Example:
 * {@code "333444555, pass, pass, 6789TJQK, 789TJQKA, -, -"}.
 */
public final class History {
    private History() {
    }

    /**
     * Parses a history into move ids of {@code rules.table()}.
     *
     * @throws NotationException naming the play (1-based) and its text when a play is not a move
     *     of the rules (legality against the hands is checked by {@link InformationSet#of})
     */
    public static int[] parse(Rules rules, String text) {
        if (text == null || text.isBlank()) {
            return new int[0];
        }
        String[] parts = text.split(",", -1);
        int[] moves = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.isEmpty()) {
                throw new NotationException("history play " + (i + 1) + " is empty (write pass or - for a pass)");
            }
            try {
                moves[i] = rules.table().parseMove(p);
            } catch (NotationException e) {
                throw new NotationException("history play " + (i + 1) + " (\"" + p + "\"): " + e.getMessage());
            }
        }
        return moves;
    }

    /** The text of a history: moves in notation, passes as {@code pass}, separated by {@code ", "}. */
    public static String format(MoveTable table, int[] moves) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < moves.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(table.format(moves[i]));
        }
        return sb.toString();
    }
}
