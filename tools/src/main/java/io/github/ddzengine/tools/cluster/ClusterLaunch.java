package io.github.ddzengine.tools.cluster;

import io.github.ddzengine.engine.ClusterRunner;
import io.github.ddzengine.tools.cli.Exits;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How {@code ddz play --cluster} reaches the cluster engine without depending on it: the
 * {@link ClusterRunner} on the class path if there is one (inside the {@code ddz-cluster} jar),
 * otherwise the {@code ddz-cluster} jar started as a child JVM with the same arguments, its
 * output passed through and its exit code returned.
 *
 * <p>Why a child JVM rather than loading the jar into this one: the cluster engine (Spark, 200 MB
 * of libraries) needs JVM flags of its own on Java 17 ({@code --add-opens}, which its jar's
 * manifest carries for {@code java -jar}), a Jackson version of its own, and memory settings of
 * a driver, none of which the small {@code ddz} JVM should carry for every other verb.
 */
public final class ClusterLaunch {
    /** Environment variable naming the cluster jar. */
    static final String JAR_ENV = "DDZ_CLUSTER_JAR";
    /** Environment variable with extra JVM flags for the child JVM (the driver). */
    static final String JAVA_OPTS_ENV = "DDZ_CLUSTER_JAVA_OPTS";
    /** The runnable cluster jar that carries Spark (for local mode and clusters without Spark). */
    static final String LOCAL_JAR = "ddz-cluster-local.jar";

    /** The first JDK feature release that has {@code --sun-misc-unsafe-memory-access} (JEP 471). */
    private static final int UNSAFE_FLAG_SINCE = 23;

    private ClusterLaunch() {
    }

    /** The cluster engine on this class path, if any. */
    public static Optional<ClusterRunner> runner() {
        return ServiceLoader.load(ClusterRunner.class).findFirst();
    }

    /**
     * The cluster jar: {@code $DDZ_CLUSTER_JAR}, else {@value #LOCAL_JAR} beside the running jar,
     * else {@code cluster/target/}{@value #LOCAL_JAR} of the source tree the running jar was built
     * in ({@code tools/target/ddz.jar}).
     *
     * @throws IllegalArgumentException naming where it looked and how to build it
     */
    static Path jar() {
        String env = System.getenv(JAR_ENV);
        if (env != null && !env.isBlank()) {
            Path p = Path.of(env);
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("--cluster: $" + JAR_ENV + " names " + p + ", which is not a file");
            }
            return p;
        }
        List<Path> tried = new ArrayList<>();
        Path here = runningJarDirectory();
        if (here != null) {
            tried.add(here.resolve(LOCAL_JAR));
            if (here.getParent() != null) {
                tried.add(here.getParent().resolveSibling("cluster").resolve("target").resolve(LOCAL_JAR));
            }
        }
        for (Path p : tried) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--cluster needs the cluster jar " + LOCAL_JAR + " (looked for "
            + (tried.isEmpty() ? "it beside ddz.jar" : tried.stream().map(Path::toString).reduce((x, y) -> x + ", " + y)
            .orElse("")) + "): build it with 'mvn -B -DskipTests package -pl cluster -am', or set $" + JAR_ENV);
    }

    private static Path runningJarDirectory() {
        try {
            Path p = Path.of(ClusterLaunch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p.getParent(); // tools/target for tools/target/ddz.jar and for tools/target/classes
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
    }

    /**
     * A verb given {@code --cluster} where the cluster engine is not on this class path: runs the
     * same command line in the cluster jar ({@link #launch}) and returns its exit code, or
     * {@link Exits#USAGE} with one line where the jar is not found. Null where the verb goes on in
     * this JVM ({@code cluster} null, or the engine here).
     */
    public static Integer elsewhere(CommandSpec verb, String cluster) throws IOException {
        if (cluster == null || runner().isPresent()) {
            return null;
        }
        try {
            return launch(verb.commandLine().getParseResult().originalArgs(), verb.commandLine().getOut(),
                verb.commandLine().getErr());
        } catch (IllegalArgumentException e) {
            return Exits.inputError(verb, e);
        }
    }

    /**
     * Runs the cluster jar with {@code args} in a child JVM (this JVM's {@code java}, the flags of
     * {@code $DDZ_CLUSTER_JAVA_OPTS}), copying its standard output and error to {@code out} and
     * {@code err} as they come.
     *
     * @return the child's exit code
     * @throws IllegalArgumentException if the jar is not found
     */
    public static int launch(List<String> args, PrintWriter out, PrintWriter err) throws IOException {
        Path jar = jar();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= UNSAFE_FLAG_SINCE) {
            // Spark's off-heap code calls sun.misc.Unsafe, which JDK 24 and later warn about on
            // stderr at its first call (JEP 498); the flag (JDK 23 and later) allows it quietly
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        String opts = System.getenv(JAVA_OPTS_ENV);
        if (opts != null && !opts.isBlank()) {
            command.addAll(List.of(opts.trim().split("\\s+")));
        }
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        Thread copyErr = copy(p.getErrorStream(), err);
        Thread copyOut = copy(p.getInputStream(), out);
        try {
            int code = p.waitFor();
            copyOut.join();
            copyErr.join();
            return code;
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the cluster job ran", e);
        }
    }

    private static Thread copy(InputStream from, PrintWriter to) {
        Thread t = new Thread(() -> {
            try (Reader r = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                char[] buf = new char[8192];
                for (int n; (n = r.read(buf)) >= 0; ) {
                    synchronized (to) {
                        to.write(buf, 0, n);
                        to.flush();
                    }
                }
            } catch (IOException e) {
                // the child is gone; its exit code says the rest
            }
        }, "ddz-cluster-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
