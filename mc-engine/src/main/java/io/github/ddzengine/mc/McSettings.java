package io.github.ddzengine.mc;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;
import io.github.ddzengine.tables.TableException;

/**
 * Every setting of the Monte Carlo agent ({@link MonteCarloAgent}, and the {@link OracleAgent}
 * that searches as it does), in one immutable value: the one home of each default ({@code
 * DEFAULT_*}), each bound ({@code MAX_*}), each spec key ({@link #parse}) and the check that
 * validates them together (the canonical constructor). Front ends build one with {@link
 * #builder()} or read one from an agent spec with {@link #parse}; nothing else holds a default.
 *
 * @param budgetMillis the time budget of a decision, ms, 1..{@value #MAX_BUDGET_MILLIS}; ignored when
 *     {@code worlds > 0} or {@code effort > 0}
 * @param threads worker threads including the caller, 1..{@value #MAX_THREADS}
 * @param worlds fixed-worlds mode: exactly this many worlds and no clock, 1..{@value #MAX_WORLDS}; 0: off
 * @param effort effort mode: a deterministic work budget of a decision in microsecond-equivalents of
 *     one warm core ({@link Effort}; {@link Effort#EFFORT_50MS_MICROS} costs what a 50 ms decision
 *     does), no clock; 0: off. Exclusive with {@code worlds}
 * @param maxCandidates most candidate moves evaluated, 2..{@value #MAX_CANDIDATES} (the pass always stays when following)
 * @param solverMaxCards worlds with at most this many cards in all hands go to the exact solver; the one
 *     world of a determined set (all hidden cards known) goes to it whatever its size
 * @param solverNodes node budget of one exact solve; a solve that runs out falls back to the world's
 *     evaluation by rollouts or the leaf model (a determined set's solve has {@code 50 x
 *     solverNodes} in fixed-worlds mode, three quarters of the time left and no node budget under
 *     the clock, and the nodes of three quarters of the effort in effort mode)
 * @param reserveMillis part of a time budget kept for hand-off and merging, below {@code budgetMillis}
 * @param prior the world prior
 * @param bidder the bidding estimator
 * @param rolloutFeatures the {@link Playout} features of the rollouts (an or of its feature bits; 0: the
 *     first policy, {@code mc-v1}'s)
 * @param rolloutSolveCards a rollout reaching at most this many cards in all hands ends with the exact
 *     solver's verdict (0: never)
 * @param rolloutSolveNodes the node budget of such a solve (0: none)
 * @param halvingRounds successive halving across candidates, 0..{@value #MAX_HALVING_ROUNDS}: the
 *     decision's budget (effort, worlds or time) is split into this many rounds of consecutive world
 *     indices, and after each round but the last the worse half of the candidates still in play (by
 *     worlds won, then score, then the candidate order) is dropped (0 or 1: off)
 * @param surePlays the decision-level sure win, 0..{@value #MAX_SURE_PLAYS}: before any world is
 *     sampled, the candidates that nobody can beat from the cards the mover cannot see, after which
 *     the rest of its hand goes out in at most this many plays, each but the last one nobody can
 *     beat, are the only candidates ({@link Playout#sureMoves}; 0: off)
 * @param leaf the leaf model: when not null, a world that the solver does not settle values each
 *     candidate by {@code leafPlies} moves of the rollout policy and then the model's landlord win
 *     probability instead of a rollout to the end ({@link Worker}); null: rollouts
 * @param leafPlies the rollout policy's moves after the candidate before the leaf model is asked,
 *     0..{@value #MAX_LEAF_PLIES} (a game that ends before is scored as it ended)
 * @param leafCards the leaf model is asked only once the hands hold at most this many cards in all,
 *     0..54 (54: at once); the rollout policy plays until then
 * @param leafMix the share of the leaf model in a world's value, percent, 0..100 (default {@value
 *     #DEFAULT_LEAF_MIX}): below 100 each
 *     candidate gets a whole rollout and the model's value of the position right after it, mixed
 *     in this proportion ({@code leafPlies} and {@code leafCards} are then not used); 100: the
 *     model alone at the leaf
 * @param leafSides in whose decisions the leaf model is used: {@link #SIDE_LANDLORD}, {@link
 *     #SIDE_FARMERS} or both ({@link #SIDE_BOTH}); the others' decisions roll out to the end
 * @param leafRules the rules the leaf model was trained for: a decision under other rules rolls out
 *     to the end (null: any rules, for a model given without them)
 */
