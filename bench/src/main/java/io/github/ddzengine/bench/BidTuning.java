package io.github.ddzengine.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Effort;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.agents.GreedyAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.Game;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;

/**
 * Tunes the bidding thresholds of the Monte Carlo agent ({@link Bidder}) by the points of
 * {@code --bidding} matches against baselines. In such a match ({@link Match}) the agent bids for
 * all three positions in the first game of each deal, and its thresholds change only which hand it
 * plays as landlord and at what base; the second game (the baseline bidding) does not depend on them.
 * So for every deal this plays the agent as landlord from each of the three positions (the games the
 * match would play, with its seeds: the play does not depend on the base, which only scales the score),
 * takes the agent's three estimates (as its {@code bid} makes them, effort-budgeted so they are the
 * same on any load), and then scores every threshold set of a grid exactly: the bidding of
 * {@code rules.md} section 6 on the three estimates, the landlord's score of the game it picks times
 * the base. Points are A's side's section-6 score of the first game, a deal's unit; a match's points
 * per game move by half of a difference.
 *
 * <p>The grid is scored on the even deals, its best set (highest mean over the opponents) is then
 * compared with the current defaults on the odd deals, so that the figure of the choice is not the
 * figure it was chosen by. Deterministic: the same output on any thread count and load.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.BidTuning [DEALS [SEED
 * [THREADS [EFFORT_MICROS [OPPONENTS]]]]]} (defaults 300 deals, seed 11, 2 threads,
 * {@link Effort#EFFORT_50MS_MICROS}, {@code rule,greedy}; {@code mc-v1} is an opponent too, at the same
 * effort), STANDARD rules, no endgame tables. The grid: {@code bid1} 0.10 to 0.65 by 0.05, then steps
 * of 0.04 to 0.16 up to {@code bid2} and {@code bid3}.
 */
public final class BidTuning {
    /** The grid's lowest {@code bid1}. */
    private static final double BID1_LOW = 0.10;

    private BidTuning() {
    }

    /** A deal's three estimates and the landlord's base-1 score from each position. */
    record DealResult(double[] winRate, long[] score) {
    }

    /** A threshold set. */
    record Thresholds(double bid1, double bid2, double bid3) {
        int level(double p) {
            return p >= bid3 ? 3 : p >= bid2 ? 2 : p >= bid1 ? 1 : 0;
        }

        /** The first game's points of the agent's side under these thresholds. */
        long points(DealResult d) {
            int highest = 0;
            int landlord = 0;
            for (int k = 0; k < 3 && highest < 3; k++) {
                int level = level(d.winRate()[k]);
                if (level > highest) {
                    highest = level;
                    landlord = k;
                }
            }
            return Math.max(1, highest) * d.score()[landlord];
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.2f/%.2f/%.2f", bid1, bid2, bid3);
        }
    }

    /** Runs the tuning (see the class comment). */
    public static void main(String[] args) throws Exception {
        int deals = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 11;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        long effort = args.length > 3 ? Long.parseLong(args[3]) : Effort.EFFORT_50MS_MICROS;
        String[] opponents = (args.length > 4 ? args[4] : "rule,greedy").split(",");
        Rules rules = Rules.STANDARD;
        McSettings config = McSettings.defaults().withEffort(effort);
        Bidder current = config.bidder();
        List<List<DealResult>> results = new ArrayList<>();
        for (String o : opponents) {
            long t0 = System.nanoTime();
            results.add(play(rules, config, o, deals, seed, threads));
            System.out.printf(Locale.ROOT, "played %s: %d deals x 3 landlord games in %.0f s%n", o, deals,
                (System.nanoTime() - t0) / 1e9);
        }
        List<Thresholds> grid = new ArrayList<>();
        Thresholds defaults = new Thresholds(current.bid1(), current.bid2(), current.bid3());
        grid.add(defaults);
        for (double b1 = BID1_LOW; b1 <= 0.651; b1 += 0.05) {
            for (double d2 = 0.04; d2 <= 0.161; d2 += 0.04) {
                for (double d3 = 0.04; d3 <= 0.161; d3 += 0.04) {
                    if (b1 + d2 + d3 <= 1.0) {
                        grid.add(new Thresholds(round(b1), round(b1 + d2), round(b1 + d2 + d3)));
                    }
                }
            }
        }
        double[] means = new double[grid.size()];
        double[][] byOpponent = new double[grid.size()][opponents.length];
        Integer[] order = new Integer[grid.size()];
        for (int g = 0; g < grid.size(); g++) {
            for (int o = 0; o < opponents.length; o++) {
                byOpponent[g][o] = mean(results.get(o), grid.get(g), 0)[0];
                means[g] += byOpponent[g][o] / opponents.length;
            }
            order[g] = g;
        }
        java.util.Arrays.sort(order, (x, y) -> x.equals(y) ? 0 : means[y] != means[x] ? Double.compare(means[y], means[x])
            : Integer.compare(x, y));
        Thresholds best = grid.get(order[0]);
        System.out.printf(Locale.ROOT, "%nselection half (even deals), first-game points a deal (the agent bids), the best "
            + "10 of %d threshold sets and the current one:%n  %-16s", grid.size(), "thresholds");
        for (String o : opponents) {
            System.out.printf(Locale.ROOT, " %10s", o);
        }
        System.out.printf(Locale.ROOT, " %10s%n", "mean");
        for (int r = 0; r < grid.size(); r++) {
            int g = order[r];
            if (r < 10 || grid.get(g) == defaults) {
                System.out.printf(Locale.ROOT, "  %-16s", grid.get(g));
                for (int o = 0; o < opponents.length; o++) {
                    System.out.printf(Locale.ROOT, " %10.3f", byOpponent[g][o]);
                }
                System.out.printf(Locale.ROOT, " %10.3f%s%n", means[g], grid.get(g) == defaults ? "   (current)" : "");
            }
        }
        System.out.printf(Locale.ROOT, "best on the selection half: %s (mean %.3f)%s%n", best, means[order[0]],
            best.bid1() <= BID1_LOW + 1e-4 ? "; at the grid's lower edge" : "");
        System.out.printf(Locale.ROOT, "%nholdout (odd deals), %s against the current %s, paired by deal:%n", best,
            defaults);
        for (int o = 0; o < opponents.length; o++) {
            double[] b = mean(results.get(o), best, 1);
            double[] c = mean(results.get(o), defaults, 1);
            double[] d = difference(results.get(o), best, defaults, 1);
            System.out.printf(Locale.ROOT, "  vs %-7s best %.3f [%.3f, %.3f]  current %.3f [%.3f, %.3f]  difference %+.3f "
                    + "[%+.3f, %+.3f] a deal (%+.3f points a match game)%n", opponents[o], b[0], b[1], b[2], c[0], c[1],
                c[2], d[0], d[1], d[2], d[0] / 2);
        }
    }

