package io.github.ddzengine.tables;

import java.nio.file.Path;

/**
 * A table file that cannot be used (corrupt, truncated, stale, of another kind or preset), or a
 * table directory that cannot be written. The message is one line that names the file, the
 * problem and, for a refused file, the fix:
 * {@code /home/me/.cache/ddz/tables/minhands-segments.ddzt: body checksum mismatch (stored
 * 1a2b3c4d, computed 5e6f7a8b); run `ddz tables build --out /home/me/.cache/ddz/tables` to rebuild it}.
 *
 * <p>A missing table is not an error: loaders report it as absent and callers compute instead.
 */
public final class TableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Path path;
    private final String problem;

    private TableException(Path path, String problem, String message, Throwable cause) {
        super(message, cause);
        this.path = path;
        this.problem = problem;
    }

    /**
     * A refused table file: {@code "FILE: PROBLEM; run `ddz tables build --out DIR` to rebuild it"}.
     *
     * @param file the table file
     * @param problem what is wrong, without the file name (one line)
     */
    public static TableException refused(Path file, String problem) {
        Path dir = file.toAbsolutePath().getParent();
        return new TableException(file, problem, file + ": " + problem + "; run `ddz tables build"
            + (dir == null ? "" : " --out " + dir) + "` to rebuild it", null);
    }

    /**
     * A file or directory that cannot be read or written: {@code "PATH: WHAT (CAUSE)"}.
     *
     * @param path the file or directory
     * @param what what failed ({@code cannot create the directory})
     * @param cause the I/O error, or null
     */
    public static TableException io(Path path, String what, Exception cause) {
        String why = cause == null ? "" : " (" + describe(cause) + ")";
        return new TableException(path, what + why, path + ": " + what + why, cause);
    }

    /** The file or directory concerned. */
    public Path path() {
        return path;
    }

    /** The problem without the file name and the fix ({@code stale: content version 0, ...}). */
    public String problem() {
        return problem;
    }

    /** An I/O exception as a few words: its class for the bare ones ({@code AccessDeniedException}), plus its message. */
    static String describe(Exception e) {
        String name = e.getClass().getSimpleName();
        String m = e.getMessage();
        if (e instanceof java.nio.file.FileSystemException f) {
            String reason = f.getReason();
            String kind = switch (name) {
                case "AccessDeniedException" -> "permission denied";
                case "NoSuchFileException" -> "no such file or directory";
                case "FileAlreadyExistsException" -> "a file is in the way";
                case "NotDirectoryException" -> "not a directory";
                case "DirectoryNotEmptyException" -> "directory not empty";
                default -> null;
            };
            if (kind != null) {
                return reason == null ? kind : kind + ": " + reason;
            }
            return reason != null ? reason : name;
        }
        return m == null ? name : m.replaceAll("\\s*\\R\\s*", " ");
    }
}
