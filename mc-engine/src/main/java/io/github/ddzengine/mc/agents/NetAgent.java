package io.github.ddzengine.mc.agents;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MovePruner;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.WorldSampler;
import io.github.ddzengine.mc.eval.ValueFeatures;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

/**
 * The {@code net} agent: a one-ply lookahead over a {@link ValueNet} on a few sampled worlds. For
 * each legal move (kickers thinned by {@link MovePruner}) it sums, over worlds dealt from its
 * information set (uniformly, or weighted by a {@link Prior}), the network's probability that its
 * side wins the position after the move, and plays the move with the highest sum; a move that
 * empties the hand is played at once. A world with few cards left (at most {@code solveCards} in
 * all hands) is solved exactly instead, each move counting 1 if it wins and 0 if it loses, while
 * the decision's solves fit their node budget ({@code solveNodes}, all worlds together); a world
 * whose solve runs out is evaluated by the network. A decision evaluates at most {@code evals}
 * positions: with {@code n} moves it deals {@code min(worlds, max(1, evals / n))} worlds, so its
 * cost is bounded whatever the hand. Deterministic (node budgets, no clock): world {@code w} of a
 * decision is dealt from the game's seed, the decision's place in the game and {@code w}. Bids by
 * {@link BaselineBids}.
 *
 * <p>One thread; the buffers are the agent's own, so a decision allocates only its world sampler
 * and, when it solves, a position a world.
 */
public final class NetAgent implements Agent {
    /** The default number of worlds a decision samples (fewer when it has many moves: {@link #DEFAULT_EVALS}). */
    public static final int DEFAULT_WORLDS = 32;
    /** The default bound on the positions a decision evaluates (moves times worlds). */
    public static final int DEFAULT_EVALS = 400;
    /** The default world prior. */
    public static final Prior DEFAULT_PRIOR = Prior.UNIFORM;
    /** By default a world of at most this many cards in all hands goes to the exact solver. */
    public static final int DEFAULT_SOLVE_CARDS = 24;
    /** The default node budget of a decision's exact solves (all its worlds together). */
    public static final long DEFAULT_SOLVE_NODES = 2_000;
    /** Transposition-table memory of the agent's solver, MiB (allocated as a solve grows it). */
    static final int SOLVER_TABLE_MB = 2;
    /** The most worlds a spec may ask for. */
    public static final int MAX_WORLDS = 10_000;
    /** The most evaluations a spec may ask for. */
    public static final int MAX_EVALS = 10_000_000;

    private final Rules rules;
    private final EngineTables tables;
    private final ValueNet net;
    private final int worlds;
    private final int evals;
    private final Prior prior;
    private final int solveCards;
    private final long solveNodes;
    private Solver solver;
    private long nodesLeft;
    private final boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MovePruner pruner;
    private final ValueNet.Evaluator evaluator;
    private final Rng rng = new Rng(0);
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final double[] score = new double[MoveGenerator.MAX_MOVES];
    private final int[] scratch = new int[WorldSampler.SCRATCH];
    private final long[] hands = new long[3];
    private long gameSeed;

    /**
     * A {@code net} agent.
     *
     * @param rules the rules (the network's preset)
     * @param tables the tables its min-hand counts use
     * @param net the value network
     * @param worlds worlds sampled a decision at most, 1..{@value #MAX_WORLDS}
     * @param evals positions a decision evaluates at most (at least one world whatever the moves), 1 or more
     * @param prior the likelihood of the worlds it deals
     * @param solveCards a world with at most this many cards in all hands is solved exactly (each
     *     move a win or a loss) instead of evaluated, while the decision's solves fit
     *     {@code solveNodes}; 0 for never
     * @param solveNodes the node budget of a decision's solves, all its worlds together, 1 or more
     * @throws IllegalArgumentException if {@code worlds} or {@code evals} is out of range or the network
     *     does not take feature set {@value ValueFeatures#VERSION}
     */
    public NetAgent(Rules rules, EngineTables tables, ValueNet net, int worlds, int evals, Prior prior,
        int solveCards, long solveNodes) {
        if (worlds < 1 || worlds > MAX_WORLDS) {
            throw new IllegalArgumentException("worlds must be 1.." + MAX_WORLDS + ", not " + worlds);
        }
        if (solveCards < 0 || solveNodes < 1) {
            throw new IllegalArgumentException("solve cards must be 0 or more and solve nodes 1 or more, not "
                + solveCards + " and " + solveNodes);
        }
        if (evals < 1) {
            throw new IllegalArgumentException("evals must be at least 1, not " + evals);
        }
        this.evals = evals;
        this.prior = prior;
        this.solveCards = solveCards;
        this.solveNodes = solveNodes;
        this.rules = rules;
        this.tables = tables;
        this.net = net;
        this.worlds = worlds;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.pruner = new MovePruner(table);
        this.evaluator = net.incrementalEvaluator(rules, MinHands.of(rules, tables));
    }

