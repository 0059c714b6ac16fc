package io.github.ddzengine.mc;

/**
 * What the play so far says about the hidden cards, beyond the card counts: a likelihood over
 * sampled worlds. {@link WorldSampler} accepts a uniformly dealt world with probability
 * {@link Likelihood#weight}, so the worlds it returns follow the uniform deal reweighted by the
 * likelihood (rejection sampling).
 *
 * <p>Implementations: {@link #UNIFORM} (every consistent world equally likely, the baseline) and
 * {@link SoloPassPrior} (a seat that passed on an opponent's low solo rarely held a loose higher single).
 */
public interface Prior {
    /** Every world consistent with the public facts is equally likely. */
    Prior UNIFORM = new Uniform();

    /**
     * The prior of a name, as specs and options give it: {@code solo-pass} (a new
     * {@link SoloPassPrior} with its default settings) or {@code uniform} ({@link #UNIFORM});
     * case-insensitive, surrounding blanks ignored. The one place where prior names are read.
     *
     * @throws IllegalArgumentException {@code unknown prior 'NAME' (solo-pass, uniform)}
     */
    static Prior named(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (n) {
            case "solo-pass" -> new SoloPassPrior();
            case "uniform" -> UNIFORM;
            default -> throw new IllegalArgumentException("unknown prior '" + name + "' (solo-pass, uniform)");
        };
    }

    /**
     * The likelihood of the worlds of one decision, prepared once (it may precompute from the
     * history); the result must be immutable and safe to call from several threads at once.
     */
    Likelihood bind(InformationSet info);

    /** A short name for reports: {@code uniform}, {@code solo-pass}. */
    String name();

    /** The relative likelihood of a world. */
    interface Likelihood {
        /**
         * The relative likelihood of a dealt world, in {@code [0, 1]} (1 = as likely as under the
         * uniform deal; 0 = impossible). Must allocate nothing.
         *
         * @param hands the current hands of seats 0, 1, 2 in the world ({@link io.github.ddzengine.core.cards.Cards} layout)
         */
        double weight(long[] hands);

        /**
         * How the sampler uses the weights: 0 (the default) for rejection, a world accepted with
         * probability {@link #weight}, so the weights must be likelihoods bounded by 1; {@code k > 0}
         * for sampling-importance-resampling, {@code k} uniform deals of which one is taken with
         * probability proportional to its weight (any scale: only ratios count).
         */
        default int resample() {
            return 0;
        }

        /** Whether {@link #weight} is 1 for every world (the sampler then skips the acceptance draw). */
        default boolean isUniform() {
            return false;
        }
    }

    /** The uniform prior. */
    final class Uniform implements Prior, Likelihood {
        private Uniform() {
        }

        @Override
        public Likelihood bind(InformationSet info) {
            return this;
        }

        @Override
        public String name() {
            return "uniform";
        }

        @Override
        public double weight(long[] hands) {
            return 1.0;
        }

        @Override
        public boolean isUniform() {
            return true;
        }
    }
}
