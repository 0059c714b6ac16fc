package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.SoloPassPrior;
import org.junit.jupiter.api.Test;

class AgentSpecsTest {
    private static final Rules RULES = Rules.STANDARD;

    private static String refusal(AgentSpecs specs, String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> specs.parse(spec, RULES));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void builtInAgentsByName() {
        AgentSpecs specs = AgentSpecs.builtIn();
        assertEquals(List.of("random", "rule", "rule-douzero", "greedy", "mc", "oracle", "mc-v1", "mc-v2", "net"),
            specs.names());
        assertInstanceOf(RandomAgent.class, specs.parse("random", RULES));
        assertInstanceOf(RuleAgent.class, specs.parse(" Rule ", RULES));
        assertInstanceOf(RuleAgent.class, specs.parse("rule-douzero", RULES));
        assertInstanceOf(GreedyAgent.class, specs.parse("greedy", RULES));
        assertEquals("mc-v1", specs.parse("mc-v1:worlds=4", RULES).name()); // the pinned build (McV1GoldenTest)
        try (MonteCarloAgent mc = (MonteCarloAgent) specs.parse("MC", RULES)) {
            assertEquals(McSettings.defaults().budgetMillis(), mc.settings().budgetMillis());
            // every rollout feature since branch strength5 (docs/strength.md, "Levers tried")
            assertEquals(1023, mc.settings().rolloutFeatures());
            assertSame(EngineTables.NONE, mc.tables());
        }
        assertTrue(specs.describe().startsWith("random: uniform over the legal moves (agents.md); rule: "),
            specs.describe());
    }

