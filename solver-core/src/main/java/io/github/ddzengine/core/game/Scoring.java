package io.github.ddzengine.core.game;

/**
 * Scores of {@code rules.md} section 6. Multiplier = base x 2^(bombs played + rockets played +
 * spring + anti-spring); a landlord win gives the landlord +2 x multiplier and each farmer -1 x
 * multiplier, a loss the reverse, so the three scores of a game sum to zero.
 */
public final class Scoring {
    /** Most doublings a game can have: 13 bombs, the rocket, and a spring or an anti-spring. */
    public static final int MAX_DOUBLINGS = 15;

    private Scoring() {
    }

    /**
     * Whether the game {@code winner} has just ended by emptying its hand is a spring (the
     * landlord won and no farmer played a combination) or an anti-spring (a farmer won and the
     * landlord played only its first combination): the one home of both rules, allocation-free and
     * unchecked, for rollouts as well as {@link GameState}.
     *
     * @param winner the seat that went out (0 = landlord, 1, 2 = farmers)
     * @param farmersPlayed whether either farmer has played a combination
     * @param landlordPlays the combinations the landlord has played (passes do not count)
     */
    public static boolean springs(int winner, boolean farmersPlayed, int landlordPlays) {
        return winner == 0 ? !farmersPlayed : landlordPlays == 1;
    }

    /**
     * The size of {@code seat}'s score ({@link #score} gives the sign): the base, times 2 for the
     * landlord, doubled {@code doublings} times (bombs and rockets played, plus one for a spring or
     * an anti-spring), the doublings capped at {@link #MAX_DOUBLINGS}. Allocation-free and
     * unchecked, for rollouts.
     */
    public static long stake(int seat, int base, int doublings) {
        return (long) (base * (seat == 0 ? 2 : 1)) << Math.min(doublings, MAX_DOUBLINGS);
    }

    /**
     * The multiplier of a finished game.
     *
     * @param base the base score (the final bid, 1..3; 1 without bidding)
     * @param bombsAndRockets bombs and rockets played (kept ones do not count; nor {@code four_two_*}
     *     or shuttles)
     * @param spring the landlord won while both farmers still held 17 cards
     * @param antiSpring a farmer won while the landlord had played only its first combination
     * @throws IllegalArgumentException if the base is not 1..3, the count negative or both springs are set
     */
    public static long multiplier(int base, int bombsAndRockets, boolean spring, boolean antiSpring) {
        if (base < 1 || base > 3) {
            throw new IllegalArgumentException("the base score is 1..3, not " + base);
        }
        if (bombsAndRockets < 0 || bombsAndRockets > 14) {
            throw new IllegalArgumentException("a game plays 0..14 bombs and rockets, not " + bombsAndRockets);
        }
        if (spring && antiSpring) {
            throw new IllegalArgumentException("a game cannot be both a spring and an anti-spring");
        }
        int doublings = bombsAndRockets + (spring ? 1 : 0) + (antiSpring ? 1 : 0);
        return (long) base << doublings;
    }

    /**
     * The score of {@code seat} (0 = landlord, 1, 2 = farmers).
     *
     * @param landlordWins whether the landlord emptied its hand first
     * @param multiplier the game's {@link #multiplier}
     * @return +2m / -2m for the landlord, -m / +m for each farmer
     */
    public static long score(int seat, boolean landlordWins, long multiplier) {
        if (seat < 0 || seat > 2) {
            throw new IllegalArgumentException("no seat " + seat + " (seats are 0, 1, 2)");
        }
        long landlord = landlordWins ? 2 * multiplier : -2 * multiplier;
        return seat == 0 ? landlord : -landlord / 2;
    }
}
