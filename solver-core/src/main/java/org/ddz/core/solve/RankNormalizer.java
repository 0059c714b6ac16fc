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
 * <p>How: the map depends only on which of the twelve ranks {@code 3..A} are kept, so every one
 * of the 4,096 maps is precomputed as its runs of consecutive kept ranks, each packed in one long
 * (the run's nibbles at their source place in the low 48 bits, the downward shift in bits
 * 56..61); relabelling a card set is one mask and shift per run. Allocation-free; one instance
 * per searching thread.
 */
final class RankNormalizer {
    private static final int MASKS = 1 << 12;
    private static final long NIBBLES = (1L << 48) - 1;
    /** Runs of every map: {@code RUNS[FIRST[m] .. FIRST[m + 1])} for the 12-bit kept-rank set m. */
    private static final int[] FIRST = new int[MASKS + 1];
    private static final long[] RUNS;

    static {
        long[] runs = new long[MASKS * 6];
        int n = 0;
        for (int m = 0; m < MASKS; m++) {
            FIRST[m] = n;
            int next = 0;
            boolean gapOpen = false;
            int r = 0;
            while (r < 12) {
                if ((m >>> r & 1) == 0) {
                    gapOpen = next > 0;
                    r++;
                    continue;
                }
                if (gapOpen) {
                    next++;
                    gapOpen = false;
                }
                int start = r;
                while (r < 12 && (m >>> r & 1) != 0) {
                    r++;
                }
                long source = Cards.run(start, r - start, 15);
                runs[n++] = source | ((long) ((start - next) << 2) << 56);
                next += r - start;
            }
        }
        FIRST[MASKS] = n;
        RUNS = java.util.Arrays.copyOf(runs, n);
    }

    private int first;
    private int end;

    /**
     * Computes the map for the ranks held in {@code held} (a card set or rank set of all hands),
     * plus {@code keepRank} (-1 for none; otherwise 0..11).
     */
    void prepare(long held, int keepRank) {
        int m = keptMask(held);
        if (keepRank >= 0) {
            m |= 1 << keepRank;
        }
        first = FIRST[m];
        end = FIRST[m + 1];
    }

    /** The 12-bit set of the ranks 3..A that {@code held} holds at least once (bit r for rank r). */
    static int keptMask(long held) {
        long x = Cards.ranksAtLeast(held, 1) & Cards.CHAIN_RANKS;
        x = (x | x >>> 3) & 0x0000_0303_0303_0303L;
        x = (x | x >>> 6) & 0x0000_000F_000F_000FL;
        x = (x | x >>> 12) & 0x0000_0000_0000_00FFL | (x >>> 24 & 0x0F00L);
        return (int) x;
    }

    /** A card set relabelled by the current map (every rank it holds must be kept by the map). */
    long apply(long cards) {
        long out = cards & 0x0FFF_0000_0000_0000L; // ranks 2, X, D stay
        for (int i = first; i < end; i++) {
            long run = RUNS[i];
            out |= (cards & run & NIBBLES) >>> (run >>> 56);
        }
        return out;
    }

    /** The new rank of {@code rank} (a kept rank of 0..11, or 12..14, which stay). */
    int rank(int rank) {
        if (rank >= 12) {
            return rank;
        }
        long bit = 1L << (rank << 2);
        for (int i = first; i < end; i++) {
            long run = RUNS[i];
            if ((run & bit) != 0) {
                return rank - (int) (run >>> 58);
            }
        }
        throw new IllegalArgumentException("rank " + rank + " is not kept by the current map");
    }
}
