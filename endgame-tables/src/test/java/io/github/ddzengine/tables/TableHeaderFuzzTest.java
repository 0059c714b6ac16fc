package io.github.ddzengine.tables;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.zip.CRC32C;

import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz test of the table-file reader (issue 21): a small valid file with its bytes flipped, its
 * header fields set to random or extreme values (with the header checksum fixed, so the parsing
 * behind it is reached), cut short or grown. Opening, inspecting or reading the header gives the
 * table or a one-line {@link TableException}, nothing else, and never hangs. Seeded;
 * {@code -Dddz.fuzz=K} runs K times the trials.
 */
class TableHeaderFuzzTest {
    @TempDir
    Path dir;

    private byte[] valid() {
        Path file = dir.resolve("valid.ddzt");
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("longs", 100L);
        dims.put("ints", 7L);
        TableFile.write(file, TableKind.SEGMENTS, TableFile.ANY_RULES, dims, List.of(
            TableFile.Content.longs("l", LongBuffer.wrap(new SplittableRandom(1).longs(100).toArray())),
            TableFile.Content.ints("i", IntBuffer.wrap(new int[] {1, 2, 3, 4, 5, 6, 7}))), null);
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void fixHeaderCrc(byte[] b) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        if (b.length < 64) {
            return;
        }
        int h = bb.getInt(12);
        if (h < 64 || h > b.length) {
            return;
        }
        bb.putInt(36, 0);
        CRC32C crc = new CRC32C();
        crc.update(b, 0, h);
        bb.putInt(36, (int) crc.getValue());
    }

    private static byte[] mutate(SplittableRandom r, byte[] valid) {
        byte[] b = valid.clone();
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int headerLength = bb.getInt(12);
        boolean fix = r.nextInt(4) > 0;
        for (int m = 1 + r.nextInt(3); m > 0; m--) {
            switch (r.nextInt(7)) {
                case 0 -> b[r.nextInt(headerLength)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> {
                    int[] ints = {8, 12, 16, 20, 32};
                    int[] extreme = {0, -1, 1, 63, 64, 65, Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 20, (1 << 20) + 64,
                        headerLength + 64, r.nextInt()};
                    bb.putInt(ints[r.nextInt(ints.length)], extreme[r.nextInt(extreme.length)]);
                }
                case 2 -> {
                    long[] extreme = {0, -64, 64, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, r.nextLong(), 832, 896};
                    bb.putLong(24, extreme[r.nextInt(extreme.length)]);
                }
                case 3 -> {
                    int[] shorts = {40, 42, 44, 46};
                    short[] extreme = {0, -1, 1, 1000, 1001, Short.MAX_VALUE, (short) r.nextInt()};
                    bb.putShort(shorts[r.nextInt(shorts.length)], extreme[r.nextInt(extreme.length)]);
                }
                case 4 -> { // a byte of the names, dimensions and sections
                    int at = 64 + r.nextInt(Math.max(1, headerLength - 64));
                    b[at] = (byte) r.nextInt(256);
                }
                case 5 -> {
                    return Arrays.copyOf(b, r.nextInt(b.length + 1)); // cut short
                }
                default -> {
                    byte[] longer = Arrays.copyOf(b, b.length + 1 + r.nextInt(200));
                    return longer;
                }
            }
        }
        if (fix) {
            fixHeaderCrc(b);
        }
        return b;
    }

    private static void tableOrOneLine(String what, Supplier<?> read, Path file) {
        try {
            read.get();
        } catch (TableException e) {
            Fuzz.assertOneLine(e.getMessage(), what);
            Assertions.assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
            Assertions.assertFalse(e.getMessage().contains("(null)"), e.getMessage());
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + " threw " + e, e);
        }
    }

    @Test
    void mutatedFilesGiveTheTableOrOneLineErrors() {
        byte[] valid = valid();
        Path file = dir.resolve("t.ddzt");
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
            Property.forAll("table files mutated", 6100, Fuzz.trials(1000), r -> {
                byte[] b = mutate(r, valid);
                try {
                    Files.write(file, b);
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
                tableOrOneLine("open", () -> TableFile.open(file, TableKind.SEGMENTS, TableFile.ANY_RULES)
                    .map(t -> { MinHandTables.PROVIDER.validate(t, null); return t; }), file);
                tableOrOneLine("inspect", () -> TableFile.inspect(file), file);
                tableOrOneLine("readHeader", () -> TableFile.readHeader(file), file);
            }));
    }
}
