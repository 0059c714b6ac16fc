package io.github.ddzengine.mc.agents;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Effort;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.OracleAgent;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.SoloPassPrior;

/**
 * Agents by name: the one place where an agent spec such as {@code mc:budget=50,worlds=200} becomes
 * an {@link Agent} ({@code ddz play}, {@code ddz serve} and the Botzone bot all parse theirs here).
 * An immutable value: {@link #builtIn()} knows the engine's agents, and {@link #with},
 * {@link #withPlain}, {@link #withCommand} and {@link #withDefaults} return a new value with one
 * more agent or different defaults, leaving this one as it is.
 *
 * <h2>Specs</h2>
 * <ul>
 *   <li>{@code NAME}, or {@code NAME:KEY=VALUE,KEY=VALUE,...} for an agent that takes settings
 *       (names and keys are case-insensitive; blank items are skipped; a key given twice keeps its
 *       last value). An agent made with {@link #withPlain} takes none.</li>
 *   <li>{@code NAME:ARGUMENT} for a command agent ({@link #withCommand}), the argument taken whole:
 *       {@code exec:python3 bot.py} (the {@code exec} agent of the {@code ddz-protocol} module).</li>
 * </ul>
 * A spec that names no agent, or has a bad setting, is refused with an
 * {@link IllegalArgumentException} of one line that names the spec and what is wrong, for example
 * {@code unknown agent 'foo' (agents: random, rule, rule-douzero, greedy, mc, oracle, mc-v1, mc-v2, net)}.
 *
 * <h2>Adding an agent</h2>
 * One line: {@code AgentSpecs.builtIn().withPlain("mine", "my heuristic", MyAgent::new)} for an
 * agent made from the rules and the tables, or {@code with(name, description, factory)} for one
 * that reads settings. Agents of the engine itself are added to {@link #builtIn()}.
 */
public final class AgentSpecs {
    /**
     * The commit whose build plays the frozen agents {@code mc-v1} and {@code mc-v2} ({@link
     * PinnedBuild}; {@code baselines/build.sh} made its jars).
     */
    public static final String PINNED_COMMIT = "5781cf8";

    /** Makes an agent that takes settings. */
    @FunctionalInterface
    public interface Factory {
        /**
         * An agent for a spec.
         *
         * @param rules the rules of the games it will play
         * @param tables the precomputed tables it may use ({@link EngineTables#NONE} for none)
         * @param settings the spec's settings, keys in lower case, in the order given (this value's
         *     {@link #withDefaults defaults} first); empty when the spec has none
         * @throws IllegalArgumentException one line naming the agent and the bad setting
         */
        Agent create(Rules rules, EngineTables tables, Map<String, String> settings);
    }

    /** Makes an agent that takes no settings. */
    @FunctionalInterface
    public interface PlainFactory {
        /**
         * An agent for the rules.
         *
         * @param rules the rules of the games it will play
         * @param tables the precomputed tables it may use ({@link EngineTables#NONE} for none)
         */
        Agent create(Rules rules, EngineTables tables);
    }

    /** Makes an agent from the text after {@code NAME:}, taken whole (a command line, say). */
    @FunctionalInterface
    public interface CommandFactory {
        /**
         * An agent for a spec.
         *
         * @param rules the rules of the games it will play
         * @param tables the precomputed tables it may use ({@link EngineTables#NONE} for none)
         * @param argument the spec after its first colon, as written (empty if there is none)
         * @throws IllegalArgumentException one line naming the agent and what is wrong
         */
        Agent create(Rules rules, EngineTables tables, String argument);
    }

    /** One agent: exactly one of the factories is set. */
    private static final class Entry {
        final String name;
        final String description;
        final Factory factory;
        final PlainFactory plain;
        final CommandFactory command;
        /** For a command agent: what its argument is, in the list of agents ({@code COMMAND}). */
        final String argument;
        final Map<String, String> defaults;

        Entry(String name, String description, Factory factory, PlainFactory plain, CommandFactory command,
              String argument, Map<String, String> defaults) {
            this.name = name;
            this.description = description;
            this.factory = factory;
            this.plain = plain;
            this.command = command;
            this.argument = argument;
            this.defaults = defaults;
        }
    }

