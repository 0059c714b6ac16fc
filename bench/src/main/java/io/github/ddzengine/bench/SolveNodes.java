package io.github.ddzengine.bench;

import java.io.IOException;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;

/**
 * Node counts of the solver, which (unlike times) are exact and the same on every machine: the
 * total and the geometric mean over every shared position but the two 17 v 17 deals, and over
 * seeded random deals (the landlord to lead; two seats of 11, 12 or 13 cards a hand, three seats
 * of 8 or 9: {@link #SHAPES}). A change to move ordering or pruning is judged on both:
 * the shared positions are few and some dominate the total, the random deals are many.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.SolveNodes [seed] [dealsPerShape] [each]}
 * from the repository root (default seed 11, 8 deals a shape; each solve has a 20 s budget, and a
 * solve cut short counts the nodes it spent). With {@code each}, it also prints one line per
 * position: its id (or the deal's shape and number) and its node count.
 */
public final class SolveNodes {
    /** Hand sizes of the random deals, landlord first. */
    static final int[][] SHAPES = {{11, 11}, {12, 12}, {13, 13}, {8, 8, 8}, {9, 9, 9}};

    private SolveNodes() {
    }

    /** Prints the two lines; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 11;
        int perShape = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        boolean each = args.length > 2 && args[2].equals("each");
        Signature s = signature(seed, perShape, 20_000, each);
        System.out.printf("shared positions %d: total %,d nodes, geomean %.1f%n", s.shared.count,
            s.shared.total, s.shared.geomean());
        System.out.printf("random deals %d (seed %d): total %,d nodes, geomean %.1f%n", s.random.count, seed,
            s.random.total, s.random.geomean());
    }

    /**
     * Solves the signature's positions: every shared position but the two 17 v 17 deals, then
     * {@code perShape} random deals of each of {@link #SHAPES} from {@code seed}.
     *
     * @param timeoutMillis each solve's wall-time budget, 0 for none (a solve cut short counts
     *     the nodes it spent, so a budget that runs out makes the counts depend on the machine)
     * @param each whether to print one line per position: its id (or the deal's shape and number)
     *     and its node count
     * @throws IOException if the shared positions cannot be read
     */
    public static Signature signature(long seed, int perShape, long timeoutMillis, boolean each) throws IOException {
        Map<String, Position> shared = SharedPositions.load(ReferencePositions.sharedDir());
        Tally sharedTally = new Tally();
        for (Map.Entry<String, Position> e : shared.entrySet()) {
            if (!e.getKey().startsWith("17v17")) {
                long nodes = solve(e.getValue(), timeoutMillis);
                sharedTally.add(nodes);
                if (each) {
                    System.out.printf("%s %d%n", e.getKey(), nodes);
                }
            }
        }
        Rules rules = Rules.of(Preset.STANDARD);
        SplittableRandom rnd = new SplittableRandom(seed);
        Tally randomTally = new Tally();
        for (int[] shape : SHAPES) {
            for (int k = 0; k < perShape; k++) {
                long pool = Cards.DECK;
                long[] hands = new long[shape.length];
                for (int s = 0; s < shape.length; s++) {
                    hands[s] = deal(rnd, pool, shape[s]);
                    pool -= hands[s];
                }
                long nodes = solve(Position.of(rules, hands, 0, MoveTable.PASS, -1), timeoutMillis);
                randomTally.add(nodes);
                if (each) {
                    System.out.printf("deal-%d-%d %d%n", hands.length == 2 ? shape[0] : shape[0] * 100 + 3, k, nodes);
                }
            }
        }
        return new Signature(sharedTally, randomTally);
    }

    /**
     * One solve, with the table size {@link Solver#suggestedTableMegabytes} gives for an
     * unbounded heap (4, 16 or 64 MiB by the cards in play), so the count does not depend on the
     * heap either.
     */
    private static long solve(Position p, long timeoutMillis) {
        Solver s = new Solver(p.rules(), Solver.suggestedTableMegabytes(p, Long.MAX_VALUE),
            io.github.ddzengine.core.tables.EngineTables.NONE);
        SolveResult r = s.solve(p, false, timeoutMillis, 0);
        return r.nodes();
    }

    /** The two tallies of {@link #signature}: the shared positions and the random deals. */
    public static final class Signature {
        /** The shared positions but the 17 v 17 deals. */
        public final Tally shared;
        /** The seeded random deals. */
        public final Tally random;

        Signature(Tally shared, Tally random) {
            this.shared = shared;
            this.random = random;
        }
    }

    /** {@code n} cards drawn one by one from {@code pool}, each rank as likely as its cards left. */
    static long deal(SplittableRandom rnd, long pool, int n) {
        long hand = 0;
        for (int i = 0; i < n; i++) {
            long left = pool - hand;
            int pick = rnd.nextInt(Cards.size(left));
            for (int rank = 0; rank < 15; rank++) {
                int c = Cards.count(left, rank);
                if (pick < c) {
                    hand += Cards.of(rank, 1);
                    break;
                }
                pick -= c;
            }
        }
        return hand;
    }

    /** Count, total and log-sum of node counts. */
    public static final class Tally {
        /** Positions solved. */
        public int count;
        /** Their nodes in all. */
        public long total;
        private double logSum;

        void add(long nodes) {
            count++;
            total += nodes;
            logSum += Math.log(Math.max(1, nodes));
        }

        /** The geometric mean of the node counts (a count of 0 taken as 1). */
        public double geomean() {
            return count == 0 ? 0 : Math.exp(logSum / count);
        }
    }
}
