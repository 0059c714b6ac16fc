package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * Opponent-out pruning: drops the moves after which an opponent empties its hand before the
 * mover's side acts again, at once (its hand is one combination that may be played on the move,
 * a farmer passing to let its partner out) or in two steps (a finishing move nobody on the
 * mover's side can beat, then the one combination left). They lose, so they need no search and
 * no node. Allocation-free.
 */
final class OpponentOuts {
    /**
     * Opponent hands of more cards are not asked for finishing moves (two combinations that big
     * are rare, and the min-hand count of a large hand costs more than it saves).
     */
    private static final int FINISH_CARDS = 10;

    private final SearchContext ctx;
    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final FinishingMoves finishing;
    private final int[] threatsA = new int[2 + FinishingMoves.SLOTS];
    private final int[] threatsB = new int[2 + FinishingMoves.SLOTS];

    OpponentOuts(SearchContext ctx, FinishingMoves finishing) {
        this.ctx = ctx;
        this.rules = ctx.rules;
        this.table = ctx.table;
        this.generator = ctx.generator;
        this.finishing = finishing;
    }

    /**
     * Removes from the first {@code n} of {@code moves} (the mover's at {@code ply}, facing
     * {@code last} of {@code lastSeat}) those after which an opponent goes out first. A following
     * player may always pass, so a farmer passes to let its partner out. Keeps the order of the
     * other moves.
     *
     * @return the number of moves kept at the front of {@code moves}
     */
    int drop(int ply, int mover, int[] moves, int n, int last, int lastSeat) {
        // the moves that empty an opponent's hand at once or in two steps: a (next to act) and b
        int seats = ctx.seats;
        long hand = ctx.hand(ply, mover);
        long partnerOfOne = ctx.hand(ply, 2);
        int na = threats(ply, ctx.hand(ply, mover == 0 ? 1 : 0), mover, threatsA);
        int nb = mover == 0 && seats == 3 ? threats(ply, partnerOfOne, mover, threatsB) : 0;
        if (na == 0 && nb == 0) {
            return n;
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean lost;
            if (table.cards(m) == hand) {
                lost = false;
            } else if (seats == 2) {
                lost = anyBeats(threatsA, na, m);
            } else if (mover == 0) {
                if (m != MoveTable.PASS) {
                    lost = anyBeats(threatsA, na, m) || anyBeats(threatsB, nb, m);
                } else if (lastSeat == 1) {
                    lost = na > 0; // seat 1 leads
                } else {
                    // seat 1 faces seat 2's move, and may pass to let seat 2 lead
                    lost = anyBeats(threatsA, na, last) || nb > 0;
                }
            } else if (mover == 2) {
                lost = anyBeats(threatsA, na, m != MoveTable.PASS ? m : lastSeat == 0 ? MoveTable.PASS : last);
            } else if (m != MoveTable.PASS) {
                // seat 1: only a forced pass of the partner lets the landlord answer
                lost = anyBeats(threatsA, na, m) && !generator.canBeat(partnerOfOne, m);
            } else {
                // after the landlord's move, two passes return the lead to the landlord
                lost = lastSeat == 0 && na > 0 && !generator.canBeat(partnerOfOne, last);
            }
            if (!lost) {
                moves[kept++] = m;
            }
        }
        return kept;
    }

    /**
     * Collects into {@code out} the moves with which an opponent holding {@code opponent} goes
     * out: the readings of the whole hand if it is one combination, and its finishing moves
     * ({@link FinishingMoves}) that the mover's side cannot beat with its hands at {@code ply}
     * (so not after the mover's move either: a smaller hand beats no more), after which it leads
     * the one combination left.
     *
     * @return the number of moves written
     */
    private int threats(int ply, long opponent, int mover, int[] out) {
        int count = 0;
        int[] readings = ctx.readings;
        int nr = table.classify(opponent, readings);
        for (int i = 0; i < nr; i++) {
            if (rules.allows(readings[i])) {
                out[count++] = readings[i];
            }
        }
        if (Cards.size(opponent) <= FINISH_CARDS) {
            int at = finishing.lookup(opponent);
            int[] e = finishing.entries();
            int f = e[at];
            for (int j = 1; j <= f; j++) {
                int c = e[at + j];
                if (!sideCanBeat(ply, mover, c)) {
                    out[count++] = c;
                }
            }
        }
        return count;
    }

    /** Whether the mover's side (the landlord, or both farmers) holds a move that beats {@code move}. */
    private boolean sideCanBeat(int ply, int mover, int move) {
        if (mover == 0 || ctx.seats == 2) {
            return generator.canBeat(ctx.hand(ply, mover), move);
        }
        return generator.canBeat(ctx.hand(ply, 1), move) || generator.canBeat(ctx.hand(ply, 2), move);
    }

    private boolean anyBeats(int[] threats, int count, int last) {
        for (int i = 0; i < count; i++) {
            if (table.beats(threats[i], last)) {
                return true;
            }
        }
        return false;
    }
}
