package io.github.ddzengine.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import org.junit.jupiter.api.Test;

/** The move universes against the counts of rules.md section 4. */
class MoveTableTest {

    /** Distinct card sets per type name (pass excluded). */
    private static Map<String, Integer> countsByType(Preset preset) {
        MoveTable t = MoveTable.of(preset);
        Map<String, Set<Long>> sets = new HashMap<>();
        for (int id = 1; id < t.size(); id++) {
            sets.computeIfAbsent(t.type(id).baseName(), k -> new HashSet<>()).add(t.cards(id));
        }
        Map<String, Integer> counts = new HashMap<>();
        sets.forEach((k, v) -> counts.put(k, v.size()));
        return counts;
    }

    private static void assertCommonCounts(Map<String, Integer> c) {
        assertEquals(15, c.get("solo"));
        assertEquals(13, c.get("pair"));
        assertEquals(13, c.get("trio"));
        assertEquals(182, c.get("trio_solo"));
        assertEquals(156, c.get("trio_pair"));
        assertEquals(36, c.get("solo_chain"));
        assertEquals(52, c.get("pair_chain"));
        assertEquals(45, c.get("trio_chain"));
        assertEquals(2939, c.get("trio_pair_chain"));
        assertEquals(858, c.get("four_two_pair"));
        assertEquals(13, c.get("bomb"));
        assertEquals(1, c.get("rocket"));
    }

    @Test
    void standardHas29984DistinctCardSetsWithTheCountsOfRulesMd() {
        Map<String, Integer> c = countsByType(Preset.STANDARD);
        assertCommonCounts(c);
        assertEquals(24_331, c.get("trio_solo_chain"));
        assertEquals(1_339, c.get("four_two_solo"));
        assertEquals(14, c.size());
        assertEquals(29_984, distinct(Preset.STANDARD));
    }

    @Test
    void douzeroHasTheStandardUniverse() {
        assertEquals(countsByType(Preset.STANDARD), countsByType(Preset.DOUZERO));
        assertEquals(29_984, distinct(Preset.DOUZERO));
    }

    @Test
    void rlcardHas27471DistinctCardSets() {
        Map<String, Integer> c = countsByType(Preset.RLCARD);
        assertCommonCounts(c);
        assertEquals(21_822, c.get("trio_solo_chain"));
        assertEquals(1_326, c.get("four_two_solo"));
        assertEquals(27_471, distinct(Preset.RLCARD));
        assertEquals(27_472, MoveTable.of(Preset.RLCARD).size(), "27,471 combinations plus pass");
    }

    @Test
    void botzoneHas21421DistinctCardSetsWithShuttles() {
        Map<String, Integer> c = countsByType(Preset.BOTZONE);
        assertCommonCounts(c);
        assertEquals(8_044, c.get("trio_solo_chain"));
        assertEquals(1_183, c.get("four_two_solo"));
        assertEquals(38, c.get("shuttle"));
        assertEquals(6_028, c.get("shuttle_solo"));
        assertEquals(1_805, c.get("shuttle_pair"));
        assertEquals(21_421, distinct(Preset.BOTZONE));
    }

    @Test
    void exactlyNineStandardCardSetsHaveTwoReadingsAndTheyArePlainFourTrioChains() {
        for (Preset p : Preset.values()) {
            MoveTable t = MoveTable.of(p);
            int ambiguous = 0;
            for (int id = 1; id < t.size(); id++) {
                if (t.isAmbiguous(id) && t.type(id) == MoveType.TRIO_CHAIN) {
                    ambiguous++;
                    assertEquals(4, t.length(id));
                    int[] rs = new int[2];
                    assertEquals(2, t.classify(t.cards(id), rs));
                    int other = rs[0] == id ? rs[1] : rs[0];
                    assertEquals("trio_solo_chain_3", t.typeName(other));
                    assertEquals(t.mainRank(id) + 1, t.mainRank(other), "the stronger reading: chain from the second trio");
                }
            }
            boolean withDouzeroUniverse = p == Preset.STANDARD || p == Preset.DOUZERO;
            assertEquals(withDouzeroUniverse ? 9 : 0, ambiguous, p.toString());
        }
    }

    @Test
    void everyMoveIsAValidCardSetOfAtMostTwentyCardsAndClassifiesBackToItself() {
        for (Preset p : Preset.values()) {
            MoveTable t = MoveTable.of(p);
            int[] rs = new int[2];
            for (int id = 1; id < t.size(); id++) {
                long c = t.cards(id);
                assertTrue(Cards.isValid(c), Notation.format(c));
                assertTrue(Cards.size(c) >= 1 && Cards.size(c) <= 20, Notation.format(c));
                int n = t.classify(c, rs);
                assertTrue(rs[0] == id || (n == 2 && rs[1] == id), p + " " + t.format(id));
                assertEquals(id, t.parseMove(t.format(id)), p + " " + t.format(id));
            }
        }
    }

    @Test
    void everyMoveOfEveryPresetPassesTheCombinationPrefilterAndMixedHandsFailIt() {
        for (Preset p : Preset.values()) {
            MoveTable t = MoveTable.of(p);
            for (int id = 1; id < t.size(); id++) {
                assertTrue(MoveTable.mayBeCombination(t.cards(id)), p + " " + t.format(id));
            }
        }
        // four ranks or more, mixing counts, with fewer than two trios: no combination anywhere
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("3334456")));
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("34567789")));
        assertTrue(MoveTable.mayBeCombination(Notation.parseCards("33344456")), "a plane with two solo wings");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("3568")), "singles out of a run");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("TJQKA2")), "a run through the 2");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("558")), "a pair and a single");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("5577")), "two pairs");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("557799")), "pairs out of a run");
        assertTrue(MoveTable.mayBeCombination(Notation.parseCards("556677")), "a pair chain");
        assertTrue(MoveTable.mayBeCombination(Notation.parseCards("XD")), "the rocket");
        assertFalse(MoveTable.mayBeCombination(Notation.parseCards("2X")), "two singles");
    }

    @Test
    void familiesHoldOneTypeAndSizeAndKeysFollowMainRanks() {
        for (Preset p : Preset.values()) {
            MoveTable t = MoveTable.of(p);
            Map<Integer, Integer> sizeOfFamily = new HashMap<>();
            for (int id = 1; id < t.size(); id++) {
                if (id == t.rocketId()) {
                    continue;
                }
                MoveFamily f = t.families()[t.family(id)];
                assertEquals(f.type, t.type(id));
                assertEquals(f.length, t.length(id));
                Integer prev = sizeOfFamily.putIfAbsent(f.index, t.cardCount(id));
                assertTrue(prev == null || prev == t.cardCount(id), t.format(id));
                if (f.keyIsStart) {
                    assertEquals(t.mainRank(id), t.key(id));
                }
            }
        }
    }

    private static int distinct(Preset p) {
        MoveTable t = MoveTable.of(p);
        Set<Long> s = new HashSet<>();
        for (int id = 1; id < t.size(); id++) {
            s.add(t.cards(id));
        }
        return s.size();
    }
}
