package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;

/**
 * What one seat knows during the play phase of a three-seat game: its own cards, the kitty, the
 * final bid and every play so far. Immutable; validated on construction.
 *
 * <p>Seats follow {@code notation.md} section 3 ({@link Seat}): 0 = landlord (20 cards with the
 * kitty, plays first), 1 = landlord_down, 2 = landlord_up. Play rotates 0, 1, 2, 0, ... so the
 * history is a plain list of move ids ({@code rules.table()}, {@link MoveTable#PASS} = pass) whose
 * i-th entry was played by seat {@code i % 3}; the seat to act is {@code history.length % 3}.
 */
public final class InformationSet {
    /** Cards a seat holds when play starts: the landlord 20 (with the kitty), a farmer 17. */
    public static final int[] START_CARDS = {20, 17, 17};

    private final Rules rules;
    private final int seat;
    private final long hand;
    private final long kitty;
    private final int bid;
    /** Move ids, valid in {@code [0, length)}; shared with the game for a {@link #view} (append-only there). */
    private final int[] history;
    private final int length;
    private final long[] played = new long[3];
    private final int lastMove;
    private final int lastSeat;

    private InformationSet(Rules rules, int seat, long hand, long kitty, int bid, int[] history) {
        this.rules = rules;
        this.seat = seat;
        this.hand = hand;
        this.kitty = kitty;
        this.bid = bid;
        this.history = history;
        this.length = history.length;
        int last = MoveTable.PASS;
        int lastBy = -1;
        for (int i = 0; i < history.length; i++) {
            int move = history[i];
            if (move != MoveTable.PASS) {
                played[i % 3] = Cards.add(played[i % 3], rules.table().cards(move));
                last = move;
                lastBy = i % 3;
            }
        }
        // The lead returns to the seat that played last once the other two have passed.
        boolean leads = lastBy < 0 || Trick.passEndsTrick(history.length % 3, lastBy);
        this.lastMove = leads ? MoveTable.PASS : last;
        this.lastSeat = leads ? -1 : lastBy;
    }

    /**
     * The information set of {@code seat} after {@code history}, validated against the rules.
     *
     * @param rules the rules of the game
     * @param seat the seat this information belongs to, 0..2; it must be the seat to act
     *     ({@code history.length % 3 == seat})
     * @param hand the cards the seat holds now ({@link Cards} layout), non-empty
     * @param kitty the three kitty cards (public once the landlord takes them), or
     *     {@link Cards#EMPTY} when unknown
     * @param bid the final bid, 1..3, or 0 when unknown
     * @param history move ids of every play so far, in order, starting with the landlord's lead
     * @throws NotationException naming the play and the reason when the input is impossible: a
     *     card held and played, a card played twice, more cards played than a seat had, an illegal
     *     play (a move that does not beat, a pass on a lead, a banned move), a history that goes on
     *     after a seat emptied its hand, a seat that is not the one to act, or a kitty that does not
     *     fit the landlord (kitty cards in a farmer's hand or plays, or more unplayed kitty cards than
     *     the landlord has cards left)
     */
    public static InformationSet of(Rules rules, int seat, long hand, long kitty, int bid, int[] history) {
        if (seat < 0 || seat > 2) {
            throw new NotationException("no seat " + seat + " (seats are 0, 1, 2)");
        }
        if (!Cards.isValid(hand) || !Cards.isValid(kitty)) {
            throw new NotationException("impossible cards in the hand or kitty");
        }
        if (bid < 0 || bid > 3) {
            throw new NotationException("a bid is 0..3, not " + bid);
        }
        int kittySize = Cards.size(kitty);
        if (kittySize != 0 && kittySize != 3) {
            throw new NotationException("the kitty has 3 cards, not " + kittySize);
        }
        int[] h = Arrays.copyOf(history, history.length);
        InformationSet info = new InformationSet(rules, seat, hand, kitty, bid, h);
        info.validate();
        return info;
    }

