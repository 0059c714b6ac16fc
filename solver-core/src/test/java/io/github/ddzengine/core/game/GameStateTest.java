package io.github.ddzengine.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.Test;

class GameStateTest {
    private static final Rules STANDARD = Rules.STANDARD;
    private static final MoveTable TABLE = STANDARD.table();

    /** The {@code n} lowest cards of {@code pool}. */
    private static long lowest(long pool, int n) {
        long out = 0;
        for (int r = 0; r < 15 && n > 0; r++) {
            int take = Math.min(n, Cards.count(pool, r));
            out += Cards.of(r, take);
            n -= take;
        }
        return out;
    }

    /** A game where the landlord holds {@code landlord} and the farmers share the rest, lowest cards to down. */
    private static GameState game(Rules rules, String landlord) {
        long l = Notation.parseCards(landlord);
        long rest = Cards.remove(Cards.DECK, l);
        long down = lowest(rest, 17);
        GameState g = new GameState(rules);
        g.start(l, down, Cards.remove(rest, down));
        return g;
    }

    private static void play(GameState g, String... moves) {
        for (String m : moves) {
            g.play(g.rules().table().parseMove(m));
        }
    }

    @Test
    void springWhenFarmersNeverPlay() {
        GameState g = game(STANDARD, "3334445556667789TTTJ");
        play(g, "3334445556667789", "pass", "pass", "TTTJ");
        assertTrue(g.isOver());
        assertEquals(0, g.winner());
        assertTrue(g.landlordWins());
        assertTrue(g.isSpring());
        assertFalse(g.isAntiSpring());
        assertEquals(2, g.multiplier(1));
        assertEquals(6, g.multiplier(3));
    }

    @Test
    void bombAndRocketDoubleOnTopOfSpring() {
        GameState g = game(STANDARD, "333444555678TT2222XD");
        play(g, "333444555678", "p", "p", "TT", "p", "p", "2222", "p", "p", "XD");
        assertEquals(1, g.bombs());
        assertEquals(1, g.rockets());
        assertTrue(g.isSpring());
        assertEquals(8, g.multiplier(1));
        assertEquals(16, Scoring.score(0, g.landlordWins(), g.multiplier(1)));
        assertEquals(-8, Scoring.score(2, g.landlordWins(), g.multiplier(1)));
    }

    @Test
    void antiSpringWhenTheLandlordPlaysOnlyItsFirstCombination() {
        long down = Notation.parseCards("456789TJQKA222KKK");
        long rest = Cards.remove(Cards.DECK, down);
        long landlord = lowest(rest, 20);
        GameState g = new GameState(STANDARD);
        g.start(landlord, down, Cards.remove(rest, landlord));
        play(g, "3", "2", "pass", "pass");
        assertTrue(g.leads(), "both others passed: down leads again");
        assertEquals(1, g.toAct());
        assertEquals(-1, g.lastSeat());
        play(g, "456789TJQKA", "pass", "pass", "22", "pass", "pass", "KKK");
        assertEquals(1, g.winner());
        assertFalse(g.landlordWins());
        assertTrue(g.isAntiSpring());
        assertFalse(g.isSpring());
        // down held KKKK but split it (straight and trio): a bomb never played does not double
        assertEquals(0, g.bombs());
        assertEquals(2, g.multiplier(1));
        assertEquals(-4, Scoring.score(0, false, g.multiplier(1)));
        assertEquals(2, Scoring.score(1, false, g.multiplier(1)));
        assertEquals(1, g.playsBy(0));
        assertEquals(4, g.playsBy(1));
    }

