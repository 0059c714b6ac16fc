package io.github.ddzengine.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.storage.StorageLevel;

import io.github.ddzengine.engine.ClusterRunner;
import io.github.ddzengine.engine.MatchJob;

/**
 * {@code ddz play --cluster} on Apache Spark. The deals {@code 0..n-1} are cut into {@code P}
 * contiguous ranges, partition {@code p} holding deals {@code floor(p n / P)} to
 * {@code floor((p + 1) n / P) - 1}; each task plays its range with {@link MatchJob#play} on one
 * core. With {@code --out}, the records go to {@code OUT/part-NNNNN} through Spark's own text
 * output (so any file system Spark writes to: a shared directory, {@code hdfs://}, {@code s3a://});
 * the parts are kept (memory, then disk) between that job and the one that collects the outcomes,
 * and a part lost in between is simply played again with the same result. The driver receives 8
 * bytes a game and reduces them in match order.
 *
 * <p><b>Fault tolerance.</b> A failed task (an executor lost, a thrown exception) is run again by
 * Spark ({@code spark.task.maxFailures}, 4 by default on a cluster; {@code local[N,F]} in local
 * mode); every game is seeded by (seed, deal, side), so the run again gives the same games. The
 * test hooks {@value #FAIL_ONCE} and {@value #HALT_ONCE} (a partition index) make the first attempt
 * of that partition's task throw, or halt its executor's JVM.
 */
public final class SparkMatchRunner implements ClusterRunner {
    /** Test hook: the first attempt of this partition's task throws. */
    public static final String FAIL_ONCE = "spark.ddz.test.failOnce";
    /** Test hook: the first attempt of this partition's task halts its executor JVM (not in local mode). */
    public static final String HALT_ONCE = "spark.ddz.test.haltOnce";
    /** Partitions per core of the cluster when {@code --partitions} is not given. */
    static final int PARTITIONS_PER_CORE = 4;

    /** Spark finds it through {@link java.util.ServiceLoader}. */
    public SparkMatchRunner() {
    }

    @Override
    public Result play(String master, MatchJob job, Integer partitions, String out) {
        try (SparkJobs spark = SparkJobs.start(master, "ddz play")) {
            JavaSparkContext sc = spark.context();
            int n = job.deals();
            int p = partitions != null ? partitions : Math.max(1, Math.min(n, PARTITIONS_PER_CORE * sc.defaultParallelism()));
            if (out != null) {
                checkAbsent(sc, out);
            }
            long t0 = System.nanoTime();
            List<Integer> indices = new ArrayList<>(p);
            for (int i = 0; i < p; i++) {
                indices.add(i);
            }
            PlayRange task = new PlayRange(job, n, p, out != null, sc.getConf().getInt(FAIL_ONCE, -1),
                sc.getConf().getInt(HALT_ONCE, -1));
            JavaRDD<MatchJob.Part> parts = sc.parallelize(indices, p).map(task);
            List<MatchJob.Part> result;
            try {
                if (out != null) {
                    parts.persist(StorageLevel.MEMORY_AND_DISK());
                    sc.setJobDescription("ddz play: records to " + out);
                    parts.flatMap(part -> part.records().iterator()).saveAsTextFile(out);
                }
                sc.setJobDescription("ddz play: outcomes");
                result = parts.map(MatchJob.Part::withoutRecords).collect();
            } catch (Exception e) { // SparkException is checked but undeclared
                throw SparkJobs.unwrap(e);
            } finally {
                parts.unpersist(false);
            }
            return new Result(result, p, (System.nanoTime() - t0) / 1e9);
        }
    }

    @Override
    public TableSession tables(String master, Integer partitions) {
        return new SparkTableBuilder(master, partitions);
    }

    private static void checkAbsent(JavaSparkContext sc, String out) {
        try {
            Path path = new Path(out);
            FileSystem fs = path.getFileSystem(sc.hadoopConfiguration());
            if (fs.exists(path)) {
                throw new IllegalArgumentException("--out " + out + " exists: with --cluster it names a new directory "
                    + "for the part files");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--out " + out + ": " + e.getMessage(), e);
        }
    }

    /** The task: partition {@code p}'s range of deals, played. */
    static final class PlayRange implements Function<Integer, MatchJob.Part> {
        private static final long serialVersionUID = 1L;
        private final MatchJob job;
        private final int deals;
        private final int partitions;
        private final boolean records;
        private final int failOnce;
        private final int haltOnce;

        PlayRange(MatchJob job, int deals, int partitions, boolean records, int failOnce, int haltOnce) {
            this.job = job;
            this.deals = deals;
            this.partitions = partitions;
            this.records = records;
            this.failOnce = failOnce;
            this.haltOnce = haltOnce;
        }

        @Override
        public MatchJob.Part call(Integer p) {
            SparkJobs.testHooks(p, failOnce, haltOnce);
            return job.play(from(p, deals, partitions), from(p + 1, deals, partitions), records);
        }
    }

    /** The first deal of partition {@code p} of {@code partitions} over {@code deals} deals. */
    static int from(int p, int deals, int partitions) {
        return (int) ((long) p * deals / partitions);
    }
}