    private InformationSet(GameState game, long kitty, int bid) {
        this.rules = game.rules();
        this.seat = game.toAct();
        this.hand = game.hand(seat);
        this.kitty = kitty;
        this.bid = bid;
        this.history = game.historyArray();
        this.length = game.historyLength();
        for (int s = 0; s < 3; s++) {
            played[s] = game.played(s);
        }
        this.lastMove = game.lastMove();
        this.lastSeat = game.lastSeat();
    }

    /**
     * The information set of the seat to act in a game in progress, for the game loop: no
     * validation and no copy of the history (the game checked every move, and its history array
     * is append-only, so this view stays valid and unchanged after later moves and games).
     *
     * @param game a game that is not over
     * @param kitty the kitty, or {@link Cards#EMPTY} when the seats are not told
     * @param bid the final bid, 1..3, or 0 when unknown
     * @throws IllegalStateException if the game is over
     */
    public static InformationSet view(GameState game, long kitty, int bid) {
        if (game.isOver()) {
            throw new IllegalStateException("the game is over: no seat acts");
        }
        return new InformationSet(game, kitty, bid);
    }

    private void validate() {
        MoveTable table = rules.table();
        if (length % 3 != seat) {
            throw new NotationException("after " + length + " plays seat " + (length % 3)
                    + " (" + Seat.name(length % 3) + ") acts, not seat " + seat);
        }
        long seen = 0;
        int last = MoveTable.PASS;
        int lastBy = -1;
        int[] cardsPlayed = new int[3];
        for (int i = 0; i < length; i++) {
            int who = i % 3;
            int move = history[i];
            String where = "play " + (i + 1) + " (" + Seat.name(who) + ")";
            if (move < 0 || move >= table.size()) {
                throw new NotationException(where + ": no move id " + move);
            }
            boolean leading = lastBy < 0 || Trick.passEndsTrick(who, lastBy);
            if (move == MoveTable.PASS) {
                if (leading) {
                    throw new NotationException(where + ": pass on a lead (the seat must play)");
                }
                continue;
            }
            if (!rules.allows(move)) {
                throw new NotationException(where + ": " + table.format(move) + " is banned by " + rules);
            }
            if (!leading && !table.beats(move, last)) {
                throw new NotationException(where + ": " + table.format(move) + " does not beat "
                        + table.format(last));
            }
            seen = Cards.add(seen, table.cards(move));
            if (!Cards.isValid(seen)) {
                throw new NotationException(where + ": " + table.format(move) + " plays a card already played");
            }
            cardsPlayed[who] += table.cardCount(move);
            if (cardsPlayed[who] >= START_CARDS[who]) {
                throw new NotationException(where + ": the seat "
                        + (cardsPlayed[who] == START_CARDS[who] ? "emptied its hand, so the game is over"
                        : "played more cards than it held"));
            }
            last = move;
            lastBy = who;
        }
        if (Cards.size(hand) != START_CARDS[seat] - cardsPlayed[seat]) {
            throw new NotationException(Seat.name(seat) + " should hold " + (START_CARDS[seat] - cardsPlayed[seat])
                    + " cards after its plays, not " + Cards.size(hand));
        }
        if (!Cards.isValid(Cards.add(seen, hand))) {
            throw new NotationException("a card in the hand was already played");
        }
        if (kitty != 0) {
            // The landlord still holds every kitty card it has not played, so it needs that many cards.
            int landlordLeft = START_CARDS[Seat.LANDLORD] - cardsPlayed[Seat.LANDLORD];
            long keep = unplayedKitty();
            if (Cards.size(keep) > landlordLeft) {
                throw new NotationException("the landlord holds " + landlordLeft + " cards but has not played the kitty "
                    + "cards " + Notation.format(keep) + " (" + Cards.size(keep) + ")");
            }
            // The kitty went to the landlord: its dealt-plus-kitty cards cover both the kitty and
            // everything it played, so what the landlord must still hold of the kitty is located too.
            long located = Cards.add(Cards.add(seen, seat == Seat.LANDLORD ? 0 : hand), unplayedKitty());
            if (seat == Seat.LANDLORD) {
                if (!Cards.contains(Cards.add(hand, played[Seat.LANDLORD]), kitty)) {
                    throw new NotationException("the landlord's cards (held and played) do not include the kitty");
                }
            } else if (!Cards.isValid(located)) {
                throw new NotationException("a kitty card (the landlord's) is in a farmer's hand or plays");
            }
        }
    }

