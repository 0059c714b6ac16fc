package io.github.ddzengine.tools;

import java.nio.file.Path;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Option;

/**
 * The {@code --tables DIR} option (a picocli mixin): where the precomputed tables are. A verb that
 * uses them adds {@code @Mixin TablesOption tables} and calls {@link #install} when it starts:
 * tables that are there are installed, missing ones are computed instead (silently), and a corrupt,
 * truncated or stale file stops the verb with exit code 2 and one line naming the file and the fix
 * ({@link TableException}, turned into that line by {@link Ddz}).
 */
final class TablesOption {
    @Option(names = "--tables", paramLabel = "DIR",
        description = "Directory of the precomputed tables (default: $" + Tables.ENV + ", else ~/.cache/ddz/tables); "
            + "missing tables are computed instead.")
    private Path dir;

    /** What the last {@link #install} installed (null before it). */
    private Tables.LoadReport installed;

    /** The tables directory: {@code --tables}, else {@code $DDZ_TABLES}, else {@code ~/.cache/ddz/tables}. */
    Path directory() {
        return Tables.directory(dir);
    }

    /**
     * Where {@link #directory()} comes from: {@code from --tables}, {@code from $DDZ_TABLES} or
     * {@code the default location}.
     */
    String source() {
        if (dir != null) {
            return "from --tables";
        }
        String env = System.getenv(Tables.ENV);
        return env != null && !env.isBlank() ? "from $" + Tables.ENV : "the default location";
    }

    /**
     * Installs the tables of {@link #directory()} for {@code preset} (and those every preset shares).
     *
     * @return what was installed or absent
     * @throws TableException if a table file is there but cannot be used
     */
    Tables.LoadReport install(Preset preset) {
        installed = Tables.load(directory(), preset);
        return installed;
    }

    /** What the last {@link #install} installed, or null if it was not called (or failed). */
    Tables.LoadReport installed() {
        return installed;
    }
}
