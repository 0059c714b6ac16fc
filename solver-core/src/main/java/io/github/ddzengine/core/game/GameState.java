package io.github.ddzengine.core.game;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;

/**
 * The play phase of a three-seat game: the hands, the seat to act, the move to beat and who
 * played it, the history of move ids, the bombs and rockets played, and the winner once a hand is
 * empty. Every move is checked before it is applied ({@link #play}); an illegal one throws
 * {@link IllegalMoveException} and leaves the state unchanged.
 *
 * <p>Seats: 0 = landlord (20 cards with the kitty, leads first), 1 = landlord_down, 2 =
 * landlord_up; play rotates 0, 1, 2, 0, ... so the i-th history entry was played by seat
 * {@code i % 3}. When the two seats after a play both pass, the seat that made it leads again.
 *
 * <p>Mutable and not thread-safe; {@link #play} allocates nothing. {@link #start} begins a new
 * game with a new history array, so a history handed out by {@link #historyArray()} is never
 * overwritten.
 */
public final class GameState {
    /**
     * Longest possible history: at most 54 plays that take cards, with at most two passes
     * between two of them.
     */
    public static final int MAX_HISTORY = 54 + 2 * 53;

    private final Rules rules;
    private final MoveTable table;
    private final long[] hands = new long[3];
    private final long[] played = new long[3];
    private final int[] plays = new int[3];
    private int[] history = new int[0];
    private int length;
    private int lastMove;
    private int lastSeat;
    private int bombs;
    private int rockets;
    private int winner = -1;

    /** A state for {@code rules}; call {@link #start} before playing. */
    public GameState(Rules rules) {
        this.rules = rules;
        this.table = rules.table();
    }

    /**
     * Starts a game on {@code deal} once bidding made {@code landlordPosition} the landlord: it
     * takes the kitty ({@link Deal#landlordHand(int)}), the next positions are landlord_down and
     * landlord_up ({@link Bidding#positionOfSeat}).
     */
    public void start(Deal deal, int landlordPosition) {
        start(deal.landlordHand(landlordPosition), deal.hand(Bidding.positionOfSeat(landlordPosition, 1)),
            deal.hand(Bidding.positionOfSeat(landlordPosition, 2)));
    }

    /** {@link #start(Deal, int)} of a game without bidding: position 0 is the landlord. */
    public void start(Deal deal) {
        start(deal, 0);
    }

    /**
     * Starts a game: the landlord (seat 0) holds 20 cards (its 17 and the kitty), each farmer 17,
     * and the landlord leads.
     *
     * @throws NotationException if a hand has the wrong size or a card is held twice
     */
    public void start(long landlord, long down, long up) {
        long[] h = {landlord, down, up};
        long all = 0;
        for (int s = 0; s < 3; s++) {
            int want = s == Seat.LANDLORD ? 20 : 17;
            if (!Cards.isValid(h[s]) || Cards.size(h[s]) != want) {
                throw new NotationException(Seat.name(s) + " starts with " + want + " cards, not " + Cards.size(h[s]));
            }
            all = Cards.add(all, h[s]);
            if (!Cards.isValid(all)) {
                throw new NotationException("a card of " + Seat.name(s) + " (" + Notation.format(h[s])
                    + ") is held by another seat too");
            }
        }
        System.arraycopy(h, 0, hands, 0, 3);
        Arrays.fill(played, 0L);
        Arrays.fill(plays, 0);
        history = new int[MAX_HISTORY];
        length = 0;
        lastMove = MoveTable.PASS;
        lastSeat = -1;
        bombs = 0;
        rockets = 0;
        winner = -1;
    }

    /** The rules. */
    public Rules rules() {
        return rules;
    }

    /** The seat to act, 0..2. */
    public int toAct() {
        return length % 3;
    }

    /** The cards {@code seat} holds now. */
    public long hand(int seat) {
        return hands[seat];
    }

    /** The cards {@code seat} has played so far. */
    public long played(int seat) {
        return played[seat];
    }

    /** How many combinations (passes excluded) {@code seat} has played. */
    public int playsBy(int seat) {
        return plays[seat];
    }

    /** The move the seat to act must beat, or {@link MoveTable#PASS} when it leads. */
    public int lastMove() {
        return lastMove;
    }

    /** The seat that played {@link #lastMove()}, or -1 when the seat to act leads. */
    public int lastSeat() {
        return lastSeat;
    }

    /** Whether the seat to act leads (must play, may play any combination). */
    public boolean leads() {
        return lastMove == MoveTable.PASS;
    }

    /** Number of plays so far, passes included. */
    public int historyLength() {
        return length;
    }

    /** The move id of play {@code i} (0-based), made by seat {@code i % 3}. */
    public int historyMove(int i) {
        if (i < 0 || i >= length) {
            throw new IndexOutOfBoundsException("play " + i + " of " + length);
        }
        return history[i];
    }

