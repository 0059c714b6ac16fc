package io.github.ddzengine.tools.cli;

import java.util.function.Consumer;

import io.github.ddzengine.tables.BuildProgress;

import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Build progress drawn as progress bars (me.tongfei:progressbar) on standard error, one bar a step;
 * only on a terminal and not under CI ({@link #forTerminal()}).
 */
public final class ProgressBars implements BuildProgress {
    private final Consumer<String> sink;
    private ProgressBar bar;

    /** Bars rendered to {@code sink} (null: the console, standard error). */
    public ProgressBars(Consumer<String> sink) {
        this.sink = sink;
    }

    /** Bars on the console if {@link #wanted}, otherwise no output at all. */
    public static BuildProgress forTerminal() {
        return wanted(System.console() != null, System.getenv("CI")) ? new ProgressBars(null) : BuildProgress.NONE;
    }

    /** Whether to draw bars: on a terminal, unless the environment variable {@code CI} is {@code true}. */
    public static boolean wanted(boolean terminal, String ci) {
        return terminal && !"true".equalsIgnoreCase(ci == null ? "" : ci.strip());
    }

    @Override
    public void start(String step, long total, String unit) {
        finish();
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(step).setInitialMax(total)
            .setStyle(ProgressBarStyle.UNICODE_BLOCK).setUpdateIntervalMillis(250).setMaxRenderedLength(100);
        if ("bytes".equals(unit)) {
            b.setUnit(" MB", 1_000_000);
        } else if (!unit.isEmpty()) {
            b.setUnit(" " + unit, 1);
        }
        if (total < 0) {
            b.hideEta();
        }
        if (sink != null) {
            b.setConsumer(new DelegatingProgressBarConsumer(sink, 100));
        }
        bar = b.build();
    }

    @Override
    public void advance(long done) {
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    @Override
    public void finish() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
