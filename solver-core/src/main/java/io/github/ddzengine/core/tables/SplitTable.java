package io.github.ddzengine.core.tables;

/**
 * Precomputed chain choices of hand <em>segments</em> that a
 * {@link io.github.ddzengine.core.split.MinHands} counter looks up instead of searching: the
 * contract of the min-hand segment table (the file of {@code ddz tables build}, built and loaded by
 * the {@code endgame-tables} module). A counter receives it in an {@link EngineTables} value.
 *
 * <h2>Segments and entries</h2>
 * A segment is a maximal run of consecutive ranks within 3..A that a hand holds at least once; its
 * key is its cards shifted down to rank 3 ({@link io.github.ddzengine.core.cards.Cards} layout,
 * never 0). Which solo chains, pair chains and bare trio chains a segment allows depends only on
 * its counts, the same in every preset. For each segment it holds, the table keeps every distinct
 * rest the segment can leave after some multiset of those chains, with the fewest chains that
 * leave it, as <em>entries</em>: an {@code int}, {@code chains << }{@value #CHAIN_SHIFT}
 * {@code | profile}, where {@code profile} is the rest's
 * {@link io.github.ddzengine.core.split.MinHands#profile profile index} (jokers 0). The entries
 * of a segment are contiguous and sorted ascending (so by chain count first).
 *
 * <h2>Lookups</h2>
 * {@link #find} gives a segment's <em>slot</em>: {@code offset << 8 | count}, read as an unsigned
 * 32-bit number (offset of its first entry below 2<sup>24</sup>, 1..254 entries), or
 * {@link #ABSENT}; {@link #entry} reads an entry by index. A table need not hold every segment:
 * the counter searches a hand with a segment it does not hold, so the counts never depend on the
 * table, only their speed. Implementations must be thread-safe (many counters share one) and
 * allocation-free: both methods sit on the counter's hot path.
 */
public interface SplitTable {
    /** Bits of an entry below its chain count: the profile index takes bits 0..19. */
    int CHAIN_SHIFT = 20;
    /** The profile part of an entry. */
    int PROFILE_MASK = (1 << CHAIN_SHIFT) - 1;
    /** {@link #find}'s answer for a segment the table does not hold (no slot is -1: counts stay below 255). */
    int ABSENT = -1;

    /**
     * The slot of a segment.
     *
     * @param segment the segment's key: its cards shifted down to rank 3
     * @return {@code offset << 8 | count} (unsigned: compare with {@link #ABSENT}, not with 0), or
     *     {@link #ABSENT} if the table does not hold the segment
     */
    int find(long segment);

    /**
     * An entry.
     *
     * @param index 0 up to the end of the last slot's entries
     * @return {@code chains << }{@value #CHAIN_SHIFT}{@code | profile}
     */
    int entry(int index);
}
