package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format on small files written to a temporary directory: round trip and every refusal. */
class TableFileTest {
    @TempDir
    Path dir;

    private final long[] longs = new SplittableRandom(1).longs(1000).toArray();
    private final int[] ints = new SplittableRandom(2).ints(77).toArray();
    private final byte[] bytes = {1, 2, 3};

    /** A small valid file of kind SEGMENTS with three sections of odd lengths. */
    private Path write(String name, String rules) {
        Path file = dir.resolve(name);
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("longs", (long) longs.length);
        dims.put("ints", (long) ints.length);
        TableFile.write(file, TableKind.SEGMENTS, rules, dims, List.of(
            TableFile.Content.longs("l", LongBuffer.wrap(longs)),
            TableFile.Content.ints("i", IntBuffer.wrap(ints)),
            TableFile.Content.bytes("b", ByteBuffer.wrap(bytes))), null);
        return file;
    }

    private Path write() {
        return write("t.ddzt", TableFile.ANY_RULES);
    }

    @Test
    void roundTripKeepsHeaderAndSections() throws IOException {
        List<Long> progress = new ArrayList<>();
        Path file = dir.resolve("t.ddzt");
        TableFile.Header written = TableFile.write(file, TableKind.SEGMENTS, "standard",
            Map.of("n", 42L), List.of(TableFile.Content.longs("l", LongBuffer.wrap(longs)),
                TableFile.Content.ints("i", IntBuffer.wrap(ints))), progress::add);
        TableFile f = TableFile.open(file, TableKind.SEGMENTS, "standard").orElseThrow();
        TableFile.Header h = f.header();
        assertEquals(written, h);
        assertEquals(TableFile.FORMAT_VERSION, h.formatVersion());
        assertEquals(TableKind.SEGMENTS, h.kind());
        assertEquals("segments", h.kindName());
        assertEquals(TableKind.SEGMENTS.contentVersion(), h.contentVersion());
        assertEquals("standard", h.rules());
        assertEquals(42L, f.dimension("n"));
        assertEquals(Files.size(file), h.fileLength());
        // sections aligned from the start of the file, body padded to the alignment
        assertEquals(0, h.headerLength() % TableFile.ALIGNMENT);
        assertEquals(0, h.bodyLength() % TableFile.ALIGNMENT);
        for (TableFile.Section s : h.sections()) {
            assertEquals(0, (h.headerLength() + s.offset()) % TableFile.ALIGNMENT, s.name());
        }
        assertEquals(8000, h.section("l").length());
        assertEquals(8000, h.section("i").offset()); // 8000 is a multiple of 64
        assertEquals(308, h.section("i").length());
        assertEquals(8000 + 320, h.bodyLength());
        // the mapped views hold exactly what was written
        LongBuffer l = f.longs("l");
        long[] readLongs = new long[l.capacity()];
        l.get(readLongs);
        assertArrayEquals(longs, readLongs);
        IntBuffer i = f.ints("i");
        int[] readInts = new int[i.capacity()];
        i.get(readInts);
        assertArrayEquals(ints, readInts);
        assertTrue(f.longs("l").isReadOnly());
        // progress rises to the body length
        assertEquals(h.bodyLength(), progress.get(progress.size() - 1));
        for (int k = 1; k < progress.size(); k++) {
            assertTrue(progress.get(k) >= progress.get(k - 1));
        }
    }

    @Test
    void bytesAreLittleEndianAndChecksumsAreCrc32c() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        assertArrayEquals("DDZTABLE".getBytes(), Arrays.copyOf(all, 8));
        assertEquals(1, b.getInt(8));
        int h = b.getInt(12);
        assertEquals(TableKind.SEGMENTS.code(), b.getInt(16));
        assertEquals(all.length - h, b.getLong(24));
        // the first section starts the body: longs[0] little-endian
        assertEquals(longs[0], b.getLong(h));
        CRC32C body = new CRC32C();
        body.update(all, h, all.length - h);
        assertEquals((int) body.getValue(), b.getInt(32));
        byte[] header = Arrays.copyOf(all, h);
        Arrays.fill(header, 36, 40, (byte) 0);
        CRC32C head = new CRC32C();
        head.update(header);
        assertEquals((int) head.getValue(), b.getInt(36));
        // the variable part: kind name then rules name
        assertEquals("segmentsany", new String(all, 64, 11, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void missingFileIsAbsentNotAnError() {
        assertTrue(TableFile.open(dir.resolve("none.ddzt"), TableKind.SEGMENTS, TableFile.ANY_RULES).isEmpty());
    }

    @Test
    void rewriteReplacesTheFileAndLeavesNoTemporaryFile() throws IOException {
        Path file = write();
        byte[] first = Files.readAllBytes(file);
        write("t.ddzt", "rlcard");
        assertFalse(Arrays.equals(first, Files.readAllBytes(file)));
        assertEquals("rlcard", TableFile.readHeader(file).rules());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(file), s.toList());
        }
    }

