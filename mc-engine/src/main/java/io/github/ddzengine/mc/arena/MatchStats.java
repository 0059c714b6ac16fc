package io.github.ddzengine.mc.arena;

import io.github.ddzengine.core.game.Scoring;

/**
 * The figures of a duplicate match of agent A against agent B, the way DouZero and PerfectDou
 * report them ({@code rules.md} section 6), all from A's point of view:
 * <ul>
 *   <li>WP: the share of games A's side won;</li>
 *   <li>ADP: the average difference in points per game between A's side and B's side, each
 *       side scoring {@code +-2^(bombs+rockets)} (base 1, doubled per bomb or rocket played), so
 *       {@code +2 * 2^(bombs+rockets)} for a game A's side won and the negative for a loss; spring
 *       and bids left out. This is DouZero's evaluation exactly: there the landlord's score is
 *       {@code +-2 * 2^bombs} a game and the farmers' reported figure is twice their per-farmer
 *       {@code +-2^bombs}, so both roles report {@code +-2 * 2^bombs} and the published tables
 *       ({@code agents.md}) compare directly;</li>
 *   <li>points: the average {@code rules.md} section 6 score of A's side per game (the landlord's
 *       score, or the two farmers' together), bids and springs included;</li>
 *   <li>the same split by A's role (landlord: the first game of each deal; farmers: the second);</li>
 *   <li>{@code landlordWp}: the share of all games won by the landlord seat, whichever agent held it;</li>
 *   <li>bombs and rockets played per game, and games per second of wall time.</li>
 * </ul>
 * 95% confidence intervals take the deal as the unit (its two games are correlated): the mean of
 * the per-deal averages plus or minus 1.96 standard errors, cut to [0, 1] for the winning
 * percentages (a share cannot leave it: 0.9 of 10 deals is [0.769, 1], not [0.769, 1.031]); NaN
 * bounds with fewer than two deals.
 *
 * <p>Immutable; built by {@link Builder} from the games in match order.
 */
public final class MatchStats {
    private static final double Z95 = 1.959963984540054;

    private final String a;
    private final String b;
    private final int deals;
    private final int games;
    private final Mean wp;
    private final Mean adp;
    private final Mean points;
    private final Mean wpLandlord;
    private final Mean wpFarmer;
    private final Mean adpLandlord;
    private final Mean adpFarmer;
    private final double landlordWp;
    private final double bombsPerGame;
    private final double seconds;

    private MatchStats(Builder s, double seconds) {
        this.a = s.a;
        this.b = s.b;
        this.deals = s.wp.n;
        this.games = s.games;
        this.wp = s.wp;
        this.adp = s.adp;
        this.points = s.points;
        this.wpLandlord = s.wpLandlord;
        this.wpFarmer = s.wpFarmer;
        this.adpLandlord = s.adpLandlord;
        this.adpFarmer = s.adpFarmer;
        this.landlordWp = s.games == 0 ? Double.NaN : (double) s.landlordWins / s.games;
        this.bombsPerGame = s.games == 0 ? Double.NaN : (double) s.bombs / s.games;
        this.seconds = seconds;
    }

    /** Agent A's name. */
    public String a() {
        return a;
    }

    /** Agent B's name. */
    public String b() {
        return b;
    }

    /** Deals played (each twice). */
    public int deals() {
        return deals;
    }

    /** Games played. */
    public int games() {
        return games;
    }

    /** A's winning percentage, 0..1. */
    public double wp() {
        return wp.mean();
    }

    /** 95% confidence interval of {@link #wp()}: {lo, hi}. */
    public double[] wpCi() {
        return wp.shareCi();
    }

    /**
     * A's average difference in points per game: {@code +-2 * 2^(bombs+rockets)} a game (A's side
     * +-1 against B's side -+1, base 1, doubled per bomb or rocket), DouZero's ADP.
     */
    public double adp() {
        return adp.mean();
    }

    /** 95% confidence interval of {@link #adp()}. */
    public double[] adpCi() {
        return adp.ci();
    }

    /** A's average section-6 score per game (bids and springs included). */
    public double points() {
        return points.mean();
    }

    /** 95% confidence interval of {@link #points()}. */
    public double[] pointsCi() {
        return points.ci();
    }

    /** A's WP in the games it played as landlord. */
    public double wpLandlord() {
        return wpLandlord.mean();
    }

    /** 95% confidence interval of {@link #wpLandlord()} (games are independent here). */
    public double[] wpLandlordCi() {
        return wpLandlord.shareCi();
    }

    /** A's WP in the games it played as the two farmers. */
    public double wpFarmer() {
        return wpFarmer.mean();
    }

    /** 95% confidence interval of {@link #wpFarmer()}. */
    public double[] wpFarmerCi() {
        return wpFarmer.shareCi();
    }

