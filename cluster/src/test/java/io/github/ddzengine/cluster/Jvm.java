package io.github.ddzengine.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.spark.launcher.JavaModuleOptions;

/**
 * Child JVMs of the integration tests: started with this JVM's {@code java}, their output in a log
 * file, and always torn down with every process they started (a Spark worker's executors).
 */
final class Jvm implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path log;

    private Jvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** The {@code java} of this JVM. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The JVM flags Spark needs on Java 17 (what its launcher adds). */
    static List<String> sparkFlags() {
        return Arrays.asList(JavaModuleOptions.defaultModuleOptionArray());
    }

    /** A jar the build made, named by a system property the pom sets. */
    static Path builtJar(String property) {
        Path p = Path.of(System.getProperty(property, "(system property " + property + " not set)"));
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(p + " is missing: run the integration tests with mvn verify");
        }
        return p;
    }

    /** A free TCP port on the loopback interface. */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code command} with {@code env} added, standard output and error into {@code dir/name.log}. */
    static Jvm start(String name, List<String> command, Map<String, String> env, Path dir) {
        Path log = dir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        try {
            return new Jvm(name, pb.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A command: {@code java FLAGS -cp CLASSPATH MAIN ARGS}. */
    static List<String> command(List<String> flags, String classPath, String main, String... args) {
        List<String> c = new ArrayList<>();
        c.add(java());
        c.addAll(flags);
        c.add("-cp");
        c.add(classPath);
        c.add(main);
        c.addAll(List.of(args));
        return c;
    }

    /** Waits for the process to end; its exit code. */
    int await(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(name + " did not end within " + limit + "; log:\n" + log());
        }
        return process.exitValue();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** What it printed so far. */
    String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Ends the process and every process it started: politely first, then by force. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.toHandle().descendants().toList();
        process.destroy();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        for (ProcessHandle c : children) {
            c.destroyForcibly();
        }
        for (ProcessHandle c : children) {
            c.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> null).join();
        }
        process.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }
}
