package io.github.ddzengine.tables;

import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * The min-hand segment table on disk: {@code <dir>/}{@value #FILE_NAME}, kind
 * {@link TableKind#SEGMENTS}, rules {@value TableFile#ANY_RULES} (one table serves every preset).
 *
 * <p>Dimensions: {@code key_capacity} (a power of two), {@code entry_count}, {@code segments}.
 * Sections: {@code keys} ({@code key_capacity} longs), {@code slots} ({@code key_capacity} ints),
 * {@code entries} ({@code entry_count} ints), exactly the three buffers of {@link SegmentTable}.
 * Loading maps them and wraps the views ({@link SegmentTable#wrap}); nothing is copied, so the
 * table costs no heap and the pages are shared by every process that maps the file. Besides the
 * checks of {@link TableFile#open}, loading refuses a file whose sections disagree with its
 * dimensions, and one whose {@code segments} differs from {@link SegmentTable#segmentCount()} (a
 * change of the segment definition that forgot to bump the content version).
 */
public final class MinHandTables implements TableProvider {
    /** The file name in a tables directory. */
    public static final String FILE_NAME = "minhands-segments" + TableFile.EXTENSION;

    /** The provider {@link Tables} uses. */
    public static final MinHandTables PROVIDER = new MinHandTables();

    private MinHandTables() {
    }

    /**
     * Writes a segment table to {@code dir/}{@value #FILE_NAME} (atomically).
     *
     * @param dir an existing directory
     * @param table the table (built by {@link SegmentTable#build()})
     * @return the header written
     * @throws TableException if the file cannot be written
     */
    public static TableFile.Header write(Path dir, SegmentTable table) {
        return write(dir.resolve(FILE_NAME), table, BuildProgress.NONE);
    }

    private static TableFile.Header write(Path file, SegmentTable table, BuildProgress progress) {
        LongBuffer keys = table.keys();
        IntBuffer slots = table.slots();
        IntBuffer entries = table.entries();
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("key_capacity", (long) keys.capacity());
        dims.put("entry_count", (long) entries.capacity());
        dims.put("segments", (long) table.segments());
        List<TableFile.Content> contents = List.of(TableFile.Content.longs("keys", keys),
            TableFile.Content.ints("slots", slots), TableFile.Content.ints("entries", entries));
        progress.start(file.getFileName() + ": write", TableFile.bodyLength(contents), "bytes");
        TableFile.Header h = TableFile.write(file, TableKind.SEGMENTS, TableFile.ANY_RULES, dims, contents,
            progress::advance);
        progress.finish();
        return h;
    }

    /**
     * Loads {@code dir/}{@value #FILE_NAME}: validated, mapped, wrapped. Give it to the engine in
     * an {@link EngineTables} value ({@link EngineTables#withSplit}).
     *
     * @return the table, or empty if the file does not exist
     * @throws TableException if it exists but cannot be used
     */
    public static Optional<SegmentTable> load(Path dir) {
        return TableFile.open(dir.resolve(FILE_NAME), TableKind.SEGMENTS, TableFile.ANY_RULES)
            .map(MinHandTables::table);
    }

    /** The table over a file's mapped sections, its dimensions checked against the sections. */
    static SegmentTable table(TableFile f) {
        LongBuffer keys = f.longs("keys");
        IntBuffer slots = f.ints("slots");
        IntBuffer entries = f.ints("entries");
        long capacity = f.dimension("key_capacity");
        long entryCount = f.dimension("entry_count");
        if (keys.capacity() != capacity || slots.capacity() != capacity || entries.capacity() != entryCount) {
            throw TableException.refused(f.path(), "sections disagree with the dimensions (keys " + keys.capacity()
                + ", slots " + slots.capacity() + ", entries " + entries.capacity() + "; key_capacity " + capacity
                + ", entry_count " + entryCount + ")");
        }
        SegmentTable t;
        try {
            t = SegmentTable.wrap(keys, slots, entries);
        } catch (IllegalArgumentException e) {
            throw TableException.refused(f.path(), e.getMessage());
        }
        // a cheap guard (2 ms) against a change of the segment definition without a content
        // version bump: the file must hold as many segments as this engine's table would
        long segments = f.dimension("segments");
        int expected = SegmentTable.segmentCount();
        if (segments != expected) {
            throw TableException.refused(f.path(), "stale: " + segments + " segments, this engine's segment table has "
                + expected);
        }
        return t;
    }

    @Override
    public TableKind kind() {
        return TableKind.SEGMENTS;
    }

    @Override
    public String fileName(Preset preset) {
        return FILE_NAME;
    }

    @Override
    public TableFile.Header build(Path file, Preset preset, BuildProgress progress) {
        progress.start(file.getFileName() + ": search", SegmentTable.segmentCount(), "segments");
        SegmentTable table = SegmentTable.build(progress::advance);
        progress.finish();
        return write(file, table, progress);
    }

    @Override
    public void validate(TableFile file, Preset preset) {
        table(file);
    }

    @Override
    public EngineTables addTo(EngineTables into, TableFile file, Preset preset) {
        return into.withSplit(table(file));
    }

    @Override
    public String describe(TableFile file) {
        return String.format(java.util.Locale.ROOT, "%,d segments (min-hand counts)", file.dimension("segments"));
    }
}
