/**
 * Offline tables: versioned, checksummed files ({@link org.ddz.tables.TableFile}) loaded by
 * memory mapping, the min-hand segment table on disk ({@link org.ddz.tables.MinHandTables}), and
 * the tables directory as a whole ({@link org.ddz.tables.Tables}: location, build, load, info).
 * A missing table is never an error: the engine computes what it would have answered.
 */
package org.ddz.tables;
