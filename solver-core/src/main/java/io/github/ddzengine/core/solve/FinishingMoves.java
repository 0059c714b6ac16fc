package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.util.Hashing;

/**
 * For a hand, its <em>finishing moves</em>: the moves that leave exactly one combination the
 * rules allow (so a hand of min-hand count 1 or 2 has some, any other hand none). A finishing
 * move that nobody on the other side can beat, played when the mover may play it, wins: the
 * other side passes, and the mover leads the rest.
 *
 * <p>A direct-mapped cache by hand of up to {@value #SLOTS} finishing moves each (a hand with more
 * keeps the first {@value #SLOTS} in generation order: callers use the list only to find wins, so
 * a shorter list costs nodes, never a verdict). Content depends only on the hand and the rules,
 * so it survives from solve to solve. One instance per solver; allocation-free after construction.
 */
final class FinishingMoves {
    /** Finishing moves kept per hand. */
    static final int SLOTS = 7;
    /**
     * 8,192 slots (320 KiB in all): small enough to stay mostly in cache; 65,536 slots found the
     * same moves (nodes unchanged) 3-5% slower (SolveSignature, interleaved runs).
     */
    private static final int BITS = 13;
    private static final int STRIDE = SLOTS + 1;

    private final MoveGenerator generator;
    private final MoveTable table;
    private final Rules rules;
    private final MinHands minHands;
    /**
     * The hand cached in each slot (0: none; the empty hand is never asked); made at the first
     * lookup, so a solver that never asks costs no memory for the cache.
     */
    private long[] hands;
    /** Per slot: the count, then the moves. */
    private int[] entries;
    /** Room for a hand's leads, grown as hands need ({@link SearchContext#moveBound}). */
    private int[] scratch = new int[0];
    private final int[] readings = new int[2];

    /** @param minHands the min-hand counter of the generator's rules (with the solver's split table, if any) */
    FinishingMoves(MoveGenerator generator, MinHands minHands) {
        this.generator = generator;
        this.table = generator.table();
        this.rules = generator.rules();
        this.minHands = minHands;
    }

    /** The entries array: at {@link #lookup}'s index the count, then that many move ids (valid after a lookup). */
    int[] entries() {
        return entries;
    }

    /**
     * The index in {@link #entries} of the finishing moves of {@code hand} (non-empty), computed
     * on a cache miss.
     */
    int lookup(long hand) {
        if (hands == null) {
            hands = new long[1 << BITS];
            entries = new int[(1 << BITS) * STRIDE];
        }
        int slot = Hashing.fibonacci(hand, BITS);
        int at = slot * STRIDE;
        if (hands[slot] != hand) {
            fill(hand, at);
            hands[slot] = hand;
        }
        return at;
    }

    private void fill(long hand, int at) {
        int count = 0;
        if (minHands.count(hand) <= 2) {
            if (scratch.length < MoveGenerator.MAX_MOVES && scratch.length < SearchContext.moveBound(hand)) {
                scratch = new int[SearchContext.moveBound(hand)];
            }
            int n = generator.leads(hand, scratch);
            for (int i = 0; i < n && count < SLOTS; i++) {
                int m = scratch[i];
                long rest = hand - table.cards(m);
                if (rest != 0 && rules.isAllowedCombination(rest, readings)) {
                    entries[at + 1 + count++] = m;
                }
            }
        }
        entries[at] = count;
    }

}
