/**
 * ddz-tables: the precomputed min-hand segment and endgame tables, their builders and their
 * versioned, checksummed, memory-mapped files ({@link io.github.ddzengine.tables.Tables}).
 */
module io.github.ddzengine.tables {
    requires transitive io.github.ddzengine.core;
    requires java.management;

    exports io.github.ddzengine.tables;
}
