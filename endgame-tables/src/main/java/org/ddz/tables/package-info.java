/**
 * Offline tables (min-hand split tables, solved small endgames): versioned, checksummed files
 * loaded by memory mapping. Filled in by the table-step issue; the module exists so that the
 * dependency directions (solver-core &lt;- endgame-tables &lt;- mc-engine &lt;- tools, bench) are fixed now.
 */
package org.ddz.tables;
