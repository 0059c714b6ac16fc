package io.github.ddzengine.tables;

/**
 * What a table file holds. Each kind has a fixed code (stored in the file header, never reused),
 * a name (stored too, so that {@code ddz tables info} can name a kind this engine does not know),
 * and the engine's <em>content version</em> of that kind.
 *
 * <p>The content version is the builder's promise about the meaning of the body: bump it whenever
 * a change to the builder, or to the code that reads the table (a layout, an index scale, a rule),
 * makes files written before the change wrong. A file of another content version is refused as
 * stale, and {@code ddz tables build} writes it again.
 *
 * <p>To add a kind: add a constant with a new code, then a {@link TableProvider} that builds and
 * loads it, listed in {@link Tables#PROVIDERS}.
 */
public enum TableKind {
    /**
     * The min-hand segment table ({@link SegmentTable}), the same for every
     * rule preset. Version 1: keys, slots and entries as {@code SegmentTable} of commit 908ab2e
     * lays them out.
     */
    SEGMENTS(1, "segments", 1, false),
    /**
     * Solved two-seat endgames ({@link EndgameTable}, two seats), one file per
     * preset. Version 1: hands up to 5 cards, entries as {@code EndgameTable} lays them out.
     */
    ENDGAME_TWO_SEATS(2, "endgame-2", 1, true),
    /**
     * Solved three-seat endgames ({@link EndgameTable}, three seats), one file
     * per preset. Version 1: hands up to 3 cards.
     */
    ENDGAME_THREE_SEATS(3, "endgame-3", 1, true),
    /**
     * A value network (the {@code ddz-mc} module's {@code ValueNetFile}): not built by
     * {@code ddz tables build} but trained by {@code ddz learn train}, one file per preset. Version 1:
     * parameters as float32 layer by layer, the feature set named by a dimension.
     */
    VALUE_NET(4, "value-net", 1, true);

    private final int code;
    private final String id;
    private final int contentVersion;
    private final boolean presetSpecific;

    TableKind(int code, String id, int contentVersion, boolean presetSpecific) {
        this.code = code;
        this.id = id;
        this.contentVersion = contentVersion;
        this.presetSpecific = presetSpecific;
    }

    /** The code stored in the header (a positive int, unique among kinds, never reused). */
    public int code() {
        return code;
    }

    /** The name stored in the header and printed, lower case ({@code segments}). */
    public String id() {
        return id;
    }

    /** The content version this engine writes and accepts (1 and up). */
    public int contentVersion() {
        return contentVersion;
    }

    /**
     * Whether files of this kind are built for one rule preset (the header then names it); if not,
     * the header says {@value TableFile#ANY_RULES}.
     */
    public boolean presetSpecific() {
        return presetSpecific;
    }

    /** The kind of a name ({@code segments}, {@code endgame-2}, {@code endgame-3}), or null. */
    public static TableKind ofId(String id) {
        for (TableKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return null;
    }

    /** The kind of a header code, or null if this engine does not know it. */
    public static TableKind ofCode(int code) {
        for (TableKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }
}
