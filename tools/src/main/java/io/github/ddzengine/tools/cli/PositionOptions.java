package io.github.ddzengine.tools.cli;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The position of {@code ddz solve} and {@code ddz coach} (a picocli mixin): the POSITION words, or
 * separate options so that hands may be written with spaces ({@code --landlord "4 4 8 10 J 大王"}):
 * {@code --landlord}, {@code --farmer} (two seats) or {@code --down} and {@code --up} (three),
 * {@code --mover} and {@code --last}.
 */
public final class PositionOptions {
    @Parameters(arity = "0..*", paramLabel = "POSITION",
        description = "The position, e.g. '448999TJJQQAD/336688TAA22X 0' (several words are joined).")
    List<String> position = new ArrayList<>();

    @Option(names = "--landlord", paramLabel = "HAND",
        description = "The landlord's hand, as an alternative to POSITION (spaces allowed: \"4 4 8 10 J 大王\").")
    String landlord;

    @Option(names = "--farmer", paramLabel = "HAND", description = "The farmer's hand (two seats).")
    String farmer;

    @Option(names = "--down", paramLabel = "HAND", description = "The hand of the farmer after the landlord (three seats).")
    String down;

    @Option(names = "--up", paramLabel = "HAND", description = "The hand of the farmer before the landlord (three seats).")
    String up;

    @Option(names = "--mover", paramLabel = "SEAT",
        description = "The seat to move with --landlord: 0/landlord/地主 (default), 1/farmer/down/农民/下家, 2/up/上家.")
    String mover;

    @Option(names = "--last", paramLabel = "MOVE@SEAT",
        description = "With --landlord: the move the mover must beat and the seat that played it, e.g. 88@farmer "
            + "or \"8 8@农民\" (absent: the mover leads).")
    String last;

    /** Whether a position is given, as POSITION words or as options. */
    public boolean given() {
        return !position.isEmpty() || optionsGiven();
    }

    private boolean optionsGiven() {
        return landlord != null || farmer != null || down != null || up != null || mover != null || last != null;
    }

    /**
     * The position given, as the text {@link Position#parse} reads (the POSITION words joined by
     * spaces, or the options' position), or null when none is given.
     *
     * @throws IllegalArgumentException naming the option that is wrong, or where both forms are given
     */
    public String text(Rules rules) {
        if (!optionsGiven()) {
            return position.isEmpty() ? null : String.join(" ", position);
        }
        if (!position.isEmpty()) {
            throw new IllegalArgumentException("give the position either as POSITION or as --landlord ..., not both");
        }
        if (landlord == null) {
            throw new IllegalArgumentException("--landlord is missing: a position by options needs every hand");
        }
        boolean two = farmer != null;
        if (two && (down != null || up != null)) {
            throw new IllegalArgumentException("--farmer is for two seats, --down and --up for three: not both");
        }
        if (!two && (down == null || up == null)) {
            throw new IllegalArgumentException("give --farmer (two seats) or both --down and --up (three seats)");
        }
        int seats = two ? 2 : 3;
        StringBuilder sb = new StringBuilder(hand("--landlord", landlord)).append('/');
        if (two) {
            sb.append(hand("--farmer", farmer));
        } else {
            sb.append(hand("--down", down)).append('/').append(hand("--up", up));
        }
        int m = mover == null ? 0 : seat("--mover", mover, seats);
        sb.append(' ').append(m);
        if (last != null) {
            int at = last.lastIndexOf('@');
            if (at < 0) {
                throw new IllegalArgumentException("--last " + last + ": write MOVE@SEAT, e.g. 88@farmer");
            }
            MoveTable table = rules.table();
            int move;
            try {
                move = table.parseMove(last.substring(0, at));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--last: " + e.getMessage());
            }
            if (move == MoveTable.PASS) {
                throw new IllegalArgumentException("--last " + last + ": a pass is not a move to beat (leave --last out "
                    + "to lead)");
            }
            sb.append(' ').append(table.format(move)).append('@').append(seat("--last", last.substring(at + 1), seats));
        }
        return sb.toString();
    }

    private static String hand(String option, String text) {
        try {
            return Notation.format(Notation.parseHand(text, Notation.MAX_HAND));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }

    private static int seat(String option, String text, int seats) {
        try {
            return Lang.parseSeat(text, seats);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }
}
