package io.github.ddzengine.core.rules;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongHashSet;
import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;

/**
 * The move universe of a {@link Preset}: every combination the preset allows, enumerated once,
 * each identified by a small integer <em>move id</em>.
 *
 * <p>Id {@code 0} is {@link #PASS}. Every other id is one <em>reading</em> of a card set: its
 * cards ({@link Cards} layout), type, chain length, main rank (chain start, trio or four rank)
 * and the family it competes in. A card set has one reading except the twelve-card planes
 * {@code 333444555666}-like under STANDARD and DOUZERO, which are both {@code trio_chain_4} and
 * {@code trio_solo_chain_3}. Where one card set reads as a winged plane from two chain starts
 * (wings holding a trio next to the chain, as {@code 3334445556667778}), the table keeps one move
 * with the higher start, the reading a player would choose.
 *
 * <p>The tables check themselves when built: the number of distinct card sets must equal the count
 * of {@code rules.md} section 4 ({@link Preset#distinctCardSets()}), or construction fails.
 * Tables are immutable and shared: {@link #of(Preset)} builds each preset once (a few milliseconds)
 * and is safe from any thread.
 */
public final class MoveTable {
    /** The id of a pass. */
    public static final int PASS = 0;
    /** {@link #lastFamily} of a move that nothing but a bomb or the rocket can follow (DOUZERO Q1). */
    public static final int FAMILY_INVALID = -1;

    private static final EnumMap<Preset, MoveTable> CACHE = new EnumMap<>(Preset.class);

    private final Preset preset;
    private final MoveFamily[] families;
    /** {@link MoveType#BOMB}'s ordinal as a constant (an enum's ordinal is not folded by the JIT). */
    private static final byte BOMB_TYPE = (byte) MoveType.BOMB.ordinal();
    private final MoveFamily bombFamily;
    private final int rocketId;
    private final int size;
    private final long[] cards;
    private final byte[] type;
    private final byte[] length;
    private final byte[] main;
    private final byte[] key;
    private final short[] family;
    private final short[] lastFamily;
    private final byte[] lastKey;
    private final boolean[] ambiguous;
    private final short[] lastClass;
    private final int[] canonical;
    private final char[] wingOffset;
    /** card set -> reading ids: low 32 bits first id, high 32 bits second id + 1 (0 = none). */
    private final Long2LongHashMap readings;

    /**
     * The table of {@code preset}, built on first use and cached.
     *
     * @throws IllegalStateException if the built table fails its self-check (a bug, not an input error)
     */
    public static MoveTable of(Preset preset) {
        synchronized (CACHE) {
            MoveTable t = CACHE.get(preset);
            if (t == null) {
                t = new MoveTable(preset);
                CACHE.put(preset, t);
            }
            return t;
        }
    }

