package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;

/**
 * A prior from passes on solos and pairs, the {@link SoloPassPrior} idea carried over to pairs: a
 * seat that passed when an opponent's solo of rank {@code r} was the move to beat probably held no
 * <em>loose</em> single (a rank held exactly once) between {@code r+1} and {@code A}, and one that
 * passed on an opponent's pair of rank {@code r} probably held no loose pair (a rank held exactly
 * twice) between {@code r+1} and {@code A}: such cards cost nothing to play. {@code 2}s and the
 * jokers are left out (players keep them for control), so are passes on a solo or pair of {@code A}
 * or higher, and passes on the partner's move (a farmer letting the other farmer's play run).
 *
 * <p>Likelihood of a world: the product over such passes (by seats other than the viewer) of
 * {@code betaSolo^n} for a solo, {@code betaPair^n} for a pair, {@code n} the loose singles (pairs)
 * above the rank, up to {@code A}, in the passer's hand at the time of the pass (its hand in the
 * world plus the cards it played later).
 */
public final class PassPrior implements Prior {
    /** The default factor per loose higher single held at a pass on a solo ({@link SoloPassPrior#DEFAULT_BETA}). */
    public static final double DEFAULT_BETA_SOLO = SoloPassPrior.DEFAULT_BETA;
    /** The default factor per loose higher pair held at a pass on a pair. */
    public static final double DEFAULT_BETA_PAIR = 0.3;

    private final double betaSolo;
    private final double betaPair;

    /** The prior with the default factors. */
    public PassPrior() {
        this(DEFAULT_BETA_SOLO, DEFAULT_BETA_PAIR);
    }

    /**
     * @param betaSolo the likelihood factor per loose higher single held at a pass on a solo, 0..1
     * @param betaPair the likelihood factor per loose higher pair held at a pass on a pair, 0..1
     * @throws IllegalArgumentException if a factor is outside 0..1
     */
    public PassPrior(double betaSolo, double betaPair) {
        if (!(betaSolo >= 0 && betaSolo <= 1) || !(betaPair >= 0 && betaPair <= 1)) {
            throw new IllegalArgumentException("the factors are in 0..1, not " + betaSolo + " and " + betaPair);
        }
        this.betaSolo = betaSolo;
        this.betaPair = betaPair;
    }

    @Override
    public String name() {
        return "pass";
    }

    @Override
    public Likelihood bind(InformationSet info) {
        MoveTable table = info.rules().table();
        int n = info.historyLength();
        int[] seats = new int[n];
        int[] kinds = new int[n];
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
            MoveType t = last == MoveTable.PASS ? null : table.type(last);
            if (who == info.seat() || lastBy < 0 || (who == 0) == (lastBy == 0)
                || (t != MoveType.SOLO && t != MoveType.PAIR) || table.mainRank(last) >= Rank.ACE
                || (t == MoveType.SOLO ? betaSolo : betaPair) == 1) { // a factor of 1 weighs nothing
                continue;
            }
            long later = info.playedFrom(i);
            seats[events] = who;
            kinds[events] = t == MoveType.SOLO ? 1 : 2;
            masks[events] = Cards.run(table.mainRank(last) + 1, Rank.ACE - table.mainRank(last), 1);
            after[events] = later;
            events++;
        }
        double[][] pow = new double[3][Rank.COUNT + 1];
        for (int k = 0; k <= Rank.COUNT; k++) {
            pow[1][k] = Math.pow(betaSolo, k);
            pow[2][k] = Math.pow(betaPair, k);
        }
        return new Bound(Arrays.copyOf(seats, events), Arrays.copyOf(kinds, events), Arrays.copyOf(masks, events),
            Arrays.copyOf(after, events), pow);
    }

    /** The likelihood of one decision: the passes of the history, precomputed. */
    private static final class Bound implements Likelihood {
        private final int[] seats;
        private final int[] kinds;
        private final long[] masks;
        private final long[] after;
        private final double[][] pow;

        Bound(int[] seats, int[] kinds, long[] masks, long[] after, double[][] pow) {
            this.seats = seats;
            this.kinds = kinds;
            this.masks = masks;
            this.after = after;
            this.pow = pow;
        }

        @Override
        public double weight(long[] hands) {
            double w = 1.0;
            for (int e = 0; e < seats.length; e++) {
                long held = Cards.add(hands[seats[e]], after[e]);
                int k = kinds[e];
                w *= pow[k][Long.bitCount(Cards.ranksExactly(held, k) & masks[e])];
            }
            return w;
        }

        @Override
        public boolean isUniform() {
            return seats.length == 0;
        }
    }

    /** Priors with the same factors are equal (an agent cache may key on settings that hold one). */
    @Override
    public boolean equals(Object o) {
        return o instanceof PassPrior p && Double.compare(p.betaSolo, betaSolo) == 0
            && Double.compare(p.betaPair, betaPair) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(betaSolo) + Double.hashCode(betaPair);
    }
}