    @Test
    void illegalMovesNameSeatMoveAndReasonAndChangeNothing() {
        GameState g = game(STANDARD, "3334445556667789TTTJ");
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(MoveTable.PASS));
        assertEquals("seat 0 (landlord) cannot play pass: a pass on a lead (the seat must play)", e.getMessage());
        assertEquals(0, e.seat());
        e = assertThrows(IllegalMoveException.class, () -> g.play(TABLE.parseMove("XD")));
        assertEquals("seat 0 (landlord) cannot play XD: the hand 3334445556667789TTTJ does not hold it", e.getMessage());
        e = assertThrows(IllegalMoveException.class, () -> g.play(-3));
        assertTrue(e.getMessage().startsWith("seat 0 (landlord) cannot play move id -3: no move id -3"), e.getMessage());
        play(g, "TTTJ");
        int four = TABLE.parseMove("4");
        e = assertThrows(IllegalMoveException.class, () -> g.play(four));
        assertEquals(1, e.seat());
        assertEquals("seat 1 (landlord_down) cannot play 4: it does not beat TTTJ (trio_solo) of landlord", e.getMessage());
        assertEquals(1, g.historyLength());
        assertEquals(1, g.toAct());
        Rules noTrioSolo = Rules.of(Preset.STANDARD, MoveType.TRIO_SOLO.bit());
        GameState banned = game(noTrioSolo, "3334445556667789TTTJ");
        e = assertThrows(IllegalMoveException.class, () -> banned.play(TABLE.parseMove("TTTJ")));
        assertTrue(e.getMessage().endsWith("trio_solo is banned by standard ban trio_solo"), e.getMessage());
    }

    @Test
    void noMoveAfterTheEnd() {
        GameState g = game(STANDARD, "3334445556667789TTTJ");
        play(g, "3334445556667789", "pass", "pass", "TTTJ");
        assertFalse(g.isLegal(MoveTable.PASS));
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(MoveTable.PASS));
        assertTrue(e.getMessage().endsWith("the game is over"), e.getMessage());
    }

    @Test
    void startRefusesWrongHands() {
        GameState g = new GameState(STANDARD);
        NotationException e = assertThrows(NotationException.class,
            () -> g.start(Notation.parseCards("3"), Notation.parseCards("4"), Notation.parseCards("5")));
        assertEquals("landlord starts with 20 cards, not 1", e.getMessage());
        long l = Notation.parseCards("3334445556667789TTTJ");
        e = assertThrows(NotationException.class, () -> g.start(l, lowest(Cards.DECK, 17), lowest(Cards.DECK, 17)));
        assertTrue(e.getMessage().contains("is held by another seat too"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> {
            g.start(l, lowest(Cards.remove(Cards.DECK, l), 17),
                Cards.remove(Cards.remove(Cards.DECK, l), lowest(Cards.remove(Cards.DECK, l), 17)));
            g.isSpring();
        });
    }

    /**
     * Oracle: in random games under every preset, the moves {@link GameState#isLegal} accepts are
     * exactly those the move generator lists, and {@link GameState#whyIllegal} agrees.
     */
    @Test
    void legalityAgreesWithTheMoveGenerator() {
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (Preset preset : Preset.values()) {
            Rules rules = Rules.of(preset);
            MoveTable table = rules.table();
            MoveGenerator gen = new MoveGenerator(rules);
            Property.forAll("legal moves = generated moves, " + preset, 11, 3, random -> {
                Deal d = Deal.random(random.nextLong());
                GameState g = new GameState(rules);
                g.start(d);
                while (!g.isOver()) {
                    int seat = g.toAct();
                    int n = g.leads() ? gen.leads(g.hand(seat), buf) : gen.answers(g.hand(seat), g.lastMove(), buf);
                    BitSet generated = new BitSet(table.size());
                    for (int i = 0; i < n; i++) {
                        generated.set(buf[i]);
                    }
                    for (int m = 0; m < table.size(); m++) {
                        boolean legal = g.isLegal(m);
                        if (legal != generated.get(m)) {
                            throw new AssertionError(table.format(m) + " legal " + legal + " for "
                                + Notation.format(g.hand(seat)) + " after " + table.format(g.lastMove()));
                        }
                        if (legal) {
                            assertNull(g.whyIllegal(m));
                        }
                    }
                    g.play(buf[random.nextInt(n)]);
                }
                assertEquals(0, Cards.size(g.hand(g.winner())));
            });
        }
    }
}
