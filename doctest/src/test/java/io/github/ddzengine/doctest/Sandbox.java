package io.github.ddzengine.doctest;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where the samples of one Markdown file run: {@code doctest/target/samples/SLUG/main}, a scratch
 * copy of the repository's top level (a symbolic link per entry, so {@code examples/},
 * {@code tools/target/ddz.jar} and the rest resolve as in the repository) with {@code ./ddz} a
 * two-line script that runs the repository's launcher ({@code testdata/}, the reference data, resolves
 * there like every other entry). Files a sample writes ({@code --out
 * games.jsonl}) land in the scratch directory, where the file's later samples find them.
 *
 * <p>Every command runs as {@code bash -c COMMAND} there, with standard input empty, standard error
 * merged into standard output (as a terminal shows them), {@code DDZ_TABLES} set to an empty
 * directory (the samples show the engine without precomputed tables, as on a fresh machine, whatever
 * {@code ~/.cache/ddz/tables} holds), {@code DDZ_NO_BUILD=1} (the launcher fails instead of
 * building: the jar was built by the package phase), {@code DDZ_WARM=0} (no warm engine: each
 * command a process of its own) and without {@code DDZ_JAVA_OPTS} or {@code DDZ_DEBUG}.
 */
final class Sandbox {
    /** Where a file's scratch directories live. */
    static final Path BASE = Markdown.ROOT.resolve("doctest/target/samples");

    private final Path dir;
    private final Path tables;

    /**
     * The result of one command.
     *
     * @param exitCode its exit code, or -1 when it was killed at its time limit
     * @param output standard output and error as one text
     * @param millis its wall time
     */
    record Result(int exitCode, String output, long millis) {
    }

    private Sandbox(Path dir, Path tables) {
        this.dir = dir;
        this.tables = tables;
    }

    /** A fresh scratch directory for the samples of {@code file}. */
    static Sandbox forFile(Path file) {
        String slug = file.toString().replaceAll("[^A-Za-z0-9]+", "-");
        Path top = BASE.resolve(slug);
        try {
            delete(top);
            Path main = Files.createDirectories(top.resolve("main"));
            Path tables = Files.createDirectories(top.resolve("tables"));
            try (Stream<Path> s = Files.list(Markdown.ROOT)) {
                for (Path p : s.toList()) {
                    String name = p.getFileName().toString();
                    if (!name.equals(".git") && !name.equals("ddz") && !name.equals("target")) {
                        Files.createSymbolicLink(main.resolve(name), p);
                    } else if (name.equals("target") && Files.isDirectory(p.resolve("release"))) {
                        // the release files (docs/releasing.md), not the rest of the root's target/
                        Files.createSymbolicLink(Files.createDirectories(main.resolve(name)).resolve("release"),
                            p.resolve("release"));
                    }
                }
            }
            Path ddz = main.resolve("ddz");
            Files.writeString(ddz, "#!/bin/sh\n# the repository's launcher, run from this scratch directory\nexec '"
                + Markdown.ROOT.resolve("ddz") + "' \"$@\"\n");
            if (!ddz.toFile().setExecutable(true)) {
                throw new IOException("cannot make " + ddz + " executable");
            }
            return new Sandbox(main, tables);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The scratch directory (the samples' working directory). */
    Path dir() {
        return dir;
    }

    /** A path of a sample, resolved as the sample's shell would resolve it. */
    Path resolve(String path) {
        return dir.resolve(path).normalize();
    }

    /** Runs {@code bash -c command} here, killing it (and its children) after {@code timeoutSeconds}. */
    Result run(String command, int timeoutSeconds) {
        return run(List.of("bash", "-c", command), timeoutSeconds);
    }

    /** Runs a process here with the samples' environment and limit. */
    Result run(List<String> argv, int timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
            .redirectInput(new File("/dev/null"));
        Map<String, String> env = pb.environment();
        env.remove("DDZ_JAVA_OPTS");
        env.remove("DDZ_DEBUG");
        env.put("DDZ_TABLES", tables.toString());
        env.put("DDZ_NO_BUILD", "1");
        env.put("DDZ_WARM", "0"); // every sample in its own process, as on a fresh machine (docs/cli/warm.md)
        long start = System.nanoTime();
        try {
            Process p = pb.start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            String text = out.get(10, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - start) / 1_000_000;
            return new Result(done ? p.exitValue() : -1, text, ms);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("running " + argv + ": " + e, e);
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path top) throws IOException {
        if (!Files.exists(top, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        // links are deleted as links: walk does not follow them
        try (Stream<Path> s = Files.walk(top)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * CPU time of this JVM's finished child processes and their own waited-for children, in seconds
     * ({@code /proc/self/stat}, cutime + cstime), or -1 where that file does not exist.
     */
    static double childCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // fields after the command name start at field 3 (state): cutime is field 16, cstime 17
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
