package io.github.ddzengine.mc.arena;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.core.util.Failures;

/**
 * A duplicate match of agent A against agent B: every deal is played twice, A as the landlord
 * against B as both farmers, then B as the landlord against A. With bidding, the landlord-side
 * agent of a game bids for all three positions in turn ({@code rules.md} section 6), so each
 * agent's bidding decides which hand it plays as landlord and at what base.
 *
 * <p><b>Seeds.</b> Deal {@code i} (0-based) has the root {@code r = SplitMix64.derive(seed, i)};
 * a generated deal is {@code Deal.random(derive(r, 0))}, and its game with A as landlord (side 0)
 * or as farmers (side 1) has the game seed {@code derive(r, 1 + side)}, from which each agent is
 * started ({@link Game#play}). Nothing depends on which thread plays a game or in what order, so
 * a match gives the same games and figures on any number of threads.
 *
 * <p><b>Threads.</b> Deals are played in blocks on a fixed pool; each thread takes a set of six
 * agent copies ({@link Agent#copy()}: three of A, three of B) from a pool of sets. Games reach the
 * listener and the statistics on the calling thread, in match order (deal 1 side 0, deal 1 side 1,
 * deal 2 ...), with a bounded number of blocks in flight. The copies are closed ({@link Agent#close()})
 * when the match ends; the prototypes are the caller's to close.
 */
public final class Match {
    /** Deals per task: large enough to amortise the hand-off, small enough to balance the threads. */
    private static final int BLOCK = 16;

    private final Rules rules;
    private final Agent a;
    private final Agent b;
    private final boolean bidding;

