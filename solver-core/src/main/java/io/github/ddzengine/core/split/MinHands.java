package io.github.ddzengine.core.split;

import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Checks;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.tables.SplitTable;

/**
 * Exact min-hand split: the fewest legal combinations that empty a hand when nobody answers
 * (kickers and wings included, the rocket one play), under one {@link Rules} (preset and bans).
 *
 * <h2>Method</h2>
 * Every partition of a hand into combinations splits into its <em>chain</em> combinations (solo
 * chains, pair chains, planes with or without wings, Botzone shuttles: the only combinations whose
 * legality depends on which ranks are adjacent) and the rest. Without chains, a hand's min-hand
 * count depends only on its <em>profile</em>: how many of the ranks 3..2 it holds once, twice,
 * three and four times, and which jokers it holds, because no non-chain rule of any preset looks
 * at rank adjacency ({@code rules.md} sections 2 and 4). So:
 * <ol>
 *   <li>a profile table {@code G[profile]} holds the exact count for every chain-free hand
 *       (9,520 profiles, one byte each), filled once per rules by dynamic programming over the
 *       non-chain moves of the {@link MoveTable} that contain the lowest card (for the presets
 *       without bans the filled table ships as a resource, {@code profiles-PRESET.bin} with a
 *       CRC32, which a cold JVM loads in about a millisecond instead of 60-200 ms of computing;
 *       a test checks it byte for byte against the computation);</li>
 *   <li>{@link #count} enumerates the multisets of chain combinations the hand holds (each
 *       multiset once: chains chosen in increasing order of start, then option), and for each
 *       takes {@code chains + G[profile of the rest]}; winged planes take their wings from the
 *       move table, so every preset's wing rule (caps, jokers, adjacent trios) holds exactly.</li>
 * </ol>
 * Random 17-card hands hold few chains, so most queries are one or a few table lookups.
 *
 * <p>A counter made with a {@link SplitTable} ({@link #of(Rules, EngineTables)}) first looks the
 * hand's chain segments up in it and searches only hands it does not cover: the same counts,
 * faster on hands with chains. {@link #of(Rules)} makes one without.
 *
 * <p>Thread-safe and allocation-free after construction; the counters without a split table are
 * cached per rules, and one with a table shares everything but the table with that one.
 */
public final class MinHands {
    /**
     * Number of profile indices ({@link #profile}): (n1, n2, n3, n4) in 0..13 each, times 4 joker
     * states.
     */
    public static final int PROFILES = 14 * 14 * 14 * 14 * 4;
    private static final long NORMAL = 0x1_1111_1111_1111L; // rank sets of ranks 3..2
    private static final byte UNKNOWN = -1;
    private static final Map<Rules, MinHands> CACHE = new HashMap<>();

    private final Rules rules;
    private final MoveTable table;
    private final byte[] profileMin;
    /** Chain options, tried in this order at each start: multiplicity, length, and for winged
     *  families the move-table family index (-1 for a bare chain). */
    private final int[] optMultiplicity;
    private final int[] optLength;
    private final int[] optFamily;
    /** Index of the last option of the same multiplicity and wing kind (lengths ascend within a group). */
    private final int[] optGroupEnd;
    /** For winged options: first and end id of the family's moves with each start, [option][start]. */
    private final int[][] optFirstId;
    private final int[][] optEndId;
    /** Rank set of starts (bit 4s) where an option of this multiplicity and its minimal length can begin. */
    private final int[] minLength = new int[5];
    private final long[] moveCards;
    private final boolean hasShuttles;
    /** Whether trio_solo and trio_pair are both allowed (the plane-savings floor relies on them). */
    private final boolean trioKickersAllowed;
    /** The split table, or null: every hand is searched. */
    private final SplitTable segments;

