package io.github.ddzengine.cluster;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.storage.StorageLevel;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.tables.EndgameTable;
import io.github.ddzengine.engine.ClusterRunner;

/**
 * {@code ddz tables build --cluster} on Apache Spark: each endgame table's outer hands
 * {@code 0..n-1} (the mover's hand for two seats, hand 0 for three, in the hand index order of
 * {@link EndgameTable}) are cut into {@code P} contiguous ranges, partition {@code p} holding hands
 * {@code floor(p n / P)} to {@code floor((p + 1) n / P) - 1}; each task solves its range with
 * {@link EndgameTable#solveRange} on one core and returns its runs of the body (one run for two
 * seats, one a mover for three). The slices are kept (memory, then disk) on the executors once
 * solved, then fetched one partition at a time and OR-ed into the body on the driver
 * ({@link EndgameTable#assemble}), so the driver holds the body and one slice, not every slice at
 * once. The command line writes the file as {@code ddz tables build} does.
 *
 * <p>A failed task is run again (every entry is an exact verdict, so the run again gives the same
 * bytes); the test hooks of {@link SparkMatchRunner} apply to these tasks too.
 */
final class SparkTableBuilder implements ClusterRunner.TableSession {
    /** Partitions per core of the cluster when {@code --partitions} is not given. */
    static final int PARTITIONS_PER_CORE = 4;

    private final SparkJobs spark;
    private final Integer partitions;
    private int lastPartitions;

    SparkTableBuilder(String master, Integer partitions) {
        this.spark = SparkJobs.start(master, "ddz tables build");
        this.partitions = partitions;
    }

    @Override
    public EndgameTable build(Preset preset, int seats, int maxCards, LongConsumer handsDone) {
        JavaSparkContext sc = spark.context();
        int n = EndgameTable.handCount(seats, maxCards);
        int p = Math.max(1, Math.min(n, partitions != null ? partitions : PARTITIONS_PER_CORE * sc.defaultParallelism()));
        List<Integer> indices = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            indices.add(i);
        }
        SolveRange task = new SolveRange(preset.id(), seats, maxCards, n, p, sc.getConf().getInt(SparkMatchRunner.FAIL_ONCE,
            -1), sc.getConf().getInt(SparkMatchRunner.HALT_ONCE, -1));
        JavaRDD<EndgameTable.Slice> slices = sc.parallelize(indices, p).map(task);
        try {
            slices.persist(StorageLevel.MEMORY_AND_DISK());
            sc.setJobDescription("ddz tables build: solve " + seats + "-seat " + preset.id() + ", hands up to "
                + maxCards + " cards");
            slices.count();
            sc.setJobDescription("ddz tables build: assemble");
            Iterator<EndgameTable.Slice> it = slices.toLocalIterator();
            Iterator<EndgameTable.Slice> counted = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public EndgameTable.Slice next() {
                    EndgameTable.Slice s = it.next();
                    if (handsDone != null) {
                        handsDone.accept(s.toHand());
                    }
                    return s;
                }
            };
            EndgameTable table = EndgameTable.assemble(preset, seats, maxCards, () -> counted);
            lastPartitions = p;
            return table;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the cluster's slices do not make a table: " + e.getMessage(), e);
        } catch (Exception e) { // SparkException is checked but undeclared
            throw SparkJobs.unwrap(e);
        } finally {
            slices.unpersist(false);
        }
    }

    @Override
    public int partitions() {
        return lastPartitions;
    }

    @Override
    public void close() {
        spark.close();
    }

    /** The task: partition {@code p}'s range of outer hands, solved. */
    static final class SolveRange implements Function<Integer, EndgameTable.Slice> {
        private static final long serialVersionUID = 1L;
        private final String preset;
        private final int seats;
        private final int maxCards;
        private final int hands;
        private final int partitions;
        private final int failOnce;
        private final int haltOnce;

        SolveRange(String preset, int seats, int maxCards, int hands, int partitions, int failOnce, int haltOnce) {
            this.preset = preset;
            this.seats = seats;
            this.maxCards = maxCards;
            this.hands = hands;
            this.partitions = partitions;
            this.failOnce = failOnce;
            this.haltOnce = haltOnce;
        }

        @Override
        public EndgameTable.Slice call(Integer p) {
            SparkJobs.testHooks(p, failOnce, haltOnce);
            return EndgameTable.solveRange(Preset.parse(preset), seats, maxCards, SparkMatchRunner.from(p, hands, partitions),
                SparkMatchRunner.from(p + 1, hands, partitions), null);
        }
    }
}