    @Test
    void writeIntoAMissingDirectoryIsOneLine() {
        Path file = dir.resolve("no/such/dir/t.ddzt");
        TableException e = assertThrows(TableException.class, () -> TableFile.write(file, TableKind.SEGMENTS,
            TableFile.ANY_RULES, Map.of(), List.of(), null));
        assertOneLine(e, file, "cannot write the table file (no such file or directory");
    }

    @Test
    void refusesACorruptBodyByte() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        int h = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        all[h + 5000] ^= 0x10;
        Files.write(file, all);
        assertRefused(file, "body checksum mismatch");
    }

    @Test
    void refusesACorruptPaddingByte() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        all[all.length - 1] ^= 1; // after the last section: padding is covered too
        Files.write(file, all);
        assertRefused(file, "body checksum mismatch");
    }

    @Test
    void refusesACorruptHeaderByte() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        all[66] ^= 0x20; // in the kind name
        Files.write(file, all);
        assertRefused(file, "corrupt header (checksum mismatch)");
    }

    @Test
    void refusesATruncatedFile() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length - 64));
        assertRefused(file, "truncated: " + (all.length - 64) + " bytes, its header says " + all.length);
        Files.write(file, Arrays.copyOf(all, 100));
        assertRefused(file, "truncated: 100 bytes, shorter than its");
        Files.write(file, Arrays.copyOf(all, 20));
        assertRefused(file, "truncated: 20 bytes, shorter than a header");
        Files.write(file, new byte[0]);
        assertRefused(file, "truncated: 0 bytes");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length + 1));
        assertRefused(file, "too long: " + (all.length + 1) + " bytes, its header says " + all.length);
    }

    @Test
    void refusesBadMagic() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        all[0] = 'X';
        Files.write(file, all);
        assertRefused(file, "not a ddz table file (bad magic)");
        Files.writeString(file, "hello, this is not a table at all, but long enough for a header........");
        assertRefused(file, "bad magic");
    }

    @Test
    void refusesANewerFormatVersion() throws IOException {
        Path file = write();
        // a newer engine's file: its header layout is unknown, so the format is checked first
        patchInt(file, 8, 2, false);
        assertRefused(file, "format version 2 is newer than the version this engine reads (1)");
    }

    @Test
    void refusesAStaleContentVersion() throws IOException {
        Path file = write();
        patchInt(file, 20, TableKind.SEGMENTS.contentVersion() - 1, true);
        assertRefused(file, "stale: content version " + (TableKind.SEGMENTS.contentVersion() - 1)
            + ", this engine uses " + TableKind.SEGMENTS.contentVersion());
        patchInt(file, 20, TableKind.SEGMENTS.contentVersion() + 1, true);
        assertRefused(file, "newer: content version " + (TableKind.SEGMENTS.contentVersion() + 1));
    }

    @Test
    void refusesAnotherKind() throws IOException {
        Path file = write();
        patchInt(file, 16, 99, true);
        assertRefused(file, "holds a 'segments' (code 99) table, not segments");
    }

    @Test
    void refusesAnotherPreset() {
        Path file = write("t.ddzt", "rlcard");
        assertRefused(file, "built for rules 'rlcard', not 'any'");
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(file, TableKind.SEGMENTS, "standard"));
        assertOneLine(e, file, "built for rules 'rlcard', not 'standard'");
        assertTrue(TableFile.open(file, TableKind.SEGMENTS, "rlcard").isPresent());
    }

    @Test
    void refusesAMissingSectionOrDimensionByName() {
        TableFile f = TableFile.open(write(), TableKind.SEGMENTS, TableFile.ANY_RULES).orElseThrow();
        assertThrows(TableException.class, () -> f.longs("nope"));
        assertThrows(TableException.class, () -> f.dimension("nope"));
        TableException e = assertThrows(TableException.class, () -> f.ints("b"));
        assertTrue(e.getMessage().contains("section 'b' is 3 bytes, not a whole number of 4-byte elements"),
            e.getMessage());
        assertEquals(3, f.bytes("b").capacity());
    }

    @Test
    void inspectChecksWithoutExpectations() throws IOException {
        Path file = write("t.ddzt", "botzone");
        assertEquals("botzone", TableFile.inspect(file).rules());
        byte[] all = Files.readAllBytes(file);
        all[all.length - 100] ^= 1;
        Files.write(file, all);
        TableException e = assertThrows(TableException.class, () -> TableFile.inspect(file));
        assertOneLine(e, file, "body checksum mismatch");
    }

    /**
     * A FIFO in place of a table file is refused at once, never opened (opening it would block
     * until someone writes to it: issue 21, defect 9); so are a directory and, instead of being
     * taken for an absent table, a symbolic link to nothing (defect 16).
     */
    @Test
    void refusesWhatIsNotARegularFileWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("fifo.ddzt");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo is needed");
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            assertRefused(fifo, "not a regular file (a FIFO, socket or device)");
            assertOneLine(assertThrows(TableException.class, () -> TableFile.readHeader(fifo)), fifo,
                "not a regular file (a FIFO, socket or device)");
            assertOneLine(assertThrows(TableException.class, () -> TableFile.inspect(fifo)), fifo,
                "not a regular file (a FIFO, socket or device)");
        });
        Path sub = Files.createDirectory(dir.resolve("sub.ddzt"));
        assertRefused(sub, "not a regular file (a directory)");
        Path dangling = Files.createSymbolicLink(dir.resolve("link.ddzt"), dir.resolve("gone.ddzt"));
        assertRefused(dangling, "a symbolic link to " + dir.resolve("gone.ddzt") + ", which does not exist");
        Path good = Files.createSymbolicLink(dir.resolve("good.ddzt"), write());
        assertTrue(TableFile.open(good, TableKind.SEGMENTS, TableFile.ANY_RULES).isPresent(), "a link to a table works");
    }

    /** A header whose name lengths run past its end says so, not {@code corrupt header (null)} (defect 16). */
    @Test
    void aNameRunningPastTheHeaderIsNamedInTheProblem() throws IOException {
        Path file = write();
        byte[] all = Files.readAllBytes(file);
        ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).putShort(40, (short) 60000); // the kind name's length
        Files.write(file, all);
        patchInt(file, 12, ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getInt(12), true);
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(file, TableKind.SEGMENTS, TableFile.ANY_RULES));
        assertOneLine(e, file, "corrupt header (its names and lists run past its ");
        assertFalse(e.getMessage().contains("null"), e.getMessage());
    }

    /** Writes an int of the fixed header; with {@code fixCrc}, recomputes the header checksum (a consistent file). */
    private static void patchInt(Path file, int offset, int value, boolean fixCrc) throws IOException {
        byte[] all = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset, value);
        if (fixCrc) {
            int h = b.getInt(12);
            b.putInt(36, 0);
            CRC32C crc = new CRC32C();
            crc.update(all, 0, h);
            b.putInt(36, (int) crc.getValue());
        }
        Files.write(file, all);
    }

    private static void assertRefused(Path file, String problem) {
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(file, TableKind.SEGMENTS, TableFile.ANY_RULES));
        assertOneLine(e, file, problem);
        assertTrue(e.getMessage().endsWith("; run `ddz tables build --out " + file.getParent() + "` to rebuild it"),
            e.getMessage());
        assertEquals(file, e.path());
    }

    static void assertOneLine(TableException e, Path file, String problem) {
        String m = e.getMessage();
        assertTrue(m.startsWith(file + ": "), m);
        assertTrue(m.contains(problem), m);
        assertFalse(m.contains("\n") || m.contains("\r"), m);
    }
}
