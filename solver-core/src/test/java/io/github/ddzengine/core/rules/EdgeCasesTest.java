package io.github.ddzengine.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import org.junit.jupiter.api.Test;

/** The edge cases of rules.md section 7, one named test each (all presets unless noted), and the preset quirks. */
class EdgeCasesTest {
    private static final Preset[] ALL = Preset.values();

    private static int move(Preset p, String text) {
        return MoveTable.of(p).parseMove(text);
    }

    private static int readings(Preset p, String cards) {
        return MoveTable.of(p).classify(Notation.parseCards(cards), new int[2]);
    }

    private static boolean beats(Preset p, String a, String b) {
        return MoveTable.of(p).beats(move(p, a), move(p, b));
    }

    @Test
    void anAllowedCombinationNeedsAReadingTheRulesDoNotBan() {
        int[] scratch = new int[2];
        Rules open = Rules.of(Preset.STANDARD);
        Rules noTrioPair = Rules.of(Preset.STANDARD, MoveType.TRIO_PAIR.bit());
        assertTrue(open.isAllowedCombination(Notation.parseCards("33344"), scratch));
        assertFalse(noTrioPair.isAllowedCombination(Notation.parseCards("33344"), scratch), "its only reading is banned");
        assertTrue(noTrioPair.isAllowedCombination(Notation.parseCards("3334"), scratch));
        assertFalse(open.isAllowedCombination(Notation.parseCards("3345"), scratch), "not a combination");
        // 333444555666: a trio chain, and a winged plane; banning the winged planes leaves the chain
        Rules noWings = Rules.of(Preset.STANDARD, MoveType.TRIO_SOLO_CHAIN.bit() | MoveType.TRIO_PAIR_CHAIN.bit());
        assertTrue(noWings.isAllowedCombination(Notation.parseCards("333444555666"), scratch));
    }

    @Test
    void rocketInAnyOrderIsTheRocketNothingBeatsItAndItBeatsEveryBomb() {
        for (Preset p : ALL) {
            MoveTable t = MoveTable.of(p);
            assertEquals(t.rocketId(), move(p, "DX"));
            assertEquals("rocket", t.typeName(move(p, "XD")));
            for (int id = 1; id < t.size(); id++) {
                assertFalse(t.beats(id, t.rocketId()), t.format(id));
                if (id != t.rocketId()) {
                    assertTrue(t.beats(t.rocketId(), id), t.format(id));
                }
            }
        }
    }

    @Test
    void aBombBeatsAPairAStraightAPlaneAFourWithTwoAndALowerBombNeverBeatsAHigher() {
        for (Preset p : ALL) {
            assertTrue(beats(p, "3333", "22"));
            assertTrue(beats(p, "3333", "3456789TJQKA"));
            assertTrue(beats(p, "3333", "333444555666777888:trio_chain_6"));
            assertTrue(beats(p, "3333", "444456"));
            assertTrue(beats(p, "3333", "44445566"));
            assertTrue(beats(p, "4444", "3333"));
            assertFalse(beats(p, "3333", "4444"));
            assertFalse(beats(p, "22", "3333"));
            assertFalse(beats(p, "2222", "XD"));
        }
    }

    @Test
    void pairChainsAndTrioPairChainsAreBeatenByHigherOnesOfTheSameLength() {
        for (Preset p : ALL) {
            assertTrue(beats(p, "445566", "334455"));
            assertFalse(beats(p, "334455", "445566"));
            assertFalse(beats(p, "44556677", "334455"), "other length");
            assertTrue(beats(p, "4445553366", "3334447788"));
            assertFalse(beats(p, "3334447788", "4445553366"));
            assertFalse(beats(p, "444555666778899", "3334447788"), "other length");
        }
    }

    @Test
    void trioWithTwoDifferentSinglesAndTrioWithBothJokersAreNotCombinations() {
        for (Preset p : ALL) {
            assertEquals(0, readings(p, "99923"), p.toString());
            assertEquals(0, readings(p, "333XD"), p.toString());
        }
    }

