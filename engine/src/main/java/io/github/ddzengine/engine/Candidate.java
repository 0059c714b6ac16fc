package io.github.ddzengine.engine;

/**
 * One candidate move of a Monte Carlo decision.
 *
 * @param move the move in notation.md form
 * @param winRate the share of the sampled worlds in which this move wins for the deciding seat's
 *     side, 0..1
 */
public record Candidate(String move, double winRate) {
}