    private static final AgentSpecs NONE = new AgentSpecs(List.of());
    private static final AgentSpecs BUILT_IN = NONE
        .withPlain("random", "uniform over the legal moves (agents.md)", BuiltIn.RANDOM)
        .withPlain("rule", "RLCard's rule agent (agents.md)", BuiltIn.RULE)
        .withPlain("rule-douzero", "the rule agent as DouZero's port plays it: a lead takes the last group holding "
            + "the lowest card (the published 46% self-play figure)", BuiltIn.RULE_DOUZERO)
        .withPlain("greedy", "min-hand heuristic", BuiltIn.GREEDY)
        .with("mc", "Monte Carlo engine (settings: budget=MS default " + McSettings.DEFAULT_BUDGET_MILLIS
            + ", threads=N default 1, "
            + "worlds=N fixed worlds instead of the clock, effort=E a deterministic work budget of E "
            + "microsecond-equivalents instead of the clock (" + Effort.EFFORT_50MS_MICROS + " = the time of a 50 ms "
            + "decision), prior=solo-pass|pass|policy|uniform, rollout=F rollout policy features, solver=C solve worlds of at "
            + "most C cards, nodes=N node budget per solve, candidates=N most candidate moves (default 16), rsolve=C rollouts end in a solve at C cards, rnodes=N its "
            + "node budget, halving=R successive halving of the candidates in R rounds, sure=P play at once a move "
            + "that wins whatever the hidden cards, its rest out in at most P plays, model=FILE|none the leaf model (a "
            + "value network of ddz learn train; default on standard rules the bundled one, none elsewhere), "
            + "leaf-mix=P its share in percent beside a whole rollout (default " + McSettings.DEFAULT_LEAF_MIX
            + "; 100: the model alone, after plies=K rollout moves, default 0, or once at most leaf-cards=C cards "
            + "are left, default 54), leaf-sides=1|2|3 the model in the "
            + "landlord's decisions, the farmers' or both (default 3), bid-worlds=N bidding worlds default 1000, bid-mix=P "
            + "the model's share of a bidding world, percent, default " + Bidder.DEFAULT_LEAF_MIX + ")", BuiltIn.MC)
        .with("oracle", "the Monte Carlo search of mc with every hand visible (its one world is the true deal): "
            + "the ceiling of inference; plays only in ddz play and ddz ladder (settings of mc)", BuiltIn.ORACLE)
        .with("mc-v1", "the Monte Carlo engine frozen as it was when the strength work began, the baseline of "
            + "issue 23, played by the pinned build " + PINNED_COMMIT + " (settings: budget, threads, worlds, effort, "
            + "prior, as for mc)", new Pinned("mc-v1", PINNED_COMMIT, "mc-v1"))
        .with("mc-v2", "the Monte Carlo engine as it was before the learned evaluation, the baseline of issue 34, "
            + "played by the pinned build " + PINNED_COMMIT + " (settings of mc)", new Pinned("mc-v2", PINNED_COMMIT,
            "mc"))
        .with("net", "one-ply lookahead over a value network on sampled worlds (settings: model=FILE a model "
            + "file of ddz learn train, default the one bundled for the rules' preset; worlds=N worlds a decision at most, default " + NetAgent.DEFAULT_WORLDS
            + "; evals=N positions evaluated a decision at most, default " + NetAgent.DEFAULT_EVALS
            + "; prior=NAME the worlds' prior, default uniform; solver=C worlds of at most C cards solved exactly, default "
            + NetAgent.DEFAULT_SOLVE_CARDS + ", 0 never; nodes=N the node budget of a decision's solves, default "
            + NetAgent.DEFAULT_SOLVE_NODES + ")", BuiltIn.NET);

    private final List<Entry> entries;

    private AgentSpecs(List<Entry> entries) {
        this.entries = entries;
    }

    /** No agent at all (to build a registry of one's own). */
    public static AgentSpecs none() {
        return NONE;
    }

