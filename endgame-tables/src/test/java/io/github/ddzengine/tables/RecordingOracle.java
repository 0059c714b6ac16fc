package io.github.ddzengine.tables;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.tables.EndgameOracle;

/** An oracle that passes every probe on to another and tells a listener about each that answered (tests). */
record RecordingOracle(EndgameOracle inner, Listener listener) implements EndgameOracle {
    /** Sees a probe that answered. */
    interface Listener {
        void probed(int seats, int mover, long h0, long h1, long h2, boolean win);
    }

    @Override
    public Preset preset() {
        return inner.preset();
    }

    @Override
    public int seats() {
        return inner.seats();
    }

    @Override
    public int maxHandCards() {
        return inner.maxHandCards();
    }

    @Override
    public int probe(int mover, long h0, long h1, long h2) {
        int v = inner.probe(mover, h0, h1, h2);
        if (v >= 0) {
            listener.probed(inner.seats(), mover, h0, h1, h2, v == 1);
        }
        return v;
    }
}
