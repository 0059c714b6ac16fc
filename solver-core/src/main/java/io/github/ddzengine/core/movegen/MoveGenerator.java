package io.github.ddzengine.core.movegen;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Checks;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;

/**
 * Legal-move generation: all leads of a hand, and all answers to a last move, written as move ids
 * of the rules' {@link MoveTable} into a caller-owned {@code int[]}.
 *
 * <p>How: main parts come from rank sets of the hand ({@link Cards#ranksAtLeast},
 * {@link Cards#chainStarts}), one bit per playable start, and chain lengths grow by one shift
 * and one and each until the hand runs out. Wings (kickers) are walked straight from the rank
 * set of the hand's wing ranks: each wing multiset is ranked on the fly (one precomputed offset
 * per rank taken), so its move id is the raw rank plus a constant or one table load
 * ({@link MoveTable#canonicalTable()}). No subset enumeration, hashing or allocation.
 *
 * <p>An instance keeps scratch state: use one per thread. Moves come out in no particular order,
 * each id once.
 */
public final class MoveGenerator {
    /**
     * A buffer of this length holds the output of any call: every id of the largest table, plus
     * pass. (Real hands produce far fewer: a few thousand leads at most.)
     */
    public static final int MAX_MOVES = 32_768;

    private final MoveTable table;
    private final Rules rules;
    private final int banMask;
    private final MoveFamily[] families;
    /** Whether the rules ban each family's type, by family index (no enum lookups on the hot path). */
    private final boolean[] familyBanned;
    private final MoveFamily bombs;
    private final int rocketId;
    private final char[] offsets;
    private final int[] canonical;
    private final MoveFamily solo;
    private final MoveFamily pair;
    private final MoveFamily trio;
    private final MoveFamily bomb;
    private final MoveFamily trioSolo;
    private final MoveFamily trioPair;
    private final MoveFamily fourTwoSolo;
    private final MoveFamily fourTwoPair;
    /** Chain families by [wing kind][length]: bare chains, then with solo wings, then with pair wings. */
    private final MoveFamily[][] soloChains;
    private final MoveFamily[][] pairChains;
    private final MoveFamily[][] trioChains;
    private final MoveFamily[][] shuttles;
    /** Most cards of one normal rank a move may take as single wings (4, RLCARD 3, BOTZONE 1). */
    private final int soloWingCap;
    /** Rank set of the ranks that may give two or more single wings to one move. */
    private final long soloDoubleAllowed;
    /** Per-rank wing units of the hand for single wings (counts capped by the preset). */
    private long soloUnits;
    /** Per-rank wing units of the hand for pair wings (1 for each rank held twice or more). */
    private long pairUnits;
    /** Buffer for {@link #canBeat}, allocated on first use. */
    private int[] scratch;

    /** A generator for the given rules (preset and bans). */
    public MoveGenerator(Rules rules) {
        this.rules = rules;
        this.table = rules.table();
        this.banMask = rules.banMask();
        this.families = table.families();
        this.familyBanned = new boolean[families.length];
        for (int i = 0; i < families.length; i++) {
            familyBanned[i] = (banMask & families[i].type.bit()) != 0;
        }
        this.bombs = table.bombFamily();
        this.rocketId = table.rocketId();
        this.offsets = table.wingOffsets();
        this.canonical = table.canonicalTable();
        this.solo = allowed(MoveType.SOLO, 1);
        this.pair = allowed(MoveType.PAIR, 1);
        this.trio = allowed(MoveType.TRIO, 1);
        this.bomb = allowed(MoveType.BOMB, 1);
        this.trioSolo = allowed(MoveType.TRIO_SOLO, 1);
        this.trioPair = allowed(MoveType.TRIO_PAIR, 1);
        this.fourTwoSolo = allowed(MoveType.FOUR_TWO_SOLO, 1);
        this.fourTwoPair = allowed(MoveType.FOUR_TWO_PAIR, 1);
        this.soloChains = byLength(MoveType.SOLO_CHAIN, null, null);
        this.pairChains = byLength(MoveType.PAIR_CHAIN, null, null);
        this.trioChains = byLength(MoveType.TRIO_CHAIN, MoveType.TRIO_SOLO_CHAIN, MoveType.TRIO_PAIR_CHAIN);
        this.shuttles = byLength(MoveType.SHUTTLE, MoveType.SHUTTLE_SOLO, MoveType.SHUTTLE_PAIR);
        int cap = 0;
        for (MoveFamily f : families) {
            if (f.wingKind == MoveFamily.WINGS_SOLO) {
                if (cap != 0 && cap != f.wingCap[0]) {
                    throw new IllegalStateException("single-wing caps differ between families of " + table.preset());
                }
                cap = f.wingCap[0];
            }
        }
        this.soloWingCap = cap;
        this.soloDoubleAllowed = cap >= 2 ? Cards.LOW >>> 8 : 0L;
    }