    /**
     * @param shipped whether to take the shipped profile table where there is one (false: compute it)
     */
    MinHands(Rules rules, boolean shipped) {
        this.rules = rules;
        this.table = rules.table();
        this.segments = null;
        this.profileMin = new byte[PROFILES];
        int size = table.size();
        moveCards = new long[size];
        boolean shuttles = false;
        for (MoveFamily f : table.families()) {
            shuttles |= f.type == MoveType.SHUTTLE;
        }
        hasShuttles = shuttles;
        trioKickersAllowed = !rules.isBanned(MoveType.TRIO_SOLO) && !rules.isBanned(MoveType.TRIO_PAIR);
        for (int id = 0; id < size; id++) {
            moveCards[id] = table.cards(id);
        }
        // 1. chain options allowed by the rules
        int n = 0;
        MoveFamily[] families = table.families();
        int[] mult = new int[families.length];
        int[] len = new int[families.length];
        int[] fam = new int[families.length];
        java.util.Arrays.fill(minLength, Integer.MAX_VALUE);
        for (MoveFamily f : families) {
            if (!f.type.isChain() || rules.isBanned(f.type)) {
                continue;
            }
            mult[n] = f.multiplicity;
            len[n] = f.length;
            fam[n] = f.wingKind == MoveFamily.WINGS_NONE ? -1 : f.index;
            minLength[f.multiplicity] = Math.min(minLength[f.multiplicity], f.length);
            n++;
        }
        // group options by (multiplicity, wing family type) with lengths ascending: a stable
        // insertion sort of a few dozen options (no comparator to bootstrap in a cold start)
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            int key = optionKey(mult[i], fam[i], len[i], families);
            int j = i;
            while (j > 0 && optionKey(mult[order[j - 1]], fam[order[j - 1]], len[order[j - 1]], families) > key) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        optMultiplicity = new int[n];
        optLength = new int[n];
        optFamily = new int[n];
        for (int i = 0; i < n; i++) {
            optMultiplicity[i] = mult[order[i]];
            optLength[i] = len[order[i]];
            optFamily[i] = fam[order[i]];
        }
        optGroupEnd = new int[n];
        for (int i = n - 1; i >= 0; i--) {
            boolean sameAsNext = i + 1 < n && optMultiplicity[i + 1] == optMultiplicity[i]
                && groupOf(optFamily[i + 1], families) == groupOf(optFamily[i], families);
            optGroupEnd[i] = sameAsNext ? optGroupEnd[i + 1] : i;
        }
        optFirstId = new int[n][12];
        optEndId = new int[n][12];
        // one pass over the moves (not one per option: a cold start runs this interpreted)
        int maxFamily = 0;
        for (int id = 1; id < size; id++) {
            maxFamily = Math.max(maxFamily, table.family(id));
        }
        int[] optionOf = new int[maxFamily + 1];
        java.util.Arrays.fill(optionOf, -1);
        for (int o = 0; o < n; o++) {
            if (optFamily[o] >= 0) {
                java.util.Arrays.fill(optFirstId[o], Integer.MAX_VALUE);
                if (optFamily[o] <= maxFamily) {
                    optionOf[optFamily[o]] = o;
                }
            }
        }
        for (int id = 1; id < size; id++) {
            int f = table.family(id);
            int o = f >= 0 ? optionOf[f] : -1;
            if (o >= 0 && rules.allows(id)) {
                int s = table.mainRank(id);
                optFirstId[o][s] = Math.min(optFirstId[o][s], id);
                optEndId[o][s] = Math.max(optEndId[o][s], id + 1);
            }
        }
        for (int o = 0; o < n; o++) {
            for (int s = 0; optFamily[o] >= 0 && s < 12; s++) {
                if (optFirstId[o][s] == Integer.MAX_VALUE) {
                    optFirstId[o][s] = 0;
                }
            }
        }
        // 2. the profile table: shipped for the presets without bans (a cold JVM takes 60-200 ms
        // to compute one; MinHandsTest checks every shipped table against the computation)
        java.util.Arrays.fill(profileMin, UNKNOWN);
        if (shipped && rules.banMask() == 0 && loadProfiles()) {
            return;
        }
        fillProfiles();
    }

