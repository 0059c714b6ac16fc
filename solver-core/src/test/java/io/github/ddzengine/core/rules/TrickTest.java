package io.github.ddzengine.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rule of the trick, in its one home. */
class TrickTest {
    @Test
    void aPassEndsTheTrickWhenPlayIsBackAtTheLastMover() {
        for (int last = 0; last < 3; last++) {
            for (int next = 0; next < 3; next++) {
                assertEquals(next == last, Trick.passEndsTrick(next, last), next + " after " + last);
            }
        }
        assertFalse(Trick.passEndsTrick(0, -1), "no last move: nothing to end");
    }

    @Test
    void theMoveToBeat() {
        int m = 7;
        assertEquals(MoveTable.PASS, Trick.toBeat(m, -1, 0), "a lead");
        assertEquals(MoveTable.PASS, Trick.toBeat(m, 2, 2), "play came back to the seat that played it");
        assertEquals(m, Trick.toBeat(m, 1, 2));
        assertEquals(m, Trick.toBeat(m, 0, 1));
        assertTrue(Trick.toBeat(MoveTable.PASS, -1, 1) == MoveTable.PASS);
    }
}
