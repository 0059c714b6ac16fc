package io.github.ddzengine.core.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.MoveOracle;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Move generation against a brute-force oracle (every move of the universe filtered by
 * containment and {@code beats}) and the invariants of the rules, on seeded random hands.
 */
class MoveGeneratorPropertyTest {

    @ParameterizedTest
    @EnumSource(Preset.class)
    void leadsEqualTheBruteForceFilterOfTheUniverse(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("leads == universe filter (" + preset + ")", 1000 + preset.ordinal() * 100_000L, 400, rnd -> {
            long hand = RandomHands.hand(rnd);
            int n = gen.leads(hand, buf);
            assertEquals(Arrays.toString(MoveOracle.legalMoves(rules, hand, MoveTable.PASS)), Arrays.toString(MoveOracle.sorted(buf, n)),
                "hand " + Notation.format(hand));
        });
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void answersEqualTheBruteForceFilterAndSatisfyTheInvariants(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveTable t = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        int[] leads = new int[MoveGenerator.MAX_MOVES];
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("answers == universe filter (" + preset + ")", 2000 + preset.ordinal() * 100_000L, 600, rnd -> {
            long hand = RandomHands.hand(rnd);
            int last = randomLast(rnd, gen, t, leads);
            int n = gen.answers(hand, last, buf);
            String where = "hand " + Notation.format(hand) + " last " + t.format(last);
            assertEquals(Arrays.toString(MoveOracle.legalMoves(rules, hand, last)), Arrays.toString(MoveOracle.sorted(buf, n)), where);
            int nl = gen.leads(hand, leads);
            int[] leadSet = MoveOracle.sorted(leads, nl);
            for (int i = 0; i < n; i++) {
                int m = buf[i];
                assertTrue(Cards.contains(hand, t.cards(m)), where + ": " + t.format(m) + " not in hand");
                if (m != MoveTable.PASS) {
                    assertTrue(t.beats(m, last), where + ": " + t.format(m) + " does not beat");
                    assertTrue(Arrays.binarySearch(leadSet, m) >= 0, where + ": answer " + t.format(m) + " not a lead");
                }
            }
            assertEquals(MoveTable.PASS, buf[n - 1], "pass comes last when following");
        });
    }

    /** A last move: a random lead of a random hand (so every family occurs), or any id of the table. */
    private static int randomLast(SplittableRandom rnd, MoveGenerator gen, MoveTable t, int[] scratch) {
        if (rnd.nextInt(4) == 0) {
            return 1 + rnd.nextInt(t.size() - 1);
        }
        int n = gen.leads(RandomHands.hand(rnd), scratch);
        return scratch[rnd.nextInt(n)];
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void beatsIsIrreflexiveAndTransitive(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveTable t = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int[] b1 = new int[MoveGenerator.MAX_MOVES];
        int[] b2 = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("beats irreflexive and transitive (" + preset + ")", 3000 + preset.ordinal() * 100_000L, 400, rnd -> {
            int c = randomLast(rnd, gen, t, scratch);
            assertFalse(t.beats(c, c), t.format(c) + " beats itself");
            // b beats c, a beats b  =>  a beats c
            int n1 = gen.answers(RandomHands.deal(rnd, 20), c, b1);
            if (n1 <= 1) {
                return;
            }
            int b = b1[rnd.nextInt(n1 - 1)];
            int n2 = gen.answers(RandomHands.deal(rnd, 20), b, b2);
            for (int i = 0; i < n2 - 1; i++) {
                assertTrue(t.beats(b2[i], c), t.format(b2[i]) + " > " + t.format(b) + " > " + t.format(c));
                assertFalse(t.beats(c, b2[i]), "antisymmetry: " + t.format(c) + " vs " + t.format(b2[i]));
            }
        });
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void bannedTypesAreNeverGenerated(Preset preset) {
        int mask = Rules.parseBans("trio,31,32,421,422,winged_planes");
        Rules rules = Rules.of(preset, mask);
        MoveTable t = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("bans (" + preset + ")", 4000 + preset.ordinal() * 100_000L, 300, rnd -> {
            long hand = RandomHands.hand(rnd);
            int n = gen.leads(hand, buf);
            assertEquals(Arrays.toString(MoveOracle.legalMoves(rules, hand, MoveTable.PASS)), Arrays.toString(MoveOracle.sorted(buf, n)));
            for (int i = 0; i < n; i++) {
                MoveType ty = t.type(buf[i]);
                assertFalse(rules.isBanned(ty), t.format(buf[i]));
            }
        });
    }

    @org.junit.jupiter.api.Test
    void bansNameTypesWithoutChainLengths() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> Rules.parseBans("trio_solo_chain_3"));
        assertTrue(e.getMessage().contains("names a chain length"), e.getMessage());
        assertEquals(MoveType.TRIO_SOLO_CHAIN.bit(), Rules.parseBans("trio_solo_chain"));
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void canBeatAgreesWithAnswers(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveTable t = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("canBeat == answers > 1 (" + preset + ")", 6000 + preset.ordinal() * 100_000L, 2000, rnd -> {
            long hand = RandomHands.hand(rnd);
            int last = randomLast(rnd, gen, t, scratch);
            assertEquals(gen.answers(hand, last, buf) > 1, gen.canBeat(hand, last),
                "hand " + Notation.format(hand) + " last " + t.format(last));
        });
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void aFullHandOfTwentyCardsNeverOverflowsAndEachIdComesOnce(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("ids unique (" + preset + ")", 5000 + preset.ordinal() * 100_000L, 300, rnd -> {
            long hand = RandomHands.hand(rnd);
            int n = gen.leads(hand, buf);
            int[] s = MoveOracle.sorted(buf, n);
            for (int i = 1; i < n; i++) {
                assertTrue(s[i] != s[i - 1], "duplicate id " + s[i]);
            }
        });
    }
}
