package io.github.ddzengine.engine;

/**
 * The figures of a duplicate match, as {@code ddz play} prints them (each deal is played twice,
 * the agents swapping sides).
 *
 * @param a agent A's name
 * @param b agent B's name
 * @param deals how many deals were played
 * @param games how many games ({@code 2 * deals})
 * @param wp agent A's win percentage, 0..1
 * @param wpLow the lower end of its 95% confidence interval
 * @param wpHigh the upper end of its 95% confidence interval
 * @param adp agent A's average difference in points per game (rules.md section 6 scores)
 * @param adpLow the lower end of its 95% confidence interval
 * @param adpHigh the upper end of its 95% confidence interval
 * @param landlordWp the share of the games the landlord seat won, 0..1
 */
public record MatchResult(String a, String b, int deals, int games, double wp, double wpLow, double wpHigh,
                          double adp, double adpLow, double adpHigh, double landlordWp) {
}
