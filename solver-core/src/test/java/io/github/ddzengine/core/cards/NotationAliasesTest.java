package io.github.ddzengine.core.cards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exactly the documented aliases and separators (issue 21, defect 13): letters are compared in
 * ASCII only, so no Unicode case mapping turns another character into a card or a name, and every
 * Unicode space separates, the no-break spaces as well as the ideographic space.
 */
class NotationAliasesTest {
    /** Characters whose Unicode lower or upper case is ASCII: none of them is an alias. */
    @ParameterizedTest
    @ValueSource(strings = {"\u212A", "\u212Aa", "33\u212A", "\u0130", "\u01303", "3\u0130\u0130", "\u017F"})
    void noCaseMappingMakesACard(String text) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards(text));
        assertTrue(e.getMessage().startsWith("unknown card '"), e.getMessage());
        assertTrue(e.getMessage().contains(" in \"" + text + "\""), e.getMessage());
        // a look-alike is named by its code point: "unknown card 'K'" alone would puzzle
        assertTrue(e.getMessage().matches("unknown card '.' \\(U\\+[0-9A-F]{4}\\) at position \\d+ .*"), e.getMessage());
    }

    /** A character outside the Basic Multilingual Plane is shown whole, not as half a surrogate pair. */
    @Test
    void anUnknownCardOutsideTheBmpIsShownWhole() {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseCards("3\uD835\uDC0A"));
        assertEquals("unknown card '\uD835\uDC0A' (U+1D40A) at position 2 in \"3\uD835\uDC0A\" (cards are 3-9 T J Q K A 2 X D)",
            e.getMessage());
    }

    @Test
    void namesAreAsciiCaseInsensitiveOnly() {
        assertEquals(Preset.STANDARD, Preset.parse("StAnDaRd"));
        assertThrows(IllegalArgumentException.class, () -> Preset.parse("\u017Ftandard")); // long s uppercases to S
        assertEquals(MoveType.ROCKET, MoveType.byName("ROCKET"));
        assertThrows(IllegalArgumentException.class, () -> MoveType.byName("roc\u212Aet"));
        assertThrows(IllegalArgumentException.class, () -> MoveType.byName("solo_chain_\u0665")); // Arabic-Indic 5
        assertEquals(5, MoveType.lengthOf("solo_chain_5"));
        assertThrows(NotationException.class, () -> Rules.STANDARD.table().parseMove("XD:roc\u212Aet"));
        assertEquals(Rules.STANDARD.table().parseMove("XD"), Rules.STANDARD.table().parseMove("xd:ROCKET"));
        assertThrows(NotationException.class, () -> Seat.parse("\u0661", 3));
        assertEquals(Seat.LANDLORD_UP, Seat.parse("UP", 3));
        assertTrue(Notation.isPass("PASS"));
        assertEquals(0, Rules.parseBans(""));
    }

    @Test
    void everyUnicodeSpaceSeparatesAndNothingElseNew() {
        long c = Notation.parseCards("34");
        for (char space : new char[] {' ', '\t', '\n', '\r', '\u000B', '\f', '\u00A0', '\u2007', '\u202F', '\u3000',
            '\u2003', '\u1680', '\u2028', '\u2029'}) {
            assertEquals(c, Notation.parseCards("3" + space + "4"), Integer.toHexString(space));
            assertEquals(Position.parse("3/4 0", Rules.STANDARD).toString(),
                Position.parse("3/4" + space + "0", Rules.STANDARD).toString(), Integer.toHexString(space));
        }
        for (char control : new char[] {'\u001C', '\u001D', '\u001E', '\u001F', '\u200B', '\uFEFF', '\u0000'}) {
            assertThrows(NotationException.class, () -> Notation.parseCards("3" + control + "4"),
                Integer.toHexString(control));
        }
        // all of a position's fields are separated by the same spaces
        assertEquals("3558TJJ2X/67TTKAA 0 88@1",
            Position.parse("\u3000\u3000358TJJ2X5/67TTKAA\u00A00\u202F88@1\u3000", Rules.STANDARD).toString());
        assertThrows(NotationException.class, () -> Position.parse("\u00A0\u3000", Rules.STANDARD));
    }
}
