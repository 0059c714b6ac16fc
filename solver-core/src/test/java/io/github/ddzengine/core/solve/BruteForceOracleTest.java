package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * The solver against a plain minimax (no table, no ordering, no quick wins, no normalisation) on
 * thousands of small random positions, two and three seats, every preset, leads and follows.
 */
class BruteForceOracleTest {

    /** Plain minimax: does the mover's side win? Hands are modified and restored. */
    static boolean minimax(MoveGenerator gen, long[] hands, int seats, int mover, int last, int lastSeat) {
        MoveTable t = gen.table();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = gen.answers(hands[mover], last, moves);
        int next = (mover + 1) % seats;
        boolean same = (mover == 0) == (next == 0);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean win;
            if (m == MoveTable.PASS) {
                boolean child = next == lastSeat
                    ? minimax(gen, hands, seats, next, MoveTable.PASS, -1)
                    : minimax(gen, hands, seats, next, last, lastSeat);
                win = child == same;
            } else {
                long c = t.cards(m);
                hands[mover] -= c;
                win = hands[mover] == 0 || minimax(gen, hands, seats, next, m, mover) == same;
                hands[mover] += c;
            }
            if (win) {
                return true;
            }
        }
        return false;
    }

    private static void compare(Preset preset, int seats, int maxCards, long seed, int trials) {
        Rules rules = Rules.of(preset);
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 4);
        // answers of under 8 cards without the tables, as large solves search their small answers
        // (these positions are too small for the solver to choose that itself)
        solver.answerTableMinCards(8);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        Property.forAll("solver == minimax (" + preset + ", " + seats + " seats)", seed, trials, rnd -> {
            Position p = randomPosition(rnd, rules, gen, seats, maxCards, buf);
            long[] hands = new long[3];
            for (int s = 0; s < seats; s++) {
                hands[s] = p.hand(s);
            }
            boolean expected = minimax(gen, hands, seats, p.mover(), p.lastMove(), p.lastSeat());
            SolveResult r = solver.solve(p, false, 0, 0);
            assertEquals(expected, r.moverWins(), p.toString());
            SolveResult all = solver.solve(p, true, 0, 0);
            assertEquals(expected, all.winningMoves().length > 0, p + " (all winning moves)");
            for (int m : all.winningMoves()) {
                assertEquals(true, playThenMinimax(gen, hands, seats, p, m), p + " winning move " + rules.table().format(m));
            }
        });
    }

    /** Whether playing {@code m} first wins for the mover's side, by minimax. */
    static boolean playThenMinimax(MoveGenerator gen, long[] hands, int seats, Position p, int m) {
        int mover = p.mover();
        int next = (mover + 1) % seats;
        boolean same = (mover == 0) == (next == 0);
        if (m == MoveTable.PASS) {
            boolean child = next == p.lastSeat()
                ? minimax(gen, hands, seats, next, MoveTable.PASS, -1)
                : minimax(gen, hands, seats, next, p.lastMove(), p.lastSeat());
            return child == same;
        }
        long c = gen.table().cards(m);
        hands[mover] -= c;
        boolean win = hands[mover] == 0 || minimax(gen, hands, seats, next, m, mover) == same;
        hands[mover] += c;
        return win;
    }

    /** Deals small hands from one deck; sometimes a last move taken from the rest of the deck. */
    static Position randomPosition(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int maxCards,
                                   int[] buf) {
        long pool = Cards.DECK;
        long[] hands = new long[seats];
        for (int s = 0; s < seats; s++) {
            hands[s] = RandomHands.dealFrom(rnd, pool, 1 + rnd.nextInt(maxCards));
            pool -= hands[s];
        }
        int mover = rnd.nextInt(seats);
        int last = MoveTable.PASS;
        int lastSeat = -1;
        if (rnd.nextBoolean()) {
            int n = gen.leads(RandomHands.dealFrom(rnd, pool, Math.min(8, Cards.size(pool))), buf);
            if (n > 0) {
                last = buf[rnd.nextInt(n)];
                lastSeat = (mover + 1 + rnd.nextInt(seats - 1)) % seats;
            }
        }
        return Position.of(rules, hands, mover, last, lastSeat);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void twoSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 2, 6, 7000 + preset.ordinal() * 1000L, 400);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void threeSeatsAgreeWithMinimax(Preset preset) {
        compare(preset, 3, 4, 8000 + preset.ordinal() * 1000L, 300);
    }
}
