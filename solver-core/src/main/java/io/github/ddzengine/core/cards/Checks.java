package io.github.ddzengine.core.cards;

/**
 * Argument checks that compile away: {@link #ENABLED} is read once from the system property
 * {@code ddz.checks} ({@code -Dddz.checks=true}); the tests turn it on, benchmarks and the CLI
 * leave it off, and the JIT removes every {@code if (Checks.ENABLED)} block when it is off.
 */
public final class Checks {
    /** The system property that turns the checks on: {@value}. */
    public static final String PROPERTY = "ddz.checks";
    /** Whether hot-path argument checks run. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private Checks() {
    }

    /**
     * Throws if {@code cards} is not a valid card set ({@link Cards#isValid}).
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static void validCards(long cards) {
        if (!Cards.isValid(cards)) {
            throw new IllegalArgumentException("not a valid card set: 0x" + Long.toHexString(cards));
        }
    }
}
