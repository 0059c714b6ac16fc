/**
 * Imperfect-information play: information sets, world sampling, rollouts, the Monte Carlo agent,
 * bidding and the arena. Filled in by the Monte Carlo issue; the module exists so that the
 * dependency directions are fixed now.
 */
package io.github.ddzengine.mc;
