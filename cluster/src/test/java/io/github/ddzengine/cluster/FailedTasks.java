package io.github.ddzengine.cluster;

import java.util.concurrent.atomic.AtomicInteger;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Counts the failed task attempts of the Spark contexts of this JVM ({@code spark.extraListeners}). */
public final class FailedTasks extends SparkListener {
    static final AtomicInteger FAILED = new AtomicInteger();
    static final AtomicInteger SUCCEEDED = new AtomicInteger();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        (end.taskInfo().successful() ? SUCCEEDED : FAILED).incrementAndGet();
    }

    /**
     * Runs {@code ddz ARGS} with the first attempt of partition {@code partition} failing
     * ({@link SparkMatchRunner#FAIL_ONCE}) and the failed attempts counted from 0 into {@link #FAILED}.
     *
     * @return the command's standard output (it must succeed)
     */
    static String runFailingOnce(int partition, String... args) {
        System.setProperty(SparkMatchRunner.FAIL_ONCE, Integer.toString(partition));
        System.setProperty("spark.extraListeners", FailedTasks.class.getName());
        FAILED.set(0);
        try {
            return Cli.run(args).ok();
        } finally {
            System.clearProperty(SparkMatchRunner.FAIL_ONCE);
            System.clearProperty("spark.extraListeners");
        }
    }
}