    @Test
    void chainsNeverContainTwoOrJokersAndNeverWrap() {
        for (Preset p : ALL) {
            for (String s : new String[] {"A2345", "23456", "QKA23", "AA2233", "AAA222", "KA2XD", "JQKA2"}) {
                assertEquals(0, readings(p, s), p + " " + s);
            }
            assertEquals("solo_chain_5", MoveTable.of(p).typeName(move(p, "TJQKA")));
        }
    }

    @Test
    void trioWithAPairOfTwosAndAPlaneWithATwoWingAreLegal() {
        for (Preset p : ALL) {
            assertEquals("trio_pair", MoveTable.of(p).typeName(move(p, "22233")));
            assertEquals("trio_solo_chain_2", MoveTable.of(p).typeName(move(p, "33344425")));
        }
    }

    @Test
    void trioWithASingleAndTheSpellingTen() {
        for (Preset p : ALL) {
            assertEquals("trio_solo", MoveTable.of(p).typeName(move(p, "TTT3")));
            assertEquals(move(p, "TTT3"), move(p, "10 10 10 3"));
        }
    }

    @Test
    void twoFoursAreNotAFourWithTwoPairsButAShuttleInBotzone() {
        for (Preset p : ALL) {
            int n = readings(p, "33334444");
            if (p == Preset.BOTZONE) {
                assertEquals("shuttle_2", MoveTable.of(p).typeName(move(p, "33334444")));
            } else {
                assertEquals(0, n, p.toString());
            }
        }
    }

    @Test
    void aPassPlaysNoCardsAndFourWithTwoSinglesIsAlwaysSixCards() {
        for (Preset p : ALL) {
            MoveTable t = MoveTable.of(p);
            assertEquals(0L, t.cards(MoveTable.PASS));
            assertEquals("pass", t.format(MoveTable.PASS));
            assertFalse(t.beats(MoveTable.PASS, move(p, "3")));
            for (int id = 1; id < t.size(); id++) {
                if (t.type(id) == MoveType.FOUR_TWO_SOLO) {
                    assertEquals(6, t.cardCount(id), t.format(id));
                }
            }
        }
    }

    @Test
    void equalNeverBeats() {
        for (Preset p : ALL) {
            assertFalse(beats(p, "22", "22"));
            assertFalse(beats(p, "34567", "34567"));
            assertFalse(beats(p, "3335", "3334"), "kickers never matter");
            assertTrue(beats(p, "4443", "333A"));
        }
    }

    @Test
    void aFollowerMustMatchTheReadingInPlay() {
        for (Preset p : new Preset[] {Preset.STANDARD, Preset.DOUZERO}) {
            MoveTable t = MoveTable.of(p);
            MoveGenerator g = new MoveGenerator(Rules.of(p));
            long hand = Notation.parseCards("444555666777");
            int[] out = new int[MoveGenerator.MAX_MOVES];
            int n = g.answers(hand, move(p, "333444555666:trio_chain_4"), out);
            assertEquals("[444555666777:trio_chain_4, pass]", names(t, out, n));
            n = g.answers(hand, move(p, "333444555666:trio_solo_chain_3"), out);
            // DOUZERO quirk Q3: DouZero reads the played winged plane back as the 4-trio chain
            assertEquals(p == Preset.DOUZERO ? "[444555666777:trio_chain_4, pass]" : "[444555666777:trio_solo_chain_3, pass]",
                names(t, out, n));
        }
    }

    @Test
    void douzeroQuirkQ1AFourTrioPlaneWithATrioInItsWingsIsInvalidOncePlayed() {
        MoveTable dz = MoveTable.of(Preset.DOUZERO);
        MoveTable std = MoveTable.of(Preset.STANDARD);
        String plane = "3334445556667778"; // reads from 3 with wings 7778, or from 4 with wings 3338
        assertEquals(MoveTable.FAMILY_INVALID, dz.lastFamily(dz.parseMove(plane)));
        assertTrue(std.lastFamily(std.parseMove(plane)) >= 0);
        assertEquals(4 - 3, std.mainRank(std.parseMove(plane)), "the higher start is kept");
        String higher = "5556667778889TJQ";
        assertFalse(dz.beats(dz.parseMove(higher), dz.parseMove(plane)));
        assertTrue(std.beats(std.parseMove(higher), std.parseMove(plane)));
        assertTrue(dz.beats(dz.parseMove("3333"), dz.parseMove(plane)));
        // a three-trio plane with a trio as wings stays valid in DouZero
        assertTrue(dz.lastFamily(dz.parseMove("333444555777")) >= 0);
    }

