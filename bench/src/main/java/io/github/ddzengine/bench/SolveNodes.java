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
        Map<String, Position> shared = SharedPositions.load(ReferencePositions.sharedDir());
        Tally sharedTally = new Tally();
        for (Map.Entry<String, Position> e : shared.entrySet()) {
            if (!e.getKey().startsWith("17v17")) {
                long nodes = solve(e.getValue());
                sharedTally.add(nodes);
                if (each) {
                    System.out.printf("%s %d%n", e.getKey(), nodes);
                }
            }
        }
        System.out.printf("shared positions %d: total %,d nodes, geomean %.1f%n", sharedTally.count,
            sharedTally.total, sharedTally.geomean());
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
                long nodes = solve(Position.of(rules, hands, 0, MoveTable.PASS, -1));
                randomTally.add(nodes);
                if (each) {
                    System.out.printf("deal-%d-%d %d%n", hands.length == 2 ? shape[0] : shape[0] * 100 + 3, k, nodes);
                }
            }
        }
        System.out.printf("random deals %d (seed %d): total %,d nodes, geomean %.1f%n", randomTally.count, seed,
            randomTally.total, randomTally.geomean());
    }

    private static long solve(Position p) {
        Solver s = new Solver(p.rules(), Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory()));
        SolveResult r = s.solve(p, false, 20_000, 0);
        return r.nodes();
    }

    /** {@code n} cards drawn one by one from {@code pool}, each rank as likely as its cards left. */
    private static long deal(SplittableRandom rnd, long pool, int n) {
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
    private static final class Tally {
        int count;
        long total;
        double logSum;

        void add(long nodes) {
            count++;
            total += nodes;
            logSum += Math.log(Math.max(1, nodes));
        }

        double geomean() {
            return count == 0 ? 0 : Math.exp(logSum / count);
        }
    }
}
