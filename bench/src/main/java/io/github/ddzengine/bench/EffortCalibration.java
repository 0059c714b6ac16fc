package io.github.ddzengine.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Effort;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.arena.Game;

/**
 * Calibrates and checks the Monte Carlo agents' deterministic work budget ({@link Effort}) on
 * real games: seeded self-play (the agent in all three seats, one thread, no bidding), every
 * decision recorded with the deciding thread's CPU time
 * ({@link ThreadMXBean}) and its counted work. Games, not a suite of isolated positions, because
 * most of a rollout's cost is min-hand counts whose cache hit rate depends on the decisions before
 * (a suite measured out of game order is 1.5 times dearer per counted unit). Run it alone on a core:
 * {@code chrt -r 1 taskset -c 1 java ...} keeps other processes off that core; it prints the share of
 * the wall time the thread had and the load average.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.EffortCalibration MODE [ARGS]}
 * <ul>
 *   <li>{@code calibrate [GAMES [BUDGET_MS]]} (default 40 games, 50 ms): {@code mc-v1} under its time
 *       budget. Fits the weights by least squares of each decision's CPU time on its counts
 *       ({@link Effort.Counts#features}, no constant, weights kept non-negative; single-candidate
 *       decisions too, whose worlds the agent's play skips but whose one rollout a world pins the cost
 *       of a world's first rollout) and prints them, then the mean counted work of the decisions of
 *       two or more candidates whose thread had the core (CPU time at least 90% of the wall time).
 *       The effort that matches the budget is then found with {@code check}: the per-decision error of
 *       the count makes an effort-budgeted decision's mean time larger than the mean work suggests.</li>
 *   <li>{@code check AGENT [EFFORT_MICROS [GAMES]]}: AGENT ({@code mc}, {@code mc-v1}, or {@code mc:KEY=VALUE,...}
 *       with the search settings of the development mains: rollout, solver, nodes, rsolve, rnodes, candidates) in effort mode
 *       (default {@link Effort#EFFORT_50MS_MICROS}, 40 games): CPU time a decision of two or more
 *       candidates by phase, and CPU ps per counted unit; for {@code mc-v1} at the calibrated effort the
 *       mean is that of a 50 ms decision (about 46 ms of CPU: the budget less its reserve), and another
 *       agent whose ratio is far from {@code mc-v1}'s does work the weights do not count. Then, by cards in
 *       all hands (1-18, 19-20, 21-22, 23-24, 25-30, 31-40, 41-54), the decisions' mean candidates and
 *       worlds, the share of the worlds the exact solver settled, CPU a decision and worlds per CPU
 *       second of the deciding thread (one core).</li>
 * </ul>
 */
public final class EffortCalibration {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String[] PHASES = {"early (mover 15+ cards)", "mid (8-14)", "late (7 or fewer)"};

    private EffortCalibration() {
    }

    /**
     * A decision's phase, measured times and counts; {@code single}: one candidate (play skips its worlds);
     * {@code cards}: cards in all hands; {@code solved}: worlds the exact solver settled; {@code candidates}:
     * the candidate moves the worlds evaluated.
     */
    record Sample(int phase, long cpuNanos, long wallNanos, Effort.Counts counts, boolean single, int cards,
                  int solved, int candidates) {
    }

    /** Upper bounds of the cards-in-play buckets of {@code check}'s worlds-per-second table. */
    private static final int[] CARD_BOUNDS = {18, 20, 22, 24, 30, 40, 54};

