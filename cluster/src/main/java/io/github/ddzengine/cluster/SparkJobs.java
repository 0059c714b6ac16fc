package io.github.ddzengine.cluster;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.Locale;

import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;

import io.github.ddzengine.mc.arena.ArenaException;
import io.github.ddzengine.tables.TableException;

/**
 * The Spark context of one {@code ddz} job and what every job does with it: settings, the
 * application jar, failures turned into the command line's one-line errors, the test hooks.
 *
 * <p>Settings come from Spark's usual places ({@code spark-submit --conf}, {@code spark.*} system
 * properties, {@code spark-defaults.conf} under {@code spark-submit}); the master is the one the
 * command names. In local mode the driver binds to 127.0.0.1 and the web UI is off unless set. On
 * a cluster, when {@code spark.jars} is not set (not started by {@code spark-submit}), the
 * executors get {@code ddz-cluster.jar} from the driver: the one beside the running jar if there
 * is one, else the running jar itself.
 */
final class SparkJobs implements AutoCloseable {
    private final JavaSparkContext context;

    private SparkJobs(JavaSparkContext context) {
        this.context = context;
    }

    /**
     * Starts (or joins, under {@code spark-submit}) the Spark context.
     *
     * @param master the master URL ({@code local[2]}, {@code spark://host:7077}, ...)
     * @throws IllegalArgumentException if Spark refuses the master (one line)
     */
    static SparkJobs start(String master, String appName) {
        SparkConf conf = new SparkConf(true);
        conf.setMaster(master);
        conf.setIfMissing("spark.app.name", appName);
        if (master.toLowerCase(Locale.ROOT).startsWith("local")) {
            conf.setIfMissing("spark.ui.enabled", "false");
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        } else if (!conf.contains("spark.jars")) {
            String jar = applicationJar();
            if (jar != null) {
                conf.set("spark.jars", jar);
            }
        }
        try {
            return new SparkJobs(new JavaSparkContext(SparkContext.getOrCreate(conf)));
        } catch (Exception e) { // SparkException for a bad master URL is checked but undeclared
            throw new IllegalArgumentException("--cluster " + master + ": " + firstLine(e), e);
        }
    }

    /** The jar executors need: {@code ddz-cluster.jar} beside the running jar, else the running jar; null from classes. */
    private static String applicationJar() {
        try {
            java.nio.file.Path here = java.nio.file.Path.of(SparkJobs.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
            if (!Files.isRegularFile(here)) {
                return null;
            }
            java.nio.file.Path thin = here.resolveSibling("ddz-cluster.jar");
            return (Files.isRegularFile(thin) ? thin : here).toAbsolutePath().toString();
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    JavaSparkContext context() {
        return context;
    }

    @Override
    public void close() {
        context.stop();
    }

    /**
     * A job's failure as the command line reports it: an agent's failure as its
     * {@link ArenaException} (exit code 1, the game named), a table file that cannot be used as its
     * {@link TableException} (exit code 2), anything else as it came.
     */
    static RuntimeException unwrap(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ArenaException a) {
                return a;
            }
            if (t instanceof TableException te) {
                return te;
            }
        }
        // on a cluster the task's exception may come back as text only
        String m = String.valueOf(e.getMessage());
        String marker = ArenaException.class.getName() + ": ";
        int at = m.indexOf(marker);
        if (at >= 0) {
            String rest = m.substring(at + marker.length());
            int eol = rest.indexOf('\n');
            return new ArenaException(eol < 0 ? rest : rest.substring(0, eol), e);
        }
        return e instanceof RuntimeException r ? r : new IllegalStateException(firstLine(e), e);
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int eol = m.indexOf('\n');
        return eol < 0 ? m : m.substring(0, eol);
    }

    /**
     * The test hooks of a task for partition {@code p}: on its first attempt, throw if
     * {@code p == failOnce}; halt the executor's JVM if {@code p == haltOnce} (in local mode, where
     * the executor is the driver, throw instead).
     */
    static void testHooks(int p, int failOnce, int haltOnce) {
        TaskContext tc = TaskContext.get();
        if (tc == null || tc.attemptNumber() != 0) {
            return;
        }
        if (p == failOnce) {
            throw new IllegalStateException("test hook " + SparkMatchRunner.FAIL_ONCE + ": the first attempt of "
                + "partition " + p + " fails");
        }
        if (p == haltOnce) {
            if ("driver".equals(SparkEnv.get().executorId())) {
                throw new IllegalStateException("test hook " + SparkMatchRunner.HALT_ONCE + ": partition " + p
                    + " would halt the driver");
            }
            Runtime.getRuntime().halt(86);
        }
    }
}
