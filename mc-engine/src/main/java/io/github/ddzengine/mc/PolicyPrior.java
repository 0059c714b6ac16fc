package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Trick;

/**
 * A policy-likelihood prior (DeltaDou's inference idea, with a cheap policy): each observed
 * decision of another seat is scored by how likely a plain card-economy policy would have made it
 * holding the world's cards at that time (its hand in the world plus what it played from then on),
 * and a world's weight is the product of those likelihoods. The policy plays the lowest loose card
 * of the type asked for: it answers a solo with its lowest single held once (a pair with its lowest
 * pair held exactly twice) above the rank to beat, up to {@code A}, and leads its lowest loose single
 * or pair. So each of these events makes a world less likely by a factor per card that the policy
 * would have preferred over what was done:
 *
 * <ul>
 *   <li>a pass on an opponent's solo of rank {@code r}: {@code passSolo} per loose single in
 *       {@code r+1 .. A}, {@code passSoloHigh} per 2 or joker rank held above {@code r} (control
 *       cards a player may keep); on an opponent's pair: {@code passPair} per loose pair in
 *       {@code r+1 .. A};</li>
 *   <li>an answer to a solo {@code r} with a solo {@code x} (a pair {@code r} with a pair
 *       {@code x}): {@code follow} per loose single (pair) strictly between {@code r} and
 *       {@code x}, below {@code 2};</li>
 *   <li>a lead of a solo (pair) {@code x}: {@code lead} per loose single (pair) below {@code x}.</li>
 * </ul>
 * A pass on the partner's move says nothing and is ignored; the viewer's own decisions too. With
 * every factor 1 it is the uniform prior. A rank counts once per seat and kind of event, however
 * many events see it. Factors above 1 (up to {@link #MAX_FACTOR}) make the preferred cards
 * likelier instead. The defaults are bench {@code PolicyFit}'s rates for {@code mc-v1}; their
 * Brier scores (bench {@code PriorScore}) are in docs/strength.md: better located worlds against
 * {@code rule}, worse against {@code mc-v1}, so it is an opt-in prior ({@code prior=policy}).
 * The weights are likelihoods up to a common factor, far below 1 for every world once many
 * events are seen, so the sampler does not reject by them but resamples ({@link Likelihood#resample()}):
 * each world is one of {@code resample} uniform deals, taken with probability proportional to its
 * weight. The weight of a world costs one pass over the events (a few bit operations each), and
 * the sampler's deals are counted by the effort budget.
 */
public final class PolicyPrior implements Prior {
    /** Default factors: pass on a solo, a 2 or joker held at such a pass, pass on a pair, follow, lead. */
    public static final double DEFAULT_PASS_SOLO = 0.5;
    /** Default factor per 2 or joker rank held above the solo passed on. */
    public static final double DEFAULT_PASS_SOLO_HIGH = 0.5;
    /** Default factor per loose pair held above the pair passed on. */
    public static final double DEFAULT_PASS_PAIR = 0.25;
    /** Default factor per loose card (pair) skipped by an answer. */
    public static final double DEFAULT_FOLLOW = 0.3;
    /** Default factor per loose card (pair) below a lead. */
    public static final double DEFAULT_LEAD = 0.3;

    /** The largest factor: above 1, a card the card-economy policy would have played makes a world more likely. */
    public static final double MAX_FACTOR = 8;

    private static final int PASS_SOLO = 0;
    private static final int PASS_SOLO_HIGH = 1;
    private static final int PASS_PAIR = 2;
    private static final int FOLLOW = 3;
    private static final int LEAD = 4;
    private static final long HIGH_RANKS = Cards.of(Rank.TWO, 1) | Cards.of(Rank.SMALL_JOKER, 1)
        | Cards.of(Rank.BIG_JOKER, 1);

    /** Default deals a world is resampled from. */
    public static final int DEFAULT_RESAMPLE = 16;

    private final double[] factors;
    private final int resample;

