package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Adversarial review of the solver's pruning (opponent-out drops, finishing moves, forced passes
 * before quick wins, the separate answer table): on seeded random small positions whose hands are
 * built from one or two combinations drawn from bomb-, joker- and trio-rich card pools (so planes
 * with wings, four-with-two, shuttles, bombs and rockets come up, as hands and as last moves), the
 * verdict and the complete set of winning first moves must equal a memoised plain minimax
 * ({@link MemoMinimax}), and every move the opponent-out rule drops must lose. Every preset, with
 * and without bans, two and three seats.
 */
class SolverAdversarialReviewTest {
    /** Hand sizes at most (two seats, three seats); larger values for longer hunts. */
    private static final int CARDS_2 = Integer.getInteger("ddz.review.cards2", 8);
    private static final int CARDS_3 = Integer.getInteger("ddz.review.cards3", 6);
    /** Positions per configuration (48 configurations); -Dddz.trials=K overrides it. */
    private static final int TRIALS = 25;

    static Stream<Arguments> configurations() {
        Stream.Builder<Arguments> b = Stream.builder();
        String[] bans = {"", "32", "421", "winged_planes", "31,422", "trio,32,421"};
        for (Preset p : Preset.values()) {
            for (int i = 0; i < bans.length; i++) {
                b.add(Arguments.of(p, bans[i], 2, 40_000L + p.ordinal() * 1_000L + i * 100L));
                b.add(Arguments.of(p, bans[i], 3, 50_000L + p.ordinal() * 1_000L + i * 100L));
            }
        }
        return b.build();
    }

    /**
     * A card source rich in full ranks and jokers: one to four ranks taken whole from
     * {@code pool}, each joker half the time, and up to three random cards.
     */
    private static long richSource(SplittableRandom rnd, long pool) {
        long src = 0;
        int k = 1 + rnd.nextInt(4);
        for (int i = 0; i < k; i++) {
            int r = rnd.nextInt(rnd.nextInt(4) == 0 ? 15 : 13);
            int have = Cards.count(src, r);
            int all = Cards.count(pool, r);
            src += Cards.of(r, all - have);
        }
        for (int r = 13; r <= 14; r++) {
            if (rnd.nextBoolean() && Cards.count(pool, r) == 1 && Cards.count(src, r) == 0) {
                src += Cards.of(r, 1);
            }
        }
        long rest = pool - src;
        int extra = Math.min(rnd.nextInt(4), Cards.size(rest));
        return src + RandomHands.dealFrom(rnd, rest, extra);
    }

    /**
     * A random legal combination of at most {@code maxCards} cards from a rich source in
     * {@code pool} (half the time one of four cards or more when there is one), or 0 if none.
     */
    private static long combination(SplittableRandom rnd, MoveGenerator gen, long pool, int maxCards, int[] buf) {
        if (pool == 0 || maxCards <= 0) {
            return 0;
        }
        int n = gen.leads(richSource(rnd, pool), buf);
        MoveTable t = gen.table();
        int fit = 0;
        int big = 0;
        for (int i = 0; i < n; i++) {
            int c = t.cardCount(buf[i]);
            if (c <= maxCards) {
                buf[fit++] = buf[i];
            }
        }
        if (fit == 0) {
            return 0;
        }
        if (rnd.nextBoolean()) {
            for (int i = 0; i < fit; i++) {
                if (t.cardCount(buf[i]) >= 4) {
                    int tmp = buf[big];
                    buf[big++] = buf[i];
                    buf[i] = tmp;
                }
            }
        }
        return t.cards(buf[rnd.nextInt(big > 0 ? big : fit)]);
    }

