package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.split.MinHandsOracle;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.tables.SplitTable;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SegmentTableTest {
    private static SegmentTable table;
    private static EngineTables tables;
    private static final java.util.List<Integer> progress = new java.util.ArrayList<>();

    @BeforeAll
    static void build() {
        table = SegmentTable.build(progress::add);
        tables = EngineTables.NONE.withSplit(table);
    }

    /** The counter of {@code rules} that uses the table ({@link MinHands#of(Rules)}: the one that searches). */
    private static MinHands withTable(Rules rules) {
        MinHands m = MinHands.of(rules, tables);
        assertTrue(m.splitTable() == table, "the counter uses the table");
        return m;
    }

    @Test
    void reportsProgressUpToTheSegmentCount() {
        int total = SegmentTable.segmentCount();
        assertEquals(table.segments(), total);
        assertEquals(total / SegmentTable.PROGRESS_STEP + 1, progress.size(), "reports");
        for (int i = 0; i + 1 < progress.size(); i++) {
            assertEquals((i + 1) * SegmentTable.PROGRESS_STEP, progress.get(i));
        }
        assertEquals(total, progress.get(progress.size() - 1));
    }

    @Test
    void holdsEverySegmentOfItsDefinition() {
        // counted independently: sequences of 2..12 counts in 1..4, at most 20 cards, with 5+
        // ranks, or 3 consecutive counts >= 2, or 2 consecutive counts >= 3
        int expected = 0;
        for (int length = 2; length <= 12; length++) {
            expected += countSequences(new int[length], 0);
        }
        assertEquals(expected, table.segments());
        assertTrue(table.segments() > 100_000, "segments: " + table.segments());
    }

    private static int countSequences(int[] c, int i) {
        if (i == c.length) {
            int sum = 0;
            boolean chain = c.length >= 5;
            for (int j = 0; j < c.length; j++) {
                sum += c[j];
                if (j > 0 && c[j] >= 3 && c[j - 1] >= 3) {
                    chain = true;
                }
                if (j >= 2 && c[j] >= 2 && c[j - 1] >= 2 && c[j - 2] >= 2) {
                    chain = true;
                }
            }
            return sum <= 20 && chain ? 1 : 0;
        }
        int n = 0;
        for (int v = 1; v <= 4; v++) {
            c[i] = v;
            n += countSequences(c, i + 1);
        }
        return n;
    }

    @Test
    void planeHandsEqualSearchOnEveryPreset() {
        // two or three adjacent trios plus random cards: the winged-plane path and its wing dedupe
        for (Preset preset : Preset.values()) {
            for (String bans : new String[] {"", "trio_solo,trio_pair", "421,422"}) {
                Rules rules = Rules.of(preset, Rules.parseBans(bans));
                MinHands m = withTable(rules);
                MinHands search = MinHands.of(rules);
                Property.forAll("planes: table == search " + rules, 900 + preset.ordinal(), 400, random -> {
                    int start = random.nextInt(10);
                    int trios = 2 + random.nextInt(2);
                    long hand = Cards.run(start, Math.min(trios, 12 - start), 3);
                    long pool = Cards.DECK - hand;
                    int n = Math.min(20, Cards.size(hand) + 4 + random.nextInt(11)) - Cards.size(hand);
                    long h = hand + RandomHands.dealFrom(random, pool, n);
                    assertEquals(search.count(h), m.count(h), () -> Notation.format(h) + " " + rules);
                });
            }
        }
    }

    @Test
    void tableCountsEqualSearchOnEveryPreset() {
        for (Preset preset : Preset.values()) {
            for (String bans : new String[] {"", "trio_solo,trio_pair,421,422", "winged_planes"}) {
                Rules rules = Rules.of(preset, Rules.parseBans(bans));
                MinHands m = withTable(rules);
                MinHands search = MinHands.of(rules);
                Property.forAll("table == search " + rules, 500 + preset.ordinal(), 3_000, random -> {
                    long hand = random.nextBoolean() ? RandomHands.hand(random)
                        : RandomHands.deal(random, 15 + random.nextInt(6));
                    assertEquals(search.count(hand), m.count(hand), () -> Notation.format(hand) + " " + rules);
                });
            }
        }
    }

    @Test
    void tableAndOracleAgreeOnChainHands() {
        MinHands m = withTable(Rules.STANDARD);
        MinHandsOracle oracle = new MinHandsOracle(Rules.STANDARD);
        for (String h : new String[] {"3456789TJQKA", "33445566778899", "3344556677889TTJJQ", "345567789TJQKA2XD",
                                      "334455667788", "3456789TJQKA3456", "33445567TJQQKKAA22", "333444555666", "3334445556667778", "33344455TJQKAXD2", "333444666777"}) {
            long hand = Notation.parseCards(h);
            assertEquals(oracle.count(hand), m.count(hand), h);
        }
    }

    @Test
    void everyHandOfTwentyCardsIsAnsweredByTheTable() {
        // regression: slots are offset << 8 | count with offsets up to 11.7 million, so the slots of
        // the last third of the segments have the sign bit set; they were taken for absent ones and
        // those hands fell back to the search. Every hand of at most 20 cards (no shuttle) is in the table.
        var keys = table.keys();
        int held = 0;
        for (int i = 0; i < keys.capacity(); i++) {
            long key = keys.get(i);
            if (key != 0) {
                int slot = table.find(key);
                assertTrue(slot != SegmentTable.ABSENT && (slot & 0xFF) > 0, "segment " + Notation.format(key));
                held++;
            }
        }
        assertEquals(SegmentTable.segmentCount(), held);
        // counted through a table that notes every segment it lacks (without shuttles, STANDARD and
        // RLCARD, and with at most 20 cards, hence at most three chain segments, that is the only
        // way a hand can miss the table)
        int[] absent = new int[1];
        SplitTable noting = new SplitTable() {
            @Override
            public int find(long segment) {
                int slot = table.find(segment);
                if (slot == ABSENT) {
                    absent[0]++;
                }
                return slot;
            }

            @Override
            public int entry(int index) {
                return table.entry(index);
            }
        };
        for (Preset preset : new Preset[] {Preset.STANDARD, Preset.RLCARD}) {
            MinHands m = MinHands.of(Rules.of(preset), EngineTables.NONE.withSplit(noting));
            MinHands search = MinHands.of(Rules.of(preset));
            Property.forAll("table answers " + preset, 61_000 + preset.ordinal(), 2_000, random -> {
                long hand = random.nextBoolean() ? RandomHands.hand(random) : RandomHands.deal(random, 15 + random.nextInt(6));
                assertEquals(search.count(hand), m.count(hand), () -> Notation.format(hand));
                assertEquals(0, absent[0], () -> Notation.format(hand) + " not answered by the table");
            });
            for (String h : new String[] {"333444", "333444555", "3334445556667", "333444TTTJJJQQQKKK", "33334444"}) {
                assertEquals(search.count(Notation.parseCards(h)), m.count(Notation.parseCards(h)), h);
                assertEquals(0, absent[0], h + " not answered by the table");
            }
        }
    }

    @Test
    void handsOfMoreThanThreeChainSegmentsAreCountedExactly() {
        // regression: only three segments were combined; a fourth overwrote the third, whose cards
        // were then counted as nothing (possible above 20 cards, which count() accepts)
        for (String h : new String[] {"333444666777999TTTQQKKAA", "333444666777999TTTQQQKKAA",
                                      "334455 778899 JJQQKK 3 6", "333444 666777 999TTT QQQKKK"}) {
            long hand = Notation.parseCards(h);
            for (Preset preset : Preset.values()) {
                for (String bans : new String[] {"", "winged_planes"}) {
                    Rules rules = Rules.of(preset, Rules.parseBans(bans));
                    assertEquals(MinHands.of(rules).count(hand), withTable(rules).count(hand), () -> h + " " + rules);
                }
            }
        }
        Rules noWings = Rules.of(Preset.STANDARD, Rules.parseBans("winged_planes"));
        assertEquals(4, withTable(noWings).count(Notation.parseCards("333444666777999TTTQQKKAA")),
            "three trio chains and a pair chain");
    }

    @Test
    void countersWithAndWithoutTheTableLiveSideBySide() throws InterruptedException {
        // no process-global table: a counter with it and one without, used at once on two
        // threads, each keep theirs and count the same
        Rules rules = Rules.of(Preset.DOUZERO);
        MinHands with = withTable(rules);
        MinHands without = MinHands.of(rules);
        assertTrue(without.splitTable() == null, "MinHands.of(rules) has no table");
        assertTrue(MinHands.of(rules, EngineTables.NONE) == without, "no tables: the cached counter");
        java.util.SplittableRandom random = new java.util.SplittableRandom(808);
        int n = 2_000;
        long[] hands = new long[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            hands[i] = RandomHands.deal(random, 17 + random.nextInt(4));
            expected[i] = without.count(hands[i]);
        }
        io.github.ddzengine.core.testing.Concurrently.run(2, t -> {
            MinHands m = t == 0 ? with : without;
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < n; i++) {
                    assertEquals(expected[i], m.count(hands[i]), Notation.format(hands[i]));
                }
            }
        });
        assertTrue(with.splitTable() == table && without.splitTable() == null, "each kept its own");
    }
}