    /** The prior with the default factors. */
    public PolicyPrior() {
        this(DEFAULT_PASS_SOLO, DEFAULT_PASS_SOLO_HIGH, DEFAULT_PASS_PAIR, DEFAULT_FOLLOW, DEFAULT_LEAD, DEFAULT_RESAMPLE);
    }

    /**
     * @param passSolo factor per loose single in {@code r+1 .. A} at a pass on an opponent's solo {@code r}
     * @param passSoloHigh factor per 2 or joker rank above {@code r} held at that pass
     * @param passPair factor per loose pair in {@code r+1 .. A} at a pass on an opponent's pair {@code r}
     * @param follow factor per loose single (pair) skipped by an answer to a solo (pair)
     * @param lead factor per loose single (pair) below a solo (pair) led
     * @param resample uniform deals per world, of which the sampler keeps one with probability
     *     proportional to its weight (sampling-importance-resampling), 1..{@link WorldSampler#MAX_ATTEMPTS}
     * @throws IllegalArgumentException if a factor is outside 0..{@link #MAX_FACTOR} or {@code resample} out of range
     */
    public PolicyPrior(double passSolo, double passSoloHigh, double passPair, double follow, double lead, int resample) {
        if (resample < 1 || resample > WorldSampler.MAX_ATTEMPTS) {
            throw new IllegalArgumentException("resample is 1.." + WorldSampler.MAX_ATTEMPTS + ", not " + resample);
        }
        this.resample = resample;
        this.factors = new double[] {passSolo, passSoloHigh, passPair, follow, lead};
        for (double f : factors) {
            if (!(f >= 0 && f <= MAX_FACTOR)) {
                throw new IllegalArgumentException("the factors are in 0.." + MAX_FACTOR + ", not " + f);
            }
        }
    }

    @Override
    public String name() {
        return "policy";
    }

    @Override
    public Likelihood bind(InformationSet info) {
        MoveTable table = info.rules().table();
        int n = info.historyLength();
        int cap = 2 * n;
        int[] seats = new int[cap];
        int[] kinds = new int[cap];
        int[] which = new int[cap];
        long[] masks = new long[cap];
        long[] held = new long[cap];
        // what each seat played from play i on: its hand at play i is its hand now plus this
        long[] from = new long[n + 1];
        int events = 0;
        int last = MoveTable.PASS;
        int lastBy = -1;
        for (int i = 0; i < n; i++) {
            int who = i % 3;
            int move = info.historyMove(i);
            boolean leading = lastBy < 0 || Trick.passEndsTrick(who, lastBy);
            boolean opponent = !leading && (who == 0) != (lastBy == 0);
            if (who != info.seat()) {
                long later = info.playedFrom(i);
                MoveType lastType = leading ? null : table.type(last);
                int r = leading ? -1 : table.mainRank(last);
                if (move == MoveTable.PASS) {
                    if (opponent && lastType == MoveType.SOLO) {
                        if (r < Rank.ACE) {
                            events = add(seats, kinds, which, masks, held, events, who, 1, PASS_SOLO,
                                Cards.run(r + 1, Rank.ACE - r, 1), later);
                        }
                        long high = r < Rank.TWO ? HIGH_RANKS : r == Rank.TWO ? HIGH_RANKS & ~Cards.of(Rank.TWO, 1)
                            : r == Rank.SMALL_JOKER ? Cards.of(Rank.BIG_JOKER, 1) : 0;
                        if (high != 0) {
                            events = add(seats, kinds, which, masks, held, events, who, 0, PASS_SOLO_HIGH, high, later);
                        }
                    } else if (opponent && lastType == MoveType.PAIR && r < Rank.ACE) {
                        events = add(seats, kinds, which, masks, held, events, who, 2, PASS_PAIR,
                            Cards.run(r + 1, Rank.ACE - r, 1), later);
                    }
                } else {
                    MoveType t = table.type(move);
                    int x = table.mainRank(move);
                    int k = t == MoveType.SOLO ? 1 : t == MoveType.PAIR ? 2 : 0;
                    int top = Math.min(x, Rank.TWO); // ranks below x, at most A
                    if (k > 0 && leading && top > 0) {
                        events = add(seats, kinds, which, masks, held, events, who, k, LEAD, Cards.run(0, top, 1), later);
                    } else if (k > 0 && !leading && lastType == t && top > r + 1) {
                        events = add(seats, kinds, which, masks, held, events, who, k, FOLLOW,
                            Cards.run(r + 1, top - r - 1, 1), later);
                    }
                }
            }
            if (move != MoveTable.PASS) {
                last = move;
                lastBy = who;
            }
        }
        double[][] pow = new double[factors.length][Rank.COUNT + 1];
        for (int f = 0; f < factors.length; f++) {
            for (int c = 0; c <= Rank.COUNT; c++) {
                pow[f][c] = Math.pow(factors[f], c);
            }
        }
        // drop the events whose factor is 1 (they weigh nothing); group the others by seat and factor
        int m = 0;
        int[] order = new int[events];
        for (int g = 0; g < 3 * factors.length; g++) {
            for (int e = 0; e < events; e++) {
                if (seats[e] * factors.length + which[e] == g && factors[which[e]] != 1) {
                    order[m++] = e;
                }
            }
        }
        int[] gs = new int[m];
        int[] ks = new int[m];
        int[] ws = new int[m];
        long[] ms = new long[m];
        long[] hs = new long[m];
        for (int i = 0; i < m; i++) {
            int e = order[i];
            gs[i] = seats[e];
            ks[i] = kinds[e];
            ws[i] = which[e];
            ms[i] = masks[e];
            hs[i] = held[e];
        }
        return new Bound(gs, ks, ws, ms, hs, pow, resample);
    }

