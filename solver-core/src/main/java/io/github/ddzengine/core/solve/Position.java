package io.github.ddzengine.core.solve;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;

/**
 * A perfect-information position ({@code notation.md} section 4): every hand visible, the seat to
 * act, and the combination it must beat, if any. Immutable.
 *
 * <p>Two seats: the landlord (seat 0) against one farmer (seat 1); one pass returns the lead.
 * Three seats: landlord (0), landlord_down (1), landlord_up (2) in that order of play; the two
 * farmers win together; two passes in a row return the lead.
 */
public final class Position {
    /** Most cards the landlord can hold (17 + the 3-card kitty). */
    public static final int MAX_LANDLORD_CARDS = 20;
    /** Most cards a farmer can hold. */
    public static final int MAX_FARMER_CARDS = 17;

    private final Rules rules;
    private final long[] hands;
    private final int mover;
    private final int lastMove;
    private final int lastSeat;

    private Position(Rules rules, long[] hands, int mover, int lastMove, int lastSeat) {
        this.rules = rules;
        this.hands = hands;
        this.mover = mover;
        this.lastMove = lastMove;
        this.lastSeat = lastSeat;
    }

    /**
     * A position from its parts, validated as {@link #parse} validates text.
     *
     * @param hands the hands of seats 0, 1 (and 2), {@link Cards} layout; 2 or 3 of them
     * @param mover the seat to act
     * @param lastMove the move id ({@code rules.table()}) the mover must beat, or {@link MoveTable#PASS} to lead
     * @param lastSeat the seat that played {@code lastMove} (ignored when leading)
     * @throws NotationException if the position is impossible (see {@link #parse})
     */
    public static Position of(Rules rules, long[] hands, int mover, int lastMove, int lastSeat) {
        if (hands.length != 2 && hands.length != 3) {
            throw new NotationException("a position has 2 or 3 hands, not " + hands.length);
        }
        long[] h = Arrays.copyOf(hands, hands.length);
        Position p = new Position(rules, h, mover, lastMove, lastMove == MoveTable.PASS ? -1 : lastSeat);
        p.validate();
        return p;
    }

    /**
     * Parses {@code HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]}, for example
     * {@code 3558TJJ2X/67TTKAA 0 88@1}.
     *
     * @throws NotationException with a one-line message for malformed text, a card held twice
     *     (more than four of a rank or two of a joker over all hands and the last move), an empty
     *     or oversized hand (landlord 1..20, farmers 1..17), an unknown mover, a last move that is
     *     not a combination of the rules (or a banned type), a last move by the mover itself, or a
     *     last move its seat could not have held (its hand plus the move over 20 or 17 cards)
     */
    public static Position parse(String text, Rules rules) {
        String[] fields = text == null ? new String[0] : fields(text);
        if (fields.length == 0) {
            throw new NotationException("empty position (expected HAND0/HAND1[/HAND2] MOVER [LAST@SEAT])");
        }
        if (fields.length > 3) {
            fields = spacedHands(fields);
        }
        if (fields.length < 2 || fields.length > 3) {
            throw new NotationException("position \"" + String.join(" ", fields) + "\" has " + fields.length
                + " fields; expected HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]");
        }
        String[] handTexts = fields[0].split("/", -1);
        if (handTexts.length != 2 && handTexts.length != 3) {
            throw new NotationException("position needs 2 or 3 hands separated by '/', got " + handTexts.length
                + " in \"" + fields[0] + "\"");
        }
        long[] hands = new long[handTexts.length];
        for (int s = 0; s < hands.length; s++) {
            if (handTexts[s].isEmpty() || handTexts[s].equals("-")) {
                throw new NotationException("hand of seat " + s + " is empty: the game would be over");
            }
            try {
                hands[s] = Notation.parseCards(handTexts[s]);
            } catch (NotationException e) {
                throw new NotationException("hand of seat " + s + ": " + e.getMessage());
            }
        }
        int mover = Seat.parse(fields[1], hands.length);
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (fields.length == 3) {
            String f = fields[2];
            int at = f.lastIndexOf('@');
            if (at <= 0 || at == f.length() - 1) {
                throw new NotationException("last move \"" + f + "\" must be CARDS@SEAT, for example 88@1");
            }
            lastSeat = Seat.parse(f.substring(at + 1), hands.length);
            last = rules.table().parseMove(f.substring(0, at));
            if (last == MoveTable.PASS) {
                throw new NotationException("last move \"" + f + "\" is a pass: leave it out when the mover leads");
            }
        }
        Position p = new Position(rules, hands, mover, last, lastSeat);
        p.validate();
        return p;
    }

    /**
     * A position written with spaces inside its hands ({@code 4 4 8 / 3 3 6 0 88@1}, as the cards
     * of {@code --landlord} are written): the last field is the last move when it holds {@code @},
     * the field before it (or the last) the mover, and everything before that the hands, joined.
     *
     * @throws NotationException when the fields cannot be read that way, saying how to write it
     */
    private static String[] spacedHands(String[] fields) {
        int k = fields.length;
        boolean hasLast = fields[k - 1].indexOf('@') > 0;
        int mover = hasLast ? k - 2 : k - 1;
        StringBuilder hands = new StringBuilder();
        for (int i = 0; i < mover; i++) {
            hands.append(fields[i]);
        }
        if (hands.indexOf("/") < 0 || !Seat.isSeatToken(fields[mover])) {
            throw new NotationException("position \"" + String.join(" ", fields) + "\" has " + k + " fields; "
                + "expected HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]: write the hands between '/', then the mover (0, 1 or "
                + "2), then the last move as CARDS@SEAT without spaces, for example 4 4 8 9 / 3 3 6 8 0 88@1");
        }
        return hasLast ? new String[] {hands.toString(), fields[mover], fields[k - 1]}
            : new String[] {hands.toString(), fields[mover]};
    }

