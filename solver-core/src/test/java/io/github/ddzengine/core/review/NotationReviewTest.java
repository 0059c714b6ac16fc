package io.github.ddzengine.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Review: notation.md sections 1 to 3 on unusual but valid input, and the errors of bad input. */
class NotationReviewTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1010100 | TTTT",        // 10, 10, 10, 0
        "010 | TT",              // 0 then 10
        "t10 | TT",
        "j10qka | TJQKA",
        "10jqka | TJQKA",
        "小王 大鬼 | XD",
        "sj rj | XD",
        "b r | XD",
        "Y Z | XD",
        "cj,sj | XD",
        "火箭 | XD",
        "RoCkEt | XD",
        "'[\"3\",\"3\",\"10\"]' | 33T",
        "'(3)，4、5' | 345",
        "'\t3\n4\u30005' | 345",
        "xd | XD",
        "22 a a | AA22",
    })
    void unusualSpellingsReadAsTheirCards(String input, String canonical) {
        assertEquals(canonical, Notation.format(Notation.parseCards(input)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "110 | unknown card '1' at position 1 in \"110\"",
        "31 | unknown card '1' at position 2 in \"31\"",
        "3 pass | unknown card 'p' at position 3 in \"3 pass\"",
        "33-4 | unknown card '-' at position 3 in \"33-4\"",
        "34jokers | ambiguous joker word 'jokers' at position 3",
        "王炸王 | ambiguous joker word '王' at position 3",
        "X小王 | more than one small joker X (at position 2) in \"X小王\"",
        "火箭D | more than one big joker D (at position 3) in \"火箭D\"",
        "10101010 10 | more than four Ts (at position 10) in \"10101010 10\"",
    })
    void badCardsNameTheTokenAndItsPosition(String input, String message) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards(input));
        if (message.startsWith("ambiguous")) {
            // the word is reported as it was typed, up to the first alias: "joker" in "jokers"
            assertTrue(e.getMessage().startsWith(message.replace("'jokers'", "'joker'")), e.getMessage());
        } else {
            assertTrue(e.getMessage().startsWith(message), e.getMessage());
        }
    }

    @Test
    void onlySeparatorsAreAnEmptyCardSetButNotAHand() {
        assertEquals(0L, Notation.parseCards(" ,[]\"' "));
        assertEquals(0L, Notation.parseCards(""));
        assertThrows(NotationException.class, () -> Notation.parseHand(" ,[]\"' ", 20));
        assertThrows(NotationException.class, () -> Notation.parseCards(null));
    }

    @Test
    void passWordsAreWholeWordsOnly() {
        MoveTable t = MoveTable.of(Preset.STANDARD);
        assertEquals(MoveTable.PASS, t.parseMove(" 不出 "));
        assertEquals(MoveTable.PASS, t.parseMove("P"));
        assertFalse(Notation.isPass("3 pass"));
        assertFalse(Notation.isPass(""));
        assertThrows(NotationException.class, () -> t.parseMove(""));
        assertThrows(NotationException.class, () -> t.parseMove("passpass"));
    }

    @Test
    void typeSuffixes() {
        MoveTable t = MoveTable.of(Preset.STANDARD);
        // the base name picks the only reading of that type, case-insensitively
        assertEquals("333444555666:trio_solo_chain_3", t.format(t.parseMove("333444555666:trio_solo_chain")));
        assertEquals("333444555666:trio_chain_4", t.format(t.parseMove("333444555666 : TRIO_CHAIN_4 ")));
        assertEquals("TJQKA", t.format(t.parseMove("10JQKA:solo_chain_5")));
        assertEquals("XD", t.format(t.parseMove("王炸:rocket")));
        assertThrows(NotationException.class, () -> t.parseMove(":solo"));
        assertThrows(NotationException.class, () -> t.parseMove("34567:"));
        assertThrows(NotationException.class, () -> t.parseMove("34567:solo_chain_6"));
        assertThrows(NotationException.class, () -> t.parseMove("333444555666:trio_solo_chain_4"));
        assertThrows(NotationException.class, () -> t.parseMove("33334444"), "no reading under STANDARD");
        assertEquals("shuttle_2", MoveTable.of(Preset.BOTZONE).typeName(MoveTable.of(Preset.BOTZONE).parseMove("33334444:shuttle")));
        // RLCard and Botzone read the twelve-card plane one way only: no suffix needed
        assertEquals("333444555666", MoveTable.of(Preset.RLCARD).format(MoveTable.of(Preset.RLCARD).parseMove("333444555666")));
        assertEquals("333444555666", MoveTable.of(Preset.BOTZONE).format(MoveTable.of(Preset.BOTZONE).parseMove("333444555666")));
    }

    @Test
    void seatWordsAndErrors() {
        assertEquals(Seat.LANDLORD_DOWN, Seat.parse(" FARMER ", 2));
        assertEquals(Seat.LANDLORD_UP, Seat.parse("Landlord_Up", 3));
        assertThrows(NotationException.class, () -> Seat.parse("", 3));
        assertThrows(NotationException.class, () -> Seat.parse(null, 3));
        assertThrows(NotationException.class, () -> Seat.parse("up", 2));
        assertThrows(NotationException.class, () -> Seat.parse("01", 3));
        assertThrows(IllegalArgumentException.class, () -> Seat.name(3));
    }
}
