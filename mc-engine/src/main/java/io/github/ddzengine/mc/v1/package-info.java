/**
 * {@code mc-v1}: a frozen copy of the Monte Carlo agent of {@code io.github.ddzengine.mc} as it
 * played when the playing-strength work (issue 23) began, kept as the named baseline agent
 * {@code mc-v1} so that every later version of {@code mc} is measured against the same opponent.
 *
 * <p>Frozen here: the decision ({@link io.github.ddzengine.mc.v1.MonteCarloAgent}: candidates,
 * worlds, merging, the choice), the per-world evaluation ({@code Worker}, {@code Job}), the rollout
 * policy ({@code Playout}, {@code MovePruner}, {@code SplitCache}), the ranking of candidates
 * ({@link io.github.ddzengine.mc.v1.Decision}), the world sampler and its prior ({@code WorldSampler},
 * {@link io.github.ddzengine.mc.v1.SoloPassPrior}) and the bidding ({@code Bidder}). Each file is the
 * {@code mc} file of that day with only its package, imports and visibility changed (and the agent's
 * name, {@code mc-v1}), so {@code diff} against the history of {@code mc} shows what moved later.
 *
 * <p>Shared, not frozen: solver-core (the solver, move generation, min-hand counts), the endgame
 * tables, {@link io.github.ddzengine.mc.InformationSet}, {@link io.github.ddzengine.mc.Prior} and
 * {@link io.github.ddzengine.mc.Rng}. A change there that alters the solver's node counts can change
 * which worlds finish inside a solve's node budget, and so a few decisions; {@code McV1GoldenTest}
 * pins the decisions of this package on seeded information sets and games and fails when that happens.
 */
package io.github.ddzengine.mc.v1;
