package io.github.ddzengine.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import io.github.ddzengine.core.util.Version;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.History;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.protocol.GameRecords;
import io.github.ddzengine.protocol.ProtocolAgents;
import io.github.ddzengine.tables.Tables;

/**
 * The engine for the common tasks, in records and strings: parse and print cards and moves, list
 * the legal moves of a hand, split a hand, solve a position, choose a move by Monte Carlo with
 * every candidate's win rate, bid, play a match between agent specs, read and write game records.
 *
 * <p>An engine is an immutable value: its rules, its precomputed tables (none by default) and its
 * settings, each with a named default and a {@code with...} method that returns a new engine.
 * Nothing is process-global, so engines with different rules or tables live side by side, and
 * one engine may be used from many threads at once: each thread's calls share that thread's
 * {@link Workspace} (its solvers with their transposition tables, its Monte Carlo agents), made on
 * first use. The front doors of this project (the {@code ddz} verbs, the web server, the Python
 * bridge, the Botzone bot) stand on an engine and its workspaces, and take every default and bound
 * from it and {@link Limits}; hot loops use the raw, allocation-free objects a workspace hands out
 * ({@link MoveGenerator}, {@link Solver}, {@link MonteCarloAgent}; docs/java-api.md).
 *
 * <p>Every method throws {@link IllegalArgumentException} with a one-line message (the one the
 * {@code ddz} command line prints) for bad input: a card that does not exist, a move that is not
 * legal, a position that is not a deal, an unknown agent.
 */
public final class DdzEngine {
    /** The solver's transposition table by default, MiB. */
    public static final int DEFAULT_SOLVER_MEGABYTES = io.github.ddzengine.core.solve.Solver.DEFAULT_TABLE_MB;
    /** A Monte Carlo decision's time budget by default, ms. */
    public static final int DEFAULT_BUDGET_MILLIS = McSettings.DEFAULT_BUDGET_MILLIS;
    /** The threads of a Monte Carlo decision and of a match by default. */
    public static final int DEFAULT_THREADS = 1;
    /** How long a match waits for an {@code exec:} agent's answer, ms. */
    public static final long EXEC_TIMEOUT_MILLIS = 10_000;

    private final Rules rules;
    private final Path tableDirectory;
    private final Map<Preset, EngineTables> loaded;
    private final AgentSpecs agents;
    private final int solverMegabytes;
    private final int budgetMillis;
    private final int worlds;
    private final int threads;
    private final ThreadLocal<Workspace> workspaces = ThreadLocal.withInitial(() -> new Workspace(this));

