package io.github.ddzengine.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of this module in a fresh JVM on the test class path (for what an in-process
 * run cannot show: a real {@code /dev/full}, a whole process's exit code), every run bounded in time.
 */
final class Jvm {
    private Jvm() {
    }

    /** The outcome of a run. */
    record Result(int exitCode, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    /** A command line {@code java -cp CLASSPATH mainClass args} with flags for a quick start. */
    static List<String> command(String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Xmx512m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * Runs {@code mainClass} with {@code stdin} as its input and its standard output sent to
     * {@code stdout} (a file such as {@code /dev/full}), or captured when {@code stdout} is null.
     *
     * @throws AssertionError if it runs longer than {@code seconds} (it is killed)
     */
    static Result run(long seconds, String stdin, Path stdout, String mainClass, String... args)
        throws IOException, InterruptedException {
        return run(seconds, stdin, stdout, command(mainClass, args));
    }

    /** {@link #run(long, String, Path, String, String...)} of a whole command line. */
    static Result run(long seconds, String stdin, Path stdout, List<String> command)
        throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile());
        }
        Process p = pb.start();
        try {
            Thread feeder = new Thread(() -> {
                try (var in = p.getOutputStream()) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    // the process stopped reading
                }
            });
            feeder.setDaemon(true);
            feeder.start();
            var outReader = new java.util.concurrent.CompletableFuture<String>();
            Thread reader = new Thread(() -> {
                try {
                    outReader.complete(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    outReader.complete("");
                }
            });
            reader.setDaemon(true);
            reader.start();
            var errReader = new java.util.concurrent.CompletableFuture<String>();
            Thread errThread = new Thread(() -> {
                try {
                    errReader.complete(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    errReader.complete("");
                }
            });
            errThread.setDaemon(true);
            errThread.start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                throw new AssertionError(String.join(" ", command) + ": still running after " + seconds + " s");
            }
            try {
                return new Result(p.exitValue(), outReader.get(seconds, TimeUnit.SECONDS),
                    errReader.get(seconds, TimeUnit.SECONDS));
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new AssertionError("the output of " + command.get(command.size() - 1)
                    + " is still open after the process ended (a process it started holds it)", e);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
