package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.cards.Cards;

/**
 * Symmetry pruning by rank normalisation: positions that are equal up to relabelling ranks share
 * one transposition-table entry.
 *
 * <p>Ranks {@code 3..A} held by nobody are removed and the others relabelled downwards in order.
 * {@code 2}, {@code X} and {@code D} never move: they are outside every chain. The rank that the
 * last move's key names (its chain start, trio or four) is kept as if held, so "beats the last
 * move" means the same before and after. The map is monotone, so every comparison, every Q2 key
 * (DOUZERO) and every move family but the chains is preserved whatever happens to the gaps.
 *
 * <p>Where a run of removed ranks separates two held ranks (a <em>junction</em> of the map), the
 * relabelled ranks either keep one empty rank between them (a kept gap) or close up. The
 * <em>classic</em> map ({@link #prepare}) keeps every gap, so no chain forms that the real cards
 * could not make, and every chain, plane, wing and adjacency rule reads the same. The
 * <em>selective</em> map ({@link #prepareGapless} then {@link #keepGaps}) closes the gaps that no
 * chain could cross: the solver keeps a gap only where some hand, with every gap closed, holds a
 * run long enough for a chain of its multiplicity across it. Closing a gap joins two runs of held
 * ranks; a joined run too short for any chain of its multiplicity makes no move that the real
 * cards could not make, and taking cards away only shortens runs, so the whole game tree below is
 * unchanged: the positions before and after are isomorphic, and so are their values. Positions
 * that differ only in how far apart their chainless ranks lie share one entry that way (SolveSignature
 * at the change: {@code 14v14-1} 677 k -> 254 k nodes, {@code V10} 313 k -> 231 k).
 *
 * <p>How: the map depends only on which of the twelve ranks {@code 3..A} are kept and which gaps
 * are kept. Each of the 4,096 kept-rank sets is precomputed as its runs of consecutive kept
 * ranks, each packed in one long (the run's nibbles at their source place in the low 48 bits, the
 * downward shift with every gap closed in bits 56..61), and its junctions as a rank set of the
 * gapless image (the first rank of every run but the first); relabelling a card set is one mask
 * and shift per run, less one rank for each kept gap below it. Allocation-free; one instance per
 * searching thread.
 */
final class RankNormalizer {
    private static final int MASKS = 1 << 12;
    private static final long NIBBLES = (1L << 48) - 1;
    /** Ranks 2, X and D, which never move. */
    private static final long FIXED = 0x0FFF_0000_0000_0000L;
    /** Runs of every map: {@code RUNS[FIRST[m] .. FIRST[m + 1])} for the 12-bit kept-rank set m. */
    private static final int[] FIRST = new int[MASKS + 1];
    private static final long[] RUNS;
    /** For each run of {@link #RUNS}: its first rank in the gapless image, as a one-rank set. */
    private static final long[] RUN_TARGET;
    /** For each kept-rank set: its junctions, as a rank set of the gapless image. */
    private static final long[] JUNCTIONS = new long[MASKS];

    static {
        long[] runs = new long[MASKS * 6];
        long[] targets = new long[MASKS * 6];
        int n = 0;
        for (int m = 0; m < MASKS; m++) {
            FIRST[m] = n;
            int next = 0;
            int r = 0;
            while (r < 12) {
                if ((m >>> r & 1) == 0) {
                    r++;
                    continue;
                }
                int start = r;
                while (r < 12 && (m >>> r & 1) != 0) {
                    r++;
                }
                runs[n] = Cards.run(start, r - start, 15) | ((long) ((start - next) << 2) << 56);
                targets[n] = 1L << (next << 2);
                if (next > 0) {
                    JUNCTIONS[m] |= targets[n];
                }
                n++;
                next += r - start;
            }
        }
        FIRST[MASKS] = n;
        RUNS = java.util.Arrays.copyOf(runs, n);
        RUN_TARGET = java.util.Arrays.copyOf(targets, n);
    }

    private int mask;
    private int first;
    private int end;
    /** Junctions (rank set of the gapless image) where the current map keeps a gap. */
    private long gaps;

    /**
     * Computes the classic map (every gap kept) for the ranks held in {@code held} (a card set or
     * rank set of all hands), plus {@code keepRank} (-1 for none; otherwise 0..11).
     */
    void prepare(long held, int keepRank) {
        prepareGapless(held, keepRank);
        gaps = JUNCTIONS[mask];
    }

    /**
     * Computes the map with every gap closed for the ranks held in {@code held} plus
     * {@code keepRank}, as {@link #prepare}; {@link #keepGaps} then reopens some.
     */
    void prepareGapless(long held, int keepRank) {
        int m = keptMask(held);
        if (keepRank >= 0) {
            m |= 1 << keepRank;
        }
        mask = m;
        first = FIRST[m];
        end = FIRST[m + 1];
        gaps = 0;
    }

    /**
     * Keeps a gap at the junctions of the current map that {@code ranks} (a rank set of the
     * gapless image) holds; the others stay as they were.
     *
     * @return whether that changed the map
     */
    boolean keepGaps(long ranks) {
        long g = gaps | (ranks & JUNCTIONS[mask]);
        if (g == gaps) {
            return false;
        }
        gaps = g;
        return true;
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
        long out = cards & FIXED;
        long g = gaps;
        int kept = 0;
        for (int i = first; i < end; i++) {
            long run = RUNS[i];
            if ((RUN_TARGET[i] & g) != 0) {
                kept += 4;
            }
            out |= (cards & run & NIBBLES) >>> ((int) (run >>> 56) - kept);
        }
        return out;
    }

    /** The new rank of {@code rank} (a kept rank of 0..11, or 12..14, which stay). */
    int rank(int rank) {
        if (rank >= 12) {
            return rank;
        }
        long bit = 1L << (rank << 2);
        long g = gaps;
        int kept = 0;
        for (int i = first; i < end; i++) {
            long run = RUNS[i];
            if ((RUN_TARGET[i] & g) != 0) {
                kept++;
            }
            if ((run & bit) != 0) {
                return rank - (int) (run >>> 58) + kept;
            }
        }
        throw new IllegalArgumentException("rank " + rank + " is not kept by the current map");
    }
}