    /**
     * The engine's agents: {@code random}, {@code rule}, {@code rule-douzero}, {@code greedy},
     * {@code mc}, {@code oracle} (sees every hand: only for the arena), the frozen {@code mc-v1} and {@code mc-v2} (pinned builds of an earlier commit, {@link PinnedBuild}) and {@code net} ({@link #describe()} says what each is and takes).
     */
    public static AgentSpecs builtIn() {
        return BUILT_IN;
    }

    /**
     * This value with an agent that takes settings ({@code NAME:KEY=VALUE,...}), replacing any agent
     * of that name.
     *
     * @param name the name, lower case, without {@code :} or {@code ,}
     * @param description a few words for the list of agents
     * @throws IllegalArgumentException if the name is empty, not lower case or holds {@code :} or {@code ,}
     */
    public AgentSpecs with(String name, String description, Factory factory) {
        return add(new Entry(checkName(name), description, Objects.requireNonNull(factory, "factory"), null, null, null,
            Map.of()));
    }

    /**
     * This value with an agent that takes no settings (a spec with some is refused), replacing any
     * agent of that name.
     *
     * @param name the name, lower case, without {@code :} or {@code ,}
     * @param description a few words for the list of agents
     * @throws IllegalArgumentException if the name is empty, not lower case or holds {@code :} or {@code ,}
     */
    public AgentSpecs withPlain(String name, String description, PlainFactory factory) {
        return add(new Entry(checkName(name), description, null, Objects.requireNonNull(factory, "factory"), null, null,
            Map.of()));
    }

    /**
     * This value with a command agent, {@code NAME:ARGUMENT}, whose argument is taken whole,
     * replacing any agent of that name. The list of agents in an unknown-agent message ends with
     * {@code or NAME:ARGUMENT for DESCRIPTION}.
     *
     * @param name the name, lower case, without {@code :} or {@code ,}
     * @param argument what the argument is, in capitals ({@code COMMAND})
     * @param description a few words ({@code an external process})
     * @throws IllegalArgumentException if the name is empty, not lower case or holds {@code :} or {@code ,}
     */
    public AgentSpecs withCommand(String name, String argument, String description, CommandFactory factory) {
        return add(new Entry(checkName(name), description, null, null, Objects.requireNonNull(factory, "factory"),
            argument, Map.of()));
    }

    /**
     * This value with default settings for an agent that takes settings: each is used unless the
     * spec gives that key (for example {@code budget=50} for {@code mc}, so that {@code mc:worlds=9}
     * still runs on a 50 ms budget).
     *
     * @param name an agent of this value made with {@link #with}
     * @param defaults keys (case-insensitive) and values, in the order to apply them
     * @throws IllegalArgumentException if this value has no such agent or it takes no settings
     */
    public AgentSpecs withDefaults(String name, Map<String, String> defaults) {
        Entry e = find(name);
        if (e == null || e.factory == null) {
            throw new IllegalArgumentException("no agent '" + name + "' that takes settings");
        }
        Map<String, String> merged = new LinkedHashMap<>(e.defaults);
        for (Map.Entry<String, String> d : defaults.entrySet()) {
            merged.put(d.getKey().toLowerCase(Locale.ROOT), d.getValue());
        }
        return add(new Entry(e.name, e.description, e.factory, null, null, null, Collections.unmodifiableMap(merged)));
    }

    private AgentSpecs add(Entry entry) {
        List<Entry> out = new ArrayList<>(entries.size() + 1);
        boolean replaced = false;
        for (Entry e : entries) {
            if (e.name.equals(entry.name)) {
                out.add(entry);
                replaced = true;
            } else {
                out.add(e);
            }
        }
        if (!replaced) {
            out.add(entry);
        }
        return new AgentSpecs(Collections.unmodifiableList(out));
    }

    private static String checkName(String name) {
        if (name == null || name.isEmpty() || !name.equals(name.toLowerCase(Locale.ROOT)) || name.indexOf(':') >= 0
            || name.indexOf(',') >= 0 || !name.equals(name.trim())) {
            throw new IllegalArgumentException("an agent name is lower case, without ':' or ',': '" + name + "'");
        }
        return name;
    }