public record McSettings(int budgetMillis, int threads, int worlds, long effort, int maxCandidates, int solverMaxCards,
                         long solverNodes, int reserveMillis, Prior prior, Bidder bidder, int rolloutFeatures,
                         int rolloutSolveCards, long rolloutSolveNodes, int halvingRounds, int surePlays,
                         ValueNet leaf, int leafPlies, int leafCards, int leafMix, int leafSides, Rules leafRules) {

    /**
     * The time budget of a decision when none is given, ms: the one home of this default (the CLI's
     * {@code --budget-ms}, the agent specs, the facade, the web server and the Botzone bot read it here).
     */
    public static final int DEFAULT_BUDGET_MILLIS = 50;
    /** The most ms a decision may be given. */
    public static final int MAX_BUDGET_MILLIS = 600_000;
    /** Worker threads of a decision when none are given. */
    public static final int DEFAULT_THREADS = 1;
    /** The most worker threads of a decision. */
    public static final int MAX_THREADS = 64;
    /** The most worlds of a fixed-worlds decision (and of a bid estimate). */
    public static final int MAX_WORLDS = 10_000_000;
    /** Candidate moves evaluated at most, when not given. */
    public static final int DEFAULT_MAX_CANDIDATES = 16;
    /** The most candidate moves a decision may evaluate (more than any hand has). */
    public static final int MAX_CANDIDATES = 1_000;
    /** Worlds of at most this many cards go to the exact solver, when not given. */
    public static final int DEFAULT_SOLVER_MAX_CARDS = 18;
    /** The node budget of one exact solve, when not given. */
    public static final long DEFAULT_SOLVER_NODES = 20_000;
    /** The part of a time budget kept for hand-off and merging, ms, when not given. */
    public static final int DEFAULT_RESERVE_MILLIS = 4;
    /**
     * The rollout features chosen by duplicate matches ({@code docs/strength.md}): every feature,
     * 1023: {@link RolloutPolicy#WIN_IN_TWO}, {@link RolloutPolicy#URGENT_COUNT}, {@link RolloutPolicy#SAFE_LEADS},
     * {@link RolloutPolicy#FEED_PARTNER}, {@link RolloutPolicy#SURE_WIN}, {@link RolloutPolicy#UP_EVEN}, {@link
     * RolloutPolicy#URGENT_TWO}, {@link RolloutPolicy#LANDLORD_EVEN}, {@link RolloutPolicy#FEED_SURE}, {@link
     * RolloutPolicy#BLOCK_SHORT}. Bids keep the first policy's estimates, on which the {@link Bidder}'s
     * thresholds were tuned.
     */
    public static final int DEFAULT_ROLLOUT_FEATURES = RolloutPolicy.WIN_IN_TWO | RolloutPolicy.URGENT_COUNT | RolloutPolicy.SAFE_LEADS
        | RolloutPolicy.FEED_PARTNER | RolloutPolicy.SURE_WIN | RolloutPolicy.UP_EVEN | RolloutPolicy.URGENT_TWO | RolloutPolicy.LANDLORD_EVEN
        | RolloutPolicy.FEED_SURE | RolloutPolicy.BLOCK_SHORT;
    /** The most rounds of successive halving (16 candidates halve to 2 in three). */
    public static final int MAX_HALVING_ROUNDS = 8;
    /** The most plays left that the decision-level sure win looks through. */
    public static final int MAX_SURE_PLAYS = 8;
    /**
     * The leaf model's share beside a whole rollout when none is given, percent ({@link
     * #leafMix()}): kept by duplicate matches against the plain search (docs/strength.md).
     */
    public static final int DEFAULT_LEAF_MIX = 50;
    /**
     * The leaf model {@link #builder(Rules)} gives the standard rules: a class-path resource of
     * this module, trained by the commands of docs/cli/learn.md.
     */
    public static final String STANDARD_LEAF_RESOURCE = "io/github/ddzengine/mc/eval/leaf-standard.ddzt";
    /** The most rollout-policy moves before the leaf model. */
    public static final int MAX_LEAF_PLIES = 60;

    /** The spec keys {@code mc} reads ({@link #parse}), in the order its help names them. */
    public static final List<String> KEYS = List.of("budget", "threads", "worlds", "effort", "prior", "rollout",
        "solver", "nodes", "candidates", "rsolve", "rnodes", "halving", "sure", "model", "plies", "leaf-cards", "leaf-mix", "leaf-sides", "bid-worlds", "bid-mix");

    /**
     * @throws IllegalArgumentException naming the first setting out of range
     */
    public McSettings {
        if (budgetMillis < 1 || budgetMillis > MAX_BUDGET_MILLIS) {
            throw new IllegalArgumentException("budget must be 1.." + MAX_BUDGET_MILLIS + " ms, not " + budgetMillis);
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ", not " + threads);
        }
        if (worlds < 0 || worlds > MAX_WORLDS) {
            throw new IllegalArgumentException("worlds must be 0 (off) or 1.." + MAX_WORLDS + ", not " + worlds);
        }
        if (maxCandidates < 2 || maxCandidates > MAX_CANDIDATES) {
            throw new IllegalArgumentException("candidates must be 2.." + MAX_CANDIDATES + ", not " + maxCandidates);
        }
        if (effort < 0 || effort > Long.MAX_VALUE / 1_000_000_000L) {
            throw new IllegalArgumentException("effort must be 0 (off) or a positive number of microseconds, not "
                + effort);
        }
        if (effort > 0 && worlds > 0) {
            throw new IllegalArgumentException("worlds and effort are exclusive: give one budget");
        }
        if (reserveMillis < 0 || reserveMillis >= budgetMillis && worlds == 0 && effort == 0) {
            throw new IllegalArgumentException("reserve " + reserveMillis + " ms must be below the budget "
                + budgetMillis + " ms");
        }
        if (solverMaxCards < 0 || solverNodes < 0 || rolloutFeatures < 0 || rolloutSolveCards < 0
            || rolloutSolveNodes < 0) {
            throw new IllegalArgumentException("search settings are not negative");
        }
        if (halvingRounds < 0 || halvingRounds > MAX_HALVING_ROUNDS) {
            throw new IllegalArgumentException("halving rounds must be 0.." + MAX_HALVING_ROUNDS + ", not "
                + halvingRounds);
        }
        if (surePlays < 0 || surePlays > MAX_SURE_PLAYS) {
            throw new IllegalArgumentException("sure plays must be 0.." + MAX_SURE_PLAYS + ", not " + surePlays);
        }
        if (leafPlies < 0 || leafPlies > MAX_LEAF_PLIES) {
            throw new IllegalArgumentException("leaf plies must be 0.." + MAX_LEAF_PLIES + ", not " + leafPlies);
        }
        if (leafCards < 0 || leafCards > 54) {
            throw new IllegalArgumentException("leaf cards must be 0..54, not " + leafCards);
        }
        if (leafMix < 0 || leafMix > 100) {
            throw new IllegalArgumentException("leaf mix must be 0..100 percent, not " + leafMix);
        }
        if (leafSides < SIDE_LANDLORD || leafSides > SIDE_BOTH) {
            throw new IllegalArgumentException("leaf sides must be 1..3, not " + leafSides);
        }
        if (prior == null || bidder == null) {
            throw new IllegalArgumentException("a prior and a bidder are required");
        }
    }

    /**
     * The defaults without a leaf model: 50 ms, 1 thread, time mode, 16 candidates, solver up to 18
     * cards / 20,000 nodes, rollouts to the end.
     */
    public static McSettings defaults() {
        return builder().build();
    }

    /** The defaults of {@code rules}: {@link #defaults()} with the rules' leaf model ({@link #builder(Rules)}). */
    public static McSettings defaults(Rules rules) {
        return builder(rules).build();
    }

    /** A builder holding {@link #defaults()}: no leaf model. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding the defaults of {@code rules}, the agent {@code mc}'s: for the standard rules
     * (no bans) the bundled leaf model ({@link #STANDARD_LEAF_RESOURCE}) at {@link
     * #DEFAULT_LEAF_MIX} percent beside each rollout; for other rules none (rollouts to the end).
     *
     * @throws io.github.ddzengine.tables.TableException if the bundled model cannot be read (a
     *     broken build)
     */
    public static Builder builder(Rules rules) {
        Builder b = new Builder();
        if (rules.equals(Rules.STANDARD)) {
            b.leaf(StandardLeaf.NET).leafRules(rules);
        }
        return b;
    }

    /** The bundled leaf model of the standard rules, read once, at first use. */
    private static final class StandardLeaf {
        static final ValueNet NET = ValueNetFile.readResource(STANDARD_LEAF_RESOURCE, Rules.STANDARD).net();
    }

    /** A builder holding these settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** {@link #leafSides()}: the landlord's decisions. */
    public static final int SIDE_LANDLORD = 1;
    /** {@link #leafSides()}: the farmers' decisions. */
    public static final int SIDE_FARMERS = 2;
    /** {@link #leafSides()}: every decision. */
    public static final int SIDE_BOTH = 3;

    /** Whether the decisions of {@code seat} (0 the landlord) use the leaf model (under its rules). */
    public boolean leafFor(int seat) {
        return leaf != null && (leafSides & (seat == 0 ? SIDE_LANDLORD : SIDE_FARMERS)) != 0;
    }

    /** Whether the decisions of {@code seat} under {@code rules} use the leaf model. */
    public boolean leafFor(int seat, Rules rules) {
        return leafFor(seat) && (leafRules == null || leafRules.equals(rules));
    }

    /** Whether a decision counts worlds or effort rather than reading the clock. */
    public boolean deterministic() {
        return worlds > 0 || effort > 0;
    }

    /**
     * These settings for a time budget of {@code ms}: the reserve is shrunk to a quarter of the
     * budget if it would not fit.
     */
    public McSettings withBudget(int ms) {
        return toBuilder().budget(ms).build();
    }

    /** These settings with exactly {@code n} worlds a decision (0: off). */
    public McSettings withWorlds(int n) {
        return toBuilder().worlds(n).build();
    }

    /** These settings in effort mode with {@code micros} microsecond-equivalents a decision (0: off). */
    public McSettings withEffort(long micros) {
        return toBuilder().effort(micros).build();
    }

    /** These settings with {@code n} worker threads. */
    public McSettings withThreads(int n) {
        return toBuilder().threads(n).build();
    }

    /**
     * The settings of an agent spec's {@code KEY=VALUE} pairs on top of {@link #defaults(Rules)} (so
     * {@code model=none} turns the rules' leaf model off): the one
     * reader of the spec keys ({@link #KEYS}) of {@code mc} and {@code oracle}, and, with {@code
     * keys}, of any agent that takes a subset of them ({@code mc-v1}).
     *
     * @param agent the agent's name, for messages
     * @param settings the spec's settings, in order
     * @param keys the keys this agent takes (a subset of {@link #KEYS}); any other key is refused
     * @param rules the rules a leaf model must fit ({@code model=FILE})
     * @throws IllegalArgumentException one line naming the agent, the key and the range or the fault
     */
    public static McSettings parse(String agent, Map<String, String> settings, List<String> keys, Rules rules) {
        Builder b = builder(rules);
        boolean worlds = false;
        boolean effort = false;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String key = e.getKey();
            String v = e.getValue();
            if (!keys.contains(key)) {
                throw new IllegalArgumentException("agent '" + agent + "': unknown setting '" + key + "' ("
                    + String.join(", ", keys) + ")");
            }
            switch (key) {
                case "budget" -> b.budget(range(agent, key, v, 1, MAX_BUDGET_MILLIS));
                case "threads" -> b.threads(range(agent, key, v, 1, MAX_THREADS));
                case "worlds" -> {
                    b.worlds(range(agent, key, v, 1, MAX_WORLDS));
                    worlds = true;
                }
                case "effort" -> {
                    b.effort(range(agent, key, v, 1, Integer.MAX_VALUE));
                    effort = true;
                }
                case "bid-worlds" -> b.bidder(b.bidder.withWorlds(range(agent, key, v, 1, MAX_WORLDS)));
                case "bid-mix" -> b.bidder(b.bidder.withLeafMix(range(agent, key, v, 0, 100)));
                case "nodes" -> b.solverNodes(range(agent, key, v, 1, Integer.MAX_VALUE));
                case "candidates" -> b.maxCandidates(range(agent, key, v, 2, MAX_CANDIDATES));
                case "rollout" -> b.rolloutFeatures(range(agent, key, v, 0, Integer.MAX_VALUE));
                case "solver" -> b.solverMaxCards(range(agent, key, v, 0, Integer.MAX_VALUE));
                case "rsolve" -> b.rolloutSolveCards(range(agent, key, v, 0, Integer.MAX_VALUE));
                case "rnodes" -> b.rolloutSolveNodes(range(agent, key, v, 0, Integer.MAX_VALUE));
                case "halving" -> b.halvingRounds(range(agent, key, v, 0, MAX_HALVING_ROUNDS));
                case "sure" -> b.surePlays(range(agent, key, v, 0, MAX_SURE_PLAYS));
                case "plies" -> b.leafPlies(range(agent, key, v, 0, MAX_LEAF_PLIES));
                case "leaf-cards" -> b.leafCards(range(agent, key, v, 0, 54));
                case "leaf-mix" -> b.leafMix(range(agent, key, v, 0, 100));
                case "leaf-sides" -> b.leafSides(range(agent, key, v, SIDE_LANDLORD, SIDE_BOTH));
                case "model" -> {
                    boolean none = "none".equalsIgnoreCase(v.trim());
                    b.leaf(none ? null : readModel(agent, v, rules)).leafRules(none ? null : rules);
                }
                case "prior" -> b.prior(prior(agent, v));
                default -> throw new IllegalStateException("a key of KEYS without a reader: " + key);
            }
        }
        if (worlds && effort) {
            throw new IllegalArgumentException("agent '" + agent + "': worlds and effort are exclusive (give one)");
        }
        try {
            return b.build();
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("agent '" + agent + "': " + bad.getMessage());
        }
    }

    /**
     * The model of a spec's {@code model=FILE}: a value-net table file ({@link ValueNetFile}) for
     * {@code rules}.
     *
     * @throws IllegalArgumentException one line naming the agent, the file and the fault
     */
    public static ValueNet readModel(String agent, String file, Rules rules) {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("agent '" + agent + "': model= needs a file (the shipped one: "
                + "models/value-net-standard.ddzt)");
        }
        try {
            return ValueNetFile.read(Path.of(file), rules).net();
        } catch (InvalidPathException bad) {
            throw new IllegalArgumentException("agent '" + agent + "': model '" + file + "' is not a path");
        } catch (TableException bad) {
            throw new IllegalArgumentException("agent '" + agent + "': " + bad.getMessage());
        }
    }

    /**
     * The world prior of a spec's {@code prior=NAME} setting: {@code solo-pass}, {@code pass},
     * {@code policy} or {@code uniform} (case-insensitive). The one place agent specs read a prior.
     *
     * @param agent the agent's name, for the message
     * @throws IllegalArgumentException {@code agent 'AGENT': unknown prior 'NAME' (solo-pass, pass, policy, uniform)}
     */
    public static Prior prior(String agent, String name) {
        try {
            String pv = name.trim().toLowerCase(Locale.ROOT);
            return "pass".equals(pv) ? new PassPrior() : "policy".equals(pv) ? new PolicyPrior() : Prior.named(name);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("agent '" + agent + "': "
                + bad.getMessage().replace("(solo-pass, uniform)", "(solo-pass, pass, policy, uniform)"));
        }
    }

    /**
     * An integer setting within {@code min..max}, ASCII digits only: one line naming the agent, the
     * key and the range otherwise.
     */
    public static int range(String agent, String key, String value, int min, int max) {
        long v = -1;
        if (value != null && !value.isEmpty() && value.length() <= 12) {
            v = 0;
            for (int i = 0; i < value.length() && v >= 0; i++) {
                char c = value.charAt(i);
                v = c >= '0' && c <= '9' ? v * 10 + (c - '0') : -1; // ASCII digits only: no other script's
            }
        }
        if (v < min || v > max) {
            // not a number, or 0 where 1 is the least: the kind of number; else the range
            String what = v < 0 || max == Integer.MAX_VALUE || v < min && min == 1
                ? (min > 0 ? "a positive integer" : "a non-negative integer")
                : min + ".." + max;
            throw new IllegalArgumentException("agent '" + agent + "': " + key + " must be " + what + ", not '"
                + value + "'");
        }
        return (int) v;
    }

    /** Builds {@link McSettings}; the checks run once, in {@link #build()}. Not thread-safe. */
    public static final class Builder {
        private int budgetMillis = DEFAULT_BUDGET_MILLIS;
        private int threads = DEFAULT_THREADS;
        private int worlds;
        private long effort;
        private int maxCandidates = DEFAULT_MAX_CANDIDATES;
        private int solverMaxCards = DEFAULT_SOLVER_MAX_CARDS;
        private long solverNodes = DEFAULT_SOLVER_NODES;
        private int reserveMillis = DEFAULT_RESERVE_MILLIS;
        private Prior prior = new SoloPassPrior();
        private Bidder bidder = new Bidder();
        private int rolloutFeatures = DEFAULT_ROLLOUT_FEATURES;
        private int rolloutSolveCards;
        private long rolloutSolveNodes;
        private int halvingRounds;
        private int surePlays;
        private ValueNet leaf;
        private int leafPlies;
        private int leafCards = 54;
        private int leafMix = DEFAULT_LEAF_MIX;
        private int leafSides = SIDE_BOTH;
        private Rules leafRules;

        private Builder() {
        }

        private Builder(McSettings s) {
            budgetMillis = s.budgetMillis;
            threads = s.threads;
            worlds = s.worlds;
            effort = s.effort;
            maxCandidates = s.maxCandidates;
            solverMaxCards = s.solverMaxCards;
            solverNodes = s.solverNodes;
            reserveMillis = s.reserveMillis;
            prior = s.prior;
            bidder = s.bidder;
            rolloutFeatures = s.rolloutFeatures;
            rolloutSolveCards = s.rolloutSolveCards;
            rolloutSolveNodes = s.rolloutSolveNodes;
            halvingRounds = s.halvingRounds;
            surePlays = s.surePlays;
            leaf = s.leaf;
            leafPlies = s.leafPlies;
            leafCards = s.leafCards;
            leafMix = s.leafMix;
            leafSides = s.leafSides;
            leafRules = s.leafRules;
        }

        /** {@link McSettings#budgetMillis()}; the reserve shrinks to a quarter of it if it would not fit. */
        public Builder budget(int ms) {
            budgetMillis = ms;
            reserveMillis = Math.min(reserveMillis, Math.max(0, ms / 4));
            return this;
        }

        /** {@link McSettings#threads()}. */
        public Builder threads(int n) {
            threads = n;
            return this;
        }

        /** {@link McSettings#worlds()}. */
        public Builder worlds(int n) {
            worlds = n;
            return this;
        }

        /** {@link McSettings#effort()}. */
        public Builder effort(long micros) {
            effort = micros;
            return this;
        }

        /** {@link McSettings#maxCandidates()}. */
        public Builder maxCandidates(int n) {
            maxCandidates = n;
            return this;
        }

        /** {@link McSettings#solverMaxCards()}. */
        public Builder solverMaxCards(int cards) {
            solverMaxCards = cards;
            return this;
        }

        /** {@link McSettings#solverNodes()}. */
        public Builder solverNodes(long nodes) {
            solverNodes = nodes;
            return this;
        }

        /** {@link McSettings#reserveMillis()}. */
        public Builder reserve(int ms) {
            reserveMillis = ms;
            return this;
        }

        /** {@link McSettings#prior()}. */
        public Builder prior(Prior p) {
            prior = p;
            return this;
        }

        /** {@link McSettings#bidder()}. */
        public Builder bidder(Bidder b) {
            bidder = b;
            return this;
        }

        /** {@link McSettings#rolloutFeatures()}. */
        public Builder rolloutFeatures(int f) {
            rolloutFeatures = f;
            return this;
        }

        /** {@link McSettings#rolloutSolveCards()}. */
        public Builder rolloutSolveCards(int cards) {
            rolloutSolveCards = cards;
            return this;
        }

        /** {@link McSettings#rolloutSolveNodes()}. */
        public Builder rolloutSolveNodes(long nodes) {
            rolloutSolveNodes = nodes;
            return this;
        }

        /** {@link McSettings#halvingRounds()}. */
        public Builder halvingRounds(int rounds) {
            halvingRounds = rounds;
            return this;
        }

        /** {@link McSettings#surePlays()}. */
        public Builder surePlays(int plays) {
            surePlays = plays;
            return this;
        }

        /** {@link McSettings#leaf()} (null: rollouts). */
        public Builder leaf(ValueNet net) {
            leaf = net;
            return this;
        }

        /** {@link McSettings#leafPlies()}. */
        public Builder leafPlies(int plies) {
            leafPlies = plies;
            return this;
        }

        /** {@link McSettings#leafRules()}. */
        public Builder leafRules(Rules rules) {
            leafRules = rules;
            return this;
        }

        /** {@link McSettings#leafMix()}. */
        public Builder leafMix(int percent) {
            leafMix = percent;
            return this;
        }

        /** {@link McSettings#leafSides()}. */
        public Builder leafSides(int sides) {
            leafSides = sides;
            return this;
        }

        /** {@link McSettings#leafCards()}. */
        public Builder leafCards(int cards) {
            leafCards = cards;
            return this;
        }

        /**
         * The settings.
         *
         * @throws IllegalArgumentException naming the first setting out of range
         */
        public McSettings build() {
            return new McSettings(budgetMillis, threads, worlds, effort, maxCandidates, solverMaxCards, solverNodes,
                reserveMillis, prior, bidder, rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds,
                surePlays, leaf, leafPlies, leafCards, leafMix, leafSides, leafRules);
        }
    }
}
