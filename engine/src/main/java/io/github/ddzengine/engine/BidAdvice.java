package io.github.ddzengine.engine;

/**
 * What a 17-card hand is worth in the bidding.
 *
 * @param bid the bid it earns: 0 (pass) or 1..3, above the highest bid so far
 * @param winRate the estimated landlord win rate of the hand, 0..1
 * @param low the lower end of its 95% interval
 * @param high the upper end of its 95% interval
 * @param worlds how many worlds the estimate sampled
 */
public record BidAdvice(int bid, double winRate, double low, double high, int worlds) {
}