    private MoveTable(Preset preset) {
        this.preset = preset;
        Builder b = new Builder(preset);
        b.build();
        this.families = b.families.toArray(new MoveFamily[0]);
        this.bombFamily = b.bombFamily;
        this.rocketId = b.rocketId;
        this.size = b.ids;
        this.cards = java.util.Arrays.copyOf(b.cards, size);
        this.type = java.util.Arrays.copyOf(b.type, size);
        this.length = java.util.Arrays.copyOf(b.length, size);
        this.main = java.util.Arrays.copyOf(b.main, size);
        this.key = java.util.Arrays.copyOf(b.key, size);
        this.family = java.util.Arrays.copyOf(b.family, size);
        this.lastFamily = java.util.Arrays.copyOf(b.lastFamily, size);
        this.lastKey = java.util.Arrays.copyOf(b.key, size);
        this.canonical = java.util.Arrays.copyOf(b.canonical, b.raw);
        this.wingOffset = java.util.Arrays.copyOf(b.offsets, b.offsetSize);
        this.readings = new Long2LongHashMap(size * 2, 0.65f, -1L);
        this.ambiguous = new boolean[size];
        for (int id = 1; id < size; id++) {
            long prev = readings.get(cards[id]);
            if (prev == -1L) {
                readings.put(cards[id], id);
            } else if ((prev >>> 32) == 0) {
                readings.put(cards[id], prev | ((long) (id + 1) << 32));
                ambiguous[id] = true;
                ambiguous[(int) prev] = true;
            } else {
                throw new IllegalStateException(preset + ": card set " + Notation.format(cards[id])
                    + " has more than two readings");
            }
        }
        if (preset.douzeroPlanes()) {
            // Quirk Q3: DouZero types a played 333444555666-like set as a trio chain, never as a
            // winged plane, so its winged-plane reading is answered as the 4-trio chain.
            int[] rs = new int[2];
            for (int id = 1; id < size; id++) {
                if (ambiguous[id] && type[id] == MoveType.TRIO_SOLO_CHAIN.ordinal()) {
                    classify(cards[id], rs);
                    int chain = rs[0] == id ? rs[1] : rs[0];
                    lastFamily[id] = lastFamily[chain];
                    lastKey[id] = key[chain];
                }
            }
        }
        this.lastClass = new short[size];
        Long2LongHashMap classes = new Long2LongHashMap(-1L);
        for (int id = 1; id < size; id++) {
            // what beats a last move depends only on the family it must be beaten in and its key
            long k = id == rocketId ? -3L
                : (lastFamily[id] == FAMILY_INVALID ? -2L : ((long) lastFamily[id] << 8) | (lastKey[id] & 0xFF));
            long c = classes.get(k);
            if (c == -1L) {
                classes.put(k, id);
                c = id;
            }
            lastClass[id] = (short) c;
        }
        if (size > 1 << SORT_ID_BITS) {
            throw new IllegalStateException(preset + " move table has " + size + " ids, more than a sort key holds");
        }
        int distinct = readings.size();
        if (distinct != preset.distinctCardSets()) {
            throw new IllegalStateException(preset + " move table has " + distinct
                + " distinct card sets, rules.md says " + preset.distinctCardSets());
        }
    }

    /** Bits a move id takes in a packed sort key ({@link #sortKey}); the build checks every id fits. */
    public static final int SORT_ID_BITS = 16;

    /**
     * A packed sort key: {@code score} above, the move id below, so that sorting the longs
     * ascending orders moves by score, then by id, with no comparator (the one layout of the
     * engine's move sorts).
     *
     * @param score non-negative, below {@code 2^(63 - SORT_ID_BITS)}
     * @param id a move id of any table
     */
    public static long sortKey(long score, int id) {
        return (score << SORT_ID_BITS) | id;
    }

    /** The move id of a {@link #sortKey}. */
    public static int sortedId(long sortKey) {
        return (int) (sortKey & ((1 << SORT_ID_BITS) - 1));
    }

    /** The score of a {@link #sortKey}. */
    public static long sortedScore(long sortKey) {
        return sortKey >>> SORT_ID_BITS;
    }

    /** The preset this table enumerates. */
    public Preset preset() {
        return preset;
    }

    /** Number of move ids, {@link #PASS} included: ids are {@code 0 .. size()-1}. */
    public int size() {
        return size;
    }

    /** The cards of a move ({@link Cards} layout; 0 for a pass). */
    public long cards(int id) {
        return cards[id];
    }

    /** The type of a move. */
    public MoveType type(int id) {
        return MoveType.ofOrdinal(type[id]);
    }

    /** The ordinal of the type of a move (no enum load), see {@link MoveType#ofOrdinal}. */
    public int typeOrdinal(int id) {
        return type[id];
    }

    /** Chain length of a move: number of consecutive main ranks (1 for a non-chain, 0 for a pass). */
    public int length(int id) {
        return length[id];
    }

    /**
     * Main rank of a move: the chain start of a chain or plane, the rank of the trio or four of a
     * kicker type, the rank of a solo, pair, trio or bomb; -1 for pass, 13 for the rocket.
     */
    public int mainRank(int id) {
        return main[id];
    }

    /**
     * Comparison key: a move beats another of its family iff its key is higher. The main rank,
     * except DOUZERO's winged planes, keyed by the highest rank held exactly three times (Q2).
     */
    public int key(int id) {
        return key[id];
    }