    /** The fields of a position: the runs of text between spaces ({@link Notation#isSpace}). */
    private static String[] fields(String text) {
        java.util.List<String> fields = new java.util.ArrayList<>(3);
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean space = i == text.length() || Notation.isSpace(text.charAt(i));
            if (space && start >= 0) {
                fields.add(text.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return fields.toArray(new String[0]);
    }

    private void validate() {
        int seats = hands.length;
        long total = 0;
        for (int s = 0; s < seats; s++) {
            if (!Cards.isValid(hands[s])) {
                throw new NotationException("hand of seat " + s + " is not a valid card set");
            }
            int size = Cards.size(hands[s]);
            if (size == 0) {
                throw new NotationException("hand of seat " + s + " is empty: the game would be over");
            }
            int max = s == Seat.LANDLORD ? MAX_LANDLORD_CARDS : MAX_FARMER_CARDS;
            if (size > max) {
                throw new NotationException("hand of seat " + s + " (" + Seat.name(s) + ") has " + size
                    + " cards; at most " + max);
            }
            total = addAll(total, hands[s], "seat " + s);
        }
        if (mover < 0 || mover >= seats) {
            throw new NotationException("no seat " + mover + " with " + seats + " seats");
        }
        MoveTable table = rules.table();
        if (lastMove != MoveTable.PASS) {
            if (lastMove < 0 || lastMove >= table.size()) {
                throw new NotationException("no move id " + lastMove);
            }
            if (lastSeat < 0 || lastSeat >= seats) {
                throw new NotationException("last move by seat " + lastSeat + ", which does not exist with " + seats
                    + " seats");
            }
            if (lastSeat == mover) {
                throw new NotationException("the mover (seat " + mover + ") cannot have to beat its own "
                    + table.format(lastMove) + ": it would lead");
            }
            if (!rules.allows(lastMove)) {
                throw new NotationException("last move " + table.format(lastMove) + " is a banned type ("
                    + table.typeName(lastMove) + ")");
            }
            addAll(total, table.cards(lastMove), "the last move " + table.format(lastMove));
            int before = Cards.size(hands[lastSeat]) + table.cardCount(lastMove);
            int max = lastSeat == Seat.LANDLORD ? MAX_LANDLORD_CARDS : MAX_FARMER_CARDS;
            if (before > max) {
                throw new NotationException("seat " + lastSeat + " (" + Seat.name(lastSeat) + ") cannot have played "
                    + table.format(lastMove) + ": it would have held " + before + " cards, at most " + max);
            }
        }
    }

    /** Adds {@code cards} to {@code total}, refusing a card held twice. */
    private static long addAll(long total, long cards, String where) {
        for (int r = 0; r < Rank.COUNT; r++) {
            int k = Cards.count(total, r) + Cards.count(cards, r);
            int max = Rank.isJoker(r) ? 1 : 4;
            if (k > max) {
                throw new NotationException(where + " holds a " + Rank.symbol(r)
                    + " that is already in another hand (" + k + " of " + max + ")");
            }
        }
        return total + cards;
    }

    /** The rules of play. */
    public Rules rules() {
        return rules;
    }

    /** Number of seats, 2 or 3. */
    public int seats() {
        return hands.length;
    }

    /** The hand of a seat ({@link Cards} layout). */
    public long hand(int seat) {
        return hands[seat];
    }

    /** The seat to act. */
    public int mover() {
        return mover;
    }

    /** The move id the mover must beat, or {@link MoveTable#PASS} when the mover leads. */
    public int lastMove() {
        return lastMove;
    }

    /** The seat that played {@link #lastMove()}, or -1 when the mover leads. */
    public int lastSeat() {
        return lastSeat;
    }

    /** Whether the mover leads (no combination to beat). */
    public boolean isLead() {
        return lastMove == MoveTable.PASS;
    }

    /**
     * The position after the mover plays {@code move}, or null when the move empties the mover's
     * hand (the game is over). A pass hands the lead back to the seat of the last move when every
     * other seat has passed.
     *
     * @param move a legal move of the mover (a move table id, or {@link MoveTable#PASS})
     * @return the next position, or null when the game ends
     */
    public Position after(int move) {
        int seats = hands.length;
        int next = (mover + 1) % seats;
        long[] nextHands = hands.clone();
        if (move == MoveTable.PASS) {
            return of(rules, nextHands, next, Trick.lastAfterPass(next, lastMove, lastSeat),
                Trick.lastSeatAfterPass(next, lastSeat));
        }
        nextHands[mover] = Cards.remove(nextHands[mover], rules.table().cards(move));
        if (nextHands[mover] == Cards.EMPTY) {
            return null;
        }
        return of(rules, nextHands, next, move, mover);
    }

    /** Whether a seat plays for the landlord's side. */
    public static boolean isLandlordSide(int seat) {
        return seat == Seat.LANDLORD;
    }

    /** The position in the notation of {@code notation.md} section 4. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < hands.length; s++) {
            if (s > 0) {
                sb.append('/');
            }
            Notation.appendTo(sb, hands[s]);
        }
        sb.append(' ').append(mover);
        if (lastMove != MoveTable.PASS) {
            sb.append(' ').append(rules.table().format(lastMove)).append('@').append(lastSeat);
        }
        return sb.toString();
    }
}
