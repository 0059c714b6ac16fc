package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** Position notation (notation.md section 4) and the checks that refuse impossible positions. */
class PositionTest {
    private static final Rules STD = Rules.STANDARD;

    private static String error(String text, Rules rules) {
        return assertThrows(NotationException.class, () -> Position.parse(text, rules)).getMessage();
    }

    @Test
    void parsesAndPrintsTheExamplesOfNotationMd() {
        for (String text : new String[] {"45567899JQK/3469QAAA2D 0", "999JJXD/33334567TTAAAA 1",
            "3558TJJ2X/67TTKAA 0 88@1", "3333/4444/5555 1 6@0"}) {
            assertEquals(text, Position.parse(text, STD).toString());
        }
        Position p = Position.parse("3333/4444/5555 up 6@landlord", STD);
        assertEquals(3, p.seats());
        assertEquals(2, p.mover());
        assertEquals(0, p.lastSeat());
        assertEquals("trio_chain_4",
            STD.table().typeName(Position.parse("3/4 1 333444555666:trio_chain_4@0", STD).lastMove()));
        assertEquals(20, io.github.ddzengine.core.cards.Cards.size(Position.parse("33334444555566667777/8 0", STD).hand(0)));
    }

    @Test
    void refusesImpossiblePositionsWithOneLine() {
        assertTrue(error("33333/4 0", STD).contains("more than four 3s"));
        assertTrue(error("XD/X 0", STD).contains("already in another hand"));
        assertTrue(error("3333/4444 0 3@1", STD).contains("already in another hand"));
        assertTrue(error("/4 0", STD).contains("empty"));
        assertTrue(error("3/-/5 0", STD).contains("empty"));
        assertTrue(error("3/4 2", STD).contains("does not exist"));
        assertTrue(error("3/4 0 5@0", STD).contains("cannot have to beat its own"));
        assertTrue(error("3/4 0 99923@1", STD).contains("not a combination"));
        assertTrue(error("3/4 0 pass@1", STD).contains("is a pass"));
        assertTrue(error("3/4 0 5", STD).contains("CARDS@SEAT"));
        assertTrue(error("3/4", STD).contains("fields"));
        assertTrue(error("3/33445566778899TTJJ 0", STD).contains("at most 17"));
        assertTrue(error("3/3344556677889TTJJ 0 QQ@1", STD).contains("would have held 19 cards"));
        assertTrue(error("33445566778899TTJJQQ/4 1 KK@0", STD).contains("would have held 22 cards"));
        assertTrue(error("3/4 0 5556@1", Rules.of(Preset.STANDARD, Rules.parseBans("31"))).contains("banned"));
    }

    /** Issue 36: hands written with spaces (as the coach's options take them) read as the same position. */
    @Test
    void handsWithSpacesReadAsTheSamePosition() {
        assertEquals("448999TJJQQAD/336688TAA22X 0",
            Position.parse("4 4 8 9 9 9 T J J Q Q A D / 3 3 6 6 8 8 T A A 2 2 X 0", STD).toString());
        assertEquals("448999TJJQQAD/336688TAA22X 0 8@1",
            Position.parse("4 4 8 9 9 9 10 J J Q Q A D / 3 3 6 6 8 8 10 A A 2 2 X 0 8@1", STD).toString());
        assertEquals("3558TJJ2X/67TTKAA/44 2 88@1",
            Position.parse("3 5 5 8 T J J 2 X / 6 7 T T K A A / 4 4 up 88@1", STD).toString());
        String e = error("4 4 8 / 3 3 6 0 8 8@1", STD);
        assertTrue(e.contains("without spaces, for example"), e);
        e = error("4 4 8 3 3 6 0", STD);
        assertTrue(e.contains("write the hands between '/'"), e);
    }

    @Test
    void tableSizeFollowsThePositionAndTheHeap() {
        long heap = 6L << 30;
        assertEquals(4, Solver.suggestedTableMegabytes(Position.parse("448999TJJQQAD/336688TAA22X 0", STD), heap));
        assertEquals(Solver.DEFAULT_TABLE_MB, Solver.suggestedTableMegabytes(Position.parse("3345567779TJJQ/34556679TTJQQK 0", STD), heap));
        Position big = Position.parse("3345567779TJJQQK2/34556679TTJQQK22X 0", STD);
        assertEquals(64, Solver.suggestedTableMegabytes(big, heap));
        assertEquals(32, Solver.suggestedTableMegabytes(big, 128L << 20), "a quarter of the heap");
        assertEquals(1, Solver.suggestedTableMegabytes(Position.parse("3/4 0", STD), 2L << 20), "at least 1 MiB");
    }
}