    private static double round(double x) {
        return Math.round(x * 100) / 100.0;
    }

    /** Mean points of {@code t} over the deals of parity {@code half}, with its 95% interval. */
    static double[] mean(List<DealResult> deals, Thresholds t, int half) {
        double sum = 0;
        double sq = 0;
        int n = 0;
        for (int i = half; i < deals.size(); i += 2) {
            double x = t.points(deals.get(i));
            sum += x;
            sq += x * x;
            n++;
        }
        return interval(sum, sq, n);
    }

    /** Mean of {@code a}'s points minus {@code b}'s, by deal, with its 95% interval. */
    static double[] difference(List<DealResult> deals, Thresholds a, Thresholds b, int half) {
        double sum = 0;
        double sq = 0;
        int n = 0;
        for (int i = half; i < deals.size(); i += 2) {
            double x = a.points(deals.get(i)) - b.points(deals.get(i));
            sum += x;
            sq += x * x;
            n++;
        }
        return interval(sum, sq, n);
    }

    private static double[] interval(double sum, double sq, int n) {
        double mean = sum / n;
        double var = n > 1 ? Math.max(0, (sq - sum * sum / n) / (n - 1)) : Double.NaN;
        double half = 1.959963984540054 * Math.sqrt(var / n);
        return new double[] {mean, mean - half, mean + half};
    }

    private static Agent opponent(Rules rules, String name, long effort) {
        return switch (name) {
            case "rule" -> new RuleAgent(rules, 0);
            case "greedy" -> new GreedyAgent(rules);
            case "mc-v1" -> io.github.ddzengine.mc.agents.AgentSpecs.builtIn().parse("mc-v1:effort=" + effort, rules);
            default -> throw new IllegalArgumentException("opponents are rule, greedy, mc-v1, not " + name);
        };
    }

    /** The three landlord games and estimates of every deal against {@code opponent}, in deal order. */
    static List<DealResult> play(Rules rules, McSettings config, String opponent, int deals, long seed,
                                 int threads) throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ddz-bid-tuning");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Agent[]> agents = ThreadLocal.withInitial(() -> new Agent[] {new MonteCarloAgent(config),
            opponent(rules, opponent, config.effort()), opponent(rules, opponent, config.effort())});
        ThreadLocal<Game> games = ThreadLocal.withInitial(() -> new Game(rules));
        try {
            List<Future<DealResult>> futures = new ArrayList<>();
            for (int i = 0; i < deals; i++) {
                int deal = i;
                futures.add(pool.submit(() -> deal(rules, agents.get(), games.get(), deal, seed)));
            }
            List<DealResult> out = new ArrayList<>();
            for (Future<DealResult> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Deal {@code i} of a match seeded {@code seed}: the agent's estimates and its three landlord games. */
    private static DealResult deal(Rules rules, Agent[] seats, Game game, int i, long seed) {
        Deal deal = Match.generatedDeal(seed, i);
        long gameSeed = SplitMix64.derive(SplitMix64.derive(seed, i), 1); // the match's first game of the deal
        MonteCarloAgent mc = (MonteCarloAgent) seats[0];
        long agentSeed = SplitMix64.derive(gameSeed, 0); // what the arena starts seat 0 (the bidder) with
        double[] p = new double[3];
        long[] score = new long[3];
        for (int k = 0; k < 3; k++) {
            int[] earlier = new int[k]; // the estimate does not depend on the bids before
            p[k] = mc.estimateBid(BidRequest.of(rules, deal.hand(k), earlier), Rng.derive(agentSeed, -1 - k)).winRate();
            GameRecord g = game.play(1, i + 1, "tuning deal " + (i + 1), deal, new Scripted(k), seats, gameSeed);
            score[k] = g.score(0);
        }
        return new DealResult(p, score);
    }

    /** A bidder that makes position {@code landlord} the landlord at base 1. */
    private static final class Scripted implements Agent {
        private final int landlord;

        Scripted(int landlord) {
            this.landlord = landlord;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public int bid(BidRequest request) {
            return request.position() == landlord ? 1 : 0;
        }

        @Override
        public int play(io.github.ddzengine.mc.InformationSet info) {
            throw new IllegalStateException("the scripted bidder does not play");
        }

        @Override
        public Agent copy() {
            return new Scripted(landlord);
        }
    }
}
