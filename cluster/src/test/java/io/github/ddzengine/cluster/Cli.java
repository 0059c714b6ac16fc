package io.github.ddzengine.cluster;

import io.github.ddzengine.tools.Ddz;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import picocli.CommandLine;

/**
 * {@code ddz} run in this JVM with captured streams (the cluster engine is on the class path, so
 * {@code --cluster} runs here too), and what the tests compare.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
record Cli(int exitCode, String out, String err) {
    static Cli run(String... args) {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(new byte[0]));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return new Cli(code, out.toString(), err.toString());
    }

    /** Standard output of a run that must succeed. */
    String ok() {
        assertEquals(0, exitCode, err);
        assertEquals("", err);
        return out;
    }

    /**
     * A {@code --json} report without what depends on where and how fast it ran: {@code threads},
     * {@code cluster}, {@code partitions}, {@code seconds} and {@code games_per_s}. Everything
     * else is compared byte for byte.
     */
    static String figures(String json) {
        return json.replaceAll("\"threads\":\\d+,", "").replaceAll("\"cluster\":\"[^\"]*\",", "")
            .replaceAll("\"partitions\":\\d+,", "").replaceAll("\"seconds\":[^,]*,", "")
            .replaceAll("\"games_per_s\":[^,]*,", "");
    }

    /** The part files of a distributed run's output directory, concatenated in name order. */
    static String parts(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> parts = s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
            StringBuilder sb = new StringBuilder();
            for (Path p : parts) {
                sb.append(Files.readString(p, StandardCharsets.UTF_8));
            }
            return sb.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many part files a distributed run wrote. */
    static long partCount(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("part-")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