    private Entry find(String name) {
        for (Entry e : entries) {
            if (e.name.equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** Whether this value knows an agent of that name (lower case). */
    public boolean contains(String name) {
        return find(name) != null;
    }

    /** The names, in the order they were added (command agents included). */
    public List<String> names() {
        List<String> out = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            out.add(e.name);
        }
        return Collections.unmodifiableList(out);
    }

    /** Every agent and what it is, on one line: {@code random: uniform over ...; rule: ...}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (Entry e : entries) {
            sb.append(sb.length() == 0 ? "" : "; ").append(e.command != null ? e.name + ":" + e.argument : e.name)
                .append(": ").append(e.description);
        }
        return sb.toString();
    }

    /** {@link #parse(String, Rules, EngineTables)} without precomputed tables. */
    public Agent parse(String spec, Rules rules) {
        return parse(spec, rules, EngineTables.NONE);
    }

    /**
     * The agent a spec names.
     *
     * @param spec {@code NAME}, {@code NAME:KEY=VALUE,...} or {@code NAME:ARGUMENT} (see the class comment)
     * @param rules the rules of the games it will play
     * @param tables the precomputed tables it may use
     * @return a new agent (its caller closes it)
     * @throws IllegalArgumentException with a one-line message for an unknown name or bad settings
     */
    public Agent parse(String spec, Rules rules, EngineTables tables) {
        Parsed p = parsed(spec);
        Entry e = p.entry();
        if (e.command != null) {
            return e.command.create(rules, tables, p.argument());
        }
        if (e.plain != null) {
            return e.plain.create(rules, tables);
        }
        return e.factory.create(rules, tables, Collections.unmodifiableMap(p.settings()));
    }

    /**
     * The canonical form of a spec, as game records name the agent that played: the name in lower
     * case, then the settings this value would apply (its defaults for the agent, then the spec's
     * own, later ones overriding) as {@code key=value} in that order; a command agent's argument as
     * given. {@code " MC:Effort=60000 "} is {@code mc:effort=60000}.
     *
     * @param spec an agent spec
     * @return its canonical form
     * @throws IllegalArgumentException as {@link #parse}, for an unknown agent or a malformed setting
     */
    public String canonical(String spec) {
        Parsed p = parsed(spec);
        if (p.entry().command != null) {
            return p.entry().name + ":" + p.argument();
        }
        if (p.settings().isEmpty()) {
            return p.entry().name;
        }
        StringBuilder sb = new StringBuilder(p.entry().name).append(':');
        p.settings().forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
        sb.setLength(sb.length() - 1);
        return sb.toString();
    }

    /** A spec read: its entry, and its settings (defaults first) or a command's argument. */
    private record Parsed(Entry entry, Map<String, String> settings, String argument) {
    }

    private Parsed parsed(String spec) {
        String s = spec == null ? "" : spec.trim();
        int colon = s.indexOf(':');
        String name = (colon < 0 ? s : s.substring(0, colon)).toLowerCase(Locale.ROOT);
        Entry e = find(name);
        if (e == null) {
            throw new IllegalArgumentException("unknown agent '" + (spec == null ? "" : spec) + "' (" + known() + ")");
        }
        if (e.command != null) {
            return new Parsed(e, Map.of(), colon < 0 ? "" : s.substring(colon + 1));
        }
        Map<String, String> settings = new LinkedHashMap<>(e.defaults);
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
        if (e.plain != null && !settings.isEmpty()) {
            throw new IllegalArgumentException("agent '" + e.name + "' takes no settings, got "
                + String.join(",", settings.keySet()));
        }
        return new Parsed(e, settings, "");
    }

    /** {@code agents: random, rule, ..., or exec:COMMAND for an external process}. */
    private String known() {
        List<String> plain = new ArrayList<>();
        StringBuilder commands = new StringBuilder();
        for (Entry e : entries) {
            if (e.command == null) {
                plain.add(e.name);
            } else {
                commands.append(plain.isEmpty() && commands.length() == 0 ? "" : ", or ").append(e.name).append(':')
                    .append(e.argument).append(" for ").append(e.description);
            }
        }
        return entries.isEmpty() ? "no agents" : "agents: " + String.join(", ", plain) + commands;
    }

    // ------------------------------------------------------------------------------- the engine's

    /**
     * A frozen agent: the agent {@code spec} of a {@link PinnedBuild}, the build loaded once, at the
     * first agent made (a build is a class loader and its classes: one for every agent of it).
     */
    private static final class Pinned implements Factory {
        private final String name;
        private final String commit;
        private final String spec;
        private PinnedBuild build;

        Pinned(String name, String commit, String spec) {
            this.name = name;
            this.commit = commit;
            this.spec = spec;
        }

        private synchronized PinnedBuild build() {
            if (build == null) {
                build = PinnedBuild.load(commit);
            }
            return build;
        }

        @Override
        public Agent create(Rules rules, EngineTables tables, Map<String, String> settings) {
            StringBuilder full = new StringBuilder(spec);
            char sep = ':';
            for (Map.Entry<String, String> e : settings.entrySet()) {
                full.append(sep).append(e.getKey()).append('=').append(e.getValue());
                sep = ',';
            }
            try {
                return build().agent(name, full.toString(), rules);
            } catch (IllegalArgumentException bad) {
                // the build names the spec it was given: name the agent asked for
                throw new IllegalArgumentException(bad.getMessage().replace("agent '" + spec + "'", "agent '" + name + "'"));
            }
        }
    }

    /** The {@code net} agent of a spec's settings: its model read once, shared by its copies. */
    private static Agent net(Rules rules, EngineTables tables, Map<String, String> settings) {
        String model = null;
        int worlds = NetAgent.DEFAULT_WORLDS;
        int evals = NetAgent.DEFAULT_EVALS;
        Prior prior = NetAgent.DEFAULT_PRIOR;
        int solveCards = NetAgent.DEFAULT_SOLVE_CARDS;
        long solveNodes = NetAgent.DEFAULT_SOLVE_NODES;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            switch (e.getKey()) {
                case "model" -> model = e.getValue();
                case "worlds" -> worlds = McSettings.range("net", "worlds", e.getValue(), 1, NetAgent.MAX_WORLDS);
                case "evals" -> evals = McSettings.range("net", "evals", e.getValue(), 1, NetAgent.MAX_EVALS);
                case "prior" -> prior = McSettings.prior("net", e.getValue());
                case "solver" -> solveCards = McSettings.range("net", "solver", e.getValue(), 0, 54);
                case "nodes" -> solveNodes = McSettings.range("net", "nodes", e.getValue(), 1, Integer.MAX_VALUE);
                default -> throw new IllegalArgumentException("agent 'net': unknown setting '" + e.getKey()
                    + "' (model, worlds, evals, prior, solver, nodes)");
            }
        }
        io.github.ddzengine.mc.eval.ValueNet net = model != null ? McSettings.readModel("net", model, rules)
            : NetAgent.bundledModel(rules);
        if (net == null) {
            throw new IllegalArgumentException("agent 'net': no model of the rules " + rules + " is bundled: give "
                + "net:model=FILE, a model file of ddz learn train for them");
        }
        return new NetAgent(rules, tables, net, worlds, evals, prior, solveCards, solveNodes);
    }

    private enum BuiltIn implements Factory, PlainFactory {
        RANDOM, RULE, RULE_DOUZERO, GREEDY, MC, ORACLE, NET;

        @Override
        public Agent create(Rules rules, EngineTables tables) {
            return switch (this) {
                case RANDOM -> new RandomAgent(rules, 0);
                case RULE -> new RuleAgent(rules, 0);
                case RULE_DOUZERO -> new RuleAgent(rules, 0, true);
                case GREEDY -> new GreedyAgent(rules, tables);
                default -> throw new IllegalStateException(this + " takes settings");
            };
        }

        @Override
        public Agent create(Rules rules, EngineTables tables, Map<String, String> settings) {
            return switch (this) {
                case MC -> new MonteCarloAgent(McSettings.parse("mc", settings, McSettings.KEYS, rules), tables);
                case ORACLE -> new OracleAgent(McSettings.parse("oracle", settings, McSettings.KEYS, rules), tables);
                case NET -> net(rules, tables, settings);
                default -> throw new IllegalStateException(this + " takes no settings");
            };
        }
    }
}