    @Test
    void monteCarloSettings() {
        EngineTables tables = EngineTables.NONE.withSplit(null);
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn()
            .parse("mc:budget=30, threads=2,,worlds=7,prior=UNIFORM,bid-worlds=20", RULES, tables)) {
            McSettings c = mc.settings();
            assertEquals(30, c.budgetMillis());
            assertEquals(2, c.threads());
            assertEquals(7, c.worlds());
            assertSame(Prior.UNIFORM, c.prior());
            assertEquals(20, c.bidder().worlds());
            assertSame(tables, mc.tables());
        }
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn()
            .parse("mc:rnodes=500,rollout=0,solver=12,nodes=900,rsolve=9", RULES)) {
            McSettings c = mc.settings();
            assertEquals(0, c.rolloutFeatures());
            assertEquals(9, c.rolloutSolveCards());
            assertEquals(500, c.rolloutSolveNodes());
            assertEquals(12, c.solverMaxCards());
            assertEquals(900, c.solverNodes());
        }
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn().parse("mc:sure=4,rollout=1023", RULES)) {
            assertEquals(4, mc.settings().surePlays());
            assertEquals(1023, mc.settings().rolloutFeatures());
        }
        // the reply search lost its matches and left the product (docs/strength.md): its keys are unknown
        IllegalArgumentException reply = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("mc:reply=4", RULES));
        assertTrue(reply.getMessage().startsWith("agent 'mc': unknown setting 'reply'"), reply.getMessage());
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn().parse("mc", RULES)) {
            assertEquals(0, mc.settings().surePlays(), "the sure win is opt-in");
        }
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn().parse("mc:prior=solo-pass", RULES)) {
            assertInstanceOf(SoloPassPrior.class, mc.settings().prior());
        }
        try (MonteCarloAgent mc = (MonteCarloAgent) AgentSpecs.builtIn().parse("mc:prior=policy", RULES)) {
            assertInstanceOf(io.github.ddzengine.mc.PolicyPrior.class, mc.settings().prior());
        }
    }

    @Test
    void defaultsGiveWayToTheSpec() {
        AgentSpecs specs = AgentSpecs.builtIn().withDefaults("mc", Map.of("budget", "20"))
            .withDefaults("mc", Map.of("Bid-Worlds", "30"));
        try (MonteCarloAgent mc = (MonteCarloAgent) specs.parse("mc", RULES)) {
            assertEquals(20, mc.settings().budgetMillis());
            assertEquals(30, mc.settings().bidder().worlds());
        }
        try (MonteCarloAgent mc = (MonteCarloAgent) specs.parse("mc:budget=40", RULES)) {
            assertEquals(40, mc.settings().budgetMillis());
            assertEquals(30, mc.settings().bidder().worlds());
        }
        assertEquals(50, ((MonteCarloAgent) AgentSpecs.builtIn().parse("mc", RULES)).settings().budgetMillis(),
            "the value defaults were added to is unchanged");
        assertThrows(IllegalArgumentException.class, () -> AgentSpecs.builtIn().withDefaults("rule", Map.of("a", "b")));
        assertThrows(IllegalArgumentException.class, () -> AgentSpecs.builtIn().withDefaults("nobody", Map.of()));
    }

    @Test
    void badSpecsGetOneLineEach() {
        AgentSpecs specs = AgentSpecs.builtIn();
        assertEquals("unknown agent 'foo' (agents: random, rule, rule-douzero, greedy, mc, oracle, mc-v1, mc-v2, net)", refusal(specs, "foo"));
        assertEquals("unknown agent '' (agents: random, rule, rule-douzero, greedy, mc, oracle, mc-v1, mc-v2, net)", refusal(specs, null));
        assertEquals("agent 'rule' takes no settings, got depth", refusal(specs, "rule:depth=3"));
        assertEquals("agent 'mc:budget': setting 'budget' is not KEY=VALUE", refusal(specs, "mc:budget"));
        assertEquals("agent 'mc': worlds must be a positive integer, not '0'", refusal(specs, "mc:worlds=0"));
        assertEquals("agent 'mc': budget must be a positive integer, not 'x'", refusal(specs, "mc:budget=x"));
        assertEquals("agent 'mc': unknown prior 'psychic' (solo-pass, pass, policy, uniform)", refusal(specs, "mc:prior=psychic"));
        assertEquals("agent 'mc-v1': unknown prior 'pass' (solo-pass, uniform)", refusal(specs, "mc-v1:prior=pass"));
        assertEquals("agent 'mc': worlds and effort are exclusive (give one)", refusal(specs, "mc:worlds=9,effort=9"));
        assertEquals("agent 'oracle': effort must be a positive integer, not '0'", refusal(specs, "oracle:effort=0"));
        assertEquals("agent 'mc': unknown setting 'speed' (budget, threads, worlds, effort, prior, rollout, solver, nodes, "
            + "candidates, rsolve, rnodes, halving, sure, model, plies, leaf-cards, leaf-mix, "
            + "leaf-sides, bid-worlds, bid-mix)",
            refusal(specs, "mc:speed=1"));
        assertEquals("agent 'mc-v1': unknown setting 'bid-worlds' (budget, threads, worlds, effort, prior)",
            refusal(specs, "mc-v1:bid-worlds=5"));
        assertEquals("agent 'mc': rsolve must be a non-negative integer, not '-1'", refusal(specs, "mc:rsolve=-1"));
        assertEquals("agent 'mc': sure must be 0..8, not '9'", refusal(specs, "mc:sure=9"));
        assertEquals("agent 'mc': bid-mix must be 0..100, not '101'", refusal(specs, "mc:bid-mix=101"));
        assertEquals("agent 'mc-v1': unknown setting 'reply' (budget, threads, worlds, effort, prior)",
            refusal(specs, "mc-v1:reply=4"));
        assertEquals("agent 'mc': sure must be a non-negative integer, not 'x'", refusal(specs, "mc:sure=x"));
        assertEquals("agent 'mc-v1': unknown setting 'sure' (budget, threads, worlds, effort, prior)",
            refusal(specs, "mc-v1:sure=4"));
        assertEquals("agent 'mc-v1': unknown setting 'rollout' (budget, threads, worlds, effort, prior)",
            refusal(specs, "mc-v1:rollout=0"));
        assertEquals("unknown agent 'x' (no agents)", refusal(AgentSpecs.none(), "x"));
    }

    @Test
    void addingAnAgentIsOneLineAndMakesANewValue() {
        AgentSpecs base = AgentSpecs.builtIn();
        AgentSpecs more = base.withPlain("lowest", "always the first legal move", (rules, tables) -> new RandomAgent(rules, 1));
        assertTrue(more.contains("lowest") && !base.contains("lowest"), "the old value is unchanged");
        assertInstanceOf(RandomAgent.class, more.parse("lowest", RULES));
        AgentSpecs replaced = more.withPlain("greedy", "a random greedy", (rules, tables) -> new RandomAgent(rules, 2));
        assertEquals(more.names(), replaced.names(), "same name, same place");
        assertInstanceOf(RandomAgent.class, replaced.parse("greedy", RULES));
        List<Map<String, String>> seen = new ArrayList<>();
        AgentSpecs withSettings = base.with("echo", "records its settings", (rules, tables, settings) -> {
            seen.add(settings);
            return new RandomAgent(rules, 0);
        });
        withSettings.parse("ECHO:B=2,a= 1 ", RULES);
        assertEquals(List.of(Map.of("b", "2", "a", "1")), seen);
        assertEquals(List.of("b", "a"), new ArrayList<>(seen.get(0).keySet()), "in the order given");
        assertThrows(IllegalArgumentException.class, () -> base.withPlain("Bad", "upper case", (r, t) -> null));
        assertThrows(IllegalArgumentException.class, () -> base.withPlain("a:b", "a colon", (r, t) -> null));
    }

    @Test
    void aCommandAgentTakesTheRestWhole() {
        List<String> args = new ArrayList<>();
        AgentSpecs specs = AgentSpecs.builtIn().withCommand("exec", "COMMAND", "an external process",
            (rules, tables, argument) -> {
                args.add(argument);
                return new RandomAgent(rules, 0);
            });
        specs.parse("exec:python3 bot.py --a=1,b:2", RULES);
        specs.parse("exec", RULES);
        assertEquals(List.of("python3 bot.py --a=1,b:2", ""), args);
        assertEquals("unknown agent 'foo' (agents: random, rule, rule-douzero, greedy, mc, oracle, mc-v1, mc-v2, net, or exec:COMMAND for "
            + "an external process)", refusal(specs, "foo"));
        assertTrue(specs.describe().endsWith("; exec:COMMAND: an external process"), specs.describe());
    }
}
