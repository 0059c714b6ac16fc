package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * The key the solver's tables file a position under: the position in normal form
 * ({@link RankNormalizer}, the selective map: a gap is kept only at the junctions that a chain
 * could cross, every gap when the last move is a chain), so positions equal up to relabelling
 * share an entry, as do last moves that the same answers beat. After {@link #compute} the
 * relabelled hands are in {@link #k0} to {@link #k2}; allocation-free.
 */
final class NormalFormKey {
    private final SearchContext ctx;
    private final MoveTable table;
    private final RankNormalizer normalizer = new RankNormalizer();
    /** Whether each move family (index of {@link MoveTable#families()}) is a chain (two ranks or more). */
    private final boolean[] chainFamily;
    /** Shortest chain of each multiplicity 1..4 among the table's families, 0 if none. */
    private final int[] minChain = new int[5];
    /** Fewest cards of any chain's main part: smaller hands make no chain. */
    private final int minChainCards;
    /** The relabelled hands of the last {@link #compute} (the third 0 with two seats). */
    long k0;
    long k1;
    long k2;

    NormalFormKey(SearchContext ctx) {
        this.ctx = ctx;
        this.table = ctx.table;
        MoveFamily[] families = table.families();
        this.chainFamily = new boolean[families.length];
        int minCards = Integer.MAX_VALUE;
        for (MoveFamily f : families) {
            if (f.length > 1) {
                chainFamily[f.index] = true;
                int k = f.multiplicity;
                minChain[k] = minChain[k] == 0 ? f.length : Math.min(minChain[k], f.length);
                minCards = Math.min(minCards, k * f.length);
            }
        }
        this.minChainCards = minCards;
    }

    /** The normalizer, for callers that test whether hands are in classic normal form. */
    RankNormalizer normalizer() {
        return normalizer;
    }

    /**
     * Computes the key of the position at {@code ply}: the relabelled hands into {@link #k0} to
     * {@link #k2}, and the returned state word (mover, last seat, and what the mover must beat:
     * the last move's family and its relabelled key rank).
     */
    int compute(int ply, int mover, int last, int lastSeat) {
        long h0 = ctx.hand(ply, 0);
        long h1 = ctx.hand(ply, 1);
        long h2 = ctx.hand(ply, 2);
        int code;
        int keyRank = -1;
        int family = -1;
        if (last == MoveTable.PASS) {
            code = 0;
        } else if (last == table.rocketId()) {
            code = 1;
        } else if ((family = table.lastFamily(last)) < 0) {
            code = 2;
        } else {
            keyRank = table.lastKey(last);
            code = -1;
        }
        RankNormalizer n = normalizer;
        n.prepareGapless(h0 + h1 + h2, keyRank >= 0 && keyRank < 12 ? keyRank : -1);
        long g0 = n.apply(h0);
        long g1 = n.apply(h1);
        long g2 = h2 == 0 ? 0 : n.apply(h2);
        long crossed = family >= 0 && chainFamily[family] ? -1L : chainCrossings(g0) | chainCrossings(g1) | chainCrossings(g2);
        if (crossed != 0 && n.keepGaps(crossed)) {
            g0 = n.apply(h0);
            g1 = n.apply(h1);
            g2 = h2 == 0 ? 0 : n.apply(h2);
        }
        if (code < 0) {
            code = 3 + (family << 4) + (keyRank < 12 ? n.rank(keyRank) : keyRank);
        }
        k0 = g0;
        k1 = g1;
        k2 = g2;
        return TranspositionTable.key(mover, lastSeat, code);
    }

    /**
     * The ranks {@code r} of {@code hand} such that {@code r - 1} and {@code r} lie in one run
     * of ranks, each held at least {@code k} times, long enough for a chain of multiplicity
     * {@code k} ({@link #minChain}): where closing a gap before {@code r} could make a chain.
     */
    private long chainCrossings(long hand) {
        if (Cards.size(hand) < minChainCards) {
            return 0;
        }
        long crossed = 0;
        for (int k = 1; k <= 4; k++) {
            int length = minChain[k];
            if (length == 0) {
                continue;
            }
            long starts = Cards.chainStarts(Cards.ranksAtLeast(hand, k), length);
            if (starts == 0) {
                continue;
            }
            long covered = starts;
            for (int i = 1; i < length; i++) {
                covered |= starts << (i << 2);
            }
            crossed |= covered & (covered << 4);
        }
        return crossed;
    }
}
