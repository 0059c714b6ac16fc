/**
 * ddz-learn: the learned evaluation's offline steps, labelled positions
 * ({@link io.github.ddzengine.learn.DataBuilder}), training ({@link io.github.ddzengine.learn.Trainer})
 * and the screen against the solver ({@link io.github.ddzengine.learn.Screen}); {@code docs/learn.md}.
 */
module io.github.ddzengine.learn {
    requires transitive io.github.ddzengine.core;
    requires transitive io.github.ddzengine.tables;
    requires transitive io.github.ddzengine.mc;

    exports io.github.ddzengine.learn;
}
