package io.github.ddzengine.tools.json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.ddzengine.core.util.Version;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.tools.cli.OutputException;

/**
 * The games file of a match ({@code ddz play --out}, {@code ddz ladder --out-dir}): one record a
 * line, each with the match's provenance (both agents' specs, who was the landlord, the engine's
 * version), flushed after each game so that a stopped run keeps every finished one.
 */
public final class MatchRecordFile implements AutoCloseable {
    private final Path file;
    private final Writer writer;
    private final JsonLineWriter lines;
    private final String specA;
    private final String specB;

    private MatchRecordFile(Path file, Writer writer, String specA, String specB) throws IOException {
        this.file = file;
        this.writer = writer;
        this.lines = new JsonLineWriter(writer);
        this.specA = specA;
        this.specB = specB;
    }

    /**
     * Creates (or truncates) {@code file} for the games of agents {@code specA} and {@code specB}.
     *
     * @throws IllegalArgumentException {@code cannot write FILE: reason} where it cannot be created
     */
    public static MatchRecordFile create(Path file, String specA, String specB) {
        try {
            return new MatchRecordFile(file, new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
                1 << 16), specA, specB);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": "
                + (e instanceof java.nio.file.NoSuchFileException ? "no such directory or file" : e.getMessage()));
        }
    }

    /**
     * Writes one game and flushes it to the file.
     *
     * @throws OutputException where the file cannot be written (a full disk: the match stops)
     */
    public void write(GameRecord game, boolean aIsLandlord) {
        try {
            GameRecords.write(lines, game.withProvenance(specA, specB, aIsLandlord, Version.engine()));
            lines.flush();
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    /**
     * Closes the file.
     *
     * @throws OutputException where its last bytes cannot be written
     */
    @Override
    public void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }
}