    /** {@code base} with a split table: every array shared, nothing computed. */
    private MinHands(MinHands base, SplitTable segments) {
        this.rules = base.rules;
        this.table = base.table;
        this.profileMin = base.profileMin;
        this.optMultiplicity = base.optMultiplicity;
        this.optLength = base.optLength;
        this.optFamily = base.optFamily;
        this.optGroupEnd = base.optGroupEnd;
        this.optFirstId = base.optFirstId;
        this.optEndId = base.optEndId;
        System.arraycopy(base.minLength, 0, this.minLength, 0, minLength.length);
        this.moveCards = base.moveCards;
        this.hasShuttles = base.hasShuttles;
        this.trioKickersAllowed = base.trioKickersAllowed;
        this.segments = segments;
    }

    /** The resource holding the profile table of a preset. */
    static String profileResource(io.github.ddzengine.core.rules.Preset preset) {
        return "profiles-" + preset.id() + ".bin";
    }

    /**
     * The chain-free profiles in the order the table is filled (increasing cards), each packed as
     * {@code n1 | n2 << 4 | n3 << 8 | n4 << 12 | jokers << 16}.
     */
    static int[] profileOrder() {
        int[] out = new int[PROFILES];
        int k = 0;
        // the loops stop where no singles are left (a cold start runs this interpreted)
        for (int cards = 0; cards <= 54; cards++) {
            for (int n4 = 0; n4 <= 13 && 4 * n4 <= cards; n4++) {
                for (int n3 = 0; n3 + n4 <= 13 && 4 * n4 + 3 * n3 <= cards; n3++) {
                    for (int n2 = 0; n2 + n3 + n4 <= 13 && 4 * n4 + 3 * n3 + 2 * n2 <= cards; n2++) {
                        for (int jokers = 0; jokers < 4; jokers++) {
                            int n1 = cards - 4 * n4 - 3 * n3 - 2 * n2 - Integer.bitCount(jokers);
                            if (n1 >= 0 && n1 + n2 + n3 + n4 <= 13) {
                                out[k++] = n1 | n2 << 4 | n3 << 8 | n4 << 12 | jokers << 16;
                            }
                        }
                    }
                }
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    /** {@link #profile} of a packed profile's canonical hand, from its counts alone. */
    private static int packedProfile(int packed) {
        int n1 = packed & 15;
        int n2 = (packed >>> 4) & 15;
        int n3 = (packed >>> 8) & 15;
        int n4 = (packed >>> 12) & 15;
        return (((n4 * 14 + n3) * 14 + n2) * 14 + n1) * 4 + (packed >>> 16);
    }

    private static long canonicalHand(int packed) {
        return canonicalHand(packed & 15, (packed >>> 4) & 15, (packed >>> 8) & 15, (packed >>> 12) & 15, packed >>> 16);
    }

    /**
     * The profile table as shipped: one byte a profile in {@link #profileOrder()}, then the CRC32
     * of those bytes (4 bytes, big-endian).
     */
    byte[] profileBytes() {
        int[] order = profileOrder();
        byte[] out = new byte[order.length + 4];
        for (int i = 0; i < order.length; i++) {
            out[i] = profileMin[profile(canonicalHand(order[i]))];
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(out, 0, order.length);
        int c = (int) crc.getValue();
        for (int i = 0; i < 4; i++) {
            out[order.length + i] = (byte) (c >>> (24 - 8 * i));
        }
        return out;
    }

    /** Loads the shipped profile table of the preset; false (nothing loaded) if absent or damaged. */
    private boolean loadProfiles() {
        byte[] data;
        try (java.io.InputStream in = MinHands.class.getResourceAsStream(profileResource(rules.preset()))) {
            if (in == null) {
                return false;
            }
            data = in.readAllBytes();
        } catch (java.io.IOException e) {
            return false;
        }
        int[] order = profileOrder();
        if (data.length != order.length + 4) {
            return false;
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(data, 0, order.length);
        int c = (int) crc.getValue();
        for (int i = 0; i < 4; i++) {
            if (data[order.length + i] != (byte) (c >>> (24 - 8 * i))) {
                return false;
            }
        }
        for (int i = 0; i < order.length; i++) {
            profileMin[packedProfile(order[i])] = data[i];
        }
        return true;
    }

    /**
     * The min-hand counter of {@code rules}, without a split table (built on first use, then
     * cached: 50 to 170 ms per rules on the 2-core development machine, mostly the profile table).
     */
    public static MinHands of(Rules rules) {
        synchronized (CACHE) {
            MinHands m = CACHE.get(rules);
            if (m == null) {
                m = new MinHands(rules, true);
                CACHE.put(rules, m);
            }
            return m;
        }
    }

    /**
     * The min-hand counter of {@code rules} that uses the split table of {@code tables}, if it
     * has one (else {@link #of(Rules)}'s): the same counts, found faster. Cheap after the first
     * counter of these rules: only the table differs.
     */
    public static MinHands of(Rules rules, EngineTables tables) {
        MinHands base = of(rules);
        SplitTable split = tables.split();
        return split == null ? base : new MinHands(base, split);
    }

    /** The rules this counter follows. */
    public Rules rules() {
        return rules;
    }

    /** The split table this counter looks segments up in, or null if it searches every hand. */
    public SplitTable splitTable() {
        return segments;
    }

    /**
     * The exact fewest legal combinations that empty {@code hand} when nobody answers; 0 for the
     * empty hand. Allocation-free.
     *
     * @param hand any valid card set ({@link Cards} layout), up to the whole deck; exact at every
     *     size, but fast only up to 20 cards with the segment table of {@code ddz tables build}: a
     *     larger hand can fall outside it, and the search's time grows exponentially with the number of
     *     chains the hand holds (minutes for some hands of 30 or more cards)
     * @throws NotationException if {@code hand} is not a valid card set (checked only with
     *     {@code -Dddz.checks=true}; otherwise the result for an invalid hand is undefined)
     */
    public int count(long hand) {
        if (Checks.ENABLED && !Cards.isValid(hand)) {
            throw new NotationException("not a valid card set: 0x" + Long.toHexString(hand));
        }
        SplitTable table = segments;
        if (table != null) {
            int v = countWithTable(hand, table);
            if (v >= 0) {
                return v;
            }
        }
        return search(hand, 0, 0);
    }

    /**
     * The count from the split table, or -1 when the hand is outside it (a possible Botzone
     * shuttle, a segment the table does not hold, more than three segments that can hold a chain).
     */
    private int countWithTable(long hand, SplitTable table) {
        long s1 = Cards.ranksAtLeast(hand, 1) & Cards.CHAIN_RANKS;
        long s2 = Cards.ranksAtLeast(hand, 2) & Cards.CHAIN_RANKS;
        long s3 = Cards.ranksAtLeast(hand, 3) & Cards.CHAIN_RANKS;
        long planes = s3 & (s3 >>> 4);
        if (planes == 0) {
            return chainCount(hand, table, s1, s2, 0);
        }
        if (hasShuttles && (Cards.chainStarts(Cards.ranksAtLeast(hand, 4), 2)) != 0) {
            return -1; // Botzone shuttles are not in the table
        }
        // partitions without a winged plane come from the table (bare trio chains included);
        // every other partition plays some winged plane the hand holds, plus the best of the rest
        int best = chainCount(hand, table, s1, s2, Cards.chainStarts(s3, 2));
        if (best < 0) {
            return -1;
        }
        // No partition beats the best without winged planes by more than the planes can save: a
        // plane of L trios with wings is L trio_solo (trio_pair) plays at most, so it saves at
        // most L - 1, and the trios of a run of k adjacent ranks held 3+ times save at most k - 1
        // together. Reaching that floor ends the search (when trio_solo and trio_pair are allowed).
        int floor = trioKickersAllowed ? best - planeSavingsBound(s3) : 1;
        int nOpt = optMultiplicity.length;
        for (int o = 0; o < nOpt && best > Math.max(1, floor); o++) {
            if (optFamily[o] < 0 || optMultiplicity[o] != 3) {
                continue;
            }
            int len = optLength[o];
            long starts = Cards.chainStarts(s3, len);
            while (starts != 0) {
                int s = Long.numberOfTrailingZeros(starts) >>> 2;
                starts &= starts - 1;
                // taking a single or a pair off a hand lowers its count by at most one (it could be
                // played alone), so these planes leave at least count(hand - main) - len plays
                if (1 + count(hand - Cards.run(s, len, 3)) - len >= best) {
                    continue;
                }
                int end = optEndId[o][s];
                for (int id = optFirstId[o][s]; id < end; id++) {
                    long c = moveCards[id];
                    if (Cards.contains(hand, c)) {
                        int rest = count(hand - c);
                        if (rest + 1 < best) {
                            best = rest + 1;
                            if (best <= floor) {
                                return best;
                            }
                        }
                    }
                }
            }
        }
        return best;
    }

    /** Sum over the runs of adjacent ranks (3..A) held 3+ times of (run length - 1). */
    private static int planeSavingsBound(long s3) {
        // every rank of such a run but its first has its left neighbour in the run
        return Long.bitCount(s3 & (s3 << 4));
    }

    /** The best count over partitions without winged planes, from the table; -1 if outside it. */
    private int chainCount(long hand, SplitTable table, long s1, long s2, long trioStarts) {
        long capable = Cards.chainStarts(s1, 5) | Cards.chainStarts(s2, 3) | trioStarts;
        if (capable == 0) {
            return profileMin[profile(hand)];
        }
        long base = hand;
        int slot0 = 0;
        int slot1 = 0;
        int slot2 = 0;
        int segmentsFound = 0;
        while (capable != 0) {
            if (segmentsFound == 3) {
                return -1; // a fourth chain segment (more than 20 cards): searched instead
            }
            // the segment holding the lowest capable start: walk down to the first rank of its run
            int startRank = Long.numberOfTrailingZeros(capable) >>> 2;
            while (startRank > 0 && ((s1 >>> ((startRank - 1) << 2)) & 1) != 0) {
                startRank--;
            }
            int length = Long.numberOfTrailingZeros(~(s1 >>> (startRank << 2)) & Cards.LOW) >>> 2;
            int shift = startRank << 2;
            long segment = (hand >>> shift) & ((1L << (length << 2)) - 1);
            int slot = table.find(segment);
            if (slot == SplitTable.ABSENT) {
                return -1;
            }
            base -= segment << shift;
            long segmentRanks = ((1L << (length << 2)) - 1) << shift;
            capable &= ~segmentRanks;
            if (segmentsFound == 0) {
                slot0 = slot;
            } else if (segmentsFound == 1) {
                slot1 = slot;
            } else {
                slot2 = slot;
            }
            segmentsFound++;
        }
        int baseProfile = profile(base);
        int best = Integer.MAX_VALUE;
        int end0 = (slot0 >>> 8) + (slot0 & 0xFF);
        for (int i = slot0 >>> 8; i < end0; i++) {
            int e0 = table.entry(i);
            int c0 = e0 >>> SplitTable.CHAIN_SHIFT;
            if (c0 >= best) {
                break; // entries ascend by chain count and the rest never counts below 0
            }
            int p0 = baseProfile + (e0 & SplitTable.PROFILE_MASK);
            if (segmentsFound == 1) {
                int v = c0 + profileMin[p0];
                if (v < best) {
                    best = v;
                }
                continue;
            }
            int end1 = (slot1 >>> 8) + (slot1 & 0xFF);
            for (int j = slot1 >>> 8; j < end1; j++) {
                int e1 = table.entry(j);
                int p1 = p0 + (e1 & SplitTable.PROFILE_MASK);
                int c1 = c0 + (e1 >>> SplitTable.CHAIN_SHIFT);
                if (segmentsFound == 2) {
                    int v = c1 + profileMin[p1];
                    if (v < best) {
                        best = v;
                    }
                    continue;
                }
                int end2 = (slot2 >>> 8) + (slot2 & 0xFF);
                for (int k = slot2 >>> 8; k < end2; k++) {
                    int e2 = table.entry(k);
                    int v = c1 + (e2 >>> SplitTable.CHAIN_SHIFT) + profileMin[p1 + (e2 & SplitTable.PROFILE_MASK)];
                    if (v < best) {
                        best = v;
                    }
                }
            }
        }
        return best;
    }

    /** The chain-free count of a hand: the profile table entry. */
    int chainFreeCount(long hand) {
        return profileMin[profile(hand)];
    }

    /**
     * Fewest plays for {@code hand} using chains that start at rank {@code start} or later (option
     * {@code option} or later at {@code start} itself).
     */
    private int search(long hand, int start, int option) {
        int best = profileMin[profile(hand)];
        if (best <= 2) {
            // one play cannot beat a chain-free count of 1; a chain leaves at least one more
            // play unless it is the whole hand, which the profile table cannot see, so check it
            if (best <= 1 || !anyChainIsWholeHand(hand, start)) {
                return best;
            }
        }
        long s1 = Cards.ranksAtLeast(hand, 1) & Cards.CHAIN_RANKS;
        long starts = possibleStarts(hand, s1);
        starts &= -1L << (start << 2);
        if (starts == 0) {
            return best;
        }
        long s2 = Cards.ranksAtLeast(hand, 2) & Cards.CHAIN_RANKS;
        long s3 = Cards.ranksAtLeast(hand, 3) & Cards.CHAIN_RANKS;
        long s4 = Cards.ranksAtLeast(hand, 4) & Cards.CHAIN_RANKS;
        int nOpt = optMultiplicity.length;
        while (starts != 0) {
            int s = Long.numberOfTrailingZeros(starts) >>> 2;
            starts &= starts - 1;
            int shift = s << 2;
            // longest run of each multiplicity from s: options are grouped by multiplicity with
            // lengths ascending, so a too-long option ends its group
            int run1 = Long.numberOfTrailingZeros(~(s1 >>> shift) & Cards.LOW) >>> 2;
            int run2 = Long.numberOfTrailingZeros(~(s2 >>> shift) & Cards.LOW) >>> 2;
            int run3 = Long.numberOfTrailingZeros(~(s3 >>> shift) & Cards.LOW) >>> 2;
            int run4 = Long.numberOfTrailingZeros(~(s4 >>> shift) & Cards.LOW) >>> 2;
            for (int o = s == start ? option : 0; o < nOpt; o++) {
                int m = optMultiplicity[o];
                int len = optLength[o];
                int run = m == 1 ? run1 : m == 2 ? run2 : m == 3 ? run3 : run4;
                if (len > run) {
                    o = optGroupEnd[o];
                    continue;
                }
                long main = Cards.run(s, len, m);
                int fam = optFamily[o];
                if (fam < 0) {
                    int v = 1 + search(hand - main, s, o);
                    if (v < best) {
                        best = v;
                        if (best <= 1) {
                            return best;
                        }
                    }
                } else {
                    int end = optEndId[o][s];
                    for (int id = optFirstId[o][s]; id < end; id++) {
                        long c = moveCards[id];
                        if (Cards.contains(hand, c)) {
                            int v = 1 + search(hand - c, s, o);
                            if (v < best) {
                                best = v;
                                if (best <= 1) {
                                    return best;
                                }
                            }
                        }
                    }
                }
            }
        }
        return best;
    }

    private boolean anyChainIsWholeHand(long hand, int start) {
        // a hand that is exactly one chain (bare or winged) counts 1
        int size = Cards.size(hand);
        int nOpt = optMultiplicity.length;
        for (int o = 0; o < nOpt; o++) {
            int m = optMultiplicity[o];
            int len = optLength[o];
            int fam = optFamily[o];
            int wings = fam < 0 ? 0 : table.families()[fam].wingCount * table.families()[fam].wingKind;
            if (m * len + wings != size) {
                continue;
            }
            for (int s = start; s + len <= 12; s++) {
                long main = Cards.run(s, len, m);
                if (!Cards.contains(hand, main)) {
                    continue;
                }
                if (fam < 0) {
                    return main == hand;
                }
                int end = optEndId[o][s];
                for (int id = optFirstId[o][s]; id < end; id++) {
                    if (moveCards[id] == hand) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static int groupOf(int family, MoveFamily[] families) {
        return family < 0 ? 0 : 1 + families[family].wingKind;
    }

    /** The sort key of a chain option: multiplicity, then wing group, then length (each below 2^8). */
    private static int optionKey(int multiplicity, int family, int length, MoveFamily[] families) {
        return (multiplicity << 16) | (groupOf(family, families) << 8) | length;
    }

    /** Rank set (bit 4s) of the starts where some allowed chain of minimal length fits in the hand. */
    private long possibleStarts(long hand, long s1) {
        long starts = 0;
        if (minLength[1] != Integer.MAX_VALUE) {
            starts |= Cards.chainStarts(s1, minLength[1]);
        }
        if (minLength[2] != Integer.MAX_VALUE) {
            starts |= Cards.chainStarts(Cards.ranksAtLeast(hand, 2), minLength[2]);
        }
        if (minLength[3] != Integer.MAX_VALUE) {
            starts |= Cards.chainStarts(Cards.ranksAtLeast(hand, 3), minLength[3]);
        }
        if (minLength[4] != Integer.MAX_VALUE) {
            starts |= Cards.chainStarts(Cards.ranksAtLeast(hand, 4), minLength[4]);
        }
        return starts;
    }

    /**
     * Index of a hand's profile: (n1, n2, n3, n4) = how many of the ranks 3..2 it holds exactly
     * 1, 2, 3, 4 times, and its jokers (bit 0 = X, bit 1 = D), as
     * {@code (((n4 * 14 + n3) * 14 + n2) * 14 + n1) * 4 + jokers}. Indices of card sets with no
     * rank in common add up to the index of their union, which is how a
     * {@link SplitTable}'s entries combine with the rest of a hand.
     *
     * @param hand a valid card set ({@link Cards} layout)
     * @return 0 to {@link #PROFILES} - 1
     */
    public static int profile(long hand) {
        int a1 = Long.bitCount(Cards.ranksAtLeast(hand, 1) & NORMAL);
        int a2 = Long.bitCount(Cards.ranksAtLeast(hand, 2) & NORMAL);
        int a3 = Long.bitCount(Cards.ranksAtLeast(hand, 3) & NORMAL);
        int n4 = Long.bitCount(Cards.ranksAtLeast(hand, 4) & NORMAL);
        int jokers = (int) (hand >>> (Rank.SMALL_JOKER << 2)) & 1 | ((int) (hand >>> (Rank.BIG_JOKER << 2)) & 1) << 1;
        return (((n4 * 14 + a3 - n4) * 14 + a2 - a3) * 14 + a1 - a2) * 4 + jokers;
    }

    /** A hand with the given profile: fours on the lowest ranks, then trios, pairs, singles. */
    static long canonicalHand(int n1, int n2, int n3, int n4, int jokers) {
        long h = 0;
        int r = 0;
        for (int i = 0; i < n4; i++) {
            h += Cards.of(r++, 4);
        }
        for (int i = 0; i < n3; i++) {
            h += Cards.of(r++, 3);
        }
        for (int i = 0; i < n2; i++) {
            h += Cards.of(r++, 2);
        }
        for (int i = 0; i < n1; i++) {
            h += Cards.of(r++, 1);
        }
        if ((jokers & 1) != 0) {
            h += Cards.of(Rank.SMALL_JOKER, 1);
        }
        if ((jokers & 2) != 0) {
            h += Cards.of(Rank.BIG_JOKER, 1);
        }
        return h;
    }

    private void fillProfiles() {
        // non-chain moves allowed by the rules, grouped by the lowest rank they contain
        int size = table.size();
        int[][] byLowest = new int[15][];
        int[] counts = new int[15];
        for (int id = 1; id < size; id++) {
            if (!table.type(id).isChain() && rules.allows(id)) {
                counts[Cards.lowestRank(Cards.ranksAtLeast(moveCards[id], 1))]++;
            }
        }
        for (int r = 0; r < 15; r++) {
            byLowest[r] = new int[counts[r]];
            counts[r] = 0;
        }
        for (int id = 1; id < size; id++) {
            if (!table.type(id).isChain() && rules.allows(id)) {
                int r = Cards.lowestRank(Cards.ranksAtLeast(moveCards[id], 1));
                byLowest[r][counts[r]++] = id;
            }
        }
        // fill profiles in order of card count so every smaller profile is known
        for (int packed : profileOrder()) {
            fillProfile(packed, byLowest);
        }
    }

    private void fillProfile(int packed, int[][] byLowest) {
        long hand = canonicalHand(packed);
        int index = profile(hand);
        if (hand == 0) {
            profileMin[index] = 0;
            return;
        }
        // every partition covers the lowest card by exactly one play
        int lowest = Cards.lowestRank(Cards.ranksAtLeast(hand, 1));
        int best = Integer.MAX_VALUE;
        for (int id : byLowest[lowest]) {
            long c = moveCards[id];
            if (Cards.contains(hand, c)) {
                int rest = profileMin[profile(hand - c)];
                if (rest == UNKNOWN) {
                    throw new IllegalStateException("profile table filled out of order");
                }
                best = Math.min(best, 1 + rest);
            }
        }
        if (best == Integer.MAX_VALUE) {
            // only when bans leave no play for some card; singles are never banned
            throw new IllegalStateException(rules + ": no play for " + io.github.ddzengine.core.cards.Notation.format(hand));
        }
        profileMin[index] = (byte) best;
    }

    /**
     * One optimal split of {@code hand}: {@link #count}{@code (hand)} move ids of
     * {@code rules().table()} whose cards add up to the hand, ordered as a sensible play sequence:
     * ordinary combinations by main rank (chain start, trio or four rank; lowest first, the one of
     * more cards first on a tie), then bombs by rank, then the rocket. Where several splits are
     * optimal, each step keeps the legal lead of most cards that leaves an optimal rest. Not a hot
     * path: it allocates and counts every lead of every step.
     *
     * @throws NotationException if {@code hand} is not a valid card set
     */
    public int[] split(long hand) {
        if (!Cards.isValid(hand)) {
            throw new NotationException("not a valid card set: 0x" + Long.toHexString(hand));
        }
        int total = count(hand);
        int[] out = new int[total];
        MoveGenerator generator = new MoveGenerator(rules);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        long rest = hand;
        for (int i = 0; i < total; i++) {
            int need = total - i - 1;
            int n = generator.leads(rest, moves);
            int pick = -1;
            // prefer the move that sheds the most cards among those that keep the split optimal
            for (int j = 0; j < n; j++) {
                int id = moves[j];
                long c = moveCards[id];
                if (count(rest - c) == need && (pick < 0 || Cards.size(c) > Cards.size(moveCards[pick]))) {
                    pick = id;
                }
            }
            if (pick < 0) {
                throw new IllegalStateException("no optimal play found for " + io.github.ddzengine.core.cards.Notation.format(rest));
            }
            out[i] = pick;
            rest -= moveCards[pick];
        }
        sortAsPlaySequence(out);
        return out;
    }

    private void sortAsPlaySequence(int[] ids) {
        // insertion sort on (strength class, main rank): ordinary combinations by main rank, then
        // bombs by rank, then the rocket
        for (int i = 1; i < ids.length; i++) {
            int id = ids[i];
            int j = i - 1;
            while (j >= 0 && playOrder(ids[j]) > playOrder(id)) {
                ids[j + 1] = ids[j];
                j--;
            }
            ids[j + 1] = id;
        }
    }

    private int playOrder(int id) {
        MoveType t = table.type(id);
        int strength = t == MoveType.ROCKET ? 2 : (t == MoveType.BOMB ? 1 : 0);
        return (strength << 16) | (table.mainRank(id) << 8) | (255 - table.cardCount(id));
    }
}
