/**
 * Imperfect-information play: information sets, the agent contract ({@link io.github.ddzengine.mc.Agent},
 * {@link io.github.ddzengine.mc.BidRequest}), world sampling, rollouts, the Monte Carlo agent and
 * bidding. The packages built on it, which it never uses: {@code mc.agents} (the baseline agents
 * and the {@code AgentSpecs} registry), {@code mc.arena} (games and matches), {@code mc.v1} (the
 * frozen Monte Carlo agent).
 */
package io.github.ddzengine.mc;
