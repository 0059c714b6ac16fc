package io.github.ddzengine.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.MoveOracle;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Review: leads, answers and {@code canBeat} against a brute-force filter of the move table, for
 * every preset combined with each ban set, on hands the general property test draws rarely:
 * exactly twenty cards, hands made only of trios or only of fours (planes with four and five
 * wings, shuttles, four-with-two), jokers, and last moves taken from such hands.
 */
class GeneratorOracleReviewTest {
    private static final String[] BANS = {"", "trio", "31", "32", "421,422", "trio_solo_chain", "trio_pair_chain",
        "trio,31,32,421,422,winged_planes"};

    /** Cards of ranks near {@code start}: mode 0 uniform, 1 mixed counts, 2 fours, 3 trios; up to {@code n} cards. */
    static long hand(SplittableRandom rnd, int n, int mode) {
        if (mode == 0) {
            return io.github.ddzengine.core.testing.RandomHands.deal(rnd, n);
        }
        long hand = 0;
        int size = 0;
        int start = rnd.nextInt(12);
        for (int guard = 0; size < n && guard < 1000; guard++) {
            int r = rnd.nextInt(3) == 0 ? rnd.nextInt(15) : Math.min(start + rnd.nextInt(6), 14);
            int max = r >= 13 ? 1 : 4;
            int want = mode == 2 ? 4 : (mode == 3 ? 3 : 1 + rnd.nextInt(4));
            int add = Math.min(Math.min(want, max - Cards.count(hand, r)), n - size);
            if (add > 0) {
                hand += Cards.of(r, add);
                size += add;
            }
        }
        return hand;
    }

    private static String sorted(int[] buf, int n) {
        int[] r = Arrays.copyOf(buf, n);
        Arrays.sort(r);
        return Arrays.toString(r);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void leadsAnswersAndCanBeatEqualTheOracleUnderEveryBanSet(Preset preset) {
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        MoveGenerator unbanned = new MoveGenerator(Rules.of(preset));
        for (int b = 0; b < BANS.length; b++) {
            Rules rules = Rules.of(preset, Rules.parseBans(BANS[b]));
            MoveTable t = rules.table();
            MoveGenerator gen = new MoveGenerator(rules);
            Property.forAll("oracle " + rules, 77_000L + preset.ordinal() * 1000L + b * 100L, 150, rnd -> {
                long hand = hand(rnd, rnd.nextInt(3) == 0 ? 20 : 1 + rnd.nextInt(20), rnd.nextInt(4));
                String h = "hand " + Notation.format(hand) + " " + rules;
                assertEquals(Arrays.toString(MoveOracle.legalMoves(rules, hand, MoveTable.PASS)), sorted(buf, gen.leads(hand, buf)), h);
                for (int k = 0; k < 4; k++) {
                    int last;
                    if (k == 0) {
                        last = 1 + rnd.nextInt(t.size() - 1);
                    } else {
                        long other = hand(rnd, 1 + rnd.nextInt(20), 1 + rnd.nextInt(3));
                        int m = unbanned.leads(other, scratch);
                        last = scratch[rnd.nextInt(m)];
                    }
                    int n = gen.answers(hand, last, buf);
                    String where = h + " last " + t.format(last);
                    assertEquals(Arrays.toString(MoveOracle.legalMoves(rules, hand, last)), sorted(buf, n), where);
                    assertEquals(MoveTable.PASS, buf[n - 1], where + ": pass comes last");
                    assertEquals(n > 1, gen.canBeat(hand, last), where + ": canBeat");
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void canBeatAgreesWithAnswersOnEveryLastMoveOfTheTable(Preset preset) {
        Rules rules = Rules.of(preset);
        MoveTable t = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom rnd = new SplittableRandom(4242 + preset.ordinal());
        long[] hands = new long[8];
        for (int i = 0; i < hands.length; i++) {
            hands[i] = hand(rnd, 20, 1 + i % 3);
        }
        for (int last = 1; last < t.size(); last++) {
            for (long hand : hands) {
                boolean expected = gen.answers(hand, last, buf) > 1;
                if (gen.canBeat(hand, last) != expected) {
                    throw new AssertionError("canBeat(" + Notation.format(hand) + ", " + t.format(last) + ") != "
                        + expected + " under " + preset);
                }
            }
        }
    }
}
