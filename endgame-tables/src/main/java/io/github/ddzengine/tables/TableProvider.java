package io.github.ddzengine.tables;

import java.nio.file.Path;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * One kind of table as {@link Tables} sees it: where its file lives, how to build it and how to
 * add it to an {@link EngineTables} value. Register an implementation in {@link Tables#PROVIDERS}.
 */
public interface TableProvider {
    /** The kind of table (its header code and content version). */
    TableKind kind();

    /**
     * The file name in the tables directory, ending in {@value TableFile#EXTENSION}.
     *
     * @param preset the preset for a {@link TableKind#presetSpecific() preset-specific} kind; null
     *     (and ignored) otherwise
     */
    String fileName(Preset preset);

    /**
     * Builds the table and writes it to {@code file} with {@link TableFile#write}.
     *
     * @param file where to write it (its directory exists)
     * @param preset the preset, or null for a kind every preset shares
     * @param progress receives the steps of the build
     * @return the header written
     * @throws TableException if the file cannot be written
     */
    TableFile.Header build(Path file, Preset preset, BuildProgress progress);

    /**
     * Checks an opened file beyond {@link TableFile#open}'s checks (its dimensions against its
     * sections, say) without using it; {@link Tables#info} and {@link #addTo} rely on it.
     *
     * @param file the opened file, of this provider's kind, content version and rules
     * @param preset the preset, or null for a kind every preset shares
     * @throws TableException if the file cannot be used
     */
    void validate(TableFile file, Preset preset);

    /**
     * Adds the table of an opened file to a tables value (for example as its
     * {@link EngineTables#split() split table}); nothing is copied, the table reads the file's
     * mapped sections.
     *
     * @param into the value to add to (unchanged: values are immutable)
     * @param file the opened file, of this provider's kind, content version and rules
     * @param preset the preset, or null for a kind every preset shares
     * @return {@code into} with the table added, replacing one of the same kind and preset
     * @throws TableException if the file's dimensions and sections do not fit together
     */
    EngineTables addTo(EngineTables into, TableFile file, Preset preset);

    /**
     * What an opened file of this kind holds, a few words ({@code 461,186 segments (min-hand counts)}).
     *
     * @param file the opened file, of this provider's kind, content version and rules
     */
    String describe(TableFile file);
}