    /** The rules of the game. */
    public Rules rules() {
        return rules;
    }

    /** This seat, 0..2 ({@link Seat}). */
    public int seat() {
        return seat;
    }

    /** The cards this seat holds now ({@link Cards} layout). */
    public long hand() {
        return hand;
    }

    /** The kitty ({@link Cards} layout), or {@link Cards#EMPTY} when unknown. */
    public long kitty() {
        return kitty;
    }

    /** The final bid, 1..3, or 0 when unknown. */
    public int bid() {
        return bid;
    }

    /** Number of plays (passes included) so far. */
    public int historyLength() {
        return length;
    }

    /** The move id of the i-th play, 0-based; played by seat {@code i % 3}. */
    public int historyMove(int i) {
        if (i >= length) {
            throw new IndexOutOfBoundsException("play " + i + " of " + length);
        }
        return history[i];
    }

    /**
     * The cards the seat of play {@code i} put on the table from that play on (plays {@code i},
     * {@code i + 3}, ...; {@link Cards} layout): its hand when it made play {@code i} is its hand
     * now plus these. The priors read what a seat still held when it passed or played.
     *
     * @param i a play, 0-based, below {@link #historyLength()}
     * @throws IndexOutOfBoundsException if {@code i} is not a play of the history
     */
    public long playedFrom(int i) {
        if (i < 0 || i >= length) {
            throw new IndexOutOfBoundsException("play " + i + " of " + length);
        }
        MoveTable table = rules.table();
        long cards = 0;
        for (int j = i; j < length; j += 3) {
            cards = Cards.add(cards, table.cards(history[j]));
        }
        return cards;
    }

    /** A copy of the history (move ids). */
    public int[] history() {
        return Arrays.copyOf(history, length);
    }

    /** Cards {@code s} has played so far ({@link Cards} layout). */
    public long played(int s) {
        return played[s];
    }

    /** Cards {@code s} still holds: its start count minus what it played. */
    public int cardsLeft(int s) {
        return START_CARDS[s] - Cards.size(played[s]);
    }

    /**
     * Cards this seat cannot see: the deck minus its hand, everything played, and (for a farmer,
     * when the kitty is known) the kitty cards the landlord has not played yet.
     */
    public long unseen() {
        long known = Cards.add(Cards.add(hand, played[0]), Cards.add(played[1], played[2]));
        long u = Cards.remove(Cards.DECK, known);
        if (seat != Seat.LANDLORD && kitty != 0) {
            u = Cards.remove(u, unplayedKitty());
        }
        return u;
    }

    /**
     * Kitty cards the landlord still holds for certain: the kitty minus those of its cards the
     * landlord has played (a played rank counts against the kitty first). Empty when the kitty is unknown.
     */
    public long unplayedKitty() {
        if (kitty == 0) {
            return 0;
        }
        long k = kitty;
        long p = played[Seat.LANDLORD];
        for (int r = 0; r < 15; r++) {
            int inKitty = Cards.count(k, r);
            if (inKitty == 0) {
                continue;
            }
            // How many copies of r the landlord played that could not have come from its 17 dealt
            // cards is unknowable; we only know the landlord holds at least inKitty - played(r).
            int keep = Math.max(0, inKitty - Cards.count(p, r));
            k = Cards.remove(k, Cards.of(r, inKitty - keep));
        }
        return k;
    }

    /** The move this seat must beat, or {@link MoveTable#PASS} when it leads. */
    public int lastMove() {
        return lastMove;
    }

    /** The seat that played {@link #lastMove()}, or -1 when this seat leads. */
    public int lastSeat() {
        return lastSeat;
    }

    /** Whether this seat leads (may play anything and may not pass). */
    public boolean leads() {
        return lastMove == MoveTable.PASS;
    }
}