    /**
     * The class-path resource of the bundled model of a preset's rules: {@code models/value-net-PRESET.ddzt}
     * of the repository, where there is one, put by the build beside the agent's classes.
     */
    public static String modelResource(Preset preset) {
        return "io/github/ddzengine/mc/eval/value-net-" + preset.id() + ".ddzt";
    }

    /**
     * The bundled model of {@code rules} ({@link #modelResource}), read once a preset, at first use
     * (immutable); null for rules with bans or a preset without one.
     *
     * @throws io.github.ddzengine.tables.TableException if a bundled model cannot be read (a broken build)
     */
    public static ValueNet bundledModel(Rules rules) {
        if (!rules.equals(Rules.of(rules.preset()))) {
            return null; // bans: positions the models were not trained on
        }
        return Bundled.NETS.get(rules.preset());
    }

    /** The bundled models, by preset. */
    private static final class Bundled {
        static final Map<Preset, ValueNet> NETS = load();

        private static Map<Preset, ValueNet> load() {
            Map<Preset, ValueNet> nets = new EnumMap<>(Preset.class);
            for (Preset p : Preset.values()) {
                if (NetAgent.class.getClassLoader().getResource(modelResource(p)) != null) {
                    nets.put(p, ValueNetFile.readResource(modelResource(p), Rules.of(p)).net());
                }
            }
            return Collections.unmodifiableMap(nets);
        }
    }

    @Override
    public String name() {
        return "net";
    }

    @Override
    public int bid(BidRequest request) {
        return BaselineBids.bid(request);
    }

    @Override
    public void startGame(long seed) {
        gameSeed = seed;
    }

    @Override
    public int play(InformationSet info) {
        int seat = info.seat();
        long hand = info.hand();
        int last = info.leads() ? MoveTable.PASS : info.lastMove();
        int lastSeat = info.leads() ? -1 : info.lastSeat();
        int n = last == MoveTable.PASS ? generator.leads(hand, moves) : generator.answers(hand, last, moves);
        for (int i = 0; i < n; i++) {
            if (moves[i] != MoveTable.PASS && table.cards(moves[i]) == hand) {
                return moves[i]; // out
            }
        }
        n = pruner.prune(hand, moves, n);
        if (n == 1) {
            return moves[0];
        }
        java.util.Arrays.fill(score, 0, n, 0.0);
        WorldSampler sampler = new WorldSampler(info, prior);
        long decisionSeed = Rng.derive(gameSeed, info.historyLength());
        int next = (seat + 1) % 3;
        int dealt = Math.min(worlds, Math.max(1, evals / n));
        nodesLeft = solveNodes;
        for (int w = 0; w < dealt; w++) {
            sampler.deal(rng, WorldSampler.worldSeed(decisionSeed, w), scratch, hands);
            if (solved(seat, last, lastSeat, n)) {
                for (int i = 0; i < n; i++) {
                    score[i] += wins[i] ? 1 : 0;
                }
                continue;
            }
            for (int i = 0; i < n; i++) {
                int m = moves[i];
                float z;
                if (m == MoveTable.PASS) {
                    z = evaluator.logit(hands[0], hands[1], hands[2], next, Trick.lastAfterPass(next, last, lastSeat),
                        Trick.lastSeatAfterPass(next, lastSeat));
                } else {
                    long h0 = seat == 0 ? Cards.remove(hands[0], table.cards(m)) : hands[0];
                    long h1 = seat == 1 ? Cards.remove(hands[1], table.cards(m)) : hands[1];
                    long h2 = seat == 2 ? Cards.remove(hands[2], table.cards(m)) : hands[2];
                    z = evaluator.logit(h0, h1, h2, next, m, seat);
                }
                double landlord = ValueNet.sigmoid(z);
                score[i] += seat == 0 ? landlord : 1 - landlord;
            }
            if (sampler.isDetermined()) {
                break; // every world is this one
            }
        }
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (score[i] > score[best]) {
                best = i;
            }
        }
        return moves[best];
    }

    /**
     * Whether the world in {@code hands} is small enough and its moves solved within what is left
     * of the decision's node budget; then {@code wins[0..n)} says which win for the mover's side.
     */
    private boolean solved(int seat, int last, int lastSeat, int n) {
        if (nodesLeft <= 0 || Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]) > solveCards) {
            return false;
        }
        if (solver == null) {
            solver = new Solver(rules, SOLVER_TABLE_MB, tables);
        }
        boolean known = solver.solveMoves(Position.of(rules, hands, seat, last, lastSeat), moves, n, wins, 0, nodesLeft);
        nodesLeft -= solver.lastNodes();
        return known;
    }

    @Override
    public Agent copy() {
        return new NetAgent(rules, tables, net, worlds, evals, prior, solveCards, solveNodes);
    }
}
