package io.github.ddzengine.tools;

import java.io.IOException;

import io.github.ddzengine.mc.arena.GameRecord;

/**
 * Game records as JSON lines for {@code ddz play --out} and {@code ddz replay}: the format and its
 * validation are {@link io.github.ddzengine.protocol.GameRecords}'s; this adds the line ends.
 */
final class GameRecords {
    private GameRecords() {
    }

    /** Writes {@code r} as one JSON line. */
    static void write(JsonLineWriter out, GameRecord r) throws IOException {
        io.github.ddzengine.protocol.GameRecords.write(out.gen(), r);
        out.endLine();
    }

    /** Reads and re-validates one record ({@link io.github.ddzengine.protocol.GameRecords#read}). */
    static GameRecord read(String line) {
        return io.github.ddzengine.protocol.GameRecords.read(line);
    }
}
