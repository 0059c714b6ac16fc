package io.github.ddzengine.mc;

import java.util.concurrent.locks.LockSupport;

import io.github.ddzengine.core.tables.EngineTables;

/**
 * The workers of one agent and the threads that run them: worker 0 is the calling thread, the
 * others run on {@code threads - 1} daemon helper threads, started by the first job (an agent that
 * is only copied, like a match's prototype, starts none) and stopped by {@link #close()} (a later
 * job starts them again). Workers pull world indices from the job's counter and add each
 * finished world into their own {@link Effort.Ledger}; {@link #run} sums the ledgers it counts.
 *
 * <p>One job at a time, from one calling thread.
 */
final class WorkerPool implements AutoCloseable {
    private final Worker[] workers;
    /** The helper threads, started at the first job; empty with one thread or once closed. */
    private Helper[] helpers = new Helper[0];

    /** A pool of {@code threads} workers whose playouts and solvers use {@code tables}. */
    WorkerPool(int threads, EngineTables tables) {
        workers = new Worker[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker(tables);
        }
    }

    /** Workers, the caller's included. */
    int size() {
        return workers.length;
    }

    /** Worker {@code i} (0: the caller's). */
    Worker worker(int i) {
        return workers[i];
    }

    /** The worlds of one job and whether the clock cut it. */
    record Round(Effort.Totals totals, boolean cut) {
    }

    /**
     * Runs {@code job} on every worker, the caller as worker 0, until its effort is spent, its worlds
     * are done or its deadline passes; waits for the helpers (under a clock no later than {@code
     * waitUntil}: a late helper's worlds are left out) and sums the worlds the job counts.
     */
    Round run(Job job, boolean timed, long waitUntil) {
        startHelpers();
        for (Helper h : helpers) {
            h.assign(job);
        }
        workers[0].run(job, 0);
        boolean late = false;
        for (int i = 1; i < workers.length; i++) {
            while (job.done.get(i) == 0) {
                if (timed && System.nanoTime() >= waitUntil) {
                    late = true;
                    break;
                }
                LockSupport.parkNanos(20_000L);
            }
        }
        Effort.Ledger[] ledgers = new Effort.Ledger[workers.length];
        boolean[] counted = new boolean[workers.length];
        boolean cut = late;
        for (int i = 0; i < workers.length; i++) {
            ledgers[i] = workers[i].ledger;
            counted[i] = job.done.get(i) != 0;
            cut |= counted[i] && job.cut[i];
        }
        return new Round(Effort.merge(ledgers, counted, job.effort, job.candidates.length), cut);
    }

    private void startHelpers() {
        if (helpers.length == workers.length - 1) {
            return;
        }
        Helper[] h = new Helper[workers.length - 1];
        for (int i = 0; i < h.length; i++) {
            h[i] = new Helper(workers[i + 1], i + 1);
            h[i].start();
        }
        helpers = h;
    }

    /**
     * Stops the helper threads and waits for them to end (a helper still finishing a timed-out
     * world ends at that decision's deadline). The pool stays usable: its next job starts them
     * again. Call it from the thread that runs the jobs, never during one.
     */
    @Override
    public void close() {
        Helper[] h = helpers;
        helpers = new Helper[0];
        for (Helper x : h) {
            x.stopRunning();
        }
        boolean interrupted = false;
        for (Helper x : h) {
            while (x.isAlive()) {
                try {
                    x.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A helper thread: waits for a job, runs its worker on it, signals the caller. */
    private static final class Helper extends Thread {
        private final Worker worker;
        private final int index;
        private volatile Job pending;
        private volatile boolean stopped;

        Helper(Worker worker, int index) {
            super("ddz-mc-" + index);
            this.worker = worker;
            this.index = index;
            setDaemon(true);
        }

        void assign(Job job) {
            pending = job;
            LockSupport.unpark(this);
        }

        void stopRunning() {
            stopped = true;
            LockSupport.unpark(this);
        }

        @Override
        public void run() {
            Job last = null;
            while (!stopped) {
                Job j = pending;
                if (j == null || j == last) {
                    LockSupport.park(this);
                    continue;
                }
                last = j;
                worker.run(j, index);
                LockSupport.unpark(j.caller);
            }
        }
    }
}