    @Test
    void douzeroQuirkQ2WingedPlanesRankByTheHighestTrioInTheMove() {
        MoveTable dz = MoveTable.of(Preset.DOUZERO);
        MoveTable std = MoveTable.of(Preset.STANDARD);
        // 444555666+222 (chain from 4) against JJJQQQKKK+458 (chain from J)
        assertTrue(dz.beats(dz.parseMove("444555666222"), dz.parseMove("458JJJQQQKKK")));
        assertFalse(std.beats(std.parseMove("444555666222"), std.parseMove("458JJJQQQKKK")));
    }

    @Test
    void douzeroQuirkQ3APlayedTwelveCardPlaneReadsAsTheTrioChain() {
        MoveTable dz = MoveTable.of(Preset.DOUZERO);
        int winged = dz.parseMove("333444555666:trio_solo_chain_3");
        int chain = dz.parseMove("333444555666:trio_chain_4");
        assertEquals(dz.lastFamily(chain), dz.lastFamily(winged));
        assertFalse(dz.beats(dz.parseMove("777888999TJQ"), winged), "DouZero answers it as a trio chain");
        assertTrue(dz.beats(dz.parseMove("444555666777:trio_chain_4"), winged));
        MoveTable std = MoveTable.of(Preset.STANDARD);
        assertTrue(std.beats(std.parseMove("777888999TJQ"), std.parseMove("333444555666:trio_solo_chain_3")));
    }

    @Test
    void rlcardNeverUsesBothJokersAsKickersNorAWingTrioNextToThePlane() {
        assertEquals(0, readings(Preset.RLCARD, "3333XD"));
        assertEquals(0, readings(Preset.RLCARD, "333444XD"));
        assertEquals(1, readings(Preset.RLCARD, "333444555666"), "only trio_chain_4");
        assertEquals(0, readings(Preset.RLCARD, "3334445556667777"));
        assertEquals(1, readings(Preset.RLCARD, "333444555999"));
        assertEquals(1, readings(Preset.RLCARD, "JJJQQQKKK222"));
        assertEquals(1, readings(Preset.STANDARD, "3333XD"));
    }

    @Test
    void botzoneWingsAreDistinctRanksAndFourWithTwoTakesNoPair() {
        assertEquals(0, readings(Preset.BOTZONE, "333344"));
        assertEquals(1, readings(Preset.BOTZONE, "333345"));
        assertEquals(1, readings(Preset.BOTZONE, "3333XD"));
        assertEquals(0, readings(Preset.BOTZONE, "33344455"));
        assertEquals(1, readings(Preset.BOTZONE, "33344456"));
        assertEquals("shuttle_solo_2", MoveTable.of(Preset.BOTZONE).typeName(move(Preset.BOTZONE, "3333444456")));
        assertEquals("shuttle_pair_2", MoveTable.of(Preset.BOTZONE).typeName(move(Preset.BOTZONE, "333344445566")));
        assertTrue(beats(Preset.BOTZONE, "44445555", "33334444"));
        assertTrue(beats(Preset.BOTZONE, "2222", "33334444"), "a bomb beats a shuttle");
        assertFalse(beats(Preset.BOTZONE, "444455556677", "3333444456"), "other shape");
    }

    private static String names(MoveTable t, int[] out, int n) {
        String[] s = new String[n];
        for (int i = 0; i < n; i++) {
            s[i] = t.format(out[i]);
        }
        Arrays.sort(s);
        return Arrays.toString(s);
    }
}