    /**
     * The key a move has once played, which answers in {@link #lastFamily} must exceed: its
     * {@link #key}, except DOUZERO's winged-plane reading of a plain 4-trio chain's cards, which
     * DouZero reads back as the trio chain (its start).
     */
    public int lastKey(int id) {
        return lastKey[id];
    }

    /** Index into {@link #families()} of the family a move belongs to (-1 for pass and rocket). */
    public int family(int id) {
        return family[id];
    }

    /**
     * The family a follower must play in to beat this move without a bomb: {@link #family(int)},
     * or {@link #FAMILY_INVALID} for a move that reads as invalid once played (DOUZERO Q1).
     */
    public int lastFamily(int id) {
        return lastFamily[id];
    }

    /**
     * The smallest id that is beaten by exactly the same moves as {@code id} (same family to beat
     * in and same {@link #lastKey}; kickers never matter): positions whose last moves share a class share
     * their answers. {@link #PASS} for a pass.
     */
    public int lastClass(int id) {
        return lastClass[id];
    }

    /** The number of cards of a move. */
    public int cardCount(int id) {
        return Cards.size(cards[id]);
    }

    /** The families of this preset; see {@link MoveFamily}. Shared: do not modify. */
    public MoveFamily[] families() {
        return families;
    }

    /** The family of bombs. */
    public MoveFamily bombFamily() {
        return bombFamily;
    }

    /** The id of the rocket. */
    public int rocketId() {
        return rocketId;
    }

    /** Whether the move is a bomb. */
    public boolean isBomb(int id) {
        return type[id] == BOMB_TYPE;
    }

    /**
     * Whether the move is a bomb or the rocket: the moves that beat any other kind of move (the
     * one home of this rule; hands: {@link Cards#hasBombOrRocket}).
     */
    public boolean isBombOrRocket(int id) {
        return type[id] == BOMB_TYPE || id == rocketId;
    }

    /**
     * Maps a raw wing index ({@link MoveFamily#rawBaseOfStart} plus the rank of a wing multiset)
     * to a move id, or -1 where the preset has no such move (or it is kept under another start).
     * For generation loops; shared: do not modify.
     */
    public int[] canonicalTable() {
        return canonical;
    }

    /**
     * Offset of choosing {@code j} wing units of rank {@code r} with {@code t} wings still to
     * choose, for the main part whose {@link MoveFamily#offsetBaseOfStart} is {@code base}: the
     * number of wing multisets ordered before that choice, as an unsigned 16-bit value, for
     * {@code t} in 1..wingCount and {@code j} in 1..min(t, 4) (choosing 0 units adds nothing).
     * Index {@code base + ((((t - 1) << 2) + j - 1) << 4) + r}: the ranks of one (t, j) share a
     * cache line, and the whole array stays small enough for the L1/L2 caches.
     */
    public char[] wingOffsets() {
        return wingOffset;
    }

    /**
     * Every reading of a card set as a combination of this preset.
     *
     * @param cards a card set ({@link Cards} layout)
     * @param out receives the move ids, at least 2 long
     * @return the number of readings: 0 if the cards are not a combination ({@code 0} cards read
     *     as {@link #PASS}), 1, or 2
     */
    public int classify(long cards, int[] out) {
        if (cards == 0) {
            out[0] = PASS;
            return 1;
        }
        if (!mayBeCombination(cards)) {
            return 0;
        }
        long r = readings.get(cards);
        if (r == -1L) {
            return 0;
        }
        out[0] = (int) r;
        int second = (int) (r >>> 32);
        if (second == 0) {
            return 1;
        }
        out[1] = second - 1;
        return 2;
    }