    /** The family of a type and length, or null if the preset lacks it or the rules ban it. */
    private MoveFamily allowed(MoveType type, int length) {
        if ((banMask & type.bit()) != 0) {
            return null;
        }
        for (MoveFamily f : families) {
            if (f.type == type && f.length == length) {
                return f;
            }
        }
        return null;
    }

    /** Families of up to three chain types indexed [type][length] (null rows for absent types). */
    private MoveFamily[][] byLength(MoveType bare, MoveType soloWings, MoveType pairWings) {
        MoveType[] types = {bare, soloWings, pairWings};
        MoveFamily[][] out = new MoveFamily[3][];
        for (int k = 0; k < 3; k++) {
            if (types[k] == null) {
                continue;
            }
            int max = 0;
            for (MoveFamily f : families) {
                if (f.type == types[k]) {
                    max = Math.max(max, f.length);
                }
            }
            if (max == 0) {
                continue;
            }
            out[k] = new MoveFamily[max + 1];
            for (int len = 1; len <= max; len++) {
                out[k][len] = allowed(types[k], len);
            }
        }
        if (out[0] == null) {
            out[0] = new MoveFamily[3];
        }
        return out;
    }

    /** The rules this generator follows. */
    public Rules rules() {
        return rules;
    }

    /** The move table the ids refer to. */
    public MoveTable table() {
        return table;
    }

    /**
     * Every legal lead of {@code hand} (never a pass).
     *
     * @param hand a valid card set ({@link Cards} layout); checked only when {@link Checks#ENABLED}
     * @param out receives move ids; {@link #MAX_MOVES} long is always enough
     * @return the number of ids written
     * @throws IllegalArgumentException (checks enabled only) if the hand is not a valid card set
     */
    public int leads(long hand, int[] out) {
        if (Checks.ENABLED) {
            Checks.validCards(hand);
        }
        long r1 = Cards.ranksAtLeast(hand, 1);
        long r2 = Cards.ranksAtLeast(hand, 2);
        long r3 = Cards.ranksAtLeast(hand, 3);
        long r4 = Cards.ranksAtLeast(hand, 4);
        int n = plain(solo, r1, out, 0);
        if (r2 != 0) {
            n = plain(pair, r2, out, n);
            n = chains(pairChains, r2, 3, out, n);
        }
        n = chains(soloChains, r1, 5, out, n);
        if (r3 != 0) {
            prepareWings(hand);
            n = plain(trio, r3, out, n);
            n = winged(trioSolo, r3, out, n);
            n = winged(trioPair, r3, out, n);
            n = chains(trioChains, r3, 2, out, n);
            if (r4 != 0) {
                n = plain(bomb, r4, out, n);
                n = winged(fourTwoSolo, r4, out, n);
                n = winged(fourTwoPair, r4, out, n);
                n = chains(shuttles, r4, 2, out, n);
            }
        }
        if ((hand & Cards.ROCKET) == Cards.ROCKET) {
            out[n++] = rocketId;
        }
        return n;
    }

    /**
     * Appends the chains of every length from {@code minLength} up, with the winged planes or
     * shuttles built on them: the starts of length L+1 are those of length L whose next rank is
     * held too, so the walk stops at the first length the hand cannot make.
     */
    private int chains(MoveFamily[][] byLength, long ranks, int minLength, int[] out, int n) {
        long held = ranks & Cards.CHAIN_RANKS;
        long starts = Cards.chainStarts(held, minLength);
        MoveFamily[] bare = byLength[0];
        MoveFamily[] soloWings = byLength[1];
        MoveFamily[] pairWings = byLength[2];
        for (int len = minLength; starts != 0 && len < bare.length; len++) {
            n = plain(bare[len], starts, out, n);
            if (soloWings != null && len < soloWings.length) {
                n = winged(soloWings[len], starts, out, n);
            }
            if (pairWings != null && len < pairWings.length) {
                n = winged(pairWings[len], starts, out, n);
            }
            starts &= held >>> (len << 2);
        }
        return n;
    }

    /** Appends the moves of a family without wings at each start in {@code starts}. */
    private int plain(MoveFamily f, long starts, int[] out, int n) {
        if (f == null) {
            return n;
        }
        int[] ids = f.idOfStart;
        while (starts != 0) {
            out[n++] = ids[Long.numberOfTrailingZeros(starts) >>> 2];
            starts &= starts - 1;
        }
        return n;
    }

