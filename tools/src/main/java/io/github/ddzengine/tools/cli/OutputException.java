package io.github.ddzengine.tools.cli;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file a verb writes (not standard output) could not be written: {@code cannot write FILE:
 * REASON}. {@code Ddz} turns it into that one line and {@link Exits#OUTPUT}.
 */
public final class OutputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** {@code cannot write FILE: REASON}, REASON from the I/O error. */
    public OutputException(Path file, IOException cause) {
        super("cannot write " + file + ": " + reason(cause), cause);
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such directory or file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : Exits.oneLine(m);
    }
}