    /**
     * A necessary condition, from rank sets only, for a card set to be one combination of any
     * preset ({@code rules.md} section 2), so that {@link #classify} skips its hash lookup for the
     * many card sets that cannot be one. A combination is one rank (solo, pair, trio, bomb); or two
     * or three ranks of which one is held three times or more (a trio or four with kickers), or the
     * rocket, or three consecutive pairs; or four ranks or more that are single cards in a run of
     * five or more (solo chain), pairs in a run (pair chain), or hold two or more trios (planes,
     * shuttles). Every move of every preset's table passes (MoveTableTest).
     *
     * @param cards a card set ({@link io.github.ddzengine.core.cards.Cards} layout)
     * @return false only if no preset has a combination of exactly these cards
     */
    public static boolean mayBeCombination(long cards) {
        long r1 = Cards.ranksAtLeast(cards, 1);
        int distinct = Long.bitCount(r1);
        if (distinct <= 1) {
            return true;
        }
        long r2 = Cards.ranksAtLeast(cards, 2);
        long r3 = Cards.ranksAtLeast(cards, 3);
        if (distinct <= 3) {
            return r3 != 0 || cards == Cards.ROCKET || (distinct == 3 && r2 == r1 && isRun(r1, 3));
        }
        if (r2 == 0) {
            return isRun(r1, distinct);
        }
        if (r3 == 0) {
            return r2 == r1 && isRun(r1, distinct);
        }
        return Long.bitCount(r3) >= 2;
    }

    /** Whether the rank set holds exactly {@code length} consecutive ranks, all of them chain ranks 3..A. */
    private static boolean isRun(long ranks, int length) {
        return (ranks & ~Cards.CHAIN_RANKS) == 0
            && ranks >>> Long.numberOfTrailingZeros(ranks) == Cards.CHAIN_RANKS >>> ((12 - length) << 2);
    }

    /** Whether the card set of a move has more than one reading (its text then carries the type). */
    public boolean isAmbiguous(int id) {
        return ambiguous[id];
    }

    /**
     * Whether {@code move} may be played on {@code last} ({@code rules.md} section 3): any move
     * but a pass beats {@link #PASS} (a lead); the rocket beats everything; a bomb beats every
     * non-bomb and every lower bomb; otherwise both moves must be in the same family and the
     * move's key higher. Equal never beats, so the relation is irreflexive and transitive.
     */
    public boolean beats(int move, int last) {
        if (move == PASS) {
            return false;
        }
        if (last == PASS) {
            return true;
        }
        if (last == rocketId) {
            return false;
        }
        if (move == rocketId) {
            return true;
        }
        int bomb = MoveType.BOMB.ordinal();
        if (type[move] == bomb) {
            return type[last] != bomb || main[move] > main[last];
        }
        if (type[last] == bomb) {
            return false;
        }
        int lf = lastFamily[last];
        return lf != FAMILY_INVALID && family[move] == lf && key[move] > lastKey[last];
    }

    /** The full type name of a move: {@code solo}, {@code trio_solo_chain_2}, {@code pass}... */
    public String typeName(int id) {
        return type(id).fullName(length[id]);
    }

    /**
     * The text of a move: {@code pass}, or its cards in canonical order followed by
     * {@code :type} where the card set has several readings ({@code 333444555666:trio_chain_4}).
     */
    public String format(int id) {
        if (id == PASS) {
            return "pass";
        }
        String c = Notation.format(cards[id]);
        return ambiguous[id] ? c + ":" + typeName(id) : c;
    }