    private DdzEngine(Rules rules, Path tableDirectory, Map<Preset, EngineTables> loaded,
                      AgentSpecs agents, int solverMegabytes, int budgetMillis, int worlds, int threads) {
        if (solverMegabytes < 1) {
            throw new IllegalArgumentException("solver memory must be at least 1 MiB, not " + solverMegabytes);
        }
        if (budgetMillis < 1) {
            throw new IllegalArgumentException("the time budget must be at least 1 ms, not " + budgetMillis);
        }
        if (worlds < 0) {
            throw new IllegalArgumentException("worlds must be 0 (a time budget) or more, not " + worlds);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.rules = rules;
        this.tableDirectory = tableDirectory;
        this.loaded = loaded;
        this.agents = agents;
        this.solverMegabytes = solverMegabytes;
        this.budgetMillis = budgetMillis;
        this.worlds = worlds;
        this.threads = threads;
    }

    /**
     * An engine for the standard rules, without tables, with the default settings; every built-in
     * agent spec and {@code exec:COMMAND} agents.
     *
     * @return the engine
     */
    public static DdzEngine standard() {
        return of(Rules.STANDARD);
    }

    /**
     * An engine for a rule preset and bans, as {@code --rules} and {@code --ban} take them.
     *
     * @param preset a preset name ({@code standard}, ...; notation.md)
     * @param bans a comma-separated list of banned types ({@code trio_pair,winged_planes}), or
     *     empty
     * @return the engine
     * @throws IllegalArgumentException for an unknown preset or type
     */
    public static DdzEngine of(String preset, String bans) {
        return of(Rules.of(Preset.parse(preset), Rules.parseBans(bans)));
    }

    /**
     * An engine for {@code rules}.
     *
     * @param rules the rules
     * @return the engine
     */
    public static DdzEngine of(Rules rules) {
        return new DdzEngine(rules, null, new ConcurrentHashMap<>(), ProtocolAgents.withExec(AgentSpecs.builtIn(), EXEC_TIMEOUT_MILLIS),
            DEFAULT_SOLVER_MEGABYTES, DEFAULT_BUDGET_MILLIS, 0, DEFAULT_THREADS);
    }

    /**
     * This engine with precomputed tables: they change speed, never an answer.
     *
     * @param tables the tables ({@link EngineTables#NONE} for none)
     * @return a new engine
     */
    public DdzEngine withTables(EngineTables tables) {
        Map<Preset, EngineTables> byPreset = new ConcurrentHashMap<>();
        byPreset.put(rules.preset(), tables);
        return new DdzEngine(rules, null, byPreset, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    private DdzEngine with(AgentSpecs agents, int solverMegabytes, int budgetMillis, int worlds, int threads) {
        return new DdzEngine(rules, tableDirectory, loaded, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with the tables a directory holds ({@code ddz tables build} makes them; a
     * directory that holds none gives none).
     *
     * @param dir the tables directory
     * @return a new engine
     */
    public DdzEngine withTables(Path dir) {
        Map<Preset, EngineTables> byPreset = new ConcurrentHashMap<>();
        EngineTables own = Tables.load(dir, rules.preset()).engineTables();
        byPreset.put(rules.preset(), own);
        return new DdzEngine(rules, dir, byPreset, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with the tables of {@code dir} for every preset whose tables were not given
     * ({@link #withTables(EngineTables)}), each loaded at its first use by {@link #tables(Preset)}:
     * for a front door that serves positions of every preset.
     *
     * @param dir the tables directory, or null for none beyond those given
     * @return a new engine
     */
    public DdzEngine withTableDirectory(Path dir) {
        Map<Preset, EngineTables> byPreset = new ConcurrentHashMap<>();
        if (tableDirectory == null) {
            byPreset.putAll(loaded); // only tables given explicitly: keep them
        }
        return new DdzEngine(rules, dir, byPreset, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with another agent registry for {@link #play} (your own agents).
     *
     * @param agents the registry
     * @return a new engine
     */
    public DdzEngine withAgents(AgentSpecs agents) {
        return with(agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with defaults for one agent of its registry: settings a spec of that agent does
     * not give ({@link AgentSpecs#withDefaults}; {@code ddz serve} and the Botzone bot give
     * {@code mc} their {@code --budget-ms} this way).
     *
     * @param agent the agent's name ({@code mc})
     * @param defaults setting name to value, as a spec writes them
     * @return a new engine
     * @throws IllegalArgumentException for an unknown agent or setting
     */
    public DdzEngine withAgentDefaults(String agent, Map<String, String> defaults) {
        return with(agents.withDefaults(agent, defaults), solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with a solver transposition table of another size.
     *
     * @param megabytes MiB, at least 1 (default {@value #DEFAULT_SOLVER_MEGABYTES})
     * @return a new engine
     */
    public DdzEngine withSolverMegabytes(int megabytes) {
        return with(agents, megabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with another time budget for a Monte Carlo decision.
     *
     * @param millis ms, at least 1 (default {@value #DEFAULT_BUDGET_MILLIS})
     * @return a new engine
     */
    public DdzEngine withBudgetMillis(int millis) {
        return with(agents, solverMegabytes, millis, worlds, threads);
    }

    /**
     * This engine with a fixed number of worlds per Monte Carlo decision: the decision then
     * depends only on its seed, not on the clock or the thread count.
     *
     * @param worlds worlds a decision samples, or 0 to stop at the time budget (the default)
     * @return a new engine
     */
    public DdzEngine withWorlds(int worlds) {
        return with(agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with more threads for a Monte Carlo decision and a match.
     *
     * @param threads at least 1 (default {@value #DEFAULT_THREADS})
     * @return a new engine
     */
    public DdzEngine withThreads(int threads) {
        return with(agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /** @return the rules of this engine */
    public Rules rules() {
        return rules;
    }

    /** @return the precomputed tables of this engine ({@link EngineTables#NONE} by default) */
    public EngineTables tables() {
        return tables(rules.preset());
    }

    /**
     * The precomputed tables of a preset: those given ({@link #withTables(EngineTables)},
     * {@link #withTables(Path)}), else those of the engine's directory ({@link
     * #withTableDirectory}; loaded once, at first use), else none.
     *
     * @param preset the preset
     * @return its tables ({@link EngineTables#NONE} for none)
     * @throws io.github.ddzengine.tables.TableException if a table file is there but cannot be used
     */
    public EngineTables tables(Preset preset) {
        EngineTables t = loaded.get(preset);
        if (t != null) {
            return t;
        }
        if (tableDirectory == null) {
            return EngineTables.NONE;
        }
        return loaded.computeIfAbsent(preset, p -> Tables.load(tableDirectory, p).engineTables());
    }

    /** @return the agent registry of {@link #play} and {@link Workspace#agent} */
    public AgentSpecs agents() {
        return agents;
    }

    /**
     * This engine with {@code exec:COMMAND} agents that wait {@code moveTimeoutMillis} for an
     * answer, {@code startupGraceMillis} more for each process's first (the built-in agents
     * besides them).
     *
     * @param moveTimeoutMillis ms, 1..{@link Limits#MAX_AGENT_TIMEOUT_MS}
     * @param startupGraceMillis ms, 0..{@link Limits#MAX_AGENT_TIMEOUT_MS}
     * @return a new engine
     * @throws IllegalArgumentException for a time outside those ranges
     */
    public DdzEngine withExecTimeouts(long moveTimeoutMillis, long startupGraceMillis) {
        if (moveTimeoutMillis < 1 || moveTimeoutMillis > Limits.MAX_AGENT_TIMEOUT_MS) {
            throw new IllegalArgumentException("the move time-out must be 1.." + Limits.MAX_AGENT_TIMEOUT_MS + " ms, not "
                + moveTimeoutMillis);
        }
        if (startupGraceMillis < 0 || startupGraceMillis > Limits.MAX_AGENT_TIMEOUT_MS) {
            throw new IllegalArgumentException("the start-up grace must be 0.." + Limits.MAX_AGENT_TIMEOUT_MS
                + " ms, not " + startupGraceMillis);
        }
        return with(ProtocolAgents.withExec(AgentSpecs.builtIn(), moveTimeoutMillis, startupGraceMillis), solverMegabytes,
            budgetMillis, worlds, threads);
    }

    /**
     * The canonical form of an agent spec of this engine's registry, as game records name the agent
     * ({@code " MC:Effort=60000 "} is {@code mc:effort=60000}; {@link AgentSpecs#canonical}).
     *
     * @param spec an agent spec
     * @return its canonical form
     * @throws IllegalArgumentException for an unknown agent or a malformed setting
     */
    public String canonicalSpec(String spec) {
        return agents.canonical(spec);
    }

    /** @return the solver's transposition table, MiB */
    public int solverMegabytes() {
        return solverMegabytes;
    }

    /** @return a Monte Carlo decision's time budget, ms */
    public int budgetMillis() {
        return budgetMillis;
    }

    /** @return the fixed worlds of a Monte Carlo decision, 0 for the time budget */
    public int worlds() {
        return worlds;
    }

    /** @return the threads of a Monte Carlo decision and of a match */
    public int threads() {
        return threads;
    }

    /**
     * The Monte Carlo settings of this engine for {@code rules}: the agent {@code mc}'s defaults
     * for those rules ({@link McSettings#builder(Rules)}, the leaf model included) with this
     * engine's budget, worlds and threads; the one starting point of every front door's settings.
     *
     * @param rules the rules the agent plays
     * @return a builder holding them
     */
    public McSettings.Builder mcSettings(Rules rules) {
        return McSettings.builder(rules).budget(budgetMillis).worlds(worlds).threads(threads);
    }

    /**
     * The calling thread's workspace of this engine: its solvers, move generators and Monte Carlo
     * agents, made on first use and kept while the engine is reachable ({@link Workspace}).
     *
     * @return this thread's workspace
     */
    public Workspace workspace() {
        return workspaces.get();
    }

    /**
     * A new workspace of this engine, for a caller that keeps its own per thread (close it when
     * done).
     *
     * @return the workspace
     */
    public Workspace newWorkspace() {
        return new Workspace(this);
    }

    /**
     * A card set in canonical notation: ranks ascending, {@code 10} as {@code T}, jokers as
     * {@code X} and {@code D} ({@code "2 A 10 3 大王"} gives {@code 3TA2D}).
     *
     * @param cards cards in any notation.md form and order
     * @return the canonical form
     * @throws IllegalArgumentException for an unknown card or more copies of a rank than exist
     */
    public String cards(String cards) {
        return Notation.format(Notation.parseCards(cards));
    }

    /**
     * A move, parsed and named.
     *
     * @param move a move in notation.md form ({@code 3338}, {@code pass})
     * @return the move in canonical form with its type
     * @throws IllegalArgumentException if the cards are no combination of these rules
     */
    public Move move(String move) {
        MoveTable table = rules.table();
        return move(table, table.parseMove(move));
    }

    /**
     * Every lead of a hand, ordered as {@code ddz moves} prints them (by type, chain length, rank).
     *
     * @param hand the hand
     * @return its legal leads
     * @throws IllegalArgumentException for bad cards
     */
    public List<Move> moves(String hand) {
        return moves(hand, null);
    }

    /**
     * Every legal answer of a hand to a move, ordered as {@code ddz moves --last} prints them, the
     * pass last; or every lead when {@code last} is null, empty or {@code pass}.
     *
     * @param hand the hand
     * @param last the move to answer
     * @return the legal moves
     * @throws IllegalArgumentException for bad cards or a move that is no combination
     */
    public List<Move> moves(String hand, String last) {
        MoveTable table = rules.table();
        long h = Notation.parseCards(hand);
        if (Cards.size(h) == 0) {
            throw new IllegalArgumentException("empty hand: give the cards of a hand");
        }
        int lastId = last == null || last.isBlank() ? MoveTable.PASS : table.parseMove(last);
        int[] ids = new int[MoveGenerator.MAX_MOVES];
        int n = new MoveGenerator(rules).answers(h, lastId, ids);
        DisplayOrder.sort(table, ids, n, new long[n]);
        List<Move> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(move(table, ids[i]));
        }
        return out;
    }

    /**
     * The min-hand split of a hand: the fewest plays that empty it, and one such split.
     *
     * @param hand the hand
     * @return the count and a split, in the order {@code ddz split} prints it
     * @throws IllegalArgumentException for bad cards
     */
    public Split split(String hand) {
        long h = Notation.parseCards(hand);
        MinHands minHands = workspace().minHands(rules);
        MoveTable table = rules.table();
        List<Move> moves = new ArrayList<>();
        for (int id : minHands.split(h)) {
            moves.add(move(table, id));
        }
        return new Split(minHands.count(h), moves);
    }

    /**
     * Solves a position exactly, with every winning first move and no limit.
     *
     * @param position {@code LANDLORD/FARMER MOVER [LAST@SEAT]} or three hands (notation.md)
     * @return the verdict, every winning move and a line of play
     * @throws IllegalArgumentException for a position that is not part of one deck or not legal
     */
    public Solution solve(String position) {
        return solve(position, true, 0);
    }

    /**
     * Solves a position.
     *
     * @param position {@code LANDLORD/FARMER MOVER [LAST@SEAT]} or three hands (notation.md)
     * @param allWinningMoves whether to find every winning first move (else the first found)
     * @param timeoutMillis the longest search, ms; 0 for no limit
     * @return the verdict ({@code unknown} when the limit cut it), the winning moves and a line
     * @throws IllegalArgumentException for a position that is not part of one deck or not legal
     */
    public Solution solve(String position, boolean allWinningMoves, long timeoutMillis) {
        Position p = Position.parse(position, rules);
        SolveResult r = workspace().solver(rules).solve(p, allWinningMoves, timeoutMillis, 0);
        MoveTable table = rules.table();
        List<String> winning = new ArrayList<>();
        List<Play> line = new ArrayList<>();
        if (r.isKnown()) {
            int[] w = r.winningMoves();
            if (w == null) {
                w = r.moverWins() && r.line().length > 0 ? new int[] {r.line()[0]} : new int[0];
            }
            for (int id : DisplayOrder.sorted(table, w)) {
                winning.add(table.format(id));
            }
            int seat = p.mover();
            for (int id : r.line()) {
                line.add(new Play(p.seats() == 2 ? (seat == 0 ? "landlord" : "farmer") : Seat.name(seat), table.format(id)));
                seat = (seat + 1) % p.seats();
            }
        }
        String verdict = switch (r.verdict()) {
            case WIN -> "win";
            case LOSS -> "loss";
            default -> "unknown";
        };
        return new Solution(p.toString(), verdict, r.winner(), winning, line, r.nodes(), !r.isKnown());
    }

    /**
     * A Monte Carlo decision for the seat to act, from what it knows: its hand and the plays so
     * far (the kitty and the bid unknown). Within the time budget, or with a fixed number of
     * worlds ({@link #withWorlds}).
     *
     * @param seat the seat to act: 0 landlord, 1 landlord_down, 2 landlord_up
     * @param hand the cards it holds now
     * @param history every play so far from the landlord's lead, comma-separated, {@code p} or
     *     {@code pass} for a pass ({@code "333444555,p,p,6789TJQK"}); empty before the lead
     * @param seed the seed of the sampling
     * @return the move chosen and every candidate's win rate
     * @throws IllegalArgumentException for an impossible situation, naming the play
     */
    public MoveChoice decide(int seat, String hand, String history, long seed) {
        return decide(seat, hand, "", 0, history, seed);
    }

    /**
     * A Monte Carlo decision for the seat to act, from what it knows.
     *
     * @param seat the seat to act: 0 landlord, 1 landlord_down, 2 landlord_up
     * @param hand the cards it holds now
     * @param kitty the three kitty cards if known, else empty
     * @param bid the final bid 1..3, or 0 when unknown
     * @param history every play so far, comma-separated ({@code p} for a pass)
     * @param seed the seed of the sampling
     * @return the move chosen and every candidate's win rate, the best first
     * @throws IllegalArgumentException for an impossible situation, naming the play
     */
    public MoveChoice decide(int seat, String hand, String kitty, int bid, String history, long seed) {
        long k = kitty == null || kitty.isBlank() ? Cards.EMPTY : Notation.parseCards(kitty);
        InformationSet info = InformationSet.of(rules, seat, Notation.parseCards(hand), k, bid,
            History.parse(rules, history == null ? "" : history));
        Decision d = workspace().mc(mcSettings(rules).build(), rules).decide(info, seed);
        MoveTable table = rules.table();
        Integer[] order = new Integer[d.candidates()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(d.winRate(y), d.winRate(x)));
        List<Candidate> candidates = new ArrayList<>(order.length);
        for (int i : order) {
            candidates.add(new Candidate(table.format(d.candidate(i)), d.winRate(i)));
        }
        return new MoveChoice(table.format(d.move()), candidates, d.worlds(), d.budgetCut());
    }

    /**
     * The bid a 17-card hand earns, from its estimated landlord win rate.
     *
     * @param hand the 17 dealt cards
     * @param highestBid the highest bid so far, 0..2 (0 when none)
     * @param seed the seed of the sampling
     * @return the bid (0 to pass) and the estimate it rests on
     * @throws IllegalArgumentException for bad cards
     */
    public BidAdvice bid(String hand, int highestBid, long seed) {
        long h = Notation.parseCards(hand);
        if (Cards.size(h) != 17) {
            throw new IllegalArgumentException("a bidding hand has 17 cards, not " + Cards.size(h));
        }
        if (highestBid < 0 || highestBid > 2) {
            throw new IllegalArgumentException("the highest bid so far is 0..2 (3 ends the bidding), not " + highestBid);
        }
        Bidder bidder = new Bidder();
        Bidder.Estimate e = bidder.estimate(rules, tables(), h, seed);
        return new BidAdvice(bidder.bidFor(e, highestBid), e.winRate(), e.low(), e.high(), e.worlds());
    }

    /**
     * A duplicate match between two agents, as {@code ddz play} plays it (the landlord is the
     * first hand of each deal, no bidding).
     *
     * @param agentA agent A's spec ({@code rule}, {@code greedy}, {@code mc:budget=50},
     *     {@code exec:python3 bot.py}; {@code ddz play --help} lists them)
     * @param agentB agent B's spec
     * @param deals how many deals (each played twice)
     * @param seed the seed of the deals and the agents: the same seed gives the same games on any
     *     thread count
     * @return the match's figures
     * @throws IllegalArgumentException for an unknown agent or bad settings
     */
    public MatchResult play(String agentA, String agentB, int deals, long seed) {
        return play(agentA, agentB, deals, seed, false, null);
    }

    /**
     * A duplicate match between two agents.
     *
     * @param agentA agent A's spec
     * @param agentB agent B's spec
     * @param deals how many deals (each played twice)
     * @param seed the seed of the deals and the agents
     * @param bidding whether each game starts with a bidding
     * @param records gets every game record as one JSON line ({@code ddz play --out}'s format), in
     *     match order on the calling thread; null for none
     * @return the match's figures
     * @throws IllegalArgumentException for an unknown agent or bad settings
     */
    public MatchResult play(String agentA, String agentB, int deals, long seed, boolean bidding,
                            Consumer<String> records) {
        MatchStats s = match(agentA, agentB, deals, seed, bidding, records);
        return new MatchResult(s.a(), s.b(), s.deals(), s.games(), s.wp(), s.wpCi()[0], s.wpCi()[1], s.adp(),
            s.adpCi()[0], s.adpCi()[1], s.landlordWp());
    }

    /**
     * A duplicate match between two agents with all its figures ({@link MatchStats}: WP, ADP and
     * points with their intervals, the landlord and farmer splits, bombs, speed), as {@code ddz
     * play --json} prints them.
     *
     * @param agentA agent A's spec
     * @param agentB agent B's spec
     * @param deals how many deals (each played twice), 1..{@link Limits#MAX_DEALS}
     * @param seed the seed of the deals and the agents
     * @param bidding whether each game starts with a bidding
     * @param records gets every game record as one JSON line, in match order; null for none
     * @return the match's figures
     * @throws IllegalArgumentException for an unknown agent, bad settings or a deal count out of range
     */
    public MatchStats match(String agentA, String agentB, int deals, long seed, boolean bidding,
                            Consumer<String> records) {
        if (deals < 1 || deals > Limits.MAX_DEALS) {
            throw new IllegalArgumentException("deals must be 1.." + Limits.MAX_DEALS + ", not " + deals);
        }
        Workspace w = workspace();
        String specA = canonicalSpec(agentA);
        String specB = canonicalSpec(agentB);
        try (Agent a = w.agent(agentA, rules); Agent b = w.agent(agentB, rules)) {
            Match.Listener listener = records == null ? null : (game, aIsLandlord) -> records.accept(
                GameRecords.toJson(game.withProvenance(specA, specB, aIsLandlord, Version.engine())));
            return new Match(rules, a, b, bidding).run(deals, seed, threads, listener);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("closing an agent failed: " + e.getMessage(), e);
        }
    }

    /**
     * The open-hand analysis of games, as {@code ddz analyze} reports it ({@link OpenHandAudit}):
     * every decision of at most {@code maxCards} cards in all hands solved with every hand open,
     * before and after the move played, each with every winning move; on the engine's
     * {@link #threads()} threads, each with a solver of {@link #solverMegabytes()}. Games of
     * several rule sets are analysed one rule set at a time; the result does not depend on the
     * thread count.
     *
     * @param games the games (any rule sets)
     * @param maxCards analyse decisions with at most this many cards in all hands, 1..54
     * @param nodesPerSolve node budget of each solve (past it the verdict is unknown), at least 1
     * @param progress told how many games are done after each (in no promised order of games); null for none
     * @return the audit of each game, in the order given
     * @throws IllegalArgumentException if {@code maxCards} or {@code nodesPerSolve} is out of range
     */
    public List<OpenHandAudit.GameAudit> analyze(List<GameRecord> games, int maxCards, long nodesPerSolve,
                                                 IntConsumer progress) {
        OpenHandAudit audit = new OpenHandAudit(
            new OpenHandAudit.Settings(maxCards, nodesPerSolve, threads, solverMegabytes, true));
        Map<Rules, List<Integer>> byRules = new LinkedHashMap<>();
        for (int i = 0; i < games.size(); i++) {
            byRules.computeIfAbsent(games.get(i).rules(), k -> new ArrayList<>()).add(i);
        }
        OpenHandAudit.GameAudit[] out = new OpenHandAudit.GameAudit[games.size()];
        int done = 0;
        for (List<Integer> idx : byRules.values()) {
            List<GameRecord> part = new ArrayList<>(idx.size());
            for (int i : idx) {
                part.add(games.get(i));
            }
            int base = done;
            List<OpenHandAudit.GameAudit> a = audit.run(part, progress == null ? k -> { } : k -> progress.accept(base + k));
            for (int k = 0; k < a.size(); k++) {
                out[idx.get(k)] = a.get(k);
            }
            done += part.size();
        }
        return List.of(out);
    }

    /**
     * Reads and validates one game record: the deal, the bids, every action's seat and legality
     * and every claim of the result are checked against a replay.
     *
     * @param json one record as {@code ddz play --out} writes it
     * @return the game
     * @throws IllegalArgumentException with a one-line reason naming the field or action
     */
    public ReplayedGame readRecord(String json) {
        return replayed(GameRecords.read(json));
    }

    private static ReplayedGame replayed(GameRecord r) {
        MoveTable table = r.rules().table();
        List<Play> plays = new ArrayList<>();
        int[] ids = r.plays();
        for (int i = 0; i < ids.length; i++) {
            plays.add(new Play(Seat.name(i % 3), table.format(ids[i])));
        }
        List<String> names = new ArrayList<>();
        List<Long> scores = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            names.add(r.agent(s));
            scores.add(r.score(s));
        }
        return new ReplayedGame(r.game(), r.deal().toString(), names, plays, r.landlordWins() ? "landlord" : "farmers",
            scores, GameRecords.toJson(r));
    }

    /**
     * Reads and validates a file of game records, one JSON object a line (a byte-order mark at the
     * start and blank lines skipped; read through gzip when the name ends in {@code .gz}), as
     * {@code ddz replay} reads it.
     *
     * @param file a {@code ddz play --out} file
     * @return its games, in order
     * @throws IllegalArgumentException for the first bad record: {@code FILE line N: reason}
     * @throws UncheckedIOException if the file cannot be read
     */
    public List<ReplayedGame> readRecords(Path file) {
        List<GameRecord> records;
        try {
            records = GameRecords.readFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
        List<ReplayedGame> out = new ArrayList<>(records.size());
        for (GameRecord r : records) {
            out.add(replayed(r));
        }
        return out;
    }

    private static Move move(MoveTable table, int id) {
        return new Move(table.format(id), id == MoveTable.PASS ? "pass" : table.typeName(id), Cards.size(table.cards(id)));
    }

    @Override
    public String toString() {
        return "DdzEngine[" + rules + ", " + tables() + "]";
    }
}
