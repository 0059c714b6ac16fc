package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rule that drops moves after which an opponent empties its hand at once or in two steps
 * ({@code Solver.dropOpponentOuts}), against plain minimax on random small positions where some
 * hand is one combination: every dropped move loses, and the verdict is minimax's.
 */
class OpponentOutRuleTest {

    /**
     * Small random hands, one of them (a random seat) replaced by a random combination or by two
     * (so the rule's immediate and two-step cases both come up).
     */
    private static Position position(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int[] buf) {
        long pool = Cards.DECK;
        long[] hands = new long[seats];
        int combo = rnd.nextInt(seats);
        for (int s = 0; s < seats; s++) {
            if (s == combo) {
                int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(6, Cards.size(pool))), buf);
                hands[s] = rules.table().cards(buf[rnd.nextInt(n)]);
                if (rnd.nextBoolean()) {
                    n = gen.leads(RandomHands.dealFrom(rnd, pool - hands[s], 3), buf);
                    hands[s] += rules.table().cards(buf[rnd.nextInt(n)]);
                }
            } else {
                hands[s] = RandomHands.dealFrom(rnd, pool, 1 + rnd.nextInt(seats == 2 ? 6 : 4));
            }
            pool -= hands[s];
        }
        int mover = rnd.nextInt(seats);
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (rnd.nextInt(3) > 0) {
            int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(6, Cards.size(pool))), buf);
            if (n > 0) {
                last = buf[rnd.nextInt(n)];
                lastSeat = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
            }
        }
        return Position.of(rules, hands, mover, last, lastSeat);
    }

    private static void check(Preset preset, int seats, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 4);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] dropped = new int[1];
        Property.forAll("dropped moves lose (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            Position p = position(rnd, rules, gen, seats, buf);
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = p.hand(s);
            }
            int[] kept = solver.movesKeptAfterOpponentOuts(p);
            int n = gen.answers(p.hand(p.mover()), p.lastMove(), buf);
            int[] all = java.util.Arrays.copyOf(buf, n);
            int k = 0;
            for (int m : all) {
                boolean isKept = k < kept.length && kept[k] == m;
                if (isKept) {
                    k++;
                } else {
                    dropped[0]++;
                    assertFalse(BruteForceOracleTest.playThenMinimax(gen, hands, seats, p, m),
                        p + ": dropped move " + rules.table().format(m) + " wins");
                }
            }
            assertEquals(kept.length, k, p + ": kept moves are the legal moves in order");
            boolean expected = BruteForceOracleTest.minimax(gen, hands, seats, p.mover(), p.lastMove(), p.lastSeat());
            assertEquals(expected, solver.solve(p, false, 0, 0).moverWins(), p.toString());
        });
        assertTrue(dropped[0] > trials / 10, "the rule dropped only " + dropped[0] + " moves in " + trials + " positions");
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeats(Preset preset) {
        check(preset, 2, 11_000 + preset.ordinal() * 1000L, 400);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeats(Preset preset) {
        check(preset, 3, 12_000 + preset.ordinal() * 1000L, 400);
    }
}
