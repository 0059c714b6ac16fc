package io.github.ddzengine.tools.cli;

import java.nio.file.Path;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Option;

/**
 * The {@code --tables DIR} option (a picocli mixin): where the precomputed tables are. A verb that
 * uses them adds {@code @Mixin TablesOption tables}, calls {@link #load} when it starts and passes
 * the {@link EngineTables} it returns to the solvers, counters and agents it makes: tables that
 * are there are used, missing ones are computed instead (silently), and a corrupt,
 * truncated or stale file stops the verb with exit code 2 and one line naming the file and the fix
 * ({@link TableException}, turned into that line by {@code Ddz}).
 */
public final class TablesOption {
    @Option(names = "--tables", paramLabel = "DIR",
        description = "Directory of the precomputed tables (default: $" + Tables.ENV + ", else ~/.cache/ddz/tables); "
            + "missing tables are computed instead.")
    private Path dir;

    /** What the last {@link #report} loaded (null before it). */
    private Tables.LoadReport loaded;

    /** The tables directory: {@code --tables}, else {@code $DDZ_TABLES}, else {@code ~/.cache/ddz/tables}. */
    public Path directory() {
        return Tables.directory(dir);
    }

    /**
     * Where {@link #directory()} comes from: {@code from --tables}, {@code from $DDZ_TABLES} or
     * {@code the default location}.
     */
    public String source() {
        if (dir != null) {
            return "from --tables";
        }
        String env = System.getenv(Tables.ENV);
        return env != null && !env.isBlank() ? "from $" + Tables.ENV : "the default location";
    }

    /**
     * Loads the tables of {@link #directory()} for {@code preset} (and those every preset shares).
     *
     * @return what was loaded or absent, and the tables value ({@link Tables.LoadReport#engineTables()})
     * @throws TableException if a table file is there but cannot be used
     */
    public Tables.LoadReport report(Preset preset) {
        loaded = Tables.load(directory(), preset);
        return loaded;
    }

    /**
     * What the last {@link #report} or {@link #load} loaded, or null if neither was called (or it
     * failed): {@link MappedReads} names a table file that failed under a batch from it.
     */
    public Tables.LoadReport loaded() {
        return loaded;
    }

    /**
     * The engine of these tables for {@code rules}: its own preset's tables loaded now (the load
     * report kept for {@link #loaded()}), the other presets' from {@link #directory()} at first use.
     *
     * @throws TableException if a table file is there but cannot be used
     */
    public DdzEngine engine(Rules rules) {
        return DdzEngine.of(rules).withTables(load(rules.preset())).withTableDirectory(directory());
    }

    /**
     * The tables of {@link #directory()} for {@code preset}: {@link #report}'s value.
     *
     * @throws TableException if a table file is there but cannot be used
     */
    public EngineTables load(Preset preset) {
        return report(preset).engineTables();
    }
}
