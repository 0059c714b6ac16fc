package org.ddz.tools;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import picocli.CommandLine;

/** Runs {@code ddz} in-process with captured streams: the exit code, standard output and error. */
record CliRun(int exitCode, String out, String err) {
    /** Runs {@code ddz args} with {@code stdin} as standard input. */
    static CliRun withInput(String stdin, String... args) {
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
    static CliRun of(String... args) {
        return withInput("", args);
    }

    /** The lines of standard output. */
    List<String> outLines() {
        return out.lines().toList();
    }

    /** The lines of standard error. */
    List<String> errLines() {
        return err.lines().toList();
    }
}
