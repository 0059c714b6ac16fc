package io.github.ddzengine.core.testing;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;

/** The solver's independent oracle for small positions, and the random positions tests feed it. */
public final class Minimax {
    private Minimax() {
    }

    /**
     * Plain minimax (no table, no ordering, no quick wins, no normalisation): does the mover's
     * side win? Hands are modified and restored.
     */
    public static boolean wins(MoveGenerator gen, long[] hands, int seats, int mover, int last, int lastSeat) {
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
                    ? wins(gen, hands, seats, next, MoveTable.PASS, -1)
                    : wins(gen, hands, seats, next, last, lastSeat);
                win = child == same;
            } else {
                long c = t.cards(m);
                hands[mover] -= c;
                win = hands[mover] == 0 || wins(gen, hands, seats, next, m, mover) == same;
                hands[mover] += c;
            }
            if (win) {
                return true;
            }
        }
        return false;
    }

    /** Deals small hands from one deck; sometimes a last move taken from the rest of the deck. */
    public static Position randomPosition(SplittableRandom rnd, Rules rules, MoveGenerator gen, int seats, int maxCards,
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
}
