package io.github.ddzengine.mc.eval;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;

/**
 * The input of a {@link ValueNet}: an open-hand three-seat position (every hand visible, seats 0 =
 * landlord, 1 = landlord_down, 2 = landlord_up) as {@value #SIZE} floats, feature set
 * {@value #VERSION}. Absolute seats, not the mover's view: the network predicts the landlord side's
 * result whoever is to act.
 *
 * <h2>Layout (feature set 1)</h2>
 * A card set is 54 floats, the {@linkplain #CARD_SET card-set block}: for each rank 3..2 (0..12)
 * four thermometer bits (at least 1, 2, 3, 4 cards of the rank), then the small and the big joker.
 * <pre>
 * offset  size  what
 *   0     162   the hands of seats 0, 1, 2: a card-set block each
 * 162      54   the trick to beat: the last move's cards (zero when the mover leads)
 * 216       3   the mover, one-hot by seat
 * 219       3   the seat of the last move, one-hot (zero when the mover leads)
 * 222       1   1 when the mover leads
 * 223      18   the last move's type, one-hot by {@link MoveType} ordinal (pass when the mover leads)
 * 241       3   cards left per seat / 20
 * 244       3   the min-hand count (fewest plays that empty the hand) per seat / 10
 * 247       3   bombs and the rocket held per seat / 4
 * 250       3   per seat, cards no other seat can beat as a solo (rank above every rank the two
 *               others hold) / 4
 * </pre>
 * A change to this layout or to what a block means is a new feature set: bump {@link #VERSION}, so
 * that model files of the old set are refused.
 *
 * <p>Not thread-safe (one per thread); {@link #encode} allocates nothing.
 */
public final class ValueFeatures {
    /** The feature-set version this encoder writes (stored in every model file). */
    public static final int VERSION = 1;
    /** Floats of a card-set block. */
    public static final int CARD_SET = 54;
    /** Offset of the trick block. */
    public static final int TRICK = 3 * CARD_SET;
    /** Offset of the mover's one-hot block. */
    public static final int MOVER = TRICK + CARD_SET;
    /** Offset of the last seat's one-hot block. */
    public static final int LAST_SEAT = MOVER + 3;
    /** Offset of the lead flag. */
    public static final int LEAD = LAST_SEAT + 3;
    /** Offset of the last move's type block. */
    public static final int TYPE = LEAD + 1;
    /** Floats of the last move's type block: one per {@link MoveType} (checked when the class loads). */
    public static final int TYPES = 18;
    /** Offset of the cards-left block. */
    public static final int CARDS_LEFT = TYPE + TYPES;
    /** Offset of the min-hand block. */
    public static final int MIN_HANDS = CARDS_LEFT + 3;
    /** Offset of the bombs block. */
    public static final int BOMBS = MIN_HANDS + 3;
    /** Offset of the top-solos block. */
    public static final int TOP_SOLOS = BOMBS + 3;
    /** Number of floats of an encoded position. */
    public static final int SIZE = TOP_SOLOS + 3;

    static {
        if (MoveType.values().length != TYPES) {
            throw new IllegalStateException("feature set " + VERSION + " has " + TYPES + " move types, the rules "
                + MoveType.values().length + ": a new feature set is due");
        }
    }

    private final MoveTable table;
    private final MinHands minHands;
    /** Per seat, the last hand whose min-hand count was asked and that count (-1: none yet). */
    private final long[] countedHand = {-1L, -1L, -1L};
    private final int[] counted = new int[3];

    /**
     * An encoder for positions of {@code rules}.
     *
     * @param rules the rules of the positions (their move table names the last move)
     * @param minHands the min-hand counter for the min-hand block (of the same rules)
     */
    public ValueFeatures(Rules rules, MinHands minHands) {
        this.table = rules.table();
        this.minHands = minHands;
    }

    /**
     * Writes the features of a position into {@code out[0..SIZE)}.
     *
     * @param h0 the landlord's hand ({@link Cards} layout)
     * @param h1 landlord_down's hand
     * @param h2 landlord_up's hand
     * @param mover the seat to act, 0..2
     * @param last the move id to beat, or {@link MoveTable#PASS} when the mover leads
     * @param lastSeat the seat that played {@code last} (ignored when leading)
     * @param out receives the features; at least {@value #SIZE} long
     */
    public void encode(long h0, long h1, long h2, int mover, int last, int lastSeat, float[] out) {
        java.util.Arrays.fill(out, 0, SIZE, 0f);
        cardSet(h0, out, 0);
        cardSet(h1, out, CARD_SET);
        cardSet(h2, out, 2 * CARD_SET);
        out[MOVER + mover] = 1f;
        if (last == MoveTable.PASS) {
            out[LEAD] = 1f;
            out[TYPE] = 1f; // MoveType.PASS
        } else {
            cardSet(table.cards(last), out, TRICK);
            out[LAST_SEAT + lastSeat] = 1f;
            out[TYPE + table.typeOrdinal(last)] = 1f;
        }
        seat(h0, h1 | h2, 0, out);
        seat(h1, h0 | h2, 1, out);
        seat(h2, h0 | h1, 2, out);
    }

    /** Writes {@code out[0..SIZE)} for a position given as a hands array (seats 0..2). */
    public void encode(long[] hands, int mover, int last, int lastSeat, float[] out) {
        encode(hands[0], hands[1], hands[2], mover, last, lastSeat, out);
    }

    private void seat(long hand, long others, int s, float[] out) {
        out[CARDS_LEFT + s] = Cards.size(hand) / 20f;
        if (countedHand[s] != hand) {
            countedHand[s] = hand; // the lookahead over one position's moves changes one hand at a time
            counted[s] = hand == 0 ? 0 : minHands.count(hand);
        }
        out[MIN_HANDS + s] = counted[s] / 10f;
        int bombs = Long.bitCount(Cards.ranksAtLeast(hand, 4)) + ((hand & Cards.ROCKET) == Cards.ROCKET ? 1 : 0);
        out[BOMBS + s] = bombs / 4f;
        int top = 0;
        if (hand != 0) {
            // ranks above the highest rank any other seat holds: solos nobody can beat
            int above = others == 0 ? -1 : Cards.highestRank(others);
            long mask = above >= Rank.COUNT - 1 ? 0L : -1L << ((above + 1) << 2);
            top = Cards.size(hand & mask);
        }
        out[TOP_SOLOS + s] = top / 4f;
    }

    /** The card-set block of {@code cards} at {@code out[at..at+54)} (already zero). */
    private static void cardSet(long cards, float[] out, int at) {
        for (int r = 0; r < Rank.SMALL_JOKER; r++) {
            int c = Cards.count(cards, r);
            for (int k = 0; k < c; k++) {
                out[at + 4 * r + k] = 1f;
            }
        }
        out[at + 52] = Cards.count(cards, Rank.SMALL_JOKER);
        out[at + 53] = Cards.count(cards, Rank.BIG_JOKER);
    }
}
