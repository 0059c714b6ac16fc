package io.github.ddzengine.core.rules;

/**
 * One family of a {@link MoveTable}: the moves that can beat one another without a bomb (same
 * type, same chain length, same number of wings), grouped by their <em>main part</em>:
 * {@code multiplicity} cards of each rank {@code start .. start+length-1}, plus {@code wingCount}
 * wings of {@code wingKind}.
 *
 * <p>This is the shape that move generation walks: main parts come from rank sets of the hand,
 * wings from a ranked enumeration of kicker multisets (see {@link MoveTable#wingOffsets()}). Fields
 * are public for the generator's inner loops; the arrays are shared and must not be modified.
 */
public final class MoveFamily {
    /** No wings. */
    public static final int WINGS_NONE = 0;
    /** Each wing is one card. */
    public static final int WINGS_SOLO = 1;
    /** Each wing is a pair; wings of one move have different ranks. */
    public static final int WINGS_PAIR = 2;

    /** Index of this family in {@link MoveTable#families()}. */
    public final int index;
    /** Combination type. */
    public final MoveType type;
    /** Cards of each main rank: 1 solo, 2 pair, 3 trio, 4 four. */
    public final int multiplicity;
    /** Number of consecutive main ranks (1 for a non-chain). */
    public final int length;
    /** {@link #WINGS_NONE}, {@link #WINGS_SOLO} or {@link #WINGS_PAIR}. */
    public final int wingKind;
    /** Number of wings (kickers): 0..5. */
    public final int wingCount;
    /** Highest start rank of a main part (the lowest is always 0). */
    public final int maxStart;
    /** For a family without wings: move id of the main part at each start ({@code -1} if none). */
    public final int[] idOfStart;
    /** For a family with wings: base of the raw wing index of each start (see {@link MoveTable#canonicalTable()}). */
    public final int[] rawBaseOfStart;
    /** For a family with wings: base into {@link MoveTable#wingOffsets()} of each start. */
    public final int[] offsetBaseOfStart;
    /** Most wing units a rank can give to one move, per rank 0..14 (0 = never a wing). */
    public final int[] wingCap;
    /**
     * Whether this family's comparison key is the start rank, so that answers can skip starts
     * below the last move's key; false only for DOUZERO's winged planes (quirk Q2).
     */
    public final boolean keyIsStart;

    /** Sentinel of {@link #denseIdOffset()} for a family whose raw wing indices have holes. */
    public static final int NOT_DENSE = Integer.MIN_VALUE;

    /** See {@link #denseIdOffset()}; set once by the table builder. */
    int denseIdOffset = NOT_DENSE;

    /**
     * For a winged family in which every raw wing index is a move: the constant {@code c} with
     * {@code id == raw + c}, so generation needs no {@link MoveTable#canonicalTable()} lookup; otherwise
     * {@link #NOT_DENSE}.
     */
    public int denseIdOffset() {
        return denseIdOffset;
    }

    MoveFamily(int index, MoveType type, int multiplicity, int length, int wingKind, int wingCount,
               int[] wingCap, boolean keyIsStart) {
        this.index = index;
        this.type = type;
        this.multiplicity = multiplicity;
        this.length = length;
        this.wingKind = wingKind;
        this.wingCount = wingCount;
        this.maxStart = (type == MoveType.SOLO) ? 14
            : (length == 1 ? 12 : 12 - length);
        this.idOfStart = new int[maxStart + 1];
        this.rawBaseOfStart = new int[maxStart + 1];
        this.offsetBaseOfStart = new int[maxStart + 1];
        this.wingCap = wingCap;
        this.keyIsStart = keyIsStart;
        java.util.Arrays.fill(idOfStart, -1);
    }

    /** The full type name of this family's moves, for example {@code trio_solo_chain_3}. */
    public String typeName() {
        return type.fullName(length);
    }

    @Override
    public String toString() {
        return typeName();
    }
}
