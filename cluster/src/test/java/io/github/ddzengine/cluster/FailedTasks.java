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
}
