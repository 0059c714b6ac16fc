package io.github.ddzengine.core.game;

import java.util.function.IntUnaryOperator;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;

/**
 * A deal of the 54-card deck: three 17-card hands, one per bidding position (position 0 bids
 * first), and the 3-card kitty. Immutable; every instance is a partition of the deck.
 *
 * <p>Text form ({@link #toString}, {@link #parse}): {@code HAND0/HAND1/HAND2/KITTY} in card
 * notation, for example {@code 3344...2D/.../.../5TX}; one deal a line in a deals file.
 */
public final class Deal {
    /** Cards dealt to each bidding position. */
    public static final int HAND_CARDS = 17;
    /** Cards in the kitty. */
    public static final int KITTY_CARDS = 3;

    private final long hand0;
    private final long hand1;
    private final long hand2;
    private final long kitty;

    private Deal(long hand0, long hand1, long hand2, long kitty) {
        this.hand0 = hand0;
        this.hand1 = hand1;
        this.hand2 = hand2;
        this.kitty = kitty;
    }

    /**
     * The deal fixed by {@code seed}: the deck (ranks ascending, one entry per card) shuffled by
     * Fisher-Yates with {@link SplitMix64}{@code (seed)}; the first 17 cards go to position 0, the
     * next 17 to position 1, the next 17 to position 2, the last 3 to the kitty. The same seed
     * gives the same deal on every machine and JDK.
     */
    public static Deal random(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        int[] deck = shuffledDeck(rng::nextInt);
        long[] parts = new long[4];
        for (int i = 0; i < deck.length; i++) {
            parts[Math.min(i / HAND_CARDS, 3)] += Cards.of(deck[i], 1);
        }
        return new Deal(parts[0], parts[1], parts[2], parts[3]);
    }

