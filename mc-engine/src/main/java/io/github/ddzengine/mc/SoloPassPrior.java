package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;

/**
 * A prior from passes on solos: a seat that passed when an opponent's solo of rank {@code r} was
 * the move to beat probably held no <em>loose</em> single (a rank held exactly once) between
 * {@code r+1} and {@code A}: such a card costs nothing to play, so a player who had one would
 * usually have used it. Cards of rank {@code 2} and the jokers are left out (players keep them
 * for control), and so are ranks held two or more times (breaking a pair or trio has a cost).
 *
 * <p>Likelihood of a world: the product over such passes (by seats other than the viewer) of
 * {@code beta^n}, where {@code n} is the number of loose singles above {@code r}, up to {@code A},
 * in the passer's hand at the time of the pass (its hand in the world plus the cards it played
 * later). {@code beta = 1} is the uniform prior; {@code beta = 0} forbids such holdings outright.
 * A pass on a partner's solo (a farmer letting the other farmer's card run) says nothing and is ignored.
 */
public final class SoloPassPrior implements Prior {
    /** The default {@code beta}: each loose higher single held makes a world 0.3 times as likely. */
    public static final double DEFAULT_BETA = 0.3;

    private final double beta;

    /** The prior with {@link #DEFAULT_BETA}. */
    public SoloPassPrior() {
        this(DEFAULT_BETA);
    }

    /**
     * @param beta the likelihood factor per loose higher single held at a pass, 0..1
     * @throws IllegalArgumentException if {@code beta} is outside 0..1
     */
    public SoloPassPrior(double beta) {
        if (!(beta >= 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta is in 0..1, not " + beta);
        }
        this.beta = beta;
    }

    /** The likelihood factor per loose higher single held at a pass. */
    public double beta() {
        return beta;
    }

    @Override
    public String name() {
        return "solo-pass";
    }

    @Override
    public Likelihood bind(InformationSet info) {
        MoveTable table = info.rules().table();
        int n = info.historyLength();
        int[] seats = new int[n];
        long[] masks = new long[n];
        long[] after = new long[n];
        int events = 0;
        int last = MoveTable.PASS;
        int lastBy = -1;
        for (int i = 0; i < n; i++) {
            int who = i % 3;
            int move = info.historyMove(i);
            if (move != MoveTable.PASS) {
                last = move;
                lastBy = who;
                continue;
            }
            if (who == info.seat() || lastBy < 0 || (who == 0) == (lastBy == 0)
                || table.type(last) != MoveType.SOLO || table.mainRank(last) >= Rank.ACE) {
                continue;
            }
            long later = info.playedFrom(i);
            seats[events] = who;
            // rank set of r+1 .. A
            masks[events] = Cards.run(table.mainRank(last) + 1, Rank.ACE - table.mainRank(last), 1);
            after[events] = later;
            events++;
        }
        double[] pow = new double[Rank.COUNT + 1];
        for (int k = 0; k < pow.length; k++) {
            pow[k] = Math.pow(beta, k);
        }
        return new Bound(Arrays.copyOf(seats, events), Arrays.copyOf(masks, events), Arrays.copyOf(after, events), pow);
    }

    /** The likelihood of one decision: the solo passes of the history, precomputed. */
    private static final class Bound implements Likelihood {
        private final int[] seats;
        private final long[] masks;
        private final long[] after;
        private final double[] pow;

        Bound(int[] seats, long[] masks, long[] after, double[] pow) {
            this.seats = seats;
            this.masks = masks;
            this.after = after;
            this.pow = pow;
        }

        @Override
        public double weight(long[] hands) {
            double w = 1.0;
            for (int e = 0; e < seats.length; e++) {
                long held = Cards.add(hands[seats[e]], after[e]);
                w *= pow[Long.bitCount(Cards.ranksExactly(held, 1) & masks[e])];
            }
            return w;
        }

        @Override
        public boolean isUniform() {
            return seats.length == 0;
        }
    }
}
