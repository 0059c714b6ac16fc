package io.github.ddzengine.core.split;

import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;

/**
 * Exhaustive min-hand search, independent of {@link MinHands}' chain/profile decomposition: every
 * partition covers the hand's lowest card with exactly one legal lead, so
 * {@code f(h) = 1 + min f(h - m)} over the leads {@code m} of {@code h} (from the verified move
 * generator) that contain that card. Memoized per rules; test code, so it boxes freely.
 */
public final class MinHandsOracle {
    private final MoveGenerator generator;
    private final Map<Long, Integer> memo = new HashMap<>();

    /** The oracle of {@code rules}. */
    public MinHandsOracle(Rules rules) {
        this.generator = new MoveGenerator(rules);
    }

    /** The fewest legal combinations that empty {@code hand}. */
    public int count(long hand) {
        if (hand == 0) {
            return 0;
        }
        Integer known = memo.get(hand);
        if (known != null) {
            return known;
        }
        int lowest = Cards.lowestRank(Cards.ranksAtLeast(hand, 1));
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = generator.leads(hand, moves);
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long c = generator.table().cards(moves[i]);
            if (Cards.count(c, lowest) > 0) {
                best = Math.min(best, 1 + count(hand - c));
            }
        }
        memo.put(hand, best);
        return best;
    }
}
