package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import picocli.CommandLine;

/**
 * Runs {@code ddz} in-process with captured streams: the exit code, standard output and error.
 * Public for the tests of other packages (the review tests).
 *
 * @param exitCode the exit code
 * @param out all of standard output
 * @param err all of standard error
 */
public record CliRun(int exitCode, String out, String err) {
    /** Runs {@code ddz args} with {@code stdin} as standard input. */
    public static CliRun withInput(String stdin, String... args) {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Runs {@code ddz args} with empty standard input. */
    public static CliRun of(String... args) {
        return withInput("", args);
    }

    /** The lines of standard output. */
    public List<String> outLines() {
        return out.lines().toList();
    }

    /** The lines of standard error. */
    public List<String> errLines() {
        return err.lines().toList();
    }

    /**
     * Asserts a success: exit code 0 and nothing on standard error.
     *
     * @return the lines of standard output
     */
    public List<String> assertSuccess() {
        assertEquals(0, exitCode, err);
        assertEquals("", err);
        return outLines();
    }

    /**
     * Asserts a usage or input error: exit code 2, nothing on standard output, and one line on
     * standard error, from {@code ddz}, that contains {@code message} and names no exception.
     *
     * @param what the case, for failure messages
     */
    public void assertUsageError(String what, String message) {
        assertEquals(2, exitCode, what + ": " + err);
        assertEquals("", out, what);
        assertEquals(1, errLines().size(), what + ": " + err);
        assertTrue(err.startsWith("ddz"), what + ": " + err);
        assertTrue(err.contains(message), what + ": " + err);
        assertFalse(err.contains("Exception"), what + ": " + err);
    }
}
