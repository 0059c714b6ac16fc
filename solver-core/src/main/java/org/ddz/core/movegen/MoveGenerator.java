package org.ddz.core.movegen;

import org.ddz.core.cards.Cards;
import org.ddz.core.rules.MoveFamily;
import org.ddz.core.rules.MoveTable;
import org.ddz.core.rules.Rules;

/**
 * Legal-move generation: all leads of a hand, and all answers to a last move, written as move ids
 * of the rules' {@link MoveTable} into a caller-owned {@code int[]}.
 *
 * <p>How: main parts come from rank sets of the hand ({@link Cards#ranksAtLeast},
 * {@link Cards#chainStarts}), one bit per playable start; wings (kickers) come from a walk over
 * the hand's available wing ranks that ranks each wing multiset on the fly, so a move id is one
 * table load ({@link MoveTable#canonical}) away, with no subset enumeration, hashing or
 * allocation.
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
    private final MoveFamily bombs;
    private final int rocketId;
    private final int[] offsets;
    private final int[] availableRank = new int[16];
    private final int[] availableUnits = new int[16];
    private final int[] suffixUnits = new int[17];

    /** A generator for the given rules (preset and bans). */
    public MoveGenerator(Rules rules) {
        this.rules = rules;
        this.table = rules.table();
        this.banMask = rules.banMask();
        this.families = table.families();
        this.bombs = table.bombFamily();
        this.rocketId = table.rocketId();
        this.offsets = table.wingOffsets();
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
     * @param hand a valid card set ({@link Cards} layout); not checked
     * @param out receives move ids; {@link #MAX_MOVES} long is always enough
     * @return the number of ids written
     */
    public int leads(long hand, int[] out) {
        int n = 0;
        MoveFamily[] fs = families;
        for (int i = 0; i < fs.length; i++) {
            MoveFamily f = fs[i];
            if ((banMask & f.type.bit()) == 0) {
                n = generate(hand, f, -1, out, n);
            }
        }
        if ((hand & Cards.ROCKET) == Cards.ROCKET) {
            out[n++] = rocketId;
        }
        return n;
    }

    /**
     * Every legal answer of {@code hand} to {@code last}: the moves that beat it
     * ({@link MoveTable#beats}) and {@link MoveTable#PASS} (written last). If {@code last} is a
     * pass the mover leads, and this is {@link #leads}.
     *
     * @param hand a valid card set ({@link Cards} layout); not checked
     * @param last a move id of this generator's table
     * @param out receives move ids; {@link #MAX_MOVES} long is always enough
     * @return the number of ids written
     */
    public int answers(long hand, int last, int[] out) {
        if (last == MoveTable.PASS) {
            return leads(hand, out);
        }
        int n = 0;
        if (last != rocketId) {
            if (table.isBomb(last)) {
                n = generate(hand, bombs, table.mainRank(last), out, n);
            } else {
                int lf = table.lastFamily(last);
                if (lf >= 0) {
                    MoveFamily f = families[lf];
                    if ((banMask & f.type.bit()) == 0) {
                        int key = table.key(last);
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
            int[] ids = f.idOfStart;
            while (starts != 0) {
                out[n++] = ids[Long.numberOfTrailingZeros(starts) >>> 2];
                starts &= starts - 1;
            }
            return n;
        }
        if (starts == 0) {
            return n;
        }
        long wingRanks = Cards.ranksAtLeast(hand, f.wingKind == MoveFamily.WINGS_PAIR ? 2 : 1);
        int need = f.wingCount;
        int[] cap = f.wingCap;
        boolean pairs = f.wingKind == MoveFamily.WINGS_PAIR;
        while (starts != 0) {
            int s = Long.numberOfTrailingZeros(starts) >>> 2;
            starts &= starts - 1;
            int rawBase = f.rawBaseOfStart[s];
            if (rawBase < 0) {
                continue;
            }
            long avail = wingRanks & ~Cards.run(s, f.length, 1);
            int count = 0;
            while (avail != 0) {
                int shift = Long.numberOfTrailingZeros(avail);
                avail &= avail - 1;
                int r = shift >>> 2;
                int units = pairs ? cap[r] : Math.min((int) (hand >>> shift) & 0xF, cap[r]);
                if (units > 0) {
                    availableRank[count] = r;
                    availableUnits[count] = units;
                    count++;
                }
            }
            int total = 0;
            suffixUnits[count] = 0;
            for (int i = count - 1; i >= 0; i--) {
                total += availableUnits[i];
                suffixUnits[i] = total;
            }
            if (total >= need) {
                n = wings(0, need, rawBase, f.offsetBaseOfStart[s], out, n);
            }
        }
        return n;
    }

    /**
     * Walks the wing multisets of {@code t} more units over available ranks {@code i..}, adding
     * each choice's rank offset to {@code raw}; emits the canonical id of each complete one.
     */
    private int wings(int i, int t, int raw, int offsetBase, int[] out, int n) {
        if (t == 0) {
            int id = table.canonical(raw);
            if (id >= 0) {
                out[n++] = id;
            }
            return n;
        }
        if (suffixUnits[i] < t) {
            return n;
        }
        n = wings(i + 1, t, raw, offsetBase, out, n);
        int units = availableUnits[i];
        if (units > t) {
            units = t;
        }
        int o = offsetBase + (availableRank[i] * 6 + t) * 5;
        for (int j = 1; j <= units; j++) {
            n = wings(i + 1, t - j, raw + offsets[o + j], offsetBase, out, n);
        }
        return n;
    }
}
