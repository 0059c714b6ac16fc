package io.github.ddzengine.mc;

/**
 * The search settings of {@link MonteCarloAgent} beyond its budget: the rollout policy and how
 * worlds are evaluated. Each was chosen by duplicate matches ({@code docs/strength.md}); the
 * settings stay so that a lever can be measured against its absence.
 *
 * @param rolloutFeatures the {@link Playout} features of the rollouts ({@link Playout#DEFAULT})
 * @param rolloutSolveCards a rollout reaching at most this many cards in all hands ends with the
 *     exact solver's verdict (0: never; {@link Playout#Playout(io.github.ddzengine.core.rules.Rules,
 *     io.github.ddzengine.core.split.MinHands, int, int, long)})
 * @param rolloutSolveNodes the node budget of such a solve (0: none)
 */
public record Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes) {
    /** The chosen settings. */
    public static final Tuning DEFAULT = new Tuning(Playout.DEFAULT, 0, 0);

    /** The settings of the agent frozen as {@code mc-v1}. */
    public static final Tuning V1 = new Tuning(0, 0, 0);

    /**
     * @throws IllegalArgumentException if a setting is negative
     */
    public Tuning {
        if (rolloutFeatures < 0 || rolloutSolveCards < 0 || rolloutSolveNodes < 0) {
            throw new IllegalArgumentException("search settings are not negative");
        }
    }

    /** These settings with the rollout features {@code f}. */
    public Tuning withRolloutFeatures(int f) {
        return new Tuning(f, rolloutSolveCards, rolloutSolveNodes);
    }

    /** These settings with rollouts ending in an exact solve at {@code cards} cards, {@code nodes} nodes at most. */
    public Tuning withRolloutSolve(int cards, long nodes) {
        return new Tuning(rolloutFeatures, cards, nodes);
    }
}
