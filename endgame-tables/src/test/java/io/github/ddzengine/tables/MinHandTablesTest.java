package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real segment table through the whole table step, built once for the class: {@link Tables#build}
 * writes it, {@link Tables#load} maps it into an {@link EngineTables} value, and min-hand counts are
 * those of plain search.
 */
class MinHandTablesTest {
    @TempDir
    static Path dir;
    private static Tables.BuildReport report;
    private static final List<String> steps = new ArrayList<>();
    private static final Map<String, Long> totals = new LinkedHashMap<>();
    private static final Map<String, Long> last = new LinkedHashMap<>();

    @BeforeAll
    static void build() {
        report = Tables.build(dir, List.of(Preset.values()), java.util.EnumSet.of(TableKind.SEGMENTS), new BuildProgress() {
            private String step;

            @Override
            public void start(String s, long total, String unit) {
                step = s;
                steps.add(s);
                totals.put(s, total);
            }

            @Override
            public void advance(long done) {
                Long before = last.put(step, done);
                assertTrue(before == null || before <= done, step + ": " + before + " then " + done);
            }

            @Override
            public void finish() {
                step = null;
            }
        });
    }

    @Test
    void buildWritesTheSegmentFileAndReportsIt() throws IOException {
        assertEquals(1, report.tables().size());
        Tables.Built b = report.tables().get(0);
        assertEquals(dir.resolve(MinHandTables.FILE_NAME), b.file());
        assertEquals(Files.size(b.file()), b.header().fileLength());
        assertEquals(TableFile.ANY_RULES, b.header().rules());
        assertEquals((long) SegmentTable.segmentCount(), b.header().dimensions().get("segments"));
        assertTrue(report.peakHeapBytes() > 0);
        assertTrue(report.totalNanos() >= b.buildNanos() + b.verifyNanos());
        // steps: search (total = segments), write (total = body bytes), verify; each ends at its total
        String name = MinHandTables.FILE_NAME;
        assertEquals(List.of(name + ": search", name + ": write", name + ": verify"), steps);
        assertEquals((long) SegmentTable.segmentCount(), totals.get(name + ": search"));
        assertEquals(totals.get(name + ": search"), last.get(name + ": search"));
        assertEquals(b.header().bodyLength(), totals.get(name + ": write"));
        assertEquals(b.header().bodyLength(), last.get(name + ": write"));
    }

    @Test
    void loadedTableGivesTheCountsOfSearchOnEveryPreset() {
        // counts without any table first, then with the mapped one
        List<Rules> rules = new ArrayList<>();
        for (Preset p : Preset.values()) {
            rules.add(Rules.of(p, 0));
        }
        rules.add(Rules.of(Preset.STANDARD, Rules.parseBans("winged_planes")));
        int n = 1500;
        long[] hands = new long[n];
        SplittableRandom random = new SplittableRandom(20261130);
        for (int i = 0; i < n; i++) {
            // half long chain-rich hands (the table's domain), half any hand of 1..20 cards
            hands[i] = i % 2 == 0 ? RandomHands.deal(random, 15 + random.nextInt(6)) : RandomHands.hand(random);
        }
        int[][] expected = new int[rules.size()][n];
        for (int r = 0; r < rules.size(); r++) {
            MinHands m = MinHands.of(rules.get(r));
            for (int i = 0; i < n; i++) {
                expected[r][i] = m.count(hands[i]);
            }
        }
        Tables.LoadReport loaded = Tables.load(dir, Preset.STANDARD);
        assertEquals(1, loaded.loaded());
        EngineTables tables = loaded.engineTables();
        SegmentTable mapped = (SegmentTable) tables.split();
        assertNotNull(mapped);
        assertTrue(mapped.keys().isDirect(), "a view of the mapped file");
        assertTrue(tables.endgames().isEmpty(), "no endgame files here");
        for (int r = 0; r < rules.size(); r++) {
            MinHands m = MinHands.of(rules.get(r), tables);
            assertSame(mapped, m.splitTable());
            for (int i = 0; i < n; i++) {
                int k = i;
                int rr = r;
                assertEquals(expected[r][i], m.count(hands[i]),
                    () -> Notation.format(hands[k]) + " under " + rules.get(rr));
            }
        }
    }

    @Test
    void loadedTableIsWhole() {
        SegmentTable t = MinHandTables.load(dir).orElseThrow();
        assertEquals(SegmentTable.segmentCount(), t.segments());
        // every entry of a slot lies inside the entry buffer, sorted by chain count (a cheap
        // structural check of the whole mapped table)
        LongBuffer keys = t.keys();
        IntBuffer slots = t.slots();
        IntBuffer entries = t.entries();
        for (int i = 0; i < keys.capacity(); i++) {
            if (keys.get(i) == 0) {
                continue;
            }
            int offset = slots.get(i) >>> 8;
            int count = slots.get(i) & 0xFF;
            assertTrue(count > 0 && offset + count <= entries.capacity(), "slot " + i);
            for (int e = offset + 1; e < offset + count; e++) {
                assertTrue(entries.get(e - 1) <= entries.get(e), "entries of slot " + i);
            }
        }
    }

    @Test
    void loadFindsWhatIsThereAndAbsentMeansNoTables(@TempDir Path empty) {
        assertFalse(MinHandTables.load(empty).isPresent());
        Tables.LoadReport none = Tables.load(empty.resolve("not/even/there"), Preset.STANDARD);
        assertTrue(none.none());
        assertEquals("absent", none.tables().get(0).what());
        assertSame(EngineTables.NONE, none.engineTables());
        Tables.LoadReport some = Tables.load(dir, Preset.STANDARD);
        assertNotNull(some.engineTables().split());
        assertEquals(String.format(java.util.Locale.ROOT, "%,d segments (min-hand counts)", SegmentTable.segmentCount()),
            some.tables().get(0).what());
        // two loads are two values: nothing is shared through the process
        assertTrue(Tables.load(dir, Preset.STANDARD).engineTables().split() != some.engineTables().split());
        assertNull(Tables.load(empty, Preset.STANDARD).engineTables().split());
    }

    @Test
    void infoListsTheFileAsOk() {
        List<Tables.FileInfo> all = Tables.info(dir);
        // the solved-endgame files (two kinds, four presets) were not built here: absent
        assertEquals(9, all.size());
        assertEquals(8, all.stream().filter(f -> f.status() == Tables.Status.ABSENT).count());
        List<Tables.FileInfo> info = all.stream().filter(f -> f.status() != Tables.Status.ABSENT).toList();
        assertEquals(1, info.size());
        Tables.FileInfo f = info.get(0);
        assertEquals(Tables.Status.OK, f.status());
        assertEquals("segments", f.kind());
        assertEquals("any", f.rules());
        assertEquals(report.tables().get(0).header().checksum(), f.checksum());
        assertEquals(TableKind.SEGMENTS.contentVersion(), f.contentVersion());
        assertNull(f.problem());
    }

    @Test
    void infoNamesAbsentRefusedAndUnusedFiles(@TempDir Path other) throws IOException {
        assertEquals(Tables.Status.ABSENT, Tables.info(other).get(0).status());
        Path file = other.resolve(MinHandTables.FILE_NAME);
        byte[] all = Files.readAllBytes(dir.resolve(MinHandTables.FILE_NAME));
        all[all.length / 2] ^= 4;
        Files.write(file, all);
        Files.writeString(other.resolve("junk.ddzt"), "junk");
        Files.writeString(other.resolve("notes.txt"), "not a table: ignored");
        List<Tables.FileInfo> info = Tables.info(other).stream()
            .filter(f -> f.status() != Tables.Status.ABSENT).toList();
        assertEquals(2, info.size());
        assertEquals(Tables.Status.REFUSED, info.get(0).status());
        assertTrue(info.get(0).problem().startsWith("body checksum mismatch"), info.get(0).problem());
        assertEquals(Tables.Status.UNUSED, info.get(1).status());
        assertEquals(other.resolve("junk.ddzt"), info.get(1).file());
        // and loading refuses the corrupt file with one line
        TableException e = assertThrows(TableException.class, () -> Tables.load(other, Preset.STANDARD));
        TableFileTest.assertOneLine(e, file, "body checksum mismatch");
    }

    @Test
    void segmentFileOfAnotherPresetIsRefused(@TempDir Path other) {
        SegmentTable small = SegmentTable.wrap(LongBuffer.wrap(new long[16]), IntBuffer.wrap(new int[16]),
            IntBuffer.wrap(new int[0]));
        Path file = other.resolve(MinHandTables.FILE_NAME);
        TableFile.write(file, TableKind.SEGMENTS, "standard", Map.of("key_capacity", 16L, "entry_count", 0L,
            "segments", 0L), List.of(TableFile.Content.longs("keys", small.keys()),
            TableFile.Content.ints("slots", small.slots()), TableFile.Content.ints("entries", small.entries())), null);
        TableException e = assertThrows(TableException.class, () -> MinHandTables.load(other));
        TableFileTest.assertOneLine(e, file, "built for rules 'standard', not 'any'");
    }

    @Test
    void sectionsThatDisagreeWithTheDimensionsAreRefused(@TempDir Path other) {
        Path file = other.resolve(MinHandTables.FILE_NAME);
        TableFile.write(file, TableKind.SEGMENTS, TableFile.ANY_RULES, Map.of("key_capacity", 32L,
            "entry_count", 0L, "segments", 0L), List.of(TableFile.Content.longs("keys", LongBuffer.wrap(new long[16])),
            TableFile.Content.ints("slots", IntBuffer.wrap(new int[16])),
            TableFile.Content.ints("entries", IntBuffer.wrap(new int[0]))), null);
        TableException e = assertThrows(TableException.class, () -> MinHandTables.load(other));
        TableFileTest.assertOneLine(e, file, "sections disagree with the dimensions");
        // a capacity that is no power of two, consistent with its dimension
        TableFile.write(file, TableKind.SEGMENTS, TableFile.ANY_RULES, Map.of("key_capacity", 12L,
            "entry_count", 0L, "segments", 0L), List.of(TableFile.Content.longs("keys", LongBuffer.wrap(new long[12])),
            TableFile.Content.ints("slots", IntBuffer.wrap(new int[12])),
            TableFile.Content.ints("entries", IntBuffer.wrap(new int[0]))), null);
        e = assertThrows(TableException.class, () -> MinHandTables.load(other));
        TableFileTest.assertOneLine(e, file, "not a power of two");
        // consistent, but not the segments this engine's table holds
        TableFile.write(file, TableKind.SEGMENTS, TableFile.ANY_RULES, Map.of("key_capacity", 16L,
            "entry_count", 0L, "segments", 0L), List.of(TableFile.Content.longs("keys", LongBuffer.wrap(new long[16])),
            TableFile.Content.ints("slots", IntBuffer.wrap(new int[16])),
            TableFile.Content.ints("entries", IntBuffer.wrap(new int[0]))), null);
        e = assertThrows(TableException.class, () -> MinHandTables.load(other));
        TableFileTest.assertOneLine(e, file, "stale: 0 segments, this engine's segment table has "
            + SegmentTable.segmentCount());
        // info applies the same checks
        Tables.FileInfo info = Tables.info(other).get(0);
        assertEquals(Tables.Status.REFUSED, info.status());
        assertTrue(info.problem().startsWith("stale: 0 segments"), info.problem());
    }

    @Test
    void directoryIsTheOptionThenTheEnvironmentThenTheCache() {
        Path explicit = Paths.get("/x/tables");
        assertEquals(explicit, Tables.directory(explicit, "/env/tables", "/home/me"));
        assertEquals(Paths.get("/env/tables"), Tables.directory(null, "/env/tables", "/home/me"));
        assertEquals(Paths.get("/home/me/.cache/ddz/tables"), Tables.directory(null, null, "/home/me"));
        assertEquals(Paths.get("/home/me/.cache/ddz/tables"), Tables.directory(null, " ", "/home/me"));
    }

    @Test
    void buildIntoAFileIsOneLine(@TempDir Path other) throws IOException {
        Path file = Files.writeString(other.resolve("a-file"), "x");
        TableException e = assertThrows(TableException.class,
            () -> Tables.build(file, List.of(), BuildProgress.NONE));
        TableFileTest.assertOneLine(e, file, "not a directory");
        Path under = file.resolve("sub");
        e = assertThrows(TableException.class, () -> Tables.build(under, List.of(), BuildProgress.NONE));
        assertTrue(e.getMessage().startsWith(under + ": cannot create the tables directory ("), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