    /**
     * Every legal answer of {@code hand} to {@code last}: the moves that beat it
     * ({@link MoveTable#beats}) and {@link MoveTable#PASS} (written last). If {@code last} is a
     * pass the mover leads, and this is {@link #leads}.
     *
     * @param hand a valid card set ({@link Cards} layout); checked only when {@link Checks#ENABLED}
     * @param last a move id of this generator's table; checked only when {@link Checks#ENABLED}
     * @param out receives move ids; {@link #MAX_MOVES} long is always enough
     * @return the number of ids written
     */
    public int answers(long hand, int last, int[] out) {
        if (Checks.ENABLED && (last < 0 || last >= table.size())) {
            throw new IllegalArgumentException("no move id " + last + " in the " + table.preset().id() + " table");
        }
        if (last == MoveTable.PASS) {
            return leads(hand, out);
        }
        if (Checks.ENABLED) {
            Checks.validCards(hand);
        }
        int n = 0;
        if (last != rocketId) {
            if (table.isBomb(last)) {
                n = generate(hand, bombs, table.mainRank(last), out, n);
            } else {
                int lf = table.lastFamily(last);
                if (lf >= 0) {
                    MoveFamily f = families[lf];
                    if (!familyBanned[lf]) {
                        int key = table.lastKey(last);
                        if (f.keyIsStart) {
                            n = generate(hand, f, key, out, n);
                        } else {
                            n = filterAbove(generate(hand, f, -1, out, 0), key, out);
                        }
                    }
                }
                n = generate(hand, bombs, -1, out, n);
            }
            if ((hand & Cards.ROCKET) == Cards.ROCKET) {
                out[n++] = rocketId;
            }
        }
        out[n++] = MoveTable.PASS;
        return n;
    }

    /**
     * Whether {@code hand} holds any move that beats {@code last} (a pass aside): the same answer
     * as {@code answers(hand, last, out) > 1}, mostly from rank sets without generating.
     *
     * @param hand a valid card set ({@link Cards} layout); not checked
     * @param last a move id of this generator's table; {@link MoveTable#PASS} asks whether the hand
     *     can lead at all (whether it is non-empty)
     */
    public boolean canBeat(long hand, int last) {
        if (last == MoveTable.PASS) {
            return hand != 0;
        }
        if (last == rocketId) {
            return false;
        }
        if ((hand & Cards.ROCKET) == Cards.ROCKET) {
            return true;
        }
        long fours = Cards.ranksAtLeast(hand, 4);
        if (table.isBomb(last)) {
            return (fours & (-1L << ((table.mainRank(last) + 1) << 2))) != 0;
        }
        if (fours != 0) {
            return true;
        }
        int lf = table.lastFamily(last);
        if (lf < 0) {
            return false;
        }
        if (familyBanned[lf]) {
            return false;
        }
        MoveFamily f = families[lf];
        if (!f.keyIsStart) {
            if (scratch == null) {
                scratch = new int[MAX_MOVES];
            }
            return filterAbove(generate(hand, f, -1, scratch, 0), table.lastKey(last), scratch) > 0;
        }
        long ranks = Cards.ranksAtLeast(hand, f.multiplicity);
        long starts = f.length == 1 ? ranks : Cards.chainStarts(ranks, f.length);
        starts &= -1L << ((table.lastKey(last) + 1) << 2);
        if (starts == 0) {
            return false;
        }
        if (f.wingKind == MoveFamily.WINGS_NONE) {
            return true;
        }
        if (scratch == null) {
            scratch = new int[MAX_MOVES];
        }
        prepareWings(hand);
        return winged(f, starts, scratch, 0) > 0;
    }

    /** Keeps the first {@code n} ids whose key is above {@code key}; returns how many are kept. */
    private int filterAbove(int n, int key, int[] out) {
        int w = 0;
        for (int i = 0; i < n; i++) {
            if (table.key(out[i]) > key) {
                out[w++] = out[i];
            }
        }
        return w;
    }

    /**
     * Appends the moves of family {@code f} held by {@code hand} whose start is above
     * {@code minStart} (-1: all).
     */
    private int generate(long hand, MoveFamily f, int minStart, int[] out, int n) {
        long ranks = Cards.ranksAtLeast(hand, f.multiplicity);
        long starts = f.length == 1 ? ranks : Cards.chainStarts(ranks, f.length);
        if (minStart >= 0) {
            starts &= -1L << ((minStart + 1) << 2);
        }
        if (f.wingKind == MoveFamily.WINGS_NONE) {
            return plain(f, starts, out, n);
        }
        if (starts == 0) {
            return n;
        }
        prepareWings(hand);
        return winged(f, starts, out, n);
    }

    /** Computes the hand's wing units once per hand (a few SWAR operations). */
    private void prepareWings(long hand) {
        long units = 0;
        for (int k = 1; k <= soloWingCap; k++) {
            units += Cards.ranksAtLeast(hand, k);
        }
        soloUnits = units;
        pairUnits = Cards.ranksAtLeast(hand, 2);
    }