    /** A hand: random cards, one combination, two, or one plus a card or two. */
    private static long hand(SplittableRandom rnd, MoveGenerator gen, long pool, int maxCards, int[] buf) {
        int mode = rnd.nextInt(5);
        long h = 0;
        if (mode >= 1) {
            h = combination(rnd, gen, pool, maxCards, buf);
            if (mode >= 3 && h != 0) {
                h += combination(rnd, gen, pool - h, maxCards - Cards.size(h), buf);
            } else if (mode == 2 && h != 0 && Cards.size(h) < maxCards) {
                h += RandomHands.dealFrom(rnd, pool - h, 1 + rnd.nextInt(Math.min(2, maxCards - Cards.size(h))));
            }
        }
        if (h == 0) {
            h = RandomHands.dealFrom(rnd, pool, 1 + rnd.nextInt(Math.min(maxCards, Cards.size(pool))));
        }
        return h;
    }

    static Position position(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int maxCards, int[] buf) {
        long pool = Cards.DECK;
        long[] hands = new long[seats];
        for (int s = 0; s < seats; s++) {
            hands[s] = hand(rnd, gen, pool, maxCards, buf);
            pool -= hands[s];
        }
        int mover = rnd.nextInt(seats);
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (rnd.nextInt(3) > 0) {
            int by = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
            int room = (by == 0 ? Position.MAX_LANDLORD_CARDS : Position.MAX_FARMER_CARDS) - Cards.size(hands[by]);
            long c = combination(rnd, gen, pool, Math.min(16, room), buf);
            if (c != 0) {
                int[] rs = new int[2];
                int nr = rules.table().classify(c, rs);
                int pick = rs[rnd.nextInt(nr)];
                if (rules.allows(pick)) {
                    last = pick;
                    lastSeat = by;
                }
            }
        }
        return Position.of(rules, hands, mover, last, lastSeat);
    }

    @ParameterizedTest(name = "{0} bans=[{1}] {2} seats")
    @MethodSource("configurations")
    void verdictAndAllWinningMovesAgreeWithMinimax(Preset preset, String bans, int seats, long seed) {
        Rules rules = Rules.of(preset, Rules.parseBans(bans));
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        Solver solver = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] stats = new int[3];
        Property.forAll("solver == minimax (" + rules + ", " + seats + " seats)", seed, TRIALS, rnd -> {
            Position p = position(rnd, rules, gen, seats, seats == 2 ? CARDS_2 : CARDS_3, buf);
            oracle.clear();
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = p.hand(s);
            }
            int mover = p.mover();
            int n = gen.answers(p.hand(mover), p.lastMove(), buf);
            int[] legal = Arrays.copyOf(buf, n);
            int[] expectedWinning = new int[n];
            int w = 0;
            for (int m : legal) {
                if (oracle.playWins(hands, seats, mover, p.lastMove(), p.lastSeat(), m)) {
                    expectedWinning[w++] = m;
                }
            }
            int[] expected = Arrays.copyOf(expectedWinning, w);
            Arrays.sort(expected);

            assertEquals(w > 0, solver.solve(p, false, 0, 0).moverWins(), p + ": verdict");
            int[] winning = solver.solve(p, true, 0, 0).winningMoves().clone();
            Arrays.sort(winning);
            assertArrayEquals(expected, winning, () -> p + ": winning moves " + names(table, expected)
                + " but the solver says " + names(table, winning));

            int[] kept = solver.movesKeptAfterOpponentOuts(p);
            int k = 0;
            for (int m : legal) {
                if (k < kept.length && kept[k] == m) {
                    k++;
                } else {
                    stats[0]++;
                    assertFalse(Arrays.binarySearch(expected, m) >= 0,
                        p + ": the opponent-out rule drops the winning move " + table.format(m));
                }
            }
            assertEquals(kept.length, k, p + ": kept moves are legal moves in order");
            stats[1] += w > 0 ? 1 : 0;
            stats[2]++;
        });
        // the positions must exercise the rule and both verdicts
        assertTrue(stats[0] > 0, "the opponent-out rule dropped nothing");
        assertTrue(stats[1] > 0 && stats[1] < stats[2], stats[1] + " of " + stats[2] + " positions won");
    }

    private static String names(MoveTable t, int[] ids) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < ids.length; i++) {
            sb.append(i == 0 ? "" : " ").append(t.format(ids[i]));
        }
        return sb.append(']').toString();
    }
}
