package io.github.ddzengine.tools.json;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import io.github.ddzengine.mc.arena.GameRecord;

/**
 * Game records as JSON lines for {@code ddz play --out} and {@code ddz replay}: the format and its
 * validation are {@link io.github.ddzengine.protocol.GameRecords}'s; this adds the line ends.
 */
public final class GameRecords {
    private GameRecords() {
    }

    /** Writes {@code r} as one JSON line. */
    public static void write(JsonLineWriter out, GameRecord r) throws IOException {
        io.github.ddzengine.protocol.GameRecords.write(out.gen(), r);
        out.endLine();
    }

    /** Reads and re-validates one record ({@link io.github.ddzengine.protocol.GameRecords#read}). */
    public static GameRecord read(String line) {
        return io.github.ddzengine.protocol.GameRecords.read(line);
    }

    /**
     * Reads and re-validates every record of a file ({@link
     * io.github.ddzengine.protocol.GameRecords#readFile}), for {@code ddz replay}, {@code ddz
     * analyze} and the bench audits, with the command line's messages.
     *
     * @param file a {@code ddz play --out} or {@code ddz ladder --out-dir} file
     * @return its records, in order
     * @throws IllegalArgumentException with {@code FILE line N: reason} (cut to 300
     *     characters), {@code no file FILE} or {@code cannot read FILE: reason}
     */
    public static List<GameRecord> readFile(Path file) {
        return readFile(file, null);
    }

    /**
     * {@link #readFile(Path)}, giving each bad record to {@code skipped} (as {@code FILE line N:
     * reason}, cut to 300 characters) instead of stopping at it; null: stop at the first.
     */
    public static List<GameRecord> readFile(Path file, java.util.function.Consumer<String> skipped) {
        try {
            return io.github.ddzengine.protocol.GameRecords.readFile(file,
                skipped == null ? null : line -> skipped.accept(JsonLines.shorten(line)));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(JsonLines.shorten(e.getMessage()));
        }
    }
}
