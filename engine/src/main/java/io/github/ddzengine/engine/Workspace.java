package io.github.ddzengine.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.RootParallelSolver;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;

/**
 * The working state of one thread of an engine ({@link DdzEngine#workspace()}): its solvers, move
 * generators and Monte Carlo agents, made on first use and kept for the next call, so that a front
 * door (the {@code ddz} verbs, the web server's workers, the Python bridge, the Botzone bot) never
 * builds or caches engine objects of its own. None of the objects it hands out is thread-safe: use
 * them on the thread that owns the workspace.
 *
 * <p>What it keeps, least recently used dropped first: one solver per rule set, each with a
 * transposition table of the engine's size ({@link DdzEngine#solverMegabytes()}) and, once its
 * distance-to-win layer is asked for, a distance table of that size, as many as half the maximum
 * heap holds at both tables each (at least one, at most {@value #MAX_SOLVERS}); {@value #KEEP} move
 * generators; {@value #KEEP} Monte Carlo agents, one per distinct {@link McSettings} (a dropped
 * agent is closed). Reuse changes no answer: each solve starts from an empty table, each decision
 * from its own seed.
 */
public final class Workspace implements AutoCloseable {
    /** Move generators and Monte Carlo agents kept. */
    public static final int KEEP = 4;
    /** Most solvers kept. */
    public static final int MAX_SOLVERS = 64;

    private final DdzEngine engine;
    private final Map<Rules, Solver> solvers;
    private final Map<Rules, MoveGenerator> generators = lru(KEEP);
    private final Map<AgentKey, MonteCarloAgent> agents = new LinkedHashMap<>(8, 0.75f, true);

    /** A kept agent's settings and the preset of its tables. */
    private record AgentKey(McSettings settings, Preset preset) {
    }

    Workspace(DdzEngine engine) {
        this.engine = engine;
        long fit = Runtime.getRuntime().maxMemory() / 2 / ((long) engine.solverMegabytes() << 21);
        this.solvers = lru((int) Math.max(1, Math.min(MAX_SOLVERS, fit)));
    }

    /** The engine whose settings this workspace follows. */
    public DdzEngine engine() {
        return engine;
    }

    /**
     * The precomputed tables of a rule set's preset ({@link DdzEngine#tables(io.github.ddzengine.core.rules.Preset)}).
     *
     * @throws io.github.ddzengine.tables.TableException if a table file of the engine's directory
     *     cannot be used
     */
    public EngineTables tables(Rules rules) {
        return engine.tables(rules.preset());
    }

    /**
     * This workspace's solver of {@code rules}, made (allocating its table) on first use.
     *
     * @throws io.github.ddzengine.tables.TableException as {@link #tables}
     */
    public Solver solver(Rules rules) {
        Solver s = solvers.get(rules);
        if (s == null) {
            s = new Solver(rules, engine.solverMegabytes(), tables(rules));
            solvers.put(rules, s);
        }
        return s;
    }

    /**
     * This workspace's distance-to-win search of {@code rules} (the plays a won position needs
     * against the most stubborn defence): the distance layer of {@link #solver}, with a table of
     * the engine's size.
     *
     * @throws io.github.ddzengine.tables.TableException as {@link #tables}
     */
    public DistanceToWin distance(Rules rules) {
        return solver(rules).distance();
    }

    /**
     * A coaching session on this workspace's solver of the position's rules ({@link Coach}): the
     * person plays one side of {@code start}, the engine the other.
     *
     * @param personIsLandlord whether the person plays the landlord (else the farmers)
     * @param timeoutMillis time budget of each solve and each distance search, ms; 0 for none
     * @throws io.github.ddzengine.tables.TableException as {@link #tables}
     */
    public Coach coach(Position start, boolean personIsLandlord, long timeoutMillis) {
        return new Coach(solver(start.rules()), generator(start.rules()), start, personIsLandlord, timeoutMillis);
    }

    /**
     * A new root-split solver of {@code rules} on {@code threads} threads, each with a table of the
     * engine's size (not kept: its threads end with its solve).
     */
    public RootParallelSolver parallelSolver(Rules rules, int threads) {
        return new RootParallelSolver(rules, engine.solverMegabytes(), tables(rules), threads);
    }

    /**
     * A move generator of {@code rules} of its own (not kept): for an object that outlives a call
     * or may be used from another thread than this workspace's (a generator keeps scratch space:
     * one thread at a time).
     */
    public MoveGenerator newGenerator(Rules rules) {
        return new MoveGenerator(rules);
    }

    /** This workspace's move generator of {@code rules}. */
    public MoveGenerator generator(Rules rules) {
        MoveGenerator g = generators.get(rules);
        if (g == null) {
            g = new MoveGenerator(rules);
            generators.put(rules, g);
        }
        return g;
    }

    /**
     * The min-hand counter of {@code rules}, with the split table of its tables when there is one
     * (immutable: it may be shared between threads).
     */
    public MinHands minHands(Rules rules) {
        return MinHands.of(rules, tables(rules));
    }

    /**
     * This workspace's Monte Carlo agent with {@code settings} (build them from
     * {@link DdzEngine#mcSettings(Rules)}), made on first use with the tables of {@code rules}.
     *
     * @param settings the agent's settings
     * @param rules the rules whose tables the agent uses
     * @return the agent; the workspace closes it (do not)
     */
    public MonteCarloAgent mc(McSettings settings, Rules rules) {
        AgentKey key = new AgentKey(settings, rules.preset());
        MonteCarloAgent a = agents.get(key);
        if (a == null) {
            a = new MonteCarloAgent(settings, tables(rules));
            agents.put(key, a);
            if (agents.size() > KEEP) {
                AgentKey eldest = agents.keySet().iterator().next();
                agents.remove(eldest).close();
            }
        }
        return a;
    }

    /**
     * A new agent of the engine's registry ({@link DdzEngine#agents()}), with the tables of
     * {@code rules}.
     *
     * @param spec an agent spec ({@code rule}, {@code mc:effort=60000}, {@code exec:COMMAND})
     * @param rules the rules it plays
     * @return the agent; the caller closes it
     * @throws IllegalArgumentException for an unknown agent or bad settings (one line)
     */
    public Agent agent(String spec, Rules rules) {
        return engine.agents().parse(spec, rules, tables(rules));
    }

    /** Stops the kept Monte Carlo agents' helper threads; the workspace stays usable. */
    @Override
    public void close() {
        List<MonteCarloAgent> open = new ArrayList<>(agents.values());
        agents.clear();
        for (MonteCarloAgent a : open) {
            a.close();
        }
    }

    private static <K, V> Map<K, V> lru(int capacity) {
        return new LinkedHashMap<>(8, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }
}
