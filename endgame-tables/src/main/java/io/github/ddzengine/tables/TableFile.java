package io.github.ddzengine.tables;

import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.BufferUnderflowException;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.zip.CRC32C;

/**
 * A table file: a versioned, checksummed header followed by a body of named sections, read by
 * memory mapping. Every table of the engine is stored this way; {@code docs/table-format.md} has
 * the same description for readers of the files.
 *
 * <h2>Layout</h2>
 * All numbers little-endian. Offsets in bytes.
 * <pre>
 * offset size  field
 *  0      8    magic: the ASCII bytes "DDZTABLE"
 *  8      4    format version ({@value #FORMAT_VERSION}: this layout)
 * 12      4    header length H: a multiple of {@value #ALIGNMENT}, at least 64; the body starts at H
 * 16      4    kind code ({@link TableKind#code()})
 * 20      4    content version of the kind ({@link TableKind#contentVersion()})
 * 24      8    body length L (a multiple of {@value #ALIGNMENT}); the file is exactly H + L bytes
 * 32      4    CRC32C of the body (the L bytes from H on)
 * 36      4    CRC32C of the header (the H bytes from 0 on, with this field read as 0)
 * 40      2    K = length of the kind name in bytes
 * 42      2    R = length of the rules name in bytes
 * 44      2    D = number of dimensions
 * 46      2    S = number of sections
 * 48     16    zero
 * 64      K    kind name, UTF-8 ("segments")
 *         R    rules name, UTF-8: a preset id ("standard") or "any" for a table every preset shares
 *              D dimensions, each: 2-byte name length, UTF-8 name, 8-byte signed value
 *              S sections, each: 2-byte name length, UTF-8 name, 8-byte offset in the body (a
 *                multiple of 64), 8-byte length in bytes
 *              zero padding up to H
 * H       L    body: the sections in the order of the header, each at its offset, zero padding
 *              between them and after the last one up to L
 * </pre>
 * Sections start at multiples of {@value #ALIGNMENT} bytes from the start of the file, so a mapped
 * section can be viewed as a {@link LongBuffer} or {@link IntBuffer} of aligned elements. Dimensions
 * are the sizes a reader needs to interpret the sections (a key capacity, an entry count...); their
 * names and meaning belong to the kind.
 *
 * <h2>Writing</h2>
 * {@link #write} writes a temporary file beside the target ({@code .NAME.tmp-...}), forces it to
 * disk and renames it over the target atomically, so a reader sees the old file or the new one,
 * never a part, and a process that mapped the old file keeps reading it intact.
 *
 * <h2>Reading</h2>
 * {@link #open} validates, in this order: magic, format version, header length and header checksum,
 * kind, content version, rules, file length, and the body checksum (which reads the whole body;
 * for the 59.5 MB segment table on the development machine: 4 ms once its pages are mapped and
 * cached, 14 ms on the first touch of a cached file, 30 to 110 ms from disk). A missing file is absent ({@link Optional#empty()}); any other
 * problem is a {@link TableException} naming the file, the problem and the fix: among them a path
 * that is not a regular file (a FIFO is never opened, which would block) and a symbolic link whose
 * target is missing. Sections are then
 * mapped read-only ({@link FileChannel#map}); the mapping outlives the channel and is released by
 * the garbage collector.
 */
public final class TableFile {
    /** File name extension of table files. */
    public static final String EXTENSION = ".ddzt";
    /** Rules name of a table every preset shares. */
    public static final String ANY_RULES = "any";
    /** The layout version this engine writes and reads. */
    public static final int FORMAT_VERSION = 1;
    /** Alignment of the header length, the body and every section, in bytes. */
    public static final int ALIGNMENT = 64;

    static final byte[] MAGIC = "DDZTABLE".getBytes(StandardCharsets.US_ASCII);
    static final int FIXED_HEADER = 64;
    /** Offset of the body checksum and of the header checksum in the header. */
    static final int BODY_CRC_OFFSET = 32;
    static final int HEADER_CRC_OFFSET = 36;
    /** Largest header accepted (far above any real one: a guard against a corrupt length). */
    static final int MAX_HEADER = 1 << 20;
    /** Largest name (kind, rules, dimension, section) in UTF-8 bytes. */
    static final int MAX_NAME = 1000;
    /** Largest section: one mapping. */
    static final long MAX_SECTION = Integer.MAX_VALUE - ALIGNMENT + 1;
    private static final int CHUNK = 1 << 20;

