package io.github.ddzengine.bench;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Move generation and classification speed on the 6,000 positions of
 * {@code testdata/reference/legal-moves-standard.jsonl.gz} (leads and answers mixed, STANDARD).
 *
 * <ul>
 *   <li>{@link #generate}: all legal moves of every position; the score is per position
 *       ({@link OperationsPerInvocation}), and the {@code moves} counter is per generated move
 *       (pass included, as in the reference sets).</li>
 *   <li>{@link #classify}: {@link MoveTable#classify} of {@value #CLASSIFY_SAMPLE} card sets drawn
 *       (fixed seed) from the moves generated on those positions; the score is per card set.</li>
 *   <li>{@link #classifyRandom}: the same over card sets of 1 to 20 cards dealt from the deck
 *       (fixed seed), mostly no combination at all.</li>
 * </ul>
 *
 * <p>Run from the repository root (the data is read from {@code testdata}, or
 * {@code -Dddz.testdata=DIR}): {@code java -jar bench/target/benchmarks.jar MoveGen -prof gc}.
 * (Not final: JMH subclasses its {@code @State} classes.)
 */
@Fork(3)
public class MoveGenBenchmark extends HouseBenchmark {
    /** Positions in the reference file: one {@link #generate} call walks all of them. */
    public static final int POSITIONS = 6000;
    /** Card sets one {@link #classify} call classifies. */
    public static final int CLASSIFY_SAMPLE = 16_384;

    private MoveGenerator generator;
    private MoveTable table;
    private long[] hands;
    private int[] lasts;
    private long[] cardSets;
    private long[] randomSets;
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private final int[] readings = new int[2];

    /** Loads the positions, checks the generator against the reference counts and draws the card sets. */
    @Setup(Level.Trial)
    public void load() throws IOException {
        generator = new MoveGenerator(Rules.STANDARD);
        table = generator.table();
        ReferencePositions positions = ReferencePositions.load(ReferencePositions.sharedDir(), table);
        if (positions.size() != POSITIONS) {
            throw new IllegalStateException(ReferencePositions.FILE + " has " + positions.size()
                + " positions, expected " + POSITIONS);
        }
        hands = positions.hands();
        lasts = positions.lasts();
        long total = 0;
        for (int i = 0; i < POSITIONS; i++) {
            int n = generator.answers(hands[i], lasts[i], buffer);
            int distinct = distinctCardSets(n);
            if (distinct != positions.referenceCounts()[i]) {
                // a wrong generator would make every figure meaningless
                throw new IllegalStateException("position " + (i + 1) + ": " + distinct
                    + " distinct card sets, the reference lists " + positions.referenceCounts()[i]);
            }
            total += n;
        }
        // card sets of the generated moves, uniformly over all of them (pass excluded)
        SplittableRandom random = new SplittableRandom(20_251_129L);
        cardSets = new long[CLASSIFY_SAMPLE];
        int drawn = 0;
        while (drawn < CLASSIFY_SAMPLE) {
            int i = random.nextInt(POSITIONS);
            int n = generator.answers(hands[i], lasts[i], buffer);
            int id = buffer[random.nextInt(n)];
            if (id != MoveTable.PASS) {
                cardSets[drawn++] = table.cards(id);
            }
        }
        // and card sets of 1 to 20 cards dealt uniformly from the deck: mostly not combinations
        randomSets = new long[CLASSIFY_SAMPLE];
        for (int k = 0; k < CLASSIFY_SAMPLE; k++) {
            randomSets[k] = Deal.drawn(1 + random.nextInt(20), random::nextInt);
        }
        System.out.printf("%n%d positions, %d legal moves (%.2f a position), as the reference%n", POSITIONS, total,
            (double) total / POSITIONS);
    }

    /** The number of distinct card sets among the first {@code n} ids of the buffer (two readings count once). */
    private int distinctCardSets(int n) {
        long[] sets = new long[n];
        for (int i = 0; i < n; i++) {
            sets[i] = table.cards(buffer[i]);
        }
        return (int) Arrays.stream(sets).distinct().count();
    }

    /** Moves generated, reported per move (score = time / moves). Reset each iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Moves {
        /** Legal moves generated in this iteration, pass included. */
        public long moves;

        /** Clears the counter. */
        @Setup(Level.Iteration)
        public void reset() {
            moves = 0;
        }
    }

    /** All legal moves of every position (leads, or answers plus pass); score per position. */
    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int generate(Moves counter) {
        int total = 0;
        int[] out = buffer;
        for (int i = 0; i < POSITIONS; i++) {
            total += generator.answers(hands[i], lasts[i], out);
        }
        counter.moves += total;
        return total;
    }

    /** Every reading of each sampled card set; score per card set. */
    @Benchmark
    @OperationsPerInvocation(CLASSIFY_SAMPLE)
    public void classify(Blackhole bh) {
        long[] sets = cardSets;
        int[] out = readings;
        for (int i = 0; i < CLASSIFY_SAMPLE; i++) {
            bh.consume(table.classify(sets[i], out));
        }
        bh.consume(out[0]);
    }

    /**
     * Every reading of each of {@value #CLASSIFY_SAMPLE} random card sets of 1 to 20 cards (most
     * are no combination: the miss path); score per card set.
     */
    @Benchmark
    @OperationsPerInvocation(CLASSIFY_SAMPLE)
    public void classifyRandom(Blackhole bh) {
        long[] sets = randomSets;
        int[] out = readings;
        for (int i = 0; i < sets.length; i++) {
            bh.consume(table.classify(sets[i], out));
        }
    }
}
