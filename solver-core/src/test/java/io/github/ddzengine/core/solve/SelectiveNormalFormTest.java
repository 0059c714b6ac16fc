package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The normal form the solver's tables use (the selective map of {@link RankNormalizer}: a gap
 * kept only where a chain could cross it) is a position of the same value: on random positions
 * rich in chains, memoised minimax gives the position and its normal form the same verdict, and
 * the normal form often closes gaps the classic map keeps (so the test reaches the new case).
 */
class SelectiveNormalFormTest {

    /** Adds to a random hand, half the time, a solo chain, a pair chain or a plane from the pool. */
    private static long chainyHand(SplittableRandom rnd, long pool, int size) {
        long hand = 0;
        if (rnd.nextBoolean()) {
            int multiplicity = 1 + rnd.nextInt(3);
            int length = multiplicity == 1 ? 5 : multiplicity == 2 ? 3 : 2;
            int start = rnd.nextInt(12 - length + 1);
            long chain = Cards.run(start, length, multiplicity);
            if (fits(pool, chain)) {
                hand = chain;
            }
        }
        int more = Math.max(0, size - Cards.size(hand));
        return hand + RandomHands.dealFrom(rnd, pool - hand, Math.min(more, Cards.size(pool - hand)));
    }

    private static boolean fits(long pool, long cards) {
        for (int r = 0; r < 15; r++) {
            if (Cards.count(cards, r) > Cards.count(pool, r)) {
                return false;
            }
        }
        return true;
    }

    private static void compare(Preset preset, int seats, int maxCards, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        Solver solver = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        RankNormalizer classic = new RankNormalizer();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] closed = new int[1];
        Property.forAll("normal form keeps the value (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            long pool = Cards.DECK;
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = chainyHand(rnd, pool, 1 + rnd.nextInt(maxCards));
                pool -= hands[s];
            }
            int mover = rnd.nextInt(seats);
            int last = MoveTable.PASS;
            int lastSeat = -1;
            if (rnd.nextBoolean()) {
                // a last move of a family without wings or chain, so its image is easy to name
                int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(6, Cards.size(pool))), buf);
                for (int tries = 0; tries < 8 && n > 0; tries++) {
                    int m = buf[rnd.nextInt(n)];
                    int f = table.lastFamily(m);
                    if (m == table.rocketId() || (f >= 0 && table.families()[f].length == 1
                            && table.families()[f].wingKind == MoveFamily.WINGS_NONE)) {
                        last = m;
                        lastSeat = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
                        break;
                    }
                }
            }
            Position p = Position.of(rules, java.util.Arrays.copyOf(hands, seats), mover, last, lastSeat);
            long[] form = solver.normalForm(p);
            int state = (int) form[3];
            int code = state >>> 4;
            int imageLast;
            if (code == 0) {
                imageLast = MoveTable.PASS;
            } else if (code == 1) {
                imageLast = table.rocketId();
            } else {
                int family = (code - 3) >>> 4;
                imageLast = table.families()[family].idOfStart[(code - 3) & 15];
            }
            long[] image = {form[0], form[1], form[2]};
            assertEquals(Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]),
                Cards.size(image[0]) + Cards.size(image[1]) + Cards.size(image[2]), p.toString());
            oracle.clear();
            boolean expected = oracle.wins(hands.clone(), seats, mover, last, lastSeat);
            oracle.clear();
            boolean actual = oracle.wins(image.clone(), seats, mover, imageLast, lastSeat);
            assertEquals(expected, actual, p + " and its normal form "
                + Position.of(rules, java.util.Arrays.copyOf(image, seats), mover, imageLast, lastSeat));
            int key = last == MoveTable.PASS || last == table.rocketId() ? -1 : table.lastKey(last);
            classic.prepare(hands[0] + hands[1] + hands[2], key >= 0 && key < 12 ? key : -1);
            if (classic.apply(hands[0]) != image[0] || classic.apply(hands[1]) != image[1]) {
                closed[0]++;
            }
        });
        assertTrue(closed[0] > trials / 5, "the normal form closed gaps in only " + closed[0] + " of " + trials + " positions");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeatNormalFormsKeepTheirValue(Preset preset) {
        compare(preset, 2, 8, 9100 + preset.ordinal() * 100L, 300);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeatNormalFormsKeepTheirValue(Preset preset) {
        compare(preset, 3, 5, 9200 + preset.ordinal() * 100L, 200);
    }
}
