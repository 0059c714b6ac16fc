package io.github.ddzengine.core.testing;

import java.util.SplittableRandom;

/**
 * Seeded property runner (our own, in place of a property-testing library): runs a trial per
 * seed, and on failure reports the property, the failing seed and how to replay it alone.
 *
 * <p>Set {@code -Dddz.seed=N} to run only seed {@code N}; {@code -Dddz.trials=K} to change the
 * number of trials.
 */
public final class Property {
    /** One trial: given a random source, check the property, throwing an {@link AssertionError} if it fails. */
    @FunctionalInterface
    public interface Trial {
        void run(SplittableRandom random);
    }

    private Property() {
    }

    /**
     * Runs {@code trials} trials with seeds {@code baseSeed, baseSeed + 1, ...}.
     *
     * @throws AssertionError naming the property and the failing seed
     */
    public static void forAll(String name, long baseSeed, int trials, Trial trial) {
        String only = System.getProperty("ddz.seed");
        int k = Integer.getInteger("ddz.trials", trials);
        if (only != null) {
            runOne(name, Long.parseLong(only), trial);
            return;
        }
        for (int i = 0; i < k; i++) {
            runOne(name, baseSeed + i, trial);
        }
    }

    private static void runOne(String name, long seed, Trial trial) {
        try {
            trial.run(new SplittableRandom(seed));
        } catch (AssertionError | RuntimeException e) {
            AssertionError failure = new AssertionError("property '" + name + "' failed for seed " + seed
                + " (replay with -Dddz.seed=" + seed + "): " + e.getMessage(), e);
            throw failure;
        }
    }
}
