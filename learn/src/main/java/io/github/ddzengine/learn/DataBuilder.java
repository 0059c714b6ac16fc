package io.github.ddzengine.learn;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.arena.Game;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.tables.BuildProgress;
import io.github.ddzengine.core.util.Failures;

/**
 * Labelled positions from self-play ({@code ddz learn data}): plays {@code games} deals, each seat
 * taken by an agent drawn from a list, and labels the positions the games reach with {@code minCards}
 * to {@code maxCards} cards in all hands: those of at most {@code solveCards} cards by the exact
 * solver's verdict (the landlord side's result against best play), within a node budget (a
 * position whose solve runs out of nodes is left out and counted), the larger ones by the result of
 * the game they came from.
 *
 * <p>Game {@code g} (0-based) is dealt {@code Deal.random(SplitMix64.derive(seed, 2g))}, its seats
 * drawn and its positions sampled from {@code SplitMix64.derive(seed, 2g + 1)}, and played without
 * bidding (the first hand dealt is the landlord's): every game depends on the seed and its number
 * only, so the file is the same, byte for byte, on any number of threads (the agents must be
 * effort- or world-budgeted: a time-budgeted agent plays differently under load).
 */
public final class DataBuilder {
    /** The settings of a run. */
    public record Settings(Rules rules, int games, long seed, List<String> agents, int minCards, int maxCards,
                           int solveCards, int every, long nodes, int threads, String command) {
        /**
         * Checks the settings.
         *
         * @throws IllegalArgumentException naming the bad setting
         */
        public Settings {
            if (games < 1) {
                throw new IllegalArgumentException("--games must be at least 1, not " + games);
            }
            if (agents.isEmpty()) {
                throw new IllegalArgumentException("--agents names no agent");
            }
            if (minCards < 3 || maxCards > 54 || minCards > maxCards) {
                throw new IllegalArgumentException("--cards must be MIN..MAX within 3..54, not " + minCards + ".." + maxCards);
            }
            if (solveCards < 0 || solveCards > 54) {
                throw new IllegalArgumentException("--solve-cards must be 0..54, not " + solveCards);
            }
            if (every < 1) {
                throw new IllegalArgumentException("--every must be at least 1, not " + every);
            }
            if (nodes < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, not " + nodes);
            }
            if (threads < 1 || threads > 256) {
                throw new IllegalArgumentException("--threads must be 1..256, not " + threads);
            }
            agents = List.copyOf(agents);
        }
    }

    /** What a run did. */
    public record Report(long positions, long solved, long wins, long overBudget, long nodes, long games, long nanos) {
    }

    private final Settings settings;
    private final AgentSpecs specs;
    private final EngineTables tables;

    /**
     * A builder.
     *
     * @param settings the run's settings
     * @param specs the registry that parses the agent specs
     * @param tables the tables the agents and the solver use ({@link EngineTables#NONE} for none)
     * @throws IllegalArgumentException if an agent spec is bad (one line)
     */
    public DataBuilder(Settings settings, AgentSpecs specs, EngineTables tables) {
        this.settings = settings;
        this.specs = specs;
        this.tables = tables;
        for (String a : settings.agents()) {
            specs.parse(a, settings.rules(), tables).close(); // refused here, before any game
        }
    }