    /**
     * Parses a move: a pass word, or cards with an optional {@code :type} suffix (required where
     * the cards have several readings).
     *
     * @throws NotationException if the cards are malformed, are not a combination under this
     *     preset, disagree with the type suffix, or are ambiguous without one
     */
    public int parseMove(String text) {
        if (text == null) {
            throw new NotationException("no move given");
        }
        String t = text.trim();
        if (Notation.isPass(t)) {
            return PASS;
        }
        String typeName = null;
        int colon = t.indexOf(':');
        if (colon >= 0) {
            typeName = t.substring(colon + 1).trim();
            t = t.substring(0, colon);
            if (typeName.isEmpty()) {
                throw new NotationException("move \"" + text + "\" ends in ':' without a type (e.g. "
                    + "333444555666:trio_chain_4)");
            }
            try {
                MoveType.byName(typeName);
            } catch (IllegalArgumentException e) {
                throw new NotationException("unknown move type '" + typeName + "' at position " + (colon + 2)
                    + " in \"" + text + "\"");
            }
        }
        long c;
        try {
            c = Notation.parseCards(t);
        } catch (NotationException e) {
            throw new NotationException(e.getMessage().replace("\"" + t + "\"", "\"" + text + "\""));
        }
        if (c == 0) {
            throw new NotationException("move \"" + text + "\" has no cards (write pass for a pass)");
        }
        int[] rs = new int[2];
        int n = classify(c, rs);
        if (n == 0) {
            throw new NotationException("\"" + text + "\" (" + Notation.format(c) + ") is not a combination under "
                + preset.id() + " rules");
        }
        if (typeName == null) {
            if (n > 1) {
                throw new NotationException("\"" + text + "\" has several readings: write "
                    + format(rs[0]) + " or " + format(rs[1]));
            }
            return rs[0];
        }
        for (int i = 0; i < n; i++) {
            if (Ascii.equalsIgnoreCase(typeName(rs[i]), typeName) || Ascii.equalsIgnoreCase(type(rs[i]).baseName(), typeName)) {
                return rs[i];
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " or ").append(typeName(rs[i]));
        }
        throw new NotationException("\"" + text + "\": the cards read as " + sb + ", not " + typeName);
    }

    // ------------------------------------------------------------------------------------------

    /** Enumerates the universe of one preset; used once per preset. */
    private static final class Builder {
        final Preset preset;
        final List<MoveFamily> families = new ArrayList<>();
        MoveFamily bombFamily;
        int rocketId;
        int ids = 1;
        int raw;
        int offsetSize;
        long[] cards = new long[40_000];
        byte[] type = new byte[40_000];
        byte[] length = new byte[40_000];
        byte[] main = new byte[40_000];
        byte[] key = new byte[40_000];
        short[] family = new short[40_000];
        short[] lastFamily = new short[40_000];
        int[] canonical = new int[80_000];
        char[] offsets = new char[100_000];

        Builder(Preset preset) {
            this.preset = preset;
            type[0] = (byte) MoveType.PASS.ordinal();
            main[0] = -1;
            key[0] = -1;
            family[0] = -1;
            lastFamily[0] = FAMILY_INVALID;
        }

        void build() {
            plain(MoveType.SOLO, 1, 1);
            plain(MoveType.PAIR, 2, 1);
            plain(MoveType.TRIO, 3, 1);
            bombFamily = plain(MoveType.BOMB, 4, 1);
            rocket();
            winged(MoveType.TRIO_SOLO, 3, 1, MoveFamily.WINGS_SOLO, 1);
            winged(MoveType.TRIO_PAIR, 3, 1, MoveFamily.WINGS_PAIR, 1);
            for (int len = 5; len <= 12; len++) {
                plain(MoveType.SOLO_CHAIN, 1, len);
            }
            for (int len = 3; len <= 10; len++) {
                plain(MoveType.PAIR_CHAIN, 2, len);
            }
            for (int len = 2; len <= 6; len++) {
                plain(MoveType.TRIO_CHAIN, 3, len);
            }
            for (int len = 2; len <= 5; len++) {
                winged(MoveType.TRIO_SOLO_CHAIN, 3, len, MoveFamily.WINGS_SOLO, len);
            }
            for (int len = 2; len <= 4; len++) {
                winged(MoveType.TRIO_PAIR_CHAIN, 3, len, MoveFamily.WINGS_PAIR, len);
            }
            winged(MoveType.FOUR_TWO_SOLO, 4, 1, MoveFamily.WINGS_SOLO, 2);
            winged(MoveType.FOUR_TWO_PAIR, 4, 1, MoveFamily.WINGS_PAIR, 2);
            if (preset.hasShuttles()) {
                for (int len = 2; len <= 5; len++) {
                    plain(MoveType.SHUTTLE, 4, len);
                }
                for (int len = 2; len <= 4; len++) {
                    winged(MoveType.SHUTTLE_SOLO, 4, len, MoveFamily.WINGS_SOLO, len);
                }
                for (int len = 2; len <= 3; len++) {
                    winged(MoveType.SHUTTLE_PAIR, 4, len, MoveFamily.WINGS_PAIR, len);
                }
            }
        }

