package io.github.ddzengine.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

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
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;
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
 * one engine may be used from many threads at once (each call makes the working state it needs:
 * a solver's transposition table, a Monte Carlo agent's threads). Hot loops that cannot afford
 * that use the raw, allocation-free API underneath ({@link MoveGenerator}, {@link Solver},
 * {@link MonteCarloAgent}; docs/java-api.md).
 *
 * <p>Every method throws {@link IllegalArgumentException} with a one-line message (the one the
 * {@code ddz} command line prints) for bad input: a card that does not exist, a move that is not
 * legal, a position that is not a deal, an unknown agent.
 */
public final class DdzEngine {
    /** The solver's transposition table by default, MiB. */
    public static final int DEFAULT_SOLVER_MEGABYTES = io.github.ddzengine.core.solve.Solver.DEFAULT_TABLE_MB;
    /** A Monte Carlo decision's time budget by default, ms. */
    public static final int DEFAULT_BUDGET_MILLIS = io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS;
    /** The threads of a Monte Carlo decision and of a match by default. */
    public static final int DEFAULT_THREADS = 1;
    /** How long a match waits for an {@code exec:} agent's answer, ms. */
    public static final long EXEC_TIMEOUT_MILLIS = 10_000;

    private final Rules rules;
    private final EngineTables tables;
    private final AgentSpecs agents;
    private final int solverMegabytes;
    private final int budgetMillis;
    private final int worlds;
    private final int threads;

    private DdzEngine(Rules rules, EngineTables tables, AgentSpecs agents, int solverMegabytes, int budgetMillis,
                      int worlds, int threads) {
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
        this.tables = tables;
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
        return new DdzEngine(rules, EngineTables.NONE, ProtocolAgents.withExec(AgentSpecs.builtIn(), EXEC_TIMEOUT_MILLIS),
            DEFAULT_SOLVER_MEGABYTES, DEFAULT_BUDGET_MILLIS, 0, DEFAULT_THREADS);
    }

    /**
     * This engine with precomputed tables: they change speed, never an answer.
     *
     * @param tables the tables ({@link EngineTables#NONE} for none)
     * @return a new engine
     */
    public DdzEngine withTables(EngineTables tables) {
        return new DdzEngine(rules, tables, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with the tables a directory holds ({@code ddz tables build} makes them; a
     * directory that holds none gives none).
     *
     * @param dir the tables directory
     * @return a new engine
     */
    public DdzEngine withTables(Path dir) {
        return withTables(Tables.load(dir, rules.preset()).engineTables());
    }

    /**
     * This engine with another agent registry for {@link #play} (your own agents).
     *
     * @param agents the registry
     * @return a new engine
     */
    public DdzEngine withAgents(AgentSpecs agents) {
        return new DdzEngine(rules, tables, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with a solver transposition table of another size.
     *
     * @param megabytes MiB, at least 1 (default {@value #DEFAULT_SOLVER_MEGABYTES})
     * @return a new engine
     */
    public DdzEngine withSolverMegabytes(int megabytes) {
        return new DdzEngine(rules, tables, agents, megabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with another time budget for a Monte Carlo decision.
     *
     * @param millis ms, at least 1 (default {@value #DEFAULT_BUDGET_MILLIS})
     * @return a new engine
     */
    public DdzEngine withBudgetMillis(int millis) {
        return new DdzEngine(rules, tables, agents, solverMegabytes, millis, worlds, threads);
    }

    /**
     * This engine with a fixed number of worlds per Monte Carlo decision: the decision then
     * depends only on its seed, not on the clock or the thread count.
     *
     * @param worlds worlds a decision samples, or 0 to stop at the time budget (the default)
     * @return a new engine
     */
    public DdzEngine withWorlds(int worlds) {
        return new DdzEngine(rules, tables, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /**
     * This engine with more threads for a Monte Carlo decision and a match.
     *
     * @param threads at least 1 (default {@value #DEFAULT_THREADS})
     * @return a new engine
     */
    public DdzEngine withThreads(int threads) {
        return new DdzEngine(rules, tables, agents, solverMegabytes, budgetMillis, worlds, threads);
    }

    /** @return the rules of this engine */
    public Rules rules() {
        return rules;
    }

    /** @return the precomputed tables of this engine ({@link EngineTables#NONE} by default) */
    public EngineTables tables() {
        return tables;
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
        MinHands minHands = MinHands.of(rules, tables);
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
        SolveResult r = new Solver(rules, solverMegabytes, tables).solve(p, allWinningMoves, timeoutMillis, 0);
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
        io.github.ddzengine.mc.McSettings config = io.github.ddzengine.mc.McSettings.builder(rules).budget(budgetMillis)
            .worlds(worlds).threads(threads).build();
        Decision d;
        try (MonteCarloAgent agent = new MonteCarloAgent(config, tables)) {
            d = agent.decide(info, seed);
        }
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
        Bidder.Estimate e = bidder.estimate(rules, tables, h, seed);
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
        if (deals < 1) {
            throw new IllegalArgumentException("deals must be at least 1, not " + deals);
        }
        try (Agent a = agents.parse(agentA, rules, tables); Agent b = agents.parse(agentB, rules, tables)) {
            Match.Listener listener = records == null ? null : (game, aIsLandlord) -> records.accept(GameRecords.toJson(game));
            MatchStats s = new Match(rules, a, b, bidding).run(deals, seed, threads, listener);
            return new MatchResult(s.a(), s.b(), s.deals(), s.games(), s.wp(), s.wpCi()[0], s.wpCi()[1], s.adp(),
                s.adpCi()[0], s.adpCi()[1], s.landlordWp());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("closing an agent failed: " + e.getMessage(), e);
        }
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
        return "DdzEngine[" + rules + ", " + tables + "]";
    }
}
