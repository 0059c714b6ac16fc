/**
 * ddz-mc: information sets, world sampling, the Monte Carlo agent, bidding, the baseline agents and
 * their registry ({@link io.github.ddzengine.mc.agents.AgentSpecs}), the duplicate-deal arena, the
 * open-hand audit of played games and the value network. The frozen agents ({@code mc-v1},
 * {@code mc-v2}) are pinned builds reached through the registry.
 */
module io.github.ddzengine.mc {
    requires transitive io.github.ddzengine.core;
    requires transitive io.github.ddzengine.tables;

    exports io.github.ddzengine.mc;
    exports io.github.ddzengine.mc.agents;
    exports io.github.ddzengine.mc.arena;
    exports io.github.ddzengine.mc.audit;
    exports io.github.ddzengine.mc.eval;
}
