package io.github.ddzengine.mc;

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
 * It is the {@link PassPrior} with the pair factor 1.
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
        return new PassPrior(beta, 1).bind(info); // the pass prior without its pair factor
    }

    /** Priors with the same factor are equal (an agent cache may key on settings that hold one). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SoloPassPrior p && Double.compare(p.beta, beta) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(beta);
    }
}
