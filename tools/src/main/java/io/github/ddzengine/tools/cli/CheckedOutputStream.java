package io.github.ddzengine.tools.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that remembers the first error its target gave, so that a verb whose
 * {@link java.io.PrintWriter} or {@link java.io.PrintStream} swallowed it (they only set a flag)
 * can still say why its output was lost: {@code No space left on device}, {@code Broken pipe}.
 * Every call is passed on; an error is thrown on as well.
 */
public final class CheckedOutputStream extends FilterOutputStream {
    private volatile IOException failure;

    /**
     * Watches {@code target}.
     *
     * @param target the stream written to
     */
    public CheckedOutputStream(OutputStream target) {
        super(target);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /** Whether the first error was a closed pipe: the reader went away ({@code | head}), EPIPE. */
    public boolean brokenPipe() {
        IOException f = failure;
        return f != null && f.getMessage() != null && f.getMessage().contains("Broken pipe");
    }

    /** The first error, or null if every write so far succeeded. */
    public IOException failure() {
        return failure;
    }

    /**
     * Why the output failed, a few words: the first error's message ({@code No space left on
     * device}), its class when it has none, or {@code write error} when no error was seen here.
     *
     * @return one line
     */
    public String reason() {
        IOException f = failure;
        if (f == null) {
            return "write error";
        }
        String m = f.getMessage();
        return m == null || m.isBlank() ? f.getClass().getSimpleName() : Exits.oneLine(m);
    }
}