    /**
     * A parsed header.
     *
     * @param formatVersion the layout version
     * @param kindCode the kind code as stored
     * @param kindName the kind name as stored
     * @param contentVersion the content version as stored
     * @param rules the rules name ({@value #ANY_RULES} or a preset id)
     * @param dimensions named sizes, in file order (unmodifiable)
     * @param sections the sections, in file order (unmodifiable)
     * @param headerLength H, bytes
     * @param bodyLength L, bytes
     * @param bodyCrc CRC32C of the body as stored
     */
    public record Header(int formatVersion, int kindCode, String kindName, int contentVersion, String rules,
                         Map<String, Long> dimensions, List<Section> sections, long headerLength, long bodyLength,
                         int bodyCrc) {
        /** The length the file must have: H + L bytes. */
        public long fileLength() {
            return headerLength + bodyLength;
        }

        /** The kind, or null if this engine does not know the code. */
        public TableKind kind() {
            return TableKind.ofCode(kindCode);
        }

        /** The body checksum as 8 hex digits. */
        public String checksum() {
            return String.format("%08x", bodyCrc);
        }

        /** The section of a name, or null. */
        public Section section(String name) {
            for (Section s : sections) {
                if (s.name().equals(name)) {
                    return s;
                }
            }
            return null;
        }
    }

    /**
     * A section of the body.
     *
     * @param name its name, unique in the file
     * @param offset where it starts, bytes from the start of the body (a multiple of {@value #ALIGNMENT})
     * @param length its length in bytes
     */
    public record Section(String name, long offset, long length) {
    }

    /** What to write in a section: a name and a buffer's remaining elements, little-endian. */
    public static final class Content {
        final String name;
        final Buffer source;
        final int elementBytes;

        private Content(String name, Buffer source, int elementBytes) {
            this.name = name;
            this.source = source;
            this.elementBytes = elementBytes;
        }

        /** The remaining longs of {@code source} (its position and limit are not changed). */
        public static Content longs(String name, LongBuffer source) {
            return new Content(name, source.duplicate(), 8);
        }

        /** The remaining ints of {@code source} (its position and limit are not changed). */
        public static Content ints(String name, IntBuffer source) {
            return new Content(name, source.duplicate(), 4);
        }

        /** The remaining bytes of {@code source} (its position and limit are not changed). */
        public static Content bytes(String name, ByteBuffer source) {
            return new Content(name, source.duplicate(), 1);
        }

        long length() {
            return (long) source.remaining() * elementBytes;
        }
    }

    private final Path path;
    private final Header header;
    private final ByteBuffer[] sections;
    private final long mapNanos;
    private final long checksumNanos;

    private TableFile(Path path, Header header, ByteBuffer[] sections, long mapNanos, long checksumNanos) {
        this.path = path;
        this.header = header;
        this.sections = sections;
        this.mapNanos = mapNanos;
        this.checksumNanos = checksumNanos;
    }

    // ---------------------------------------------------------------------------------------- write

    /** The body length {@link #write} gives these contents (sections aligned), bytes. */
    public static long bodyLength(List<Content> contents) {
        long offset = 0;
        for (Content c : contents) {
            offset = align(offset + c.length());
        }
        return offset;
    }

