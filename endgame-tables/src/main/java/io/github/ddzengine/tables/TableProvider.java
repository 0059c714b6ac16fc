package io.github.ddzengine.tables;

import java.nio.file.Path;

import io.github.ddzengine.core.rules.Preset;

/**
 * One kind of table as {@link Tables} sees it: where its file lives, how to build it and how to
 * install it into the engine. Register an implementation in {@link Tables#PROVIDERS}.
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
     * sections, say) without installing it; {@link Tables#info} and {@link #install} rely on it.
     *
     * @param file the opened file, of this provider's kind, content version and rules
     * @param preset the preset, or null for a kind every preset shares
     * @throws TableException if the file cannot be used
     */
    void validate(TableFile file, Preset preset);

    /**
     * Installs a validated table file into the engine (for example
     * {@link io.github.ddzengine.core.split.MinHands#useSegmentTable}).
     *
     * @param file the opened file, of this provider's kind, content version and rules
     * @param preset the preset, or null for a kind every preset shares
     * @return what was installed, a few words ({@code 461,186 segments})
     * @throws TableException if the file's dimensions and sections do not fit together
     */
    String install(TableFile file, Preset preset);
}
