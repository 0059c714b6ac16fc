package io.github.ddzengine.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScoringTest {
    @Test
    void multiplierIsBaseDoubledPerBombRocketAndSpring() {
        assertEquals(1, Scoring.multiplier(1, 0, false, false));
        assertEquals(3, Scoring.multiplier(3, 0, false, false));
        assertEquals(4, Scoring.multiplier(1, 2, false, false)); // a bomb and the rocket
        assertEquals(12, Scoring.multiplier(3, 1, true, false)); // 3 x 2 (bomb) x 2 (spring)
        assertEquals(16, Scoring.multiplier(2, 2, false, true)); // 2 x 4 x 2 (anti-spring)
        assertEquals(3L << 14, Scoring.multiplier(3, 14, false, false));
    }

    @Test
    void landlordGetsTwiceWhatEachFarmerPays() {
        assertEquals(8, Scoring.score(0, true, 4));
        assertEquals(-4, Scoring.score(1, true, 4));
        assertEquals(-4, Scoring.score(2, true, 4));
        assertEquals(-6, Scoring.score(0, false, 3));
        assertEquals(3, Scoring.score(1, false, 3));
        assertEquals(3, Scoring.score(2, false, 3));
        for (long m : new long[] {1, 2, 48}) {
            for (boolean w : new boolean[] {true, false}) {
                assertEquals(0, Scoring.score(0, w, m) + Scoring.score(1, w, m) + Scoring.score(2, w, m));
            }
        }
    }

    @Test
    void refusesImpossibleInputs() {
        assertThrows(IllegalArgumentException.class, () -> Scoring.multiplier(0, 0, false, false));
        assertThrows(IllegalArgumentException.class, () -> Scoring.multiplier(4, 0, false, false));
        assertThrows(IllegalArgumentException.class, () -> Scoring.multiplier(1, -1, false, false));
        assertThrows(IllegalArgumentException.class, () -> Scoring.multiplier(1, 0, true, true));
        assertThrows(IllegalArgumentException.class, () -> Scoring.score(3, true, 1));
    }

    /** The rollouts' allocation-free methods agree with {@link Scoring#multiplier} and {@link Scoring#score}. */
    @Test
    void stakeAndSpringsAgreeWithTheCheckedMethods() {
        for (int base = 1; base <= 3; base++) {
            for (int bombs = 0; bombs <= 14; bombs++) {
                for (int spring = 0; spring <= 1; spring++) {
                    long m = Scoring.multiplier(base, bombs, spring == 1, false);
                    for (int seat = 0; seat < 3; seat++) {
                        assertEquals(Math.abs(Scoring.score(seat, true, m)), Scoring.stake(seat, base, bombs + spring));
                    }
                }
            }
        }
        assertEquals(Scoring.MAX_DOUBLINGS, 15);
        assertEquals(2L << 15, Scoring.stake(0, 1, 40));
        assertTrue(Scoring.springs(0, false, 3));
        assertFalse(Scoring.springs(0, true, 3));
        assertTrue(Scoring.springs(2, true, 1));
        assertFalse(Scoring.springs(1, true, 2));
    }
}
