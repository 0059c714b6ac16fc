package io.github.ddzengine.core.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.Concurrently;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/**
 * Review checks of {@link MinHands} without the segment table: adversarial hands (rich in pairs,
 * trios, planes, fours and jokers) against the exhaustive oracle under every preset and many ban
 * sets, the split of each, and one shared instance on two threads.
 */
class MinHandsReviewTest {
    private static final String[] BANS = {"", "winged_planes", "trio_solo_chain", "trio_pair_chain",
        "trio,31,32,421,422", "421", "trio_solo,trio_pair_chain"};

    /** Up to 20 cards, mostly pairs, trios and fours on a window of adjacent ranks, sometimes jokers and 2s. */
    static long pairsAndTrios(SplittableRandom r) {
        long h = 0;
        int size = 0;
        int lo = r.nextInt(10);
        int hi = Math.min(12, lo + 2 + r.nextInt(8));
        int target = 8 + r.nextInt(13);
        for (int guard = 0; size < target && guard < 200; guard++) {
            int rank = r.nextInt(6) == 0 ? r.nextInt(15) : lo + r.nextInt(hi - lo + 1);
            int have = Cards.count(h, rank);
            int max = rank >= 13 ? 1 : 4;
            int want = rank >= 13 ? 1 : (r.nextInt(3) == 0 ? 4 : 2 + r.nextInt(2)) - have;
            int add = Math.max(0, Math.min(Math.min(want, max - have), target - size));
            h += Cards.of(rank, add);
            size += add;
        }
        return h;
    }

    /** A plane (or shuttle) of 2..5 trios or fours, plus random wings up to 20 cards. */
    static long plane(SplittableRandom r) {
        while (true) {
            long h = 0;
            int size = 0;
            int len = 2 + r.nextInt(4);
            int s = r.nextInt(12 - len + 1);
            for (int i = 0; i < len; i++) {
                int c = r.nextInt(4) == 0 ? 4 : 3;
                h += Cards.of(s + i, c);
                size += c;
            }
            if (size > 20) {
                continue;
            }
            int target = size + r.nextInt(21 - size);
            while (size < target) {
                int rank = r.nextInt(15);
                int have = Cards.count(h, rank);
                int max = rank >= 13 ? 1 : 4;
                if (have < max) {
                    int add = Math.min(Math.min(1 + r.nextInt(2), max - have), target - size);
                    h += Cards.of(rank, add);
                    size += add;
                }
            }
            return h;
        }
    }

    @Test
    void adversarialHandsEqualTheOracleAndSplitIntoAllowedPlays() {
        for (Preset preset : Preset.values()) {
            for (String bans : BANS) {
                Rules rules = Rules.of(preset, Rules.parseBans(bans));
                MinHands m = MinHands.of(rules);
                MinHandsOracle oracle = new MinHandsOracle(rules);
                MoveTable table = rules.table();
                Property.forAll("adversarial minHands " + rules, 123_000 + preset.ordinal() * 100 + bans.length(), 14,
                    random -> {
                        long hand = random.nextBoolean() ? pairsAndTrios(random) : plane(random);
                        int expected = oracle.count(hand);
                        assertEquals(expected, m.count(hand), () -> Notation.format(hand) + " under " + rules);
                        int[] split = m.split(hand);
                        assertEquals(expected, split.length, () -> "split of " + Notation.format(hand));
                        long sum = 0;
                        for (int id : split) {
                            assertTrue(id != MoveTable.PASS && rules.allows(id),
                                () -> table.format(id) + " in the split of " + Notation.format(hand) + " under " + rules);
                            sum = Cards.add(sum, table.cards(id));
                        }
                        assertEquals(hand, sum, () -> "split of " + Notation.format(hand));
                    });
            }
        }
    }

    @Test
    void namedAdversarialHands() {
        MinHands standard = MinHands.of(Rules.STANDARD);
        MinHands botzone = MinHands.of(Rules.of(Preset.BOTZONE));
        MinHands rlcard = MinHands.of(Rules.of(Preset.RLCARD));
        assertEquals(1, standard.count(Notation.parseCards("3334445556667778")), "plane of 4 with wings 7778");
        assertEquals(2, botzone.count(Notation.parseCards("3334445556667778")), "BOTZONE: wings of one rank each");
        assertEquals(2, standard.count(Notation.parseCards("33334444XD")), "3333XD + 4444: 44 44 is not two pairs");
        assertEquals(1, botzone.count(Notation.parseCards("3333444456")), "shuttle with solo wings");
        assertEquals(2, rlcard.count(Notation.parseCards("3333XD")), "RLCARD: no jokers as both kickers");
        for (String h : new String[] {"33334444XD", "33334444556677", "3334445556667778"}) {
            long hand = Notation.parseCards(h);
            for (Preset p : Preset.values()) {
                Rules rules = Rules.of(p);
                assertEquals(new MinHandsOracle(rules).count(hand), MinHands.of(rules).count(hand), h + " " + rules);
            }
        }
    }

    @Test
    void oneInstanceOnTwoThreadsGivesTheSameCounts() throws InterruptedException {
        Rules rules = Rules.of(Preset.BOTZONE);
        MinHands m = MinHands.of(rules);
        SplittableRandom random = new SplittableRandom(2024);
        int n = 3_000;
        long[] hands = new long[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            hands[i] = i % 3 == 0 ? plane(random) : RandomHands.hand(random);
            expected[i] = m.count(hands[i]);
        }
        Concurrently.run(2, first -> {
            MinHands shared = MinHands.of(rules);
            for (int round = 0; round < 3; round++) {
                for (int i = first; i < n; i += 1 + first) {
                    assertEquals(expected[i], shared.count(hands[i]), Notation.format(hands[i]));
                }
            }
        });
    }
}