    private static int add(int[] seats, int[] kinds, int[] which, long[] masks, long[] held, int e, int seat, int kind,
        int factor, long mask, long later) {
        seats[e] = seat;
        kinds[e] = kind;
        which[e] = factor;
        masks[e] = mask;
        held[e] = later;
        return e + 1;
    }

    /** The likelihood of one decision: the events of the history, precomputed. */
    private static final class Bound implements Likelihood {
        private final int[] seats;
        /** 0: ranks held at least once; 1, 2: ranks held exactly once, twice. */
        private final int[] kinds;
        private final int[] which;
        private final long[] masks;
        private final long[] after;
        private final double[][] pow;
        private final int resample;

        Bound(int[] seats, int[] kinds, int[] which, long[] masks, long[] after, double[][] pow, int resample) {
            this.resample = resample;
            this.seats = seats;
            this.kinds = kinds;
            this.which = which;
            this.masks = masks;
            this.after = after;
            this.pow = pow;
        }

        @Override
        public double weight(long[] hands) {
            // a rank counts once per seat and kind of event, however many events it is seen by
            // (a seat that kept a card through one pass keeps it through the next: not new evidence)
            double w = 1.0;
            long union = 0;
            for (int e = 0; e < seats.length; e++) {
                long h = Cards.add(hands[seats[e]], after[e]);
                int k = kinds[e];
                long ranks = k == 0 ? Cards.ranksAtLeast(h, 1) : Cards.ranksExactly(h, k);
                union |= ranks & masks[e];
                if (e + 1 == seats.length || seats[e + 1] != seats[e] || which[e + 1] != which[e]) {
                    w *= pow[which[e]][Long.bitCount(union)];
                    union = 0;
                }
            }
            return w;
        }

        @Override
        public int resample() {
            return resample;
        }

        @Override
        public boolean isUniform() {
            return seats.length == 0;
        }
    }

    /** Priors with the same factors and resampling are equal (an agent cache may key on settings that hold one). */
    @Override
    public boolean equals(Object o) {
        return o instanceof PolicyPrior p && p.resample == resample && java.util.Arrays.equals(p.factors, factors);
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Arrays.hashCode(factors) + resample;
    }
}
