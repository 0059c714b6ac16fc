package io.github.ddzengine.tables;

/**
 * Receives the progress of a table build, one step after another (search, write, verify...).
 * Called on the building thread; implementations must be cheap (a call every few milliseconds).
 */
public interface BuildProgress {
    /** Ignores everything. */
    BuildProgress NONE = new BuildProgress() {
        @Override
        public void start(String step, long total, String unit) {
        }

        @Override
        public void advance(long done) {
        }

        @Override
        public void finish() {
        }
    };

    /**
     * A step begins.
     *
     * @param step what it does, a few words ({@code minhands-segments.ddzt: search})
     * @param total units to do, or -1 if unknown
     * @param unit what a unit is ({@code segments}, {@code bytes})
     */
    void start(String step, long total, String unit);

    /** Units done so far in the current step (never decreasing). */
    void advance(long done);

    /** The current step is over. */
    void finish();
}
