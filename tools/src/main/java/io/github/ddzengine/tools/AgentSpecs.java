package io.github.ddzengine.tools;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.SoloPassPrior;
import io.github.ddzengine.mc.agents.Agent;
import io.github.ddzengine.mc.agents.GreedyAgent;
import io.github.ddzengine.mc.agents.RandomAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * The agents {@code ddz play} knows, by name. A spec is {@code NAME} or
 * {@code NAME:KEY=VALUE,KEY=VALUE} for agents that take settings (the Monte Carlo agent's budget,
 * for instance); the baselines take none. Adding an agent is one {@link #register} line in the
 * static block.
 */
final class AgentSpecs {
    /** Builds an agent from the rules and its settings (an empty map when the spec has none). */
    interface Factory extends BiFunction<Rules, Map<String, String>, Agent> {
    }

    private static final Map<String, Factory> FACTORIES = new LinkedHashMap<>();
    private static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();

    static {
        register("random", "uniform over the legal moves (agents.md)", noSettings("random", (r) -> new RandomAgent(r, 0)));
        register("rule", "RLCard's rule agent (agents.md)", noSettings("rule", (r) -> new RuleAgent(r, 0)));
        register("rule-douzero", "the rule agent as DouZero's port plays it: a lead takes the last group holding "
            + "the lowest card (the published 46% self-play figure)", noSettings("rule-douzero", (r) -> new RuleAgent(r, 0, true)));
        register("greedy", "min-hand heuristic", noSettings("greedy", GreedyAgent::new));
        register("mc", "Monte Carlo engine (settings: budget=MS default 50, threads=N default 1, "
            + "worlds=N fixed worlds instead of the clock, prior=solo-pass|uniform, rollout=F rollout policy features, "
            + "solver=C solve worlds of at most C cards, nodes=N node budget per solve, rsolve=C rollouts end in a solve "
            + "at C cards, rnodes=N its node budget)", AgentSpecs::monteCarlo);
        register("mc-v1", "the Monte Carlo engine frozen as it was when the strength work began, the baseline of "
            + "issue 23 (same settings as mc)", AgentSpecs::monteCarloV1);
    }

    private static Agent monteCarloV1(Rules rules, Map<String, String> settings) {
        io.github.ddzengine.mc.v1.MonteCarloAgent.Config c = io.github.ddzengine.mc.v1.MonteCarloAgent.Config.defaults();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String v = e.getValue();
            switch (e.getKey()) {
                case "budget" -> c = c.withBudget(positive("mc-v1", "budget", v));
                case "threads" -> c = c.withThreads(positive("mc-v1", "threads", v));
                case "worlds" -> c = c.withWorlds(positive("mc-v1", "worlds", v));
                case "prior" -> c = c.withPrior(switch (v.toLowerCase(Locale.ROOT)) {
                    case "uniform" -> Prior.UNIFORM;
                    case "solo-pass" -> new io.github.ddzengine.mc.v1.SoloPassPrior();
                    default -> throw new IllegalArgumentException("agent 'mc-v1': unknown prior '" + v
                        + "' (solo-pass, uniform)");
                });
                default -> throw new IllegalArgumentException("agent 'mc-v1': unknown setting '" + e.getKey()
                    + "' (budget, threads, worlds, prior)");
            }
        }
        return new io.github.ddzengine.mc.v1.MonteCarloAgent(c);
    }

    private static Agent monteCarlo(Rules rules, Map<String, String> settings) {
        MonteCarloAgent.Config c = MonteCarloAgent.Config.defaults();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String v = e.getValue();
            switch (e.getKey()) {
                case "budget" -> c = c.withBudget(positive("mc", "budget", v));
                case "threads" -> c = c.withThreads(positive("mc", "threads", v));
                case "worlds" -> c = c.withWorlds(positive("mc", "worlds", v));
                case "rollout" -> c = c.withTuning(c.tuning().withRolloutFeatures(nonNegative("rollout", v)));
                case "solver" -> c = c.withSolverMaxCards(nonNegative("solver", v));
                case "rsolve" -> c = c.withTuning(c.tuning().withRolloutSolve(nonNegative("rsolve", v),
                    c.tuning().rolloutSolveNodes()));
                case "rnodes" -> c = c.withTuning(c.tuning().withRolloutSolve(c.tuning().rolloutSolveCards(),
                    nonNegative("rnodes", v)));
                case "nodes" -> c = c.withSolverNodes(positive("mc", "nodes", v));
                case "prior" -> c = c.withPrior(switch (v.toLowerCase(Locale.ROOT)) {
                    case "uniform" -> Prior.UNIFORM;
                    case "solo-pass" -> new SoloPassPrior();
                    default -> throw new IllegalArgumentException("agent 'mc': unknown prior '" + v
                        + "' (solo-pass, uniform)");
                });
                default -> throw new IllegalArgumentException("agent 'mc': unknown setting '" + e.getKey()
                    + "' (budget, threads, worlds, prior, rollout, solver, nodes, rsolve, rnodes)");
            }
        }
        return new MonteCarloAgent(c);
    }

    private static int nonNegative(String key, String value) {
        try {
            int v = Integer.parseInt(value);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("agent 'mc': " + key + " must be a non-negative integer, not '" + value + "'");
    }

    private static int positive(String agent, String key, String value) {
        try {
            int v = Integer.parseInt(value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("agent '" + agent + "': " + key + " must be a positive integer, not '" + value + "'");
    }

    private AgentSpecs() {
    }

    /** Adds an agent under {@code name} (lower case). */
    static void register(String name, String description, Factory factory) {
        FACTORIES.put(name, factory);
        DESCRIPTIONS.put(name, description);
    }

    /** A factory for an agent that takes no settings: refuses any. */
    static Factory noSettings(String name, java.util.function.Function<Rules, Agent> make) {
        return (rules, settings) -> {
            if (!settings.isEmpty()) {
                throw new IllegalArgumentException("agent '" + name + "' takes no settings, got "
                    + String.join(",", settings.keySet()));
            }
            return make.apply(rules);
        };
    }

    /** The registered names, comma-separated: {@code random, rule, ...}. */
    static String names() {
        return String.join(", ", FACTORIES.keySet());
    }

    /** One line per agent: name and description. */
    static String describe() {
        StringBuilder sb = new StringBuilder();
        DESCRIPTIONS.forEach((n, d) -> sb.append(sb.length() == 0 ? "" : "; ").append(n).append(": ").append(d));
        return sb.toString();
    }

    /**
     * The agent a spec names.
     *
     * @throws IllegalArgumentException with a one-line message for an unknown name or bad settings
     */
    static Agent parse(String spec, Rules rules) {
        String s = spec == null ? "" : spec.trim();
        int colon = s.indexOf(':');
        String name = (colon < 0 ? s : s.substring(0, colon)).toLowerCase(Locale.ROOT);
        Factory f = FACTORIES.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown agent '" + spec + "' (agents: " + names()
                + ", or exec:COMMAND for an external process)");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        if (colon >= 0) {
            for (String kv : s.substring(colon + 1).split(",")) {
                if (kv.isBlank()) {
                    continue;
                }
                int eq = kv.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("agent '" + spec + "': setting '" + kv.trim()
                        + "' is not KEY=VALUE");
                }
                settings.put(kv.substring(0, eq).trim().toLowerCase(Locale.ROOT), kv.substring(eq + 1).trim());
            }
        }
        return f.apply(rules, settings);
    }
}