    /**
     * Appends the moves of a winged family at each start in {@code starts}. For each main part,
     * the wing ranks are the hand's ranks with wing units outside the main part, walked upwards;
     * the raw index of a wing multiset adds one offset per rank taken (see
     * {@link MoveTable#wingOffsets()}). A single unit of rank r adds the number of wing ranks of
     * the universe above r, which is computed rather than loaded.
     */
    private int winged(MoveFamily f, long starts, int[] out, int n) {
        if (f == null || starts == 0) {
            return n;
        }
        boolean pairs = f.wingKind == MoveFamily.WINGS_PAIR;
        long units = pairs ? pairUnits : soloUnits;
        long wingRanks = Cards.ranksAtLeast(units, 1);
        int top = pairs ? Rank.TWO : Rank.BIG_JOKER;
        int need = f.wingCount;
        int len = f.length;
        int dense = f.denseIdOffset();
        boolean direct = need <= 2 && dense != MoveFamily.NOT_DENSE;
        long doubles = pairs ? 0L : Cards.ranksAtLeast(units, 2) & soloDoubleAllowed;
        while (starts != 0) {
            int s = Long.numberOfTrailingZeros(starts) >>> 2;
            starts &= starts - 1;
            int rawBase = f.rawBaseOfStart[s];
            if (rawBase < 0) {
                continue;
            }
            long avail = wingRanks & ~Cards.run(s, len, 1);
            long below = (1L << (s << 2)) - 1;
            int base = f.offsetBaseOfStart[s];
            if (direct) {
                n = directWings(need, avail, avail & doubles, below, rawBase + dense, top, len, base, out, n);
            } else {
                n = walk(avail, units, need, rawBase, base, below, top, top - len, out, n);
            }
        }
        return n;
    }

    /**
     * One or two wings of a dense family ({@link MoveFamily#denseIdOffset()}): ids are the raw
     * index plus a constant, so a move costs a bit scan, a few adds and a store.
     */
    private int directWings(int need, long avail, long twice, long below, int idBase, int top, int len, int base,
                            int[] out, int n) {
        int idHigh = idBase + top;
        int idLow = idHigh - len;
        if (need == 1) {
            while (avail != 0) {
                int sh = Long.numberOfTrailingZeros(avail);
                avail &= avail - 1;
                out[n++] = (((1L << sh) & below) != 0 ? idLow : idHigh) - (sh >>> 2);
            }
            return n;
        }
        char[] off = offsets;
        while (avail != 0) {
            int sh = Long.numberOfTrailingZeros(avail);
            avail &= avail - 1;
            int r = sh >>> 2;
            if (((twice >>> sh) & 1L) != 0) {
                out[n++] = idBase + off[base + (5 << 4) + r];
            }
            int offA = off[base + (4 << 4) + r];
            int aHigh = idHigh + offA;
            int aLow = idLow + offA;
            long rest = avail;
            while (rest != 0) {
                int sb = Long.numberOfTrailingZeros(rest);
                rest &= rest - 1;
                out[n++] = (((1L << sb) & below) != 0 ? aLow : aHigh) - (sb >>> 2);
            }
        }
        return n;
    }

    /**
     * Walks the wing multisets of {@code t} more units over the ranks of {@code avail} (upwards),
     * adding each choice's ranking offset to {@code raw}, and emits the canonical id of each
     * complete one ({@link MoveTable#canonicalTable()}; -1 = not a move of the preset, skipped).
     */
    private int walk(long avail, long units, int t, int raw, int base, long below, int oneHigh, int oneLow,
                     int[] out, int n) {
        if (t == 1) {
            while (avail != 0) {
                int sh = Long.numberOfTrailingZeros(avail);
                avail &= avail - 1;
                int id = canonical[raw + (((1L << sh) & below) != 0 ? oneLow : oneHigh) - (sh >>> 2)];
                if (id >= 0) {
                    out[n++] = id;
                }
            }
            return n;
        }
        while (avail != 0) {
            int sh = Long.numberOfTrailingZeros(avail);
            avail &= avail - 1;
            int u = (int) (units >>> sh) & 0xF;
            if (u > t) {
                u = t;
            }
            int o = base + ((t - 1) << 6) + (sh >>> 2);
            for (int j = 1; j <= u; j++) {
                int r = raw + offsets[o + ((j - 1) << 4)];
                if (j == t) {
                    int id = canonical[r];
                    if (id >= 0) {
                        out[n++] = id;
                    }
                } else if (avail != 0) {
                    n = walk(avail, units, t - j, r, base, below, oneHigh, oneLow, out, n);
                }
            }
        }
        return n;
    }
}
