/**
 * ddz-mc: information sets, world sampling, the Monte Carlo agent, bidding, the baseline agents and
 * their registry ({@link io.github.ddzengine.mc.agents.AgentSpecs}), the duplicate-deal arena. The
 * previous agent ({@code io.github.ddzengine.mc.v1}, the {@code mc-v1} spec) is reached through
 * the registry only: its package is not exported.
 */
module io.github.ddzengine.mc {
    requires transitive io.github.ddzengine.core;
    requires transitive io.github.ddzengine.tables;

    exports io.github.ddzengine.mc;
    exports io.github.ddzengine.mc.agents;
    exports io.github.ddzengine.mc.arena;
    exports io.github.ddzengine.mc.eval;
}
