/**
 * Offline tables: versioned, checksummed files ({@link io.github.ddzengine.tables.TableFile}) loaded by
 * memory mapping, the min-hand segment table on disk ({@link io.github.ddzengine.tables.MinHandTables}), and
 * the tables directory as a whole ({@link io.github.ddzengine.tables.Tables}: location, build, load, info).
 * A missing table is never an error: the engine computes what it would have answered.
 */
package io.github.ddzengine.tables;