        private MoveFamily newFamily(MoveType t, int m, int len, int wingKind, int wings) {
            int[] cap = new int[15];
            if (wingKind == MoveFamily.WINGS_SOLO) {
                int normal = preset.soloWingCopies();
                for (int r = 0; r < 15; r++) {
                    cap[r] = r >= 13 ? 1 : normal;
                }
            } else if (wingKind == MoveFamily.WINGS_PAIR) {
                for (int r = 0; r < 13; r++) {
                    cap[r] = 1;
                }
            }
            boolean q2 = preset.douzeroPlanes() && t == MoveType.TRIO_SOLO_CHAIN;
            MoveFamily f = new MoveFamily(families.size(), t, m, len, wingKind, wings, cap, !q2);
            families.add(f);
            return f;
        }

        private int addMove(MoveFamily f, long c, int start, MoveType t, int len) {
            int id = ids++;
            cards[id] = c;
            type[id] = (byte) t.ordinal();
            length[id] = (byte) len;
            main[id] = (byte) start;
            key[id] = (byte) start;
            family[id] = (short) (f == null ? -1 : f.index);
            lastFamily[id] = (short) (f == null ? -1 : f.index);
            return id;
        }

        private MoveFamily plain(MoveType t, int m, int len) {
            MoveFamily f = newFamily(t, m, len, MoveFamily.WINGS_NONE, 0);
            for (int s = 0; s <= f.maxStart; s++) {
                f.idOfStart[s] = addMove(f, Cards.run(s, len, m), s, t, len);
            }
            return f;
        }

        private void rocket() {
            rocketId = addMove(null, Cards.ROCKET, 13, MoveType.ROCKET, 1);
        }

        private void winged(MoveType t, int m, int len, int wingKind, int wings) {
            MoveFamily f = newFamily(t, m, len, wingKind, wings);
            int unit = wingKind == MoveFamily.WINGS_PAIR ? 2 : 1;
            // 1. ranking tables and raw index ranges, per start
            int rawStart = raw;
            for (int s = 0; s <= f.maxStart; s++) {
                long mainCards = Cards.run(s, len, m);
                if (Cards.size(mainCards) + wings * unit > Notation.MAX_HAND) {
                    f.rawBaseOfStart[s] = -1;
                    continue;
                }
                int[][] cnt = new int[16][wings + 1];
                cnt[15][0] = 1;
                for (int r = 14; r >= 0; r--) {
                    int cap = isMain(r, s, len) ? 0 : f.wingCap[r];
                    for (int tt = 0; tt <= wings; tt++) {
                        int sum = 0;
                        for (int j = 0; j <= Math.min(cap, tt); j++) {
                            sum += cnt[r + 1][tt - j];
                        }
                        cnt[r][tt] = sum;
                    }
                }
                int base = offsetSize;
                offsetSize += wings * 4 * 16;
                ensureOffsets(offsetSize);
                for (int r = 0; r < 15; r++) {
                    for (int tt = 1; tt <= wings; tt++) {
                        int acc = 0;
                        for (int j = 0; j <= 4 && j <= tt; j++) {
                            if (j > 0) {
                                if (acc > Character.MAX_VALUE) {
                                    throw new IllegalStateException("wing offset overflows 16 bits");
                                }
                                offsets[base + ((((tt - 1) << 2) + j - 1) << 4) + r] = (char) acc;
                            }
                            acc += cnt[r + 1][tt - j];
                        }
                    }
                }
                f.offsetBaseOfStart[s] = base;
                f.rawBaseOfStart[s] = raw;
                raw += cnt[0][wings];
            }
            ensureCanonical(raw);
            // 2. which raw wing sets are moves: preset exclusions, and for card sets that read
            //    from two starts keep the higher start (starts visited downwards, first seen wins)
            LongHashSet seen = new LongHashSet();
            boolean[] keep = new boolean[raw - rawStart];
            long[] rawCards = new long[raw - rawStart];
            for (int s = f.maxStart; s >= 0; s--) {
                if (f.rawBaseOfStart[s] < 0) {
                    continue;
                }
                long mainCards = Cards.run(s, len, m);
                int[] idx = {f.rawBaseOfStart[s] - rawStart};
                enumerate(f, s, 0, wings, mainCards, 0L, idx, keep, rawCards, seen);
            }
            // 3. ids in raw order
            int firstId = ids;
            boolean dense = true;
            for (int s = 0; s <= f.maxStart; s++) {
                int base = f.rawBaseOfStart[s];
                if (base < 0) {
                    continue;
                }
                int end = nextBase(f, s);
                for (int rIdx = base; rIdx < end; rIdx++) {
                    if (keep[rIdx - rawStart]) {
                        long c = rawCards[rIdx - rawStart];
                        int id = addMove(f, c, s, t, len);
                        if (preset.douzeroPlanes() && t == MoveType.TRIO_SOLO_CHAIN) {
                            key[id] = (byte) Cards.highestRank(Cards.ranksExactly(c, 3));
                            if (len >= 4 && Cards.ranksAtLeast(c - Cards.run(s, len, 3), 3) != 0) {
                                lastFamily[id] = FAMILY_INVALID;
                            }
                        }
                        canonical[rIdx] = id;
                    } else {
                        canonical[rIdx] = -1;
                        dense = false;
                    }
                }
            }
            if (dense) {
                f.denseIdOffset = firstId - rawStart;
            }
        }

