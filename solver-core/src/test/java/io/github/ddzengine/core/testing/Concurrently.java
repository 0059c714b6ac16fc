package io.github.ddzengine.core.testing;

import java.util.concurrent.atomic.AtomicReference;

/** Runs a test's body on several threads at once and fails the test with the first thread's failure. */
public final class Concurrently {
    /** The body of thread {@code t} (0-based); it may throw anything, assertions included. */
    @FunctionalInterface
    public interface Body {
        void run(int t) throws Exception;
    }

    private Concurrently() {
    }

    /**
     * Starts {@code threads} threads, each running {@code body} with its index, and waits for all.
     *
     * @throws AssertionError with the first failure of any thread as its cause
     */
    public static void run(int threads, Body body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] started = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int index = t;
            started[t] = new Thread(() -> {
                try {
                    body.run(index);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            started[t].start();
        }
        for (Thread t : started) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }
}