    /** A copy of the history. */
    public int[] history() {
        return Arrays.copyOf(history, length);
    }

    /**
     * The history array itself, valid in {@code [0, historyLength())}. Entries are only ever
     * appended: the array is never rewritten, and the next {@link #start} uses a new one, so a
     * reader may keep it with a length as an immutable view. Do not modify.
     */
    public int[] historyArray() {
        return history;
    }

    /** Bombs played so far. */
    public int bombs() {
        return bombs;
    }

    /** Rockets played so far (0 or 1). */
    public int rockets() {
        return rockets;
    }

    /** Whether a hand is empty. */
    public boolean isOver() {
        return winner >= 0;
    }

    /** The seat that emptied its hand, or -1 while the game goes on. */
    public int winner() {
        return winner;
    }

    /** Whether the landlord won; the game must be over. */
    public boolean landlordWins() {
        checkOver();
        return winner == Seat.LANDLORD;
    }

    /** The landlord won while both farmers still held all 17 cards. */
    public boolean isSpring() {
        checkOver();
        return winner == Seat.LANDLORD && Scoring.springs(0, plays[1] + plays[2] > 0, plays[0]);
    }

    /** A farmer won while the landlord had played only its first combination. */
    public boolean isAntiSpring() {
        checkOver();
        return winner != Seat.LANDLORD && Scoring.springs(1, plays[1] + plays[2] > 0, plays[0]);
    }

    /** The multiplier of the finished game ({@link Scoring#multiplier}) for a base score. */
    public long multiplier(int base) {
        checkOver();
        return Scoring.multiplier(base, bombs + rockets, isSpring(), isAntiSpring());
    }

    /**
     * Why {@code move} is not legal for the seat to act, or null if it is: a move id of the table
     * that the rules allow, that the seat holds, not a pass on a lead, and beating
     * {@link #lastMove()} when following.
     */
    public String whyIllegal(int move) {
        if (winner >= 0) {
            return "the game is over";
        }
        if (move < 0 || move >= table.size()) {
            return "no move id " + move + " in the " + table.preset().id() + " table";
        }
        if (move == MoveTable.PASS) {
            return lastMove == MoveTable.PASS ? "a pass on a lead (the seat must play)" : null;
        }
        if (!rules.allows(move)) {
            return table.typeName(move) + " is banned by " + rules;
        }
        int seat = toAct();
        if (!Cards.contains(hands[seat], table.cards(move))) {
            return "the hand " + Notation.format(hands[seat]) + " does not hold it";
        }
        if (lastMove != MoveTable.PASS && !table.beats(move, lastMove)) {
            return "it does not beat " + table.format(lastMove) + " (" + table.typeName(lastMove) + ") of "
                + Seat.name(lastSeat);
        }
        return null;
    }

    /** Whether {@code move} is legal for the seat to act ({@link #whyIllegal} is null); allocates nothing. */
    public boolean isLegal(int move) {
        if (winner >= 0 || move < 0 || move >= table.size()) {
            return false;
        }
        if (move == MoveTable.PASS) {
            return lastMove != MoveTable.PASS;
        }
        return rules.allows(move) && Cards.contains(hands[length % 3], table.cards(move))
            && (lastMove == MoveTable.PASS || table.beats(move, lastMove));
    }

    /**
     * Plays {@code move} for the seat to act.
     *
     * @throws IllegalMoveException naming the seat, the move and the reason if it is not legal
     *     (the state is then unchanged)
     */
    public void play(int move) {
        if (!isLegal(move)) {
            int seat = toAct();
            String text = move >= 0 && move < table.size() ? table.format(move) : "move id " + move;
            throw new IllegalMoveException(seat, move, "seat " + seat + " (" + Seat.name(seat) + ") cannot play "
                + text + ": " + whyIllegal(move));
        }
        int seat = length % 3;
        history[length++] = move;
        if (move == MoveTable.PASS) {
            // the lead returns to the seat that made the last play once both others have passed
            lastMove = Trick.lastAfterPass(length % 3, lastMove, lastSeat);
            lastSeat = Trick.lastSeatAfterPass(length % 3, lastSeat);
            return;
        }
        long cards = table.cards(move);
        hands[seat] = Cards.remove(hands[seat], cards);
        played[seat] = Cards.add(played[seat], cards);
        plays[seat]++;
        if (table.isBomb(move)) {
            bombs++;
        } else if (move == table.rocketId()) {
            rockets++;
        }
        lastMove = move;
        lastSeat = seat;
        if (hands[seat] == 0) {
            winner = seat;
        }
    }

    private void checkOver() {
        if (winner < 0) {
            throw new IllegalStateException("the game is not over");
        }
    }
}
