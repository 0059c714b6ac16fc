package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** Information sets against the kitty: the landlord keeps every kitty card it has not played. */
class InformationSetTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable T = RULES.table();
    /** The landlord plays 18 of its 20 cards (3..A, then 334455); landlord_down is to act. */
    private static final String[] PLAYS = {"3456789TJQKA", "p", "p", "334455"};
    private static final long DOWN = Notation.parseCards("66778899TTJJQQKKA");

    private static int[] history() {
        int[] h = new int[PLAYS.length];
        for (int i = 0; i < h.length; i++) {
            h[i] = T.parseMove(PLAYS[i]);
        }
        return h;
    }

    @Test
    void aLandlordWithFewerCardsThanItsUnplayedKittyIsRefused() {
        // kitty X, D, 2 never played, but the landlord has only 2 cards left
        NotationException e = assertThrows(NotationException.class,
            () -> InformationSet.of(RULES, 1, DOWN, Notation.parseCards("2XD"), 1, history()));
        assertTrue(e.getMessage().contains("the landlord holds 2 cards"), e.getMessage());
    }

    @Test
    void aLandlordHoldingExactlyItsUnplayedKittyIsDeterminedAndSampledSo() {
        // kitty 3, X, D: the 3 may be one the landlord played, so X and D are all it holds
        long kitty = Notation.parseCards("3XD");
        InformationSet info = InformationSet.of(RULES, 1, DOWN, kitty, 1, history());
        assertEquals(Notation.parseCards("XD"), info.unplayedKitty());
        assertEquals(2, info.cardsLeft(0));
        WorldSampler sampler = new WorldSampler(info, Prior.UNIFORM);
        assertTrue(sampler.isDetermined());
        long[] hands = new long[3];
        sampler.deal(new Rng(0), 1, new int[WorldSampler.SCRATCH], hands);
        assertEquals(Notation.parseCards("XD"), hands[0]);
        assertEquals(17, Cards.size(hands[2]));
    }

    @Test
    void playedFromSumsTheSeatsPlaysFromThatPlayOn() {
        InformationSet info = InformationSet.of(RULES, 1, DOWN, 0, 1, history());
        assertEquals(Notation.parseCards("3456789TJQKA334455"), info.playedFrom(0));
        assertEquals(Notation.parseCards("334455"), info.playedFrom(3));
        assertEquals(0, info.playedFrom(1)); // landlord_down passed and has not played since
        assertThrows(IndexOutOfBoundsException.class, () -> info.playedFrom(4));
        assertThrows(IndexOutOfBoundsException.class, () -> info.playedFrom(-1));
    }
}
