package io.github.ddzengine.tools.cli;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The standard streams of a verb, as every {@code ddz} command writes them: UTF-8, standard output
 * buffered (64 KiB, no auto-flush: it is flushed once at the end, so big listings do not cost a
 * system call a line), standard error flushed a line at a time; and the end of a run, where output
 * that could not be written becomes one line and {@link Exits#OUTPUT}. No picocli class is loaded
 * here.
 */
public final class VerbStreams {
    private VerbStreams() {
    }

    /** Standard output over {@code checked}: UTF-8, a 64 KiB buffer, no auto-flush. */
    public static PrintWriter out(CheckedOutputStream checked) {
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(checked, StandardCharsets.UTF_8), 1 << 16),
            false);
    }

    /** Standard error over {@code err}: UTF-8, flushed at each line. */
    public static PrintWriter err(OutputStream err) {
        return new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    }

    /**
     * Flushes both streams and returns the run's exit code: {@code code}, or {@link Exits#OUTPUT}
     * when standard output could not be written, after one line {@code VERB: cannot write standard
     * output: REASON} on {@code e} (none for a closed pipe: its reader stopped, {@code | head}, as
     * SIGPIPE leaves a C tool).
     *
     * @param o the run's standard output ({@link #out} over {@code checked})
     * @param verb the command's name for the error line, e.g. {@code ddz solve}
     */
    public static int finish(PrintWriter o, CheckedOutputStream checked, PrintWriter e, String verb, int code) {
        o.flush();
        int result = code;
        if (o.checkError()) {
            if (!checked.brokenPipe()) {
                e.println(verb + ": cannot write standard output: " + checked.reason());
            }
            result = Exits.OUTPUT;
        }
        e.flush();
        return result;
    }
}