    /** Runs one mode (see the class comment). */
    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: EffortCalibration calibrate [GAMES [BUDGET_MS]] | check AGENT [EFFORT_MICROS [GAMES]]");
            System.exit(2);
        }
        System.out.printf(Locale.ROOT, "load average at start: %.2f%n", ManagementFactory.getOperatingSystemMXBean()
            .getSystemLoadAverage());
        switch (args[0]) {
            case "calibrate" -> calibrate(args.length > 1 ? Integer.parseInt(args[1]) : 40,
                args.length > 2 ? Integer.parseInt(args[2]) : 50);
            case "check" -> check(args.length > 1 ? args[1] : "mc-v1",
                args.length > 2 ? Long.parseLong(args[2]) : Effort.EFFORT_50MS_MICROS,
                args.length > 3 ? Integer.parseInt(args[3]) : 40);
            default -> {
                System.err.println("unknown mode " + args[0] + " (calibrate, check)");
                System.exit(2);
            }
        }
        System.out.printf(Locale.ROOT, "load average at end: %.2f%n", ManagementFactory.getOperatingSystemMXBean()
            .getSystemLoadAverage());
    }

    /** The phase of an information set: 0 early, 1 mid, 2 late, by the mover's cards. */
    static int phase(InformationSet info) {
        int n = Cards.size(info.hand());
        return n >= 15 ? 0 : n >= 8 ? 1 : 2;
    }

    /** One decision of either agent: its move and counts, or null with fewer than two candidates. */
    interface Decider {
        /**
         * The decision's counts and, in {@code move[0]}, its move, in {@code move[1]} its candidates, in
         * {@code move[2]} the worlds the solver settled.
         */
        Effort.Counts decide(InformationSet info, long seed, int[] move);

        /** A fresh copy for another seat. */
        Decider copy();

        /** Releases the agent's threads. */
        void close();
    }

    /**
     * The first policy as {@code mc-v1} plays it (rollout features 0), on today's search: {@code
     * mc-v1} itself is a pinned build whose decisions do not cross with their counts, and its
     * search is the one it was copied from.
     */
    static Decider v1(McSettings config) {
        return mc(config.toBuilder().rolloutFeatures(0).build());
    }

    static Decider mc(McSettings config) {
        MonteCarloAgent a = new MonteCarloAgent(config);
        return new Decider() {
            @Override
            public Effort.Counts decide(InformationSet info, long seed, int[] move) {
                io.github.ddzengine.mc.Decision d = a.decide(info, seed);
                move[0] = d.move();
                move[1] = d.candidates();
                move[2] = d.solvedWorlds();
                return d.counts();
            }

            @Override
            public Decider copy() {
                return mc(config);
            }

            @Override
            public void close() {
                a.close();
            }
        };
    }

    /** An arena agent that decides with a {@link Decider} and records every decision it times. */
    private static final class Recording implements Agent {
        private final Decider decider;
        private final List<Sample> out;
        private final int[] move = new int[3];
        private long gameSeed;

        Recording(Decider decider, List<Sample> out) {
            this.decider = decider;
            this.out = out;
        }

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public int bid(BidRequest request) {
            return 0;
        }

        @Override
        public void startGame(long seed) {
            gameSeed = seed;
        }

        @Override
        public int play(InformationSet info) {
            long w0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            Effort.Counts c = decider.decide(info, Rng.derive(gameSeed, info.historyLength()), move);
            long cpu = THREADS.getCurrentThreadCpuTime() - c0;
            long wall = System.nanoTime() - w0;
            if (out != null && c.worlds() > 0) {
                out.add(new Sample(phase(info), cpu, wall, c, move[1] < 2,
                    info.cardsLeft(0) + info.cardsLeft(1) + info.cardsLeft(2), move[2], move[1]));
            }
            return move[0];
        }

        @Override
        public Agent copy() {
            return new Recording(decider.copy(), out);
        }

        @Override
        public void close() {
            decider.close();
        }
    }

    /**
     * Self-play games of {@code decider} in all three seats (seeds 2025, game by game), after
     * {@code warmUpGames} unrecorded games; the decisions of the recorded games.
     */
    static List<Sample> selfPlay(Decider decider, int games, int warmUpGames) {
        List<Sample> out = new ArrayList<>();
        Rules rules = Rules.STANDARD;
        Game game = new Game(rules);
        Recording[] seats = {new Recording(decider, null), new Recording(decider.copy(), null),
            new Recording(decider.copy(), null)};
        Recording[] recorded = {new Recording(decider, out), new Recording(seats[1].decider, out),
            new Recording(seats[2].decider, out)};
        for (int g = 0; g < warmUpGames + games; g++) {
            Recording[] s = g < warmUpGames ? seats : recorded;
            long seed = SplitMix64.derive(2025, g);
            game.play(g + 1, g + 1, "calibration game " + (g + 1), Deal.random(seed), null, s, SplitMix64.derive(seed, 1));
        }
        for (Recording r : seats) {
            r.close();
        }
        return out;
    }

    private static void calibrate(int games, int budgetMs) {
        List<Sample> samples = selfPlay(v1(McSettings.defaults().withBudget(budgetMs)), games, 5);
        long wall = samples.stream().mapToLong(Sample::wallNanos).sum();
        long cpu = samples.stream().mapToLong(Sample::cpuNanos).sum();
        System.out.printf(Locale.ROOT, "mc-v1 at %d ms, %d self-play games: %d decisions (the thread had %.1f%% of the "
            + "wall time)%n", budgetMs, games, samples.size(), 100.0 * cpu / wall);
        String[] names = {"world", "attempt", "rollout", "rolloutMove", "splitLookup", "lookupCard", "firstLookupCard",
            "solve", "solverNode", "leafEval"};
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (Sample s : samples) {
            long[] f = s.counts().features();
            double[] r = new double[f.length];
            for (int j = 0; j < f.length; j++) {
                r[j] = f[j];
            }
            x.add(r);
            y.add(s.cpuNanos() * 1000.0); // ps
        }
        double[] w = nonNegativeLeastSquares(x, y);
        System.out.println("fitted weights, ps a unit (least squares of CPU time, no constant):");
        for (int j = 0; j < names.length; j++) {
            System.out.printf(Locale.ROOT, "  %-16s %12.1f%n", names[j], w[j]);
        }
        Effort.Weights fitted = new Effort.Weights(Math.round(w[0]), Math.round(w[1]), Math.round(w[2]),
            Math.round(w[3]), Math.round(w[4]), Math.round(w[5]), Math.round(w[6]), Math.round(w[7]), Math.round(w[8]),
            Math.round(w[9]));
        System.out.println("  as Effort.Weights: " + fitted);
        System.out.println("  current default:   " + Effort.Weights.DEFAULT);
        double[] err = new double[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            err[i] = Math.abs(dot(fitted, samples.get(i)) - y.get(i)) / y.get(i);
        }
        System.out.printf(Locale.ROOT, "  median |error| a decision %.1f%%%n", 100 * median(err));
        System.out.println("decisions of two or more candidates whose thread had the core (CPU at least 90% of wall):");
        for (int ph = -1; ph < 3; ph++) {
            int p = ph;
            List<Sample> in = samples.stream().filter(s -> (p < 0 || s.phase() == p) && !s.single()
                && s.cpuNanos() >= 0.9 * s.wallNanos()).toList();
            if (in.isEmpty()) {
                continue;
            }
            double cpuMean = in.stream().mapToLong(Sample::cpuNanos).average().orElse(0) / 1e6;
            double workFitted = in.stream().mapToDouble(s -> dot(fitted, s)).average().orElse(0) / 1e9;
            double workDefault = in.stream().mapToDouble(s -> s.counts().work()).average().orElse(0) / 1e9;
            System.out.printf(Locale.ROOT, "  %-24s n=%4d  CPU mean %6.2f ms  counted work mean: fitted weights %6.2f ms, "
                + "current weights %6.2f ms%n", ph < 0 ? "all" : PHASES[ph], in.size(), cpuMean, workFitted, workDefault);
        }
    }

    /** The work of a sample's counts under weights {@code w}, ps. */
    private static double dot(Effort.Weights w, Sample s) {
        long[] f = s.counts().features();
        long[] c = {w.world(), w.attempt(), w.rollout(), w.rolloutMove(), w.splitLookup(), w.lookupCard(),
            w.firstLookupCard(), w.solve(), w.solverNode(), w.leafEval()};
        double sum = 0;
        for (int j = 0; j < f.length; j++) {
            sum += (double) f[j] * c[j];
        }
        return sum;
    }

    private static void check(String agent, long effort, int games) {
        Decider d;
        if (agent.startsWith("mc:")) {
            d = mc(McConfigs.parseOnDefaults(agent.substring(3).split(",")).withEffort(effort));
        } else {
            d = switch (agent) {
                case "mc-v1" -> v1(McSettings.defaults().withEffort(effort));
                case "mc" -> mc(McSettings.defaults().withEffort(effort));
                default -> throw new IllegalArgumentException("agent is mc, mc:KEY=VALUE,... or mc-v1, not " + agent);
            };
        }
        List<Sample> samples = selfPlay(d, games, 5);
        long wall = samples.stream().mapToLong(Sample::wallNanos).sum();
        long cpu = samples.stream().mapToLong(Sample::cpuNanos).sum();
        System.out.printf(Locale.ROOT, "%s at effort=%d, %d self-play games: %d decisions (the thread had %.1f%% of the "
            + "wall time)%n", agent, effort, games, samples.size(), 100.0 * cpu / wall);
        for (int ph = -1; ph < 3; ph++) {
            int p = ph;
            List<Sample> in = samples.stream().filter(s -> (p < 0 || s.phase() == p) && !s.single()).toList();
            if (in.isEmpty()) {
                continue;
            }
            long[] c = in.stream().mapToLong(Sample::cpuNanos).sorted().toArray();
            double work = in.stream().mapToLong(s -> s.counts().work()).average().orElse(0);
            double mean = Arrays.stream(c).average().orElse(0);
            System.out.printf(Locale.ROOT, "  %-24s n=%4d  CPU mean %6.2f ms  median %6.2f ms  p99 %6.2f ms  max %6.2f ms  "
                    + "CPU ps per counted unit %.3f%n", ph < 0 ? "all" : PHASES[ph], in.size(), mean / 1e6,
                c[c.length / 2] / 1e6, c[(int) Math.min(c.length - 1, Math.floor(c.length * 0.99))] / 1e6,
                c[c.length - 1] / 1e6, mean * 1000 / work);
        }
        System.out.println("  by cards in all hands (decisions of two or more candidates): candidates, worlds a "
            + "decision, share solved exactly, CPU, worlds per CPU second (one core)");
        int lo = 0;
        for (int hi : CARD_BOUNDS) {
            int l = lo;
            List<Sample> in = samples.stream().filter(s -> !s.single() && s.cards() > l && s.cards() <= hi).toList();
            lo = hi;
            if (in.isEmpty()) {
                continue;
            }
            long worlds = in.stream().mapToLong(s -> s.counts().worlds()).sum();
            long solved = in.stream().mapToLong(Sample::solved).sum();
            long cpuSum = in.stream().mapToLong(Sample::cpuNanos).sum();
            double cands = in.stream().mapToInt(Sample::candidates).average().orElse(0);
            System.out.printf(Locale.ROOT, "  cards %2d-%2d  n=%4d  candidates %4.1f  worlds %7.1f  solved %5.1f%%  "
                    + "CPU mean %6.2f ms  worlds/s %8.0f%n", l + 1, hi, in.size(), cands, (double) worlds / in.size(),
                100.0 * solved / Math.max(1, worlds), cpuSum / 1e6 / in.size(), worlds * 1e9 / Math.max(1, cpuSum));
        }
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c.length == 0 ? Double.NaN : c[c.length / 2];
    }

    /**
     * Least squares without intercept, with an active set: a feature whose weight comes out
     * negative is dropped (weight 0) and the rest refitted.
     */
    static double[] nonNegativeLeastSquares(List<double[]> x, List<Double> y) {
        int f = x.get(0).length;
        // columns scaled to unit root mean square, or the normal equations are hopelessly ill-conditioned
        double[] scale = new double[f];
        for (double[] r : x) {
            for (int p = 0; p < f; p++) {
                scale[p] += r[p] * r[p];
            }
        }
        List<double[]> xs = new ArrayList<>();
        for (int p = 0; p < f; p++) {
            scale[p] = scale[p] == 0 ? 1 : Math.sqrt(scale[p] / x.size());
        }
        for (double[] r : x) {
            double[] c = new double[f];
            for (int p = 0; p < f; p++) {
                c[p] = r[p] / scale[p];
            }
            xs.add(c);
        }
        double[] w = scaledNonNegativeLeastSquares(xs, y);
        for (int p = 0; p < f; p++) {
            w[p] /= scale[p];
        }
        return w;
    }

    private static double[] scaledNonNegativeLeastSquares(List<double[]> x, List<Double> y) {
        int f = x.get(0).length;
        boolean[] active = new boolean[f];
        Arrays.fill(active, true);
        while (true) {
            double[][] a = new double[f][f + 1];
            for (int i = 0; i < x.size(); i++) {
                double[] r = x.get(i);
                for (int p = 0; p < f; p++) {
                    for (int q = 0; q < f; q++) {
                        a[p][q] += r[p] * r[q];
                    }
                    a[p][f] += r[p] * y.get(i);
                }
            }
            for (int p = 0; p < f; p++) {
                if (!active[p] || a[p][p] == 0) {
                    Arrays.fill(a[p], 0);
                    a[p][p] = 1;
                    active[p] = false;
                    for (int q = 0; q < f; q++) {
                        if (q != p) {
                            a[q][p] = 0;
                        }
                    }
                }
            }
            double[] w = solve(a);
            int worst = -1;
            for (int p = 0; p < f; p++) {
                if (active[p] && w[p] < 0 && (worst < 0 || w[p] < w[worst])) {
                    worst = p;
                }
            }
            if (worst < 0) {
                return w;
            }
            active[worst] = false;
        }
    }

    /** Gaussian elimination with partial pivoting on an augmented matrix. */
    private static double[] solve(double[][] a) {
        int n = a.length;
        for (int c = 0; c < n; c++) {
            int piv = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) {
                    piv = r;
                }
            }
            double[] t = a[c];
            a[c] = a[piv];
            a[piv] = t;
            for (int r = 0; r < n; r++) {
                if (r != c && a[c][c] != 0) {
                    double m = a[r][c] / a[c][c];
                    for (int k = c; k <= n; k++) {
                        a[r][k] -= m * a[c][k];
                    }
                }
            }
        }
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = a[i][i] == 0 ? 0 : a[i][n] / a[i][i];
        }
        return w;
    }

}