    /**
     * The engine's one deck shuffle: the 54 cards of the deck as ranks (0..14), ascending, one
     * entry per card, shuffled by Fisher-Yates: for {@code i} from 53 down to 1, entry {@code i}
     * swaps with entry {@code nextBelow(i + 1)}. Callers deal from the result in their own layout.
     *
     * @param nextBelow the random stream: for a bound {@code b}, a uniform integer in {@code 0 .. b-1}
     * @return a new array of 54 ranks
     */
    public static int[] shuffledDeck(IntUnaryOperator nextBelow) {
        int[] deck = deckByRank();
        for (int i = deck.length - 1; i > 0; i--) {
            int j = nextBelow.applyAsInt(i + 1);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        return deck;
    }

    /**
     * {@code n} cards drawn uniformly from the 54-card deck, by the first {@code n} steps of a
     * Fisher-Yates shuffle from the front: for {@code i} from 0 to {@code n - 1}, the card at
     * {@code i + nextBelow(54 - i)} of the deck (ranks ascending) swaps with the card at {@code i}
     * and is drawn.
     *
     * @param n cards to draw, 0..54
     * @param nextBelow the random stream: for a bound {@code b}, a uniform integer in {@code 0 .. b-1}
     * @return the drawn cards ({@link Cards} layout)
     * @throws IllegalArgumentException if {@code n} is outside 0..54
     */
    public static long drawn(int n, IntUnaryOperator nextBelow) {
        if (n < 0 || n > 54) {
            throw new IllegalArgumentException("cannot draw " + n + " cards from a 54-card deck");
        }
        int[] deck = deckByRank();
        long cards = 0;
        for (int i = 0; i < n; i++) {
            int j = i + nextBelow.applyAsInt(54 - i);
            int t = deck[j];
            deck[j] = deck[i];
            deck[i] = t;
            cards += Cards.of(t, 1);
        }
        return cards;
    }

    /** The 54 cards of the deck as ranks (0..14), ascending, one entry a card. */
    private static int[] deckByRank() {
        int[] deck = new int[54];
        int n = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = Cards.count(Cards.DECK, r); c > 0; c--) {
                deck[n++] = r;
            }
        }
        return deck;
    }

    /**
     * A deal from its parts.
     *
     * @param hand0 the hand dealt to bidding position 0 ({@link Cards} layout, 17 cards)
     * @param hand1 the hand dealt to bidding position 1 (17 cards)
     * @param hand2 the hand dealt to bidding position 2 (17 cards)
     * @param kitty the three cards put aside for the landlord
     * @return the deal
     * @throws NotationException if a hand does not have 17 cards, the kitty 3, or the four parts
     *     are not the whole deck (a card given twice, naming it)
     */
    public static Deal of(long hand0, long hand1, long hand2, long kitty) {
        long[] parts = {hand0, hand1, hand2, kitty};
        long all = 0;
        for (int i = 0; i < 4; i++) {
            String what = i < 3 ? "hand " + i : "the kitty";
            int want = i < 3 ? HAND_CARDS : KITTY_CARDS;
            if (!Cards.isValid(parts[i])) {
                throw new NotationException(what + " is not a valid card set");
            }
            if (Cards.size(parts[i]) != want) {
                throw new NotationException(what + " has " + Cards.size(parts[i]) + " cards, not " + want);
            }
            for (int r = 0; r < 15; r++) {
                int had = Cards.count(all, r);
                int add = Cards.count(parts[i], r);
                int max = r < 13 ? 4 : 1;
                if (had + add > max) {
                    throw new NotationException("card " + Notation.format(Cards.of(r, 1)) + " is dealt "
                        + (had + add) + " times (at most " + max + "); " + what + " repeats it");
                }
            }
            all = Cards.add(all, parts[i]);
        }
        return new Deal(hand0, hand1, hand2, kitty);
    }

    /**
     * Parses {@code HAND0/HAND1/HAND2/KITTY}.
     *
     * @throws NotationException naming the part that is wrong: not four parts, bad card notation,
     *     a wrong size, or a card given twice
     */
    public static Deal parse(String text) {
        if (text == null) {
            throw new NotationException("no deal given");
        }
        String[] parts = text.trim().split("/", -1);
        if (parts.length != 4) {
            throw new NotationException("a deal is HAND0/HAND1/HAND2/KITTY (4 parts), not " + parts.length
                + " parts: \"" + text + "\"");
        }
        long[] cards = new long[4];
        for (int i = 0; i < 4; i++) {
            try {
                cards[i] = Notation.parseCards(parts[i]);
            } catch (NotationException e) {
                throw new NotationException((i < 3 ? "hand " + i : "the kitty") + ": " + e.getMessage());
            }
        }
        return of(cards[0], cards[1], cards[2], cards[3]);
    }

    /** The 17 cards dealt to bidding position {@code position} (0..2). */
    public long hand(int position) {
        switch (position) {
            case 0:
                return hand0;
            case 1:
                return hand1;
            case 2:
                return hand2;
            default:
                throw new IllegalArgumentException("no position " + position + " (positions are 0, 1, 2)");
        }
    }

    /** The three kitty cards. */
    public long kitty() {
        return kitty;
    }

    /**
     * The landlord's 20 cards: the hand of its bidding position with the kitty (the one home of that
     * rule).
     *
     * @param landlordPosition the bidding position (0..2) that became the landlord
     */
    public long landlordHand(int landlordPosition) {
        return Cards.add(hand(landlordPosition), kitty);
    }

    /** {@link #landlordHand(int)} of a game without bidding, where position 0 is the landlord. */
    public long landlordHand() {
        return landlordHand(0);
    }

    /** {@code HAND0/HAND1/HAND2/KITTY} in canonical notation. */
    @Override
    public String toString() {
        return Notation.format(hand0) + "/" + Notation.format(hand1) + "/" + Notation.format(hand2) + "/"
            + Notation.format(kitty);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Deal d && d.hand0 == hand0 && d.hand1 == hand1 && d.hand2 == hand2 && d.kitty == kitty;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hand0 * 31 + hand1 * 17 + hand2 * 7 + kitty);
    }
}
