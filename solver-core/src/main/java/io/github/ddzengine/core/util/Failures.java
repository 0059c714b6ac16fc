package io.github.ddzengine.core.util;

/** Rethrowing the failure of work done elsewhere (a task on another thread), the one way the engine does it. */
public final class Failures {
    private Failures() {
    }

    /**
     * The exception to throw for a task that failed with {@code cause} (the cause of an
     * {@link java.util.concurrent.ExecutionException}): the cause itself where it is unchecked, an
     * {@link IllegalStateException} around it otherwise. Callers write {@code throw
     * Failures.unchecked(e.getCause());}.
     *
     * @throws Error the cause itself, where it is an {@link Error}
     */
    public static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof Error err) {
            throw err;
        }
        if (cause instanceof RuntimeException r) {
            return r;
        }
        return new IllegalStateException(cause);
    }
}