        private int nextBase(MoveFamily f, int s) {
            for (int n = s + 1; n <= f.maxStart; n++) {
                if (f.rawBaseOfStart[n] >= 0) {
                    return f.rawBaseOfStart[n];
                }
            }
            return raw;
        }

        /** Visits the wing multisets of one main part in raw order (counts of rank 0 ascending first). */
        private void enumerate(MoveFamily f, int s, int r, int t, long mainCards, long wingsCards, int[] idx,
                               boolean[] keep, long[] rawCards, LongHashSet seen) {
            if (t == 0) {
                long c = mainCards + wingsCards;
                int i = idx[0]++;
                rawCards[i] = c;
                keep[i] = allowed(f, s, wingsCards) && seen.add(c);
                return;
            }
            if (r == 15) {
                return;
            }
            int cap = isMain(r, s, f.length) ? 0 : f.wingCap[r];
            int unit = f.wingKind == MoveFamily.WINGS_PAIR ? 2 : 1;
            for (int j = 0; j <= Math.min(cap, t); j++) {
                enumerate(f, s, r + 1, t - j, mainCards, wingsCards + Cards.of(r, j * unit), idx, keep, rawCards, seen);
            }
        }

        /** Preset rules on wings beyond the per-rank caps ({@link Preset#rlcardSoloWings}). */
        private boolean allowed(MoveFamily f, int s, long wings) {
            if (!preset.rlcardSoloWings() || f.wingKind != MoveFamily.WINGS_SOLO) {
                return true;
            }
            if ((wings & Cards.ROCKET) == Cards.ROCKET) {
                return false; // RLCard never uses both jokers as kickers
            }
            if (f.type == MoveType.TRIO_SOLO_CHAIN) {
                long trios = Cards.ranksAtLeast(wings, 3);
                int below = s - 1;
                int above = s + f.length;
                if (below >= 0 && Cards.count(trios, below) != 0) {
                    return false;
                }
                if (above <= 11 && Cards.count(trios, above) != 0) {
                    return false;
                }
            }
            return true;
        }

        private static boolean isMain(int r, int s, int len) {
            return r >= s && r < s + len;
        }

        private void ensureOffsets(int n) {
            if (n > offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, Math.max(n, offsets.length * 2));
            }
        }

        private void ensureCanonical(int n) {
            if (n > canonical.length) {
                canonical = java.util.Arrays.copyOf(canonical, Math.max(n, canonical.length * 2));
            }
        }
    }
}