    /** Receives each finished game on the calling thread, in match order. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param game the game
         * @param aIsLandlord whether agent A held the landlord seat
         */
        void game(GameRecord game, boolean aIsLandlord);
    }

    /**
     * A match of {@code a} against {@code b}; the two prototypes are only copied, never played.
     *
     * @param bidding whether games start with a bidding (otherwise position 0 is the landlord, base 1)
     */
    public Match(Rules rules, Agent a, Agent b, boolean bidding) {
        this.rules = rules;
        this.a = a;
        this.b = b;
        this.bidding = bidding;
    }

    /** The deal a match with {@code seed} generates as deal {@code index} (0-based). */
    public static Deal generatedDeal(long seed, int index) {
        return Deal.random(SplitMix64.derive(SplitMix64.derive(seed, index), 0));
    }

    /**
     * Plays {@code deals} generated deals.
     *
     * @param threads worker threads, 1 or more
     * @param listener receives every game, or null
     * @throws ArenaException if an agent fails (the first failure in match order)
     */
    public MatchStats run(int deals, long seed, int threads, Listener listener) {
        if (deals < 0) {
            throw new IllegalArgumentException("deals must be 0 or more, not " + deals);
        }
        return run(0, deals, i -> generatedDeal(seed, i), seed, threads, listener);
    }

    /** Plays the given deals in order; as {@link #run(int, long, int, Listener)} otherwise. */
    public MatchStats run(List<Deal> deals, long seed, int threads, Listener listener) {
        return run(0, deals.size(), deals::get, seed, threads, listener);
    }

    /**
     * Plays deals {@code from} to {@code to - 1} of a match, each numbered, seeded and played
     * exactly as in the whole match (deal {@code i} is {@code dealOf.apply(i)}, its games are
     * numbered {@code 2i + 1} and {@code 2i + 2}), so that a match cut into ranges played anywhere
     * gives the same games as {@link #run(int, long, int, Listener)}; the statistics are those of
     * the range. A distributed match ({@code ddz-cluster}) plays one range per task.
     *
     * @param dealOf the deal of each match index in the range, e.g. {@code i -> generatedDeal(seed, i)}
     * @throws IllegalArgumentException if {@code 0 <= from <= to} does not hold or {@code threads < 1}
     * @throws ArenaException if an agent fails (the first failure in match order)
     */
    public MatchStats run(int from, int to, IntFunction<Deal> dealOf, long seed, int threads, Listener listener) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, not " + threads);
        }
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("deals " + from + " to " + to + " are not a range of a match");
        }
        int deals = to;
        long t0 = System.nanoTime();
        MatchStats.Builder stats = new MatchStats.Builder(a.name(), b.name());
        ConcurrentLinkedQueue<Worker> workers = new ConcurrentLinkedQueue<>();
        for (int t = 0; t < threads; t++) {
            workers.add(new Worker()); // agents copied here, on the calling thread
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemons());
        try {
            ArrayDeque<Future<GameRecord[]>> inFlight = new ArrayDeque<>();
            int maxInFlight = threads * 4;
            int next = from;
            while (next < deals || !inFlight.isEmpty()) {
                while (next < deals && inFlight.size() < maxInFlight) {
                    int blockFrom = next;
                    int blockTo = Math.min(deals, blockFrom + BLOCK);
                    inFlight.add(pool.submit(() -> playBlock(blockFrom, blockTo, dealOf, seed, workers)));
                    next = blockTo;
                }
                GameRecord[] games = await(inFlight.poll());
                for (int g = 0; g < games.length; g++) {
                    boolean aIsLandlord = g % 2 == 0;
                    stats.add(games[g], aIsLandlord);
                    if (listener != null) {
                        listener.game(games[g], aIsLandlord);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
            closeWhenIdle(pool, workers);
        }
        return stats.build((System.nanoTime() - t0) / 1e9);
    }

    private GameRecord[] playBlock(int from, int to, IntFunction<Deal> dealOf, long seed,
                                   ConcurrentLinkedQueue<Worker> workers) {
        Worker w = workers.poll();
        if (w == null) {
            w = new Worker();
        }
        try {
            GameRecord[] out = new GameRecord[2 * (to - from)];
            for (int i = from; i < to; i++) {
                Deal deal = dealOf.apply(i);
                long root = SplitMix64.derive(seed, i);
                for (int side = 0; side < 2; side++) {
                    Agent[] seats = side == 0 ? w.asLandlord : w.asFarmers;
                    int game = 2 * i + side + 1;
                    String label = "game " + game + " (deal " + (i + 1) + ", " + seats[0].name() + " as landlord)";
                    out[2 * (i - from) + side] = w.game.play(game, i + 1, label, deal, bidding ? seats[0] : null, seats,
                        SplitMix64.derive(root, 1 + side));
                }
            }
            return out;
        } finally {
            workers.add(w);
        }
    }

    /**
     * Closes the agent copies (the Monte Carlo agent's helper threads) once the pool's threads are
     * done with them; after a failure, games still in flight are given a short grace period and
     * the copies they hold are left to the daemon threads.
     */
    private static void closeWhenIdle(ExecutorService pool, ConcurrentLinkedQueue<Worker> workers) {
        boolean interrupted = Thread.interrupted();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        for (Worker w; (w = workers.poll()) != null; ) {
            w.close();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static GameRecord[] await(Future<GameRecord[]> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for games", e);
        } catch (ExecutionException e) {
            throw Failures.unchecked(e.getCause());
        }
    }

    private static ThreadFactory daemons() {
        return r -> {
            Thread t = new Thread(r, "ddz-match");
            t.setDaemon(true);
            return t;
        };
    }

    /** One thread's game loop and agents: A landlord with B farmers, and B landlord with A farmers. */
    private final class Worker {
        final Game game = new Game(rules);
        final Agent[] asLandlord;
        final Agent[] asFarmers;

        Worker() {
            asLandlord = new Agent[] {a.copy(), b.copy(), b.copy()};
            asFarmers = new Agent[] {b.copy(), a.copy(), a.copy()};
        }

        void close() {
            for (Agent x : asLandlord) {
                x.close();
            }
            for (Agent x : asFarmers) {
                x.close();
            }
        }
    }
}