    /**
     * Plays the games and writes the file.
     *
     * @param out where the file goes (not closed)
     * @param progress told of each finished game
     * @return the counts of the run
     * @throws IOException if {@code out} cannot be written
     */
    public Report run(OutputStream out, BuildProgress progress) throws IOException {
        long t0 = System.nanoTime();
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write(DataFile.header(settings.rules(), settings.command()));
        int threads = settings.threads();
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(new Worker());
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, "ddz-learn-data");
            th.setDaemon(true);
            return th;
        });
        long positions = 0;
        long solved = 0;
        long wins = 0;
        long over = 0;
        long nodes = 0;
        progress.start("positions from " + settings.games() + " games", settings.games(), " games");
        try {
            int block = 16 * threads;
            for (int first = 0; first < settings.games(); first += block) {
                int last = Math.min(settings.games(), first + block);
                @SuppressWarnings("unchecked")
                Future<List<GameResult>>[] parts = new Future[threads];
                for (int t = 0; t < threads; t++) {
                    Worker worker = workers.get(t);
                    int start = first + t;
                    int end = last;
                    parts[t] = pool.submit(() -> {
                        List<GameResult> done = new ArrayList<>();
                        for (int g = start; g < end; g += threads) {
                            done.add(worker.game(g));
                        }
                        return done;
                    });
                }
                List<List<GameResult>> results = new ArrayList<>();
                for (Future<List<GameResult>> f : parts) {
                    results.add(get(f));
                }
                for (int g = first; g < last; g++) { // game order, whatever thread played it
                    int t = (g - first) % threads;
                    GameResult r = results.get(t).get((g - first) / threads);
                    for (LabelledPosition p : r.positions) {
                        w.write(DataFile.line(p));
                        positions++;
                        solved += p.solved() ? 1 : 0;
                        wins += p.landlordWins();
                        nodes += p.nodes();
                    }
                    over += r.overBudget;
                    nodes += r.overBudgetNodes;
                }
                progress.advance(last);
            }
        } finally {
            pool.shutdownNow();
            for (Worker worker : workers) {
                worker.close();
            }
            progress.finish();
        }
        w.flush();
        return new Report(positions, solved, wins, over, nodes, settings.games(), System.nanoTime() - t0);
    }

    private static <T> T get(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        } catch (ExecutionException e) {
            throw Failures.unchecked(e.getCause());
        }
    }

    private record GameResult(List<LabelledPosition> positions, long overBudget, long overBudgetNodes) {
    }

    /** One thread's agents (three instances of each spec: one per seat), game loop and solver. */
    private final class Worker implements AutoCloseable {
        private final Agent[][] agents;
        private final Game game;
        private final Solver solver;
        private final GameState state;
        private final long[] hands = new long[3];

        Worker() {
            Rules rules = settings.rules();
            agents = new Agent[settings.agents().size()][3];
            for (int a = 0; a < agents.length; a++) {
                for (int s = 0; s < 3; s++) {
                    agents[a][s] = specs.parse(settings.agents().get(a), rules, tables);
                }
            }
            game = new Game(rules);
            solver = new Solver(rules, Solver.DEFAULT_TABLE_MB, tables);
            state = new GameState(rules);
        }

        GameResult game(int g) {
            Rules rules = settings.rules();
            Deal deal = Deal.random(SplitMix64.derive(settings.seed(), 2L * g));
            SplitMix64 rng = new SplitMix64(SplitMix64.derive(settings.seed(), 2L * g + 1));
            Agent[] seats = new Agent[3];
            String[] names = new String[3];
            for (int s = 0; s < 3; s++) {
                int a = rng.nextInt(agents.length);
                seats[s] = agents[a][s];
                names[s] = settings.agents().get(a);
            }
            GameRecord record = game.play(g + 1, g + 1, "game " + (g + 1) + " (" + String.join(", ", names) + ")",
                deal, null, seats, SplitMix64.derive(settings.seed(), 2L * g));
            state.start(deal);
            List<LabelledPosition> out = new ArrayList<>();
            long over = 0;
            long overNodes = 0;
            for (int move : record.plays()) {
                int cards = Cards.size(state.hand(0)) + Cards.size(state.hand(1)) + Cards.size(state.hand(2));
                if (cards >= settings.minCards() && cards <= settings.maxCards()
                    && rng.nextInt(settings.every()) == 0) {
                    for (int s = 0; s < 3; s++) {
                        hands[s] = state.hand(s);
                    }
                    int mover = state.toAct();
                    int last = state.leads() ? MoveTable.PASS : state.lastMove();
                    int lastSeat = state.leads() ? -1 : state.lastSeat();
                    if (cards > settings.solveCards()) {
                        out.add(new LabelledPosition(Position.of(rules, hands.clone(), mover, last, lastSeat),
                            record.winner() == 0 ? 1 : 0, g, 0, false));
                        state.play(move);
                        continue;
                    }
                    int v = solver.solveVerdict(hands, mover, last, lastSeat, settings.nodes());
                    if (v < 0) {
                        over++;
                        overNodes += solver.lastNodes();
                    } else {
                        int landlordWins = (v == 1) == (mover == 0) ? 1 : 0;
                        out.add(new LabelledPosition(Position.of(rules, hands.clone(), mover, last, lastSeat),
                            landlordWins, g, solver.lastNodes(), true));
                    }
                }
                state.play(move);
            }
            return new GameResult(out, over, overNodes);
        }

        @Override
        public void close() {
            for (Agent[] row : agents) {
                for (Agent a : row) {
                    a.close();
                }
            }
        }
    }
}
