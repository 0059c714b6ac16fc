package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.tables.EndgameOracle;

/**
 * The boolean alpha-beta search: a position is won for the mover if some legal move leads to a
 * position won for the mover's side (the same side moves again when one farmer follows the
 * other, otherwise the child is negated). The steps of {@link #search}, cheapest first, are
 * numbered in its body. Allocation-free once the plies' buffers are made.
 */
final class AlphaBeta {
    private final SearchContext ctx;
    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final long[] hands;
    private final int[] readings;
    private final NormalFormKey key;
    private final MoveOrdering ordering;
    private final OpponentOuts opponentOuts;
    /** Answer positions of fewer cards go without the tables in this solve (0: all use them). */
    int answerTableMinCards;
    /** The endgame oracle of the solve in progress, or null. */
    private EndgameOracle endgame;
    /** Its {@link EndgameOracle#maxHandCards()}, read once a solve. */
    private int endgameCards;
    /** Leads answered by the endgame oracle in this solve. */
    long endgameHits;

    AlphaBeta(SearchContext ctx, NormalFormKey key, MoveOrdering ordering, OpponentOuts opponentOuts) {
        this.ctx = ctx;
        this.rules = ctx.rules;
        this.table = ctx.table;
        this.generator = ctx.generator;
        this.hands = ctx.hands;
        this.readings = ctx.readings;
        this.key = key;
        this.ordering = ordering;
        this.opponentOuts = opponentOuts;
    }

    /** Sets the endgame oracle for the solve about to start (null for none) and clears its hit count. */
    void useEndgame(EndgameOracle oracle) {
        endgame = oracle;
        endgameCards = oracle == null ? 0 : oracle.maxHandCards();
        endgameHits = 0;
    }

    /** Whether every hand of the last key fits the endgame oracle (two seats: the third hand is 0). */
    private boolean endgameCovers(long k0, long k1, long k2) {
        int k = endgameCards;
        return Cards.size(k0) <= k && Cards.size(k1) <= k && Cards.size(k2) <= k;
    }

    /**
     * Whether the mover's side wins after the mover plays {@code m}, which leaves {@code rest}
     * (not empty) in its hand. With {@code skipPasses} (nobody who acts before the mover's side
     * again can beat {@code m}) the passes get no nodes: the landlord, or down, leads again; up's
     * partner, down, faces {@code m}.
     */
    private boolean moverWinsAfter(int ply, int mover, int next, int m, long rest, boolean skipPasses, boolean same) {
        SearchContext c = ctx;
        int seats = c.seats;
        if (skipPasses) {
            if (mover != 2) {
                c.play(ply, ply + seats, mover, rest);
                return search(ply + seats, mover, MoveTable.PASS, -1);
            }
            c.play(ply, ply + 2, mover, rest);
            return search(ply + 2, 1, m, 2);
        }
        c.play(ply, ply + 1, mover, rest);
        return search(ply + 1, next, m, mover) == same;
    }

    /**
     * Whether nobody on the other side of the mover can beat {@code m}, nor, for seat 1, its
     * partner (seat 2, who acts next): the passes after {@code m} then need no nodes of their own,
     * as in the search loop's control moves.
     */
    private boolean nobodyElseBeats(int base, int mover, int m) {
        if (ctx.seats == 2) {
            return !generator.canBeat(hands[base + 1 - mover], m);
        }
        if (mover == 0) {
            return !generator.canBeat(hands[base + 1], m) && !generator.canBeat(hands[base + 2], m);
        }
        return !generator.canBeat(hands[base], m) && (mover != 1 || !generator.canBeat(hands[base + 2], m));
    }

