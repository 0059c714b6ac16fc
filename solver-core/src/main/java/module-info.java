/**
 * ddz-core: cards as bitboards, notation, rule presets, the move table and move generation, the
 * min-hand split, game state and scoring, the perfect-information solver, and the contracts of the
 * precomputed tables ({@link io.github.ddzengine.core.tables.EngineTables}).
 */
module io.github.ddzengine.core {
    requires org.agrona;

    exports io.github.ddzengine.core.cards;
    exports io.github.ddzengine.core.game;
    exports io.github.ddzengine.core.movegen;
    exports io.github.ddzengine.core.rules;
    exports io.github.ddzengine.core.solve;
    exports io.github.ddzengine.core.split;
    exports io.github.ddzengine.core.tables;
    exports io.github.ddzengine.core.util;
}
