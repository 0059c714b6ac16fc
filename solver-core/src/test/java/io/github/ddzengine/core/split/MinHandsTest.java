package io.github.ddzengine.core.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.tables.SplitTable;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MinHandsTest {
    private static final String[] BAN_SETS = {"", "trio_solo,trio_pair", "421,422", "winged_planes", "trio,31,32,421,422"};

    @Test
    void noipSamples() {
        // NOIP 2015 "斗地主": no winged planes in that problem's rules
        Rules noWingedPlanes = Rules.of(Preset.STANDARD, Rules.parseBans("winged_planes"));
        MinHands m = MinHands.of(noWingedPlanes);
        assertEquals(3, m.count(Notation.parseCards("5789TJAA")));
        assertEquals(6, m.count(Notation.parseCards("345567TTJQQQQA22X")));
    }

    @Test
    void namedHands() {
        MinHands m = MinHands.of(Rules.STANDARD);
        assertEquals(0, m.count(0L));
        assertEquals(1, m.count(Notation.parseCards("XD")));
        assertEquals(2, m.count(Notation.parseCards("X")) + m.count(Notation.parseCards("D")));
        assertEquals(1, m.count(Notation.parseCards("3456789TJQKA")));
        assertEquals(1, m.count(Notation.parseCards("33344456")), "plane with two single wings");
        assertEquals(5, m.count(Notation.parseCards("A2345")), "A2345 is not a chain: five singles");
        assertEquals(1, m.count(Notation.parseCards("333344")), "four_two_solo with a pair as the two cards (STANDARD)");
        assertEquals(2, MinHands.of(Rules.of(Preset.BOTZONE)).count(Notation.parseCards("333344")),
            "BOTZONE refuses a pair as the two cards of four_two_solo");
        assertEquals(1, m.count(Notation.parseCards("3333XD")));
        assertEquals(2, MinHands.of(Rules.of(Preset.RLCARD)).count(Notation.parseCards("3333XD")),
            "RLCARD refuses both jokers as kickers");
        assertEquals(2, m.count(Notation.parseCards("33334444")), "two bombs, not four_two_pair");
        assertEquals(1, MinHands.of(Rules.of(Preset.BOTZONE)).count(Notation.parseCards("33334444")), "a shuttle");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void equalsExhaustiveSearchOnRandomHands(Preset preset) {
        for (String bans : BAN_SETS) {
            Rules rules = Rules.of(preset, Rules.parseBans(bans));
            MinHands fast = MinHands.of(rules);
            MinHandsOracle oracle = new MinHandsOracle(rules);
            Property.forAll("minHands == exhaustive " + rules, 4_000 + preset.ordinal() * 100_000L, 400, random -> {
                long hand = RandomHands.hand(random);
                assertEquals(oracle.count(hand), fast.count(hand), () -> Notation.format(hand) + " under " + rules);
            });
        }
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void equalsExhaustiveSearchOnFullSizeHands(Preset preset) {
        Rules rules = Rules.of(preset);
        MinHands fast = MinHands.of(rules);
        MinHandsOracle oracle = new MinHandsOracle(rules);
        Property.forAll("minHands == exhaustive, 17 and 20 cards " + rules, 77_000 + preset.ordinal(), 150, random -> {
            long hand = RandomHands.deal(random, random.nextBoolean() ? 17 : 20);
            assertEquals(oracle.count(hand), fast.count(hand), () -> Notation.format(hand) + " under " + rules);
        });
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void splitIsAnOptimalPartitionIntoLegalPlays(Preset preset) {
        Rules rules = Rules.of(preset);
        MinHands m = MinHands.of(rules);
        MoveTable table = rules.table();
        Property.forAll("split partitions the hand " + rules, 9_000 + preset.ordinal(), 300, random -> {
            long hand = RandomHands.hand(random);
            int[] split = m.split(hand);
            assertEquals(m.count(hand), split.length);
            long sum = 0;
            for (int id : split) {
                assertTrue(id != MoveTable.PASS && rules.allows(id));
                sum = Cards.add(sum, table.cards(id));
            }
            assertEquals(hand, sum, () -> "split of " + Notation.format(hand));
        });
    }

    @Test
    void profileTableDoesNotDependOnWhichRanksHoldTheCounts() {
        // the premise of the profile table: without chains, only counts and jokers matter
        for (Preset preset : Preset.values()) {
            Rules rules = Rules.of(preset);
            MinHands m = MinHands.of(rules);
            MinHandsOracle oracle = new MinHandsOracle(rules);
            Property.forAll("profile invariance " + rules, 31 + preset.ordinal(), 200, random -> {
                long hand = RandomHands.hand(random);
                // scatter the counts over non-adjacent ranks so no chain fits: 3 5 7 9 J K 2 + jokers
                int[] slots = {0, 2, 4, 6, 8, 10, 12};
                long scattered = hand & Cards.ROCKET;
                int k = 0;
                for (int r = 0; r < 13 && k < slots.length; r++) {
                    int c = Cards.count(hand, r);
                    if (c > 0) {
                        scattered += Cards.of(slots[k++], c);
                    }
                }
                long h = scattered;
                assertEquals(oracle.count(h), m.chainFreeCount(h), () -> Notation.format(h));
            });
        }
    }

    /**
     * The shipped profile tables ({@code src/main/resources/io/github/ddzengine/core/split/profiles-*.bin}) are
     * byte for byte the computed ones, so every ban-free {@link MinHands#of} counts exactly as if it
     * had computed its table. Run with {@code -Dddz.regenerateProfiles=true} to write them anew
     * after a change to the profile computation.
     */
    @Test
    void shippedProfileTablesAreTheComputedOnes() throws java.io.IOException {
        if (Boolean.getBoolean("ddz.regenerateProfiles")) {
            for (Preset preset : Preset.values()) {
                java.nio.file.Files.write(java.nio.file.Path.of("src/main/resources/io/github/ddzengine/core/split",
                    MinHands.profileResource(preset)), new MinHands(Rules.of(preset), false).profileBytes());
            }
            return; // the new files reach the class path with the next build
        }
        for (Preset preset : Preset.values()) {
            Rules rules = Rules.of(preset);
            byte[] computed = new MinHands(rules, false).profileBytes();
            String name = MinHands.profileResource(preset);
            byte[] shipped;
            try (java.io.InputStream in = MinHands.class.getResourceAsStream(name)) {
                assertTrue(in != null, "no resource " + name);
                shipped = in.readAllBytes();
            }
            assertArrayEquals(computed, shipped, name + " differs from the computed table: regenerate it");
            assertArrayEquals(computed, new MinHands(rules, true).profileBytes(), preset + ": loaded table");
            assertEquals(MinHands.profileOrder().length + 4, computed.length);
        }
        // with bans the table is computed: it differs from the ban-free one
        Rules banned = Rules.of(Preset.STANDARD, Rules.parseBans("trio_solo,trio_pair"));
        assertFalse(java.util.Arrays.equals(new MinHands(banned, true).profileBytes(),
            new MinHands(Rules.STANDARD, true).profileBytes()));
    }

    @Test
    void refusesInvalidHands() {
        MinHands m = MinHands.of(Rules.STANDARD);
        assertThrows(NotationException.class, () -> m.split(Cards.of(0, 5)));
    }

    @Test
    void aCounterUsesTheSplitTableItWasGivenAndNoOther() {
        // a table that holds no segment: its counter asks it, then searches; the counts never move
        long[] finds = new long[1];
        SplitTable empty = new SplitTable() {
            @Override
            public int find(long segment) {
                finds[0]++;
                return ABSENT;
            }

            @Override
            public int entry(int index) {
                throw new AssertionError("no entry to read");
            }
        };
        Rules rules = Rules.STANDARD;
        MinHands plain = MinHands.of(rules);
        MinHands asking = MinHands.of(rules, EngineTables.NONE.withSplit(empty));
        assertTrue(plain.splitTable() == null && asking.splitTable() == empty);
        assertTrue(MinHands.of(rules, EngineTables.NONE) == plain, "no split table: the cached counter");
        Property.forAll("a table without segments changes no count", 4040, 500, random -> {
            long hand = RandomHands.deal(random, 12 + random.nextInt(9));
            long before = finds[0];
            int expected = plain.count(hand);
            assertEquals(before, finds[0], "the counter without a table asked one");
            assertEquals(expected, asking.count(hand), () -> Notation.format(hand));
        });
        assertTrue(finds[0] > 0, "the table was asked");
        long chains = Notation.parseCards("3456789");
        long before = finds[0];
        assertEquals(1, asking.count(chains));
        assertTrue(finds[0] > before, "a hand with a chain asks the table");
    }
}