    /**
     * Whether the mover's side wins the position at {@code ply} (mover to act, facing
     * {@code last} played by {@code lastSeat}, or leading when {@code last} is a pass).
     *
     * @throws SearchContext.Abort when the budget runs out (the plies' hands stay as they were)
     */
    boolean search(int ply, int mover, int last, int lastSeat) {
        SearchContext c = ctx;
        c.countNode();
        long startNodes = c.nodes;
        int base = ply << 2;
        long hand = hands[base + mover];
        int seats = c.seats;
        int next = (mover + 1) % seats;
        // 1. a forced pass (nothing in hand beats the last move) needs no table entry of its own
        if (last != MoveTable.PASS && !generator.canBeat(hand, last)) {
            c.copy(ply, ply + 1);
            boolean child = search(ply + 1, next, Trick.lastAfterPass(next, last, lastSeat),
                Trick.lastSeatAfterPass(next, lastSeat));
            return child == SearchContext.sameSide(mover, next);
        }
        // 2. quick win: the whole hand is one combination that may be played now
        int nr = table.classify(hand, readings);
        for (int i = 0; i < nr; i++) {
            int r = readings[i];
            if (rules.allows(r) && table.beats(r, last)) {
                return true;
            }
        }
        // 3. transposition table, on the position in normal form; small leads from the endgame
        //    oracle when the solver has one. Small answer positions go without: they seldom
        //    transpose and cost less to search again than to key, probe and store
        boolean tabled = last == MoveTable.PASS || answerTableMinCards == 0 || c.totalCards(ply) >= answerTableMinCards;
        int k = tabled ? key.compute(ply, mover, last, lastSeat) : 0;
        long k0 = key.k0;
        long k1 = key.k1;
        long k2 = key.k2;
        EndgameOracle eg = endgame;
        if (eg != null && last == MoveTable.PASS && endgameCovers(k0, k1, k2)) {
            int v = eg.probe(mover, k0, k1, k2);
            if (v >= 0) {
                endgameHits++;
                return v == 1;
            }
        }
        TranspositionTable entries = c.exact(last);
        int stored = tabled ? entries.probe(k0, k1, k2, k) : -1;
        if (stored >= 0) {
            return stored == 1;
        }
        if (ply >= SearchContext.MAX_PLY - 2) {
            throw new IllegalStateException("search deeper than " + SearchContext.MAX_PLY + " plies");
        }
        boolean same = SearchContext.sameSide(mover, next);
        // 4. opponent-out pruning first, so only the moves left are ordered (a dropped move is
        //    never a quick win: the opponent who goes out over it could beat it)
        int[] moves = c.moves(ply);
        int generated = generator.answers(hand, last, moves);
        int n = opponentOuts.drop(ply, mover, moves, generated, last, lastSeat);
        // 5. ordering, which also finds the quick wins of two and three plays
        boolean ordered = generated > 1 && n > 0;
        if (ordered && ordering.order(ply, mover, last, moves, n) >= 0) {
            if (tabled) {
                entries.store(k0, k1, k2, k, true, 1);
            }
            return true;
        }
        // 6. the moves in order, until one wins
        long[] keys = c.orderKeys(ply);
        boolean win = false;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            boolean child;
            if (m == MoveTable.PASS) {
                c.copy(ply, ply + 1);
                child = search(ply + 1, next, Trick.lastAfterPass(next, last, lastSeat),
                    Trick.lastSeatAfterPass(next, lastSeat));
            } else {
                long rest = hand - table.cards(m);
                if (rest == 0) {
                    win = true;
                    break;
                }
                // a control move nobody on the other side can beat: its passes need no nodes of
                // their own (the landlord leads again, and so does down when up cannot beat m
                // either; up's partner, down, faces m)
                boolean skipPasses = ordered && MoveOrdering.isControl(keys[i])
                    && (mover != 1 || !generator.canBeat(hands[base + 2], m));
                child = moverWinsAfter(ply, mover, next, m, rest, skipPasses, same) == same;
            }
            if (child == same) {
                win = true;
                ordering.cutoff(ply, last, m);
                break;
            }
        }
        if (tabled) {
            entries.store(k0, k1, k2, k, win, c.nodes - startNodes);
        }
        return win;
    }
}