    /**
     * Writes a table file atomically (a temporary file beside it, forced to disk, then renamed).
     *
     * @param file the file to write (replaced if it exists); its directory must exist
     * @param kind the kind of table
     * @param rules {@value #ANY_RULES} or a preset id
     * @param dimensions named sizes (names of 1 to {@value #MAX_NAME} UTF-8 bytes)
     * @param contents the sections, in order (distinct names; each at most 2 GiB)
     * @param bytesWritten receives the number of body bytes written so far, after each chunk of
     *     1 MiB and at the end (may be null)
     * @return the header written
     * @throws TableException if the file cannot be written (one line naming it)
     * @throws IllegalArgumentException for a bad name or an oversized section
     */
    public static Header write(Path file, TableKind kind, String rules, Map<String, Long> dimensions,
                               List<Content> contents, LongConsumer bytesWritten) {
        String rulesName = rules == null ? ANY_RULES : rules;
        checkName("rules", rulesName);
        List<Section> layout = new ArrayList<>();
        long offset = 0;
        for (Content c : contents) {
            checkName("section", c.name);
            if (layout.stream().anyMatch(s -> s.name().equals(c.name))) {
                throw new IllegalArgumentException("section '" + c.name + "' given twice");
            }
            if (c.length() > MAX_SECTION) {
                throw new IllegalArgumentException("section '" + c.name + "' is over 2 GiB: " + c.length());
            }
            layout.add(new Section(c.name, offset, c.length()));
            offset = align(offset + c.length());
        }
        long bodyLength = offset;
        for (String name : dimensions.keySet()) {
            checkName("dimension", name);
        }
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
            + Long.toHexString(System.nanoTime()));
        long h = header(kind, rulesName, dimensions, layout, bodyLength, 0).remaining(); // checks the size
        try {
            int bodyCrc;
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                bodyCrc = writeBody(ch, h, contents, layout, bodyLength, bytesWritten);
                ByteBuffer headerBytes = header(kind, rulesName, dimensions, layout, bodyLength, bodyCrc);
                writeFully(ch, headerBytes, 0);
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return new Header(FORMAT_VERSION, kind.code(), kind.id(), kind.contentVersion(), rulesName,
                Collections.unmodifiableMap(new LinkedHashMap<>(dimensions)), List.copyOf(layout), h, bodyLength,
                bodyCrc);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write error below is the one to report
            }
            throw TableException.io(file, "cannot write the table file", e);
        }
    }

    private static int writeBody(FileChannel ch, long start, List<Content> contents, List<Section> layout,
                                 long bodyLength, LongConsumer bytesWritten) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        long at = 0;
        for (int i = 0; i < contents.size(); i++) {
            Content c = contents.get(i);
            at = pad(ch, start, at, layout.get(i).offset(), crc, chunk);
            Buffer src = c.source.duplicate();
            while (src.hasRemaining()) {
                chunk.clear();
                int n = Math.min(src.remaining(), CHUNK / c.elementBytes);
                Buffer part = src.duplicate().limit(src.position() + n);
                switch (c.elementBytes) {
                    case 8 -> chunk.asLongBuffer().put((LongBuffer) part);
                    case 4 -> chunk.asIntBuffer().put((IntBuffer) part);
                    default -> chunk.put((ByteBuffer) part);
                }
                src.position(src.position() + n);
                chunk.position(0).limit(n * c.elementBytes);
                crc.update(chunk.duplicate());
                at += writeFully(ch, chunk, start + at);
                if (bytesWritten != null) {
                    bytesWritten.accept(at);
                }
            }
        }
        pad(ch, start, at, bodyLength, crc, chunk);
        if (bytesWritten != null) {
            bytesWritten.accept(bodyLength);
        }
        return (int) crc.getValue();
    }

    /** Writes zeros from body offset {@code at} up to {@code to}; returns {@code to}. */
    private static long pad(FileChannel ch, long start, long at, long to, CRC32C crc, ByteBuffer chunk)
        throws IOException {
        if (to > at) {
            chunk.clear();
            chunk.put(new byte[(int) (to - at)]).flip();
            crc.update(chunk.duplicate());
            writeFully(ch, chunk, start + at);
        }
        return to;
    }

    private static int writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        int n = b.remaining();
        long p = position;
        while (b.hasRemaining()) {
            p += ch.write(b, p);
        }
        return n;
    }

    private static long align(long n) {
        return (n + ALIGNMENT - 1) & -ALIGNMENT;
    }

    private static void checkName(String what, String name) {
        int n = name.getBytes(StandardCharsets.UTF_8).length;
        if (n == 0 || n > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(what + " name must be 1 to " + MAX_NAME
                + " bytes without control characters: '" + name + "'");
        }
    }

    private static long headerLength(TableKind kind, String rules, Map<String, Long> dimensions,
                                     List<Section> layout) {
        long n = FIXED_HEADER + utf8(kind.id()).length + utf8(rules).length;
        for (String d : dimensions.keySet()) {
            n += 2 + utf8(d).length + 8;
        }
        for (Section s : layout) {
            n += 2 + utf8(s.name()).length + 16;
        }
        return align(n);
    }

    private static ByteBuffer header(TableKind kind, String rules, Map<String, Long> dimensions,
                                     List<Section> layout, long bodyLength, int bodyCrc) {
        long h = headerLength(kind, rules, dimensions, layout);
        if (h > MAX_HEADER) {
            throw new IllegalArgumentException("header over " + MAX_HEADER + " bytes: " + h);
        }
        ByteBuffer b = ByteBuffer.allocate((int) h).order(ByteOrder.LITTLE_ENDIAN);
        byte[] kindName = utf8(kind.id());
        byte[] rulesName = utf8(rules);
        b.put(MAGIC).putInt(FORMAT_VERSION).putInt((int) h).putInt(kind.code()).putInt(kind.contentVersion())
            .putLong(bodyLength).putInt(bodyCrc).putInt(0)
            .putShort((short) kindName.length).putShort((short) rulesName.length)
            .putShort((short) dimensions.size()).putShort((short) layout.size());
        b.position(FIXED_HEADER);
        b.put(kindName).put(rulesName);
        for (Map.Entry<String, Long> d : dimensions.entrySet()) {
            byte[] name = utf8(d.getKey());
            b.putShort((short) name.length).put(name).putLong(d.getValue());
        }
        for (Section s : layout) {
            byte[] name = utf8(s.name());
            b.putShort((short) name.length).put(name).putLong(s.offset()).putLong(s.length());
        }
        b.clear();
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate());
        b.putInt(HEADER_CRC_OFFSET, (int) crc.getValue());
        return b;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // ----------------------------------------------------------------------------------------- read

    /**
     * Opens and validates a table file: reads its header, checks it against the expected kind and
     * rules, maps its sections read-only and verifies the body checksum.
     *
     * @param file the file
     * @param kind the kind it must hold (at this engine's content version)
     * @param rules the rules name it must have ({@value #ANY_RULES} for a kind every preset shares)
     * @return the opened file, or empty if {@code file} does not exist
     * @throws TableException if the file exists but cannot be used (one line: the file, the
     *     problem, the fix)
     */
    public static Optional<TableFile> open(Path file, TableKind kind, String rules) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        requireRegularFile(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Header h = readHeader(file, ch);
            checkIdentity(file, h, kind, rules);
            checkLength(file, h, ch.size());
            long t0 = System.nanoTime();
            ByteBuffer[] mapped = new ByteBuffer[h.sections().size()];
            for (int i = 0; i < mapped.length; i++) {
                Section s = h.sections().get(i);
                mapped[i] = ch.map(FileChannel.MapMode.READ_ONLY, h.headerLength() + s.offset(), s.length())
                    .order(ByteOrder.LITTLE_ENDIAN);
            }
            long t1 = System.nanoTime();
            checkBody(file, h, ch);
            long t2 = System.nanoTime();
            return Optional.of(new TableFile(file, h, mapped, t1 - t0, t2 - t1));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // removed between the check and the open
        } catch (IOException e) {
            throw TableException.io(file, "cannot read the table file", e);
        }
    }

    /**
     * Reads and checks what a file says about itself, without expectations: magic, format version,
     * header checksum, file length and body checksum (for {@code ddz tables info}).
     *
     * @param file an existing file
     * @return its header, if every check passes
     * @throws TableException naming the first problem
     */
    public static Header inspect(Path file) {
        requireRegularFile(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Header h = readHeader(file, ch);
            checkLength(file, h, ch.size());
            checkBody(file, h, ch);
            return h;
        } catch (IOException e) {
            throw TableException.io(file, "cannot read the table file", e);
        }
    }

    /**
     * Reads the header of a file: checks the magic, format version, header length and header
     * checksum, and nothing else.
     *
     * @param file an existing file
     * @return its header
     * @throws TableException naming the first problem
     */
    public static Header readHeader(Path file) {
        requireRegularFile(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return readHeader(file, ch);
        } catch (IOException e) {
            throw TableException.io(file, "cannot read the table file", e);
        }
    }

    /**
     * Refuses what is not a regular file before it is opened: opening a FIFO would block until
     * someone writes to it, a directory or a device cannot be a table, and a symbolic link whose
     * target is missing is a mistake to report, not an absent table.
     *
     * @throws TableException {@code FILE: not a regular file (a directory); run ...}
     */
    static void requireRegularFile(Path file) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (Files.isSymbolicLink(file)) {
                String target;
                try {
                    target = String.valueOf(Files.readSymbolicLink(file));
                } catch (IOException | UnsupportedOperationException ex) {
                    target = "?";
                }
                throw TableException.refused(file, "a symbolic link to " + target + ", which does not exist");
            }
            throw TableException.io(file, "cannot read the table file", e);
        } catch (IOException e) {
            throw TableException.io(file, "cannot read the table file", e);
        }
        if (!a.isRegularFile()) {
            String what = a.isDirectory() ? "a directory" : a.isOther() ? "a FIFO, socket or device" : "not a file";
            throw TableException.refused(file, "not a regular file (" + what + ")");
        }
    }

    private static Header readHeader(Path file, FileChannel ch) throws IOException {
        long size = ch.size();
        ByteBuffer fixed = ByteBuffer.allocate(FIXED_HEADER).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, fixed, 0);
        fixed.flip();
        int n = Math.min(fixed.limit(), MAGIC.length);
        if (!Arrays.equals(Arrays.copyOf(fixed.array(), n), Arrays.copyOf(MAGIC, n))) {
            throw TableException.refused(file, "not a ddz table file (bad magic)");
        }
        if (size < FIXED_HEADER) {
            throw TableException.refused(file, "truncated: " + size + " bytes, shorter than a header");
        }
        int format = fixed.getInt(8);
        if (format != FORMAT_VERSION) {
            throw TableException.refused(file, "format version " + Integer.toUnsignedString(format)
                + (Integer.compareUnsigned(format, FORMAT_VERSION) > 0 ? " is newer than" : " is not")
                + " the version this engine reads (" + FORMAT_VERSION + ")");
        }
        int headerLength = fixed.getInt(12);
        if (headerLength < FIXED_HEADER || headerLength > MAX_HEADER || headerLength % ALIGNMENT != 0) {
            throw TableException.refused(file, "corrupt header (header length " + headerLength + ")");
        }
        if (size < headerLength) {
            throw TableException.refused(file, "truncated: " + size + " bytes, shorter than its "
                + headerLength + "-byte header");
        }
        ByteBuffer b = ByteBuffer.allocate(headerLength).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b, 0);
        b.flip();
        int storedCrc = b.getInt(HEADER_CRC_OFFSET);
        b.putInt(HEADER_CRC_OFFSET, 0);
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate());
        if ((int) crc.getValue() != storedCrc) {
            throw TableException.refused(file, "corrupt header (checksum mismatch)");
        }
        try {
            return parseHeader(b, headerLength);
        } catch (BufferUnderflowException e) { // a name or list longer than the header
            throw TableException.refused(file, "corrupt header (its names and lists run past its " + headerLength
                + " bytes)");
        } catch (RuntimeException e) { // bad lengths: a writer bug, not damage
            throw TableException.refused(file, "corrupt header (" + (e.getMessage() != null ? e.getMessage()
                : e.getClass().getSimpleName()) + ")");
        }
    }

    private static Header parseHeader(ByteBuffer b, int headerLength) {
        int kindCode = b.getInt(16);
        int contentVersion = b.getInt(20);
        long bodyLength = b.getLong(24);
        int bodyCrc = b.getInt(BODY_CRC_OFFSET);
        int kindLength = Short.toUnsignedInt(b.getShort(40));
        int rulesLength = Short.toUnsignedInt(b.getShort(42));
        int dimensionCount = Short.toUnsignedInt(b.getShort(44));
        int sectionCount = Short.toUnsignedInt(b.getShort(46));
        if (bodyLength < 0 || bodyLength % ALIGNMENT != 0) {
            throw new IllegalStateException("body length " + bodyLength);
        }
        b.position(FIXED_HEADER);
        String kindName = string(b, kindLength);
        String rules = string(b, rulesLength);
        Map<String, Long> dimensions = new LinkedHashMap<>();
        for (int i = 0; i < dimensionCount; i++) {
            String name = string(b, Short.toUnsignedInt(b.getShort()));
            dimensions.put(name, b.getLong());
        }
        List<Section> sections = new ArrayList<>();
        long end = 0;
        for (int i = 0; i < sectionCount; i++) {
            Section s = new Section(string(b, Short.toUnsignedInt(b.getShort())), b.getLong(), b.getLong());
            if (s.offset() < end || s.offset() % ALIGNMENT != 0 || s.length() < 0 || s.length() > MAX_SECTION
                || s.offset() + s.length() > bodyLength) {
                throw new IllegalStateException("section '" + s.name() + "' at " + s.offset() + ", "
                    + s.length() + " bytes, in a body of " + bodyLength);
            }
            end = s.offset() + s.length();
            sections.add(s);
        }
        return new Header(FORMAT_VERSION, kindCode, kindName, contentVersion, rules,
            Collections.unmodifiableMap(dimensions), List.copyOf(sections), headerLength, bodyLength, bodyCrc);
    }

    private static String string(ByteBuffer b, int length) {
        byte[] bytes = new byte[length];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static void checkIdentity(Path file, Header h, TableKind kind, String rules) {
        if (h.kindCode() != kind.code()) {
            TableKind other = h.kind();
            throw TableException.refused(file, "holds a " + (other != null ? other.id() : "'" + h.kindName()
                + "' (code " + h.kindCode() + ")") + " table, not " + kind.id());
        }
        if (h.contentVersion() != kind.contentVersion()) {
            throw TableException.refused(file, (h.contentVersion() < kind.contentVersion() ? "stale" : "newer")
                + ": content version " + h.contentVersion() + ", this engine uses " + kind.contentVersion());
        }
        if (!h.rules().equals(rules)) {
            throw TableException.refused(file, "built for rules '" + h.rules() + "', not '" + rules + "'");
        }
    }

    private static void checkLength(Path file, Header h, long size) {
        if (size != h.fileLength()) {
            throw TableException.refused(file, (size < h.fileLength() ? "truncated: " : "too long: ") + size
                + " bytes, its header says " + h.fileLength());
        }
    }

    private static void checkBody(Path file, Header h, FileChannel ch) throws IOException {
        CRC32C crc = new CRC32C();
        long step = 1L << 30;
        try {
            for (long at = 0; at < h.bodyLength(); at += step) {
                long n = Math.min(step, h.bodyLength() - at);
                crc.update(ch.map(FileChannel.MapMode.READ_ONLY, h.headerLength() + at, n));
            }
        } catch (InternalError e) { // the JVM's error for a mapped page that vanished: truncated meanwhile
            throw TableException.refused(file, "changed or truncated while it was being read");
        }
        int computed = (int) crc.getValue();
        if (computed != h.bodyCrc()) {
            throw TableException.refused(file, "body checksum mismatch (stored " + h.checksum() + ", computed "
                + String.format("%08x", computed) + ")");
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                return;
            }
            p += n;
        }
    }

    // ------------------------------------------------------------------------------------ accessors

    /** The file. */
    public Path path() {
        return path;
    }

    /** Its header. */
    public Header header() {
        return header;
    }

    /** Time spent mapping the sections, ns. */
    public long mapNanos() {
        return mapNanos;
    }

    /** Time spent verifying the body checksum (reading every page of the body), ns. */
    public long checksumNanos() {
        return checksumNanos;
    }

    /**
     * A read-only little-endian view of a section's bytes.
     *
     * @throws TableException if the file has no section of that name
     */
    public ByteBuffer bytes(String section) {
        return mapped(section).duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A section as longs (read-only, little-endian, position 0, capacity length / 8).
     *
     * @throws TableException if the file has no such section or its length is not a multiple of 8
     */
    public LongBuffer longs(String section) {
        ByteBuffer b = mapped(section);
        elementCheck(section, b, 8);
        return b.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    }

    /**
     * A section as ints (read-only, little-endian, position 0, capacity length / 4).
     *
     * @throws TableException if the file has no such section or its length is not a multiple of 4
     */
    public IntBuffer ints(String section) {
        ByteBuffer b = mapped(section);
        elementCheck(section, b, 4);
        return b.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
    }

    /**
     * A dimension's value.
     *
     * @throws TableException if the header has no dimension of that name
     */
    public long dimension(String name) {
        Long v = header.dimensions().get(name);
        if (v == null) {
            throw TableException.refused(path, "no dimension '" + name + "' in the header");
        }
        return v;
    }

    private ByteBuffer mapped(String section) {
        List<Section> list = header.sections();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).name().equals(section)) {
                return sections[i];
            }
        }
        throw TableException.refused(path, "no section '" + section + "' in the header");
    }

    private void elementCheck(String section, ByteBuffer b, int size) {
        if (b.capacity() % size != 0) {
            throw TableException.refused(path, "section '" + section + "' is " + b.capacity()
                + " bytes, not a whole number of " + size + "-byte elements");
        }
    }
}
