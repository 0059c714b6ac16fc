package org.ddz.core.solve;

import org.ddz.core.cards.Cards;

/**
 * Symmetry pruning by rank normalisation: positions that are equal up to relabelling ranks share
 * one transposition-table entry.
 *
 * <p>Ranks {@code 3..A} held by nobody are removed and the others relabelled downwards in order,
 * keeping one empty rank wherever a run of removed ranks would otherwise join two held ranks (so
 * no chain forms that the real cards could not make, and every chain, plane, wing and adjacency
 * rule reads the same). {@code 2}, {@code X} and {@code D} never move: they are outside every
 * chain. The rank that the last move's key names (its chain start, trio or four) is kept as if
 * held, so "beats the last move" means the same before and after. The map is monotone, so every
 * comparison, every Q2 key (DOUZERO) and every move family is preserved: the game trees of a
 * position and of its normal form are isomorphic, and so are their values.
 *
 * <p>Allocation-free; one instance per searching thread.
 */
final class RankNormalizer {
    /** New rank of each rank 0..14 for the current map (-1: removed). */
    private final int[] map = new int[15];
    /** Runs of consecutive kept ranks 3..A: source bit shift, nibble mask, target bit shift. */
    private final int[] runFrom = new int[12];
    private final long[] runMask = new long[12];
    private final int[] runTo = new int[12];
    private int runs;

    /**
     * Computes the map for the ranks held in {@code held} (a card set or rank set of all hands),
     * plus {@code keepRank} (-1 for none).
     */
    void prepare(long held, int keepRank) {
        long present = Cards.ranksAtLeast(held, 1);
        if (keepRank >= 0) {
            present |= 1L << (keepRank << 2);
        }
        int next = 0;
        boolean gapOpen = false;
        int n = -1;
        boolean inRun = false;
        for (int r = 0; r < 12; r++) {
            if ((present >>> (r << 2) & 1L) != 0) {
                if (gapOpen) {
                    next++;
                    gapOpen = false;
                }
                if (!inRun) {
                    n++;
                    runFrom[n] = r << 2;
                    runTo[n] = next << 2;
                    runMask[n] = 0;
                    inRun = true;
                }
                runMask[n] = (runMask[n] << 4) | 0xF;
                map[r] = next++;
            } else {
                map[r] = -1;
                gapOpen = next > 0;
                inRun = false;
            }
        }
        runs = n + 1;
        for (int r = 12; r < 15; r++) {
            map[r] = r;
        }
    }

    /** A card set relabelled by the current map (every rank it holds must be kept by the map). */
    long apply(long cards) {
        long out = cards & 0x0FFF_0000_0000_0000L; // ranks 2, X, D stay
        for (int i = 0; i < runs; i++) {
            out |= ((cards >>> runFrom[i]) & runMask[i]) << runTo[i];
        }
        return out;
    }

    /** The new rank of {@code rank} (kept ranks and 12..14 only). */
    int rank(int rank) {
        return map[rank];
    }
}
