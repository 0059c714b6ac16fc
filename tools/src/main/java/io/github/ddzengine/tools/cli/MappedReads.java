package io.github.ddzengine.tools.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.tables.Tables;

/**
 * Failed reads of memory-mapped table files. A table file changed in place or truncated while a
 * verb has it mapped makes the next read of a vanished page fail: the JVM throws an
 * {@link InternalError} ("a fault occurred in an unsafe memory access operation"). This turns it
 * into a one-line table error that names the file when it can tell which one changed.
 */
public final class MappedReads {
    private MappedReads() {
    }

    /** Whether {@code t} is the JVM's error for a failed read of mapped memory. */
    static boolean isMappedReadFailure(Throwable t) {
        return t instanceof InternalError && t.getMessage() != null && t.getMessage().contains("unsafe memory access");
    }

    /**
     * The one-line message of a failed mapped read, or null if {@code t} is something else.
     *
     * @param t what was thrown
     * @param loaded the tables the verb loaded, to name the file whose length changed (may be null)
     */
    public static String describe(Throwable t, Tables.LoadReport loaded) {
        if (!isMappedReadFailure(t)) {
            return null;
        }
        List<Path> changed = new ArrayList<>();
        Path dir = null;
        if (loaded != null) {
            dir = loaded.directory();
            for (Tables.Loaded l : loaded.tables()) {
                if (l.loaded() && length(l.file()) != l.fileBytes()) {
                    changed.add(l.file());
                }
            }
        }
        String which = changed.size() == 1 ? "the table file " + changed.get(0)
            : dir != null ? "a table file in " + dir : "a table file";
        String fix = dir != null ? "; run `ddz tables build --out " + dir.toAbsolutePath() + "` to rebuild it" : "";
        return "reading " + which + " failed: it was changed or truncated while in use (tables must be replaced, "
            + "never rewritten in place, while a verb runs)" + fix;
    }

    /** {@link #describe(Throwable, Tables.LoadReport)} without the loaded tables. */
    public static String describe(Throwable t) {
        return describe(t, null);
    }

    private static long length(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