    /** A's ADP as landlord. */
    public double adpLandlord() {
        return adpLandlord.mean();
    }

    /** A's ADP as farmers. */
    public double adpFarmer() {
        return adpFarmer.mean();
    }

    /** The share of all games won by the landlord seat, whichever agent held it. */
    public double landlordWp() {
        return landlordWp;
    }

    /** Bombs and rockets played per game. */
    public double bombsPerGame() {
        return bombsPerGame;
    }

    /** Wall time of the match in seconds. */
    public double seconds() {
        return seconds;
    }

    /** Games per second of wall time. */
    public double gamesPerSecond() {
        return seconds > 0 ? games / seconds : Double.NaN;
    }

    /** A running mean with its sample variance, from the sum and the sum of squares. */
    private static final class Mean {
        private int n;
        private double sum;
        private double sumSq;

        void add(double x) {
            n++;
            sum += x;
            sumSq += x * x;
        }

        double mean() {
            return n == 0 ? Double.NaN : sum / n;
        }

        double[] ci() {
            if (n < 2) {
                return new double[] {Double.NaN, Double.NaN};
            }
            double variance = Math.max(0, (sumSq - sum * sum / n) / (n - 1));
            double half = Z95 * Math.sqrt(variance / n);
            double mean = sum / n;
            return new double[] {mean - half, mean + half};
        }

        /** {@link #ci()} of a share, cut to [0, 1]. */
        double[] shareCi() {
            double[] ci = ci();
            if (n >= 2) {
                ci[0] = Math.max(0, ci[0]);
                ci[1] = Math.min(1, ci[1]);
            }
            return ci;
        }
    }

    /**
     * Collects the games of a match in order: for each deal, A's game as landlord, then A's game as
     * the farmers. Not thread-safe (the match feeds it from one thread).
     */
    public static final class Builder {
        private final String a;
        private final String b;
        private final Mean wp = new Mean();
        private final Mean adp = new Mean();
        private final Mean points = new Mean();
        private final Mean wpLandlord = new Mean();
        private final Mean wpFarmer = new Mean();
        private final Mean adpLandlord = new Mean();
        private final Mean adpFarmer = new Mean();
        private int games;
        private int landlordWins;
        private long bombs;
        private double dealWin;
        private double dealAdp;
        private double dealPoints;

        /** Statistics of agent {@code a} against agent {@code b}. */
        public Builder(String a, String b) {
            this.a = a;
            this.b = b;
        }

        /**
         * Adds the next game.
         *
         * @param game the game
         * @param aIsLandlord whether A held the landlord seat (the first game of a deal)
         * @throws IllegalStateException if the games do not alternate landlord, farmers
         */
        public void add(GameRecord game, boolean aIsLandlord) {
            add(game.landlordWins(), game.bombs() + game.rockets(), game.multiplier(), aIsLandlord);
        }

        /**
         * Adds the next game from the three figures the statistics read of it, exactly as
         * {@link #add(GameRecord, boolean)} would (a distributed match ships these figures
         * instead of whole records).
         *
         * @param landlordWon whether the landlord won
         * @param bombsAndRockets bombs and rockets played
         * @param multiplier the game's multiplier ({@link GameRecord#multiplier()})
         * @param aIsLandlord whether A held the landlord seat (the first game of a deal)
         * @throws IllegalStateException if the games do not alternate landlord, farmers
         */
        public void add(boolean landlordWon, int bombsAndRockets, long multiplier, boolean aIsLandlord) {
            if (aIsLandlord != (games % 2 == 0)) {
                throw new IllegalStateException("games come in pairs: A as landlord, then A as farmers");
            }
            boolean aWins = landlordWon == aIsLandlord;
            // A's points minus B's: the winning side +2^(bombs+rockets), the losing side the negative
            double diff = (aWins ? 2.0 : -2.0) * (1L << bombsAndRockets);
            long score = aIsLandlord ? Scoring.score(0, landlordWon, multiplier)
                : Scoring.score(1, landlordWon, multiplier) + Scoring.score(2, landlordWon, multiplier);
            (aIsLandlord ? wpLandlord : wpFarmer).add(aWins ? 1 : 0);
            (aIsLandlord ? adpLandlord : adpFarmer).add(diff);
            games++;
            landlordWins += landlordWon ? 1 : 0;
            bombs += bombsAndRockets;
            if (aIsLandlord) {
                dealWin = aWins ? 1 : 0;
                dealAdp = diff;
                dealPoints = score;
            } else {
                wp.add((dealWin + (aWins ? 1 : 0)) / 2);
                adp.add((dealAdp + diff) / 2);
                points.add((dealPoints + score) / 2);
            }
        }

        /** The statistics of the games added so far (complete deals only), with the wall time. */
        public MatchStats build(double seconds) {
            return new MatchStats(this, seconds);
        }
    }
}
