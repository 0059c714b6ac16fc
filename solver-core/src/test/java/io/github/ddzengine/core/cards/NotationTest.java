package io.github.ddzengine.core.cards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Card, move and seat notation of notation.md sections 1 to 3. */
class NotationTest {

    /** Issue 39, defect 9: BJ and RJ inside a longer token are refused, not read as one joker. */
    @Test
    void twoLetterJokerWordsStandAloneOrAreRefused() {
        assertEquals(Notation.parseCards("8D"), Notation.parseCards("RJ 8"));
        assertEquals(Notation.parseCards("8D"), Notation.parseCards("rj,8"));
        assertEquals(Notation.parseCards("8JD"), Notation.parseCards("R J 8"));
        assertEquals(Notation.parseCards("X"), Notation.parseCards("BJ"));
        assertEquals(Notation.parseCards("8X"), Notation.parseCards("SJ8"));
        for (String bad : new String[] {"RJ8", "BJJ", "8RJ", "3BJ4", "sjrj"}) {
            NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards(bad));
            assertTrue(e.getMessage().contains("one joker or a joker and a jack"), e.getMessage());
        }
    }

    @Test
    void formatIsCanonicalAndRoundTrips() {
        assertEquals("33445TTKA2XD", Notation.format(Notation.parseCards("DX2AKTT54433")));
        Property.forAll("format/parse round trip", 21, 3000, rnd -> {
            long c = RandomHands.deal(rnd, rnd.nextInt(55));
            String s = Notation.format(c);
            assertEquals(c, Notation.parseCards(s));
            // any order, lower case, separators
            StringBuilder shuffled = new StringBuilder();
            char[] cs = s.toCharArray();
            for (int i = cs.length - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                char t = cs[i];
                cs[i] = cs[j];
                cs[j] = t;
            }
            for (char ch : cs) {
                shuffled.append(rnd.nextBoolean() ? Character.toLowerCase(ch) : ch).append(rnd.nextInt(3) == 0 ? ", " : "");
            }
            assertEquals(c, Notation.parseCards("[" + shuffled + "]"));
        });
    }

    @ParameterizedTest
    @CsvSource({
        "10, T", "0, T", "t, T", "B, X", "Y, X", "SJ, X", "BJ, X", "小王, X", "小鬼, X",
        "R, D", "Z, D", "RJ, D", "CJ, D", "大王, D", "大鬼, D", "王炸, XD", "火箭, XD", "rocket, XD", "ROCKET, XD",
        "'3 4 5', 345", "'[\"3\", \"10\", \"J\"]', 3TJ", "x d, XD", "B J, JX", "1010, TT", "100, TT",
    })
    void aliasesReadAsTheirCards(String input, String canonical) {
        assertEquals(canonical, Notation.format(Notation.parseCards(input)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pass", "PASS", "p", "-", "过", "不要", "不出", " pass "})
    void passWords(String word) {
        assertTrue(Notation.isPass(word));
        assertEquals(MoveTable.PASS, MoveTable.of(Preset.STANDARD).parseMove(word));
    }

    @Test
    void unknownCardsAreNamedWithTheirPosition() {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards("33W4"));
        assertEquals("unknown card 'W' at position 3 in \"33W4\" (cards are 3-9 T J Q K A 2 X D)", e.getMessage());
        assertThrows(NotationException.class, () -> Notation.parseCards("1"));
        assertThrows(NotationException.class, () -> Notation.parseCards("3p"));
        assertThrows(NotationException.class, () -> Notation.parseCards("11"));
    }

    @Test
    void ambiguousJokerWordsAreRefused() {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards("33joker"));
        assertTrue(e.getMessage().contains("'joker' at position 3"), e.getMessage());
        e = assertThrows(NotationException.class, () -> Notation.parseCards("3王"));
        assertTrue(e.getMessage().contains("'王' at position 2"), e.getMessage());
    }

    @Test
    void impossibleCountsAreRefused() {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards("777737"));
        assertEquals("more than four 7s (at position 6) in \"777737\"", e.getMessage());
        e = assertThrows(NotationException.class, () -> Notation.parseCards("XXD"));
        assertTrue(e.getMessage().startsWith("more than one small joker X"), e.getMessage());
        e = assertThrows(NotationException.class, () -> Notation.parseCards("D大王"));
        assertTrue(e.getMessage().startsWith("more than one big joker D"), e.getMessage());
        assertThrows(NotationException.class, () -> Notation.parseCards("rocketX"));
    }

    @Test
    void handSizesOutsideOneToTwentyAreRefused() {
        assertThrows(NotationException.class, () -> Notation.parseHand("", 20));
        assertThrows(NotationException.class, () -> Notation.parseHand(" , ", 20));
        NotationException e = assertThrows(NotationException.class,
            () -> Notation.parseHand("333344445555666677778", 20));
        assertTrue(e.getMessage().contains("has 21 cards"), e.getMessage());
        assertEquals(20, Cards.size(Notation.parseHand("33334444555566667777", 20)));
        assertThrows(NotationException.class, () -> Notation.parseHand("333344445555666677", 17));
    }

    @Test
    void movesCarryTheirTypeWhereTheCardsHaveSeveralReadings() {
        MoveTable t = MoveTable.of(Preset.STANDARD);
        int chain = t.parseMove("333444555666:trio_chain_4");
        int winged = t.parseMove("666555444333:trio_solo_chain_3");
        assertEquals("333444555666:trio_chain_4", t.format(chain));
        assertEquals("333444555666:trio_solo_chain_3", t.format(winged));
        NotationException e = assertThrows(NotationException.class, () -> t.parseMove("333444555666"));
        assertTrue(e.getMessage().contains("several readings"), e.getMessage());
        assertEquals("solo_chain_5", t.typeName(t.parseMove("34567:solo_chain_5")));
        assertEquals("solo_chain_5", t.typeName(t.parseMove("34567:solo_chain")));
        e = assertThrows(NotationException.class, () -> t.parseMove("34567:pair_chain_5"));
        assertTrue(e.getMessage().contains("read as solo_chain_5, not pair_chain_5"), e.getMessage());
        e = assertThrows(NotationException.class, () -> t.parseMove("34567:"));
        assertTrue(e.getMessage().contains("ends in ':' without a type"), e.getMessage());
        e = assertThrows(NotationException.class, () -> t.parseMove("34567:bogus"));
        assertEquals("unknown move type 'bogus' at position 7 in \"34567:bogus\"", e.getMessage());
        e = assertThrows(NotationException.class, () -> t.parseMove("34W67:solo_chain_5"));
        assertTrue(e.getMessage().contains("in \"34W67:solo_chain_5\""), e.getMessage());
        e = assertThrows(NotationException.class, () -> t.parseMove("99923"));
        assertTrue(e.getMessage().contains("is not a combination under standard rules"), e.getMessage());
    }

    @Test
    void seats() {
        assertEquals(Seat.LANDLORD, Seat.parse("0", 3));
        assertEquals(Seat.LANDLORD, Seat.parse("Landlord", 2));
        assertEquals(Seat.LANDLORD_DOWN, Seat.parse("down", 3));
        assertEquals(Seat.LANDLORD_UP, Seat.parse("up", 3));
        assertEquals(Seat.LANDLORD_UP, Seat.parse("2", 3));
        assertEquals(Seat.LANDLORD_DOWN, Seat.parse("farmer", 2));
        assertThrows(NotationException.class, () -> Seat.parse("farmer", 3));
        assertThrows(NotationException.class, () -> Seat.parse("2", 2));
        assertThrows(NotationException.class, () -> Seat.parse("3", 3));
        assertThrows(NotationException.class, () -> Seat.parse("left", 3));
        assertEquals("landlord_down", Seat.name(1));
    }
}
