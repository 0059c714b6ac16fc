package io.github.ddzengine.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Review: every move of every table checked against the rules of rules.md sections 2 to 5 from
 * its cards alone (main part, wings per preset, comparison key, DOUZERO Q1), the text round trip
 * of every id, and the semantics of {@code beats} and {@code lastClass}.
 */
class MoveTableReviewTest {

    private static int multiplicity(MoveType t) {
        switch (t) {
            case SOLO: case SOLO_CHAIN: return 1;
            case PAIR: case PAIR_CHAIN: return 2;
            case TRIO: case TRIO_CHAIN: case TRIO_SOLO: case TRIO_PAIR: case TRIO_SOLO_CHAIN: case TRIO_PAIR_CHAIN: return 3;
            default: return 4;
        }
    }

    /** Wing units of a type of chain length {@code len}: 0 none; positive single wings; negative pair wings. */
    private static int wings(MoveType t, int len) {
        switch (t) {
            case TRIO_SOLO: return 1;
            case TRIO_PAIR: return -1;
            case TRIO_SOLO_CHAIN: case SHUTTLE_SOLO: return len;
            case TRIO_PAIR_CHAIN: case SHUTTLE_PAIR: return -len;
            case FOUR_TWO_SOLO: return 2;
            case FOUR_TWO_PAIR: return -2;
            default: return 0;
        }
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void everyMoveIsItsMainPartPlusWingsThePresetAllows(Preset p) {
        MoveTable t = MoveTable.of(p);
        Map<String, Integer> familyOfName = new HashMap<>();
        for (int id = 1; id < t.size(); id++) {
            String what = p + " " + t.format(id);
            long c = t.cards(id);
            MoveType ty = t.type(id);
            int len = t.length(id);
            int s = t.mainRank(id);
            assertTrue(Cards.isValid(c) && Cards.size(c) <= Notation.MAX_HAND, what);
            Integer f = familyOfName.putIfAbsent(t.typeName(id), t.family(id));
            assertEquals(f == null ? t.family(id) : f, t.family(id), what + ": one family per type name");
            if (ty == MoveType.ROCKET) {
                assertEquals(Cards.ROCKET, c);
                continue;
            }
            if (ty.isChain()) {
                assertTrue(s >= 0 && s + len - 1 <= 11, what + ": chain within 3..A");
            }
            long main = Cards.run(s, len, multiplicity(ty));
            assertTrue(Cards.contains(c, main), what);
            long w = c - main;
            int wings = wings(ty, len);
            assertEquals(Math.abs(wings) * (wings < 0 ? 2 : 1), Cards.size(w), what + ": wing count");
            for (int r = s; r < s + len; r++) {
                assertEquals(0, Cards.count(w, r), what + ": a wing of a main rank");
            }
            if (wings < 0) {
                assertEquals(0L, w & Cards.ROCKET, what + ": jokers never pair");
                assertEquals(Cards.ranksAtLeast(w, 1), Cards.ranksExactly(w, 2), what + ": pair wings of distinct ranks");
            } else if (wings > 0) {
                if (p == Preset.BOTZONE) {
                    assertEquals(0L, Cards.ranksAtLeast(w, 2), what + ": Botzone single wings are distinct ranks");
                }
                if (p == Preset.RLCARD) {
                    assertFalse((w & Cards.ROCKET) == Cards.ROCKET, what + ": RLCard never takes both jokers");
                    assertEquals(0L, Cards.ranksAtLeast(w, 4), what + ": RLCard takes at most three of a rank");
                    if (ty == MoveType.TRIO_SOLO_CHAIN) {
                        long trios = Cards.ranksAtLeast(w, 3);
                        assertTrue(s == 0 || Cards.count(trios, s - 1) == 0, what + ": RLCard wing trio next to the plane");
                        assertTrue(s + len > 11 || Cards.count(trios, s + len) == 0, what + ": RLCard wing trio next to the plane");
                    }
                }
            }
            int key = s;
            if (p == Preset.DOUZERO && ty == MoveType.TRIO_SOLO_CHAIN) {
                key = Cards.highestRank(Cards.ranksExactly(c, 3)); // Q2
            }
            assertEquals(key, t.key(id), what + ": key");
            boolean q1 = p == Preset.DOUZERO && ty == MoveType.TRIO_SOLO_CHAIN && len >= 4 && Cards.ranksAtLeast(w, 3) != 0;
            // Q3: DouZero reads a played 333444555666-like winged plane back as the 4-trio chain
            boolean q3 = p == Preset.DOUZERO && ty == MoveType.TRIO_SOLO_CHAIN && t.isAmbiguous(id);
            int chainReading = q3 ? t.parseMove(Notation.format(c) + ":trio_chain_4") : -1;
            assertEquals(q1 ? MoveTable.FAMILY_INVALID : (q3 ? t.family(chainReading) : t.family(id)), t.lastFamily(id),
                what + ": Q1/Q3");
            assertEquals(q3 ? t.key(chainReading) : t.key(id), t.lastKey(id), what + ": Q3 key");
            assertEquals(id, t.parseMove(t.format(id)), what + ": text round trip");
        }
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void lastMovesOfOneClassAreBeatenByExactlyTheSameMoves(Preset p) {
        MoveTable t = MoveTable.of(p);
        SplittableRandom rnd = new SplittableRandom(99 + p.ordinal());
        for (int k = 0; k < 300; k++) {
            // every fourth draw a DOUZERO Q1 move (a class of its own, beaten by bombs and the rocket)
            int last = 1 + rnd.nextInt(t.size() - 1);
            if (p == Preset.DOUZERO && k % 4 == 0) {
                last = t.parseMove("3334445556667778");
            }
            int rep = t.lastClass(last);
            assertTrue(rep >= 1 && rep <= last, t.format(last));
            for (int m = 0; m < t.size(); m++) {
                if (t.beats(m, last) != t.beats(m, rep)) {
                    throw new AssertionError(p + ": " + t.format(m) + " against " + t.format(last) + " and its class "
                        + t.format(rep));
                }
            }
        }
    }

    @Test
    void bombsAndTheRocketAgainstEveryOtherMoveOfEveryPreset() {
        for (Preset p : Preset.values()) {
            MoveTable t = MoveTable.of(p);
            for (int id = 1; id < t.size(); id++) {
                for (int bomb : t.bombFamily().idOfStart) {
                    if (bomb == id) {
                        continue;
                    }
                    boolean lastIsBomb = t.isBomb(id);
                    boolean expected = id != t.rocketId() && (!lastIsBomb || t.mainRank(bomb) > t.mainRank(id));
                    assertEquals(expected, t.beats(bomb, id), p + " " + t.format(bomb) + " on " + t.format(id));
                    if (!lastIsBomb && id != t.rocketId()) {
                        assertFalse(t.beats(id, bomb), p + " " + t.format(id) + " on " + t.format(bomb));
                    }
                }
                assertFalse(t.beats(id, t.rocketId()));
                assertEquals(id != t.rocketId(), t.beats(t.rocketId(), id));
                assertTrue(t.beats(id, MoveTable.PASS));
                assertFalse(t.beats(MoveTable.PASS, id));
            }
        }
    }

    @Test
    void botzoneShuttlesBeatOnlyTheSameShapeAndNeverABomb() {
        MoveTable t = MoveTable.of(Preset.BOTZONE);
        int s2 = t.parseMove("33334444");
        int s2high = t.parseMove("QQQQKKKK");
        int s3 = t.parseMove("333344445555");
        int s2solo = t.parseMove("33334444XD");
        int s2soloHigh = t.parseMove("QQQQKKKKAX");
        int s2pair = t.parseMove("3333444422AA");
        int fourTwo = t.parseMove("QQQQKA");
        assertTrue(t.beats(s2high, s2));
        assertFalse(t.beats(s2, s2high));
        assertFalse(t.beats(s3, s2), "other length");
        assertFalse(t.beats(s2soloHigh, s2), "other wings");
        assertTrue(t.beats(s2soloHigh, s2solo));
        assertFalse(t.beats(s2pair, s2solo), "pair wings against single wings");
        assertFalse(t.beats(s2high, fourTwo), "a shuttle is no bomb");
        assertFalse(t.beats(s3, t.parseMove("3333")), "a shuttle never beats a bomb");
        assertTrue(t.beats(t.parseMove("3333"), s3), "any bomb beats a shuttle");
        assertEquals(0, t.classify(Notation.parseCards("3333444455"), new int[2]), "single wings of one rank");
        assertEquals(0, t.classify(Notation.parseCards("33334444555566"), new int[2]), "pair wings of one rank");
    }

    @Test
    void douzeroQ2KeysOnTheHighestTrioInTheMoveAndQ1MovesMayStillAnswer() {
        MoveTable dz = MoveTable.of(Preset.DOUZERO);
        // 333444555+AAA (key A) beats JJJQQQKKK+456 (key K) in DouZero, not in STANDARD
        assertTrue(dz.beats(dz.parseMove("333444555AAA"), dz.parseMove("456JJJQQQKKK")));
        assertFalse(dz.beats(dz.parseMove("456JJJQQQKKK"), dz.parseMove("333444555AAA")));
        MoveTable std = MoveTable.of(Preset.STANDARD);
        assertFalse(std.beats(std.parseMove("333444555AAA"), std.parseMove("456JJJQQQKKK")));
        // a four in the wings does not count as a trio: 333444555666+7777 keys on 6, and is Q1-invalid once played
        int withFour = dz.parseMove("3334445556667777");
        assertEquals(3, dz.key(withFour));
        assertEquals(MoveTable.FAMILY_INVALID, dz.lastFamily(withFour));
        // a Q1 move may still answer a valid plane of its family when its key is higher
        int fourBelow = dz.parseMove("3333444555666777");
        assertEquals(4, dz.key(fourBelow));
        assertTrue(dz.beats(fourBelow, dz.parseMove("33344455566689TJ")));
        assertFalse(dz.beats(withFour, dz.parseMove("33344455566689TJ")), "equal keys");
    }
}
