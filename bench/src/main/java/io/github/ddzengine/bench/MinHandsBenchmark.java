package io.github.ddzengine.bench;

import java.util.SplittableRandom;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.tables.SegmentTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exact min-hand count ({@link MinHands#count}) on {@value #HANDS} random hands of
 * {@code cards} cards dealt from the full deck (seed 2015), STANDARD rules, with the segment table
 * (as {@code ddz tables build} writes it, here built in memory) and without (search alone); the
 * score is per hand.
 *
 * <p>Run from the repository root: {@code java -jar bench/target/benchmarks.jar MinHands -prof gc}.
 * (Not final: JMH subclasses its {@code @State} classes.)
 */
@Warmup(iterations = 4, time = 1)
@Fork(2)
public class MinHandsBenchmark extends HouseBenchmark {
    /** Hands one {@link #count} call walks. */
    public static final int HANDS = 4096;

    /** Hand size: 17 (a farmer's deal) or 20 (the landlord's with the kitty). */
    @Param({"17", "20"})
    public int cards;

    /** Whether the counter has the segment table ({@code true}) or searches every hand. */
    @Param({"true", "false"})
    public boolean table;

    private MinHands minHands;
    private long[] hands;

    /** Deals the hands and builds the profile table. */
    @Setup(Level.Trial)
    public void deal() {
        EngineTables tables = table ? EngineTables.NONE.withSplit(SegmentTable.build()) : EngineTables.NONE;
        minHands = MinHands.of(Rules.STANDARD, tables);
        hands = new long[HANDS];
        SplittableRandom random = new SplittableRandom(2015);
        for (int i = 0; i < HANDS; i++) {
            hands[i] = Deal.drawn(cards, random::nextInt);
        }
    }

    /** The sum of the counts (returned so the work is not eliminated). */
    @Benchmark
    @OperationsPerInvocation(HANDS)
    public int count() {
        int sum = 0;
        MinHands m = minHands;
        for (long h : hands) {
            sum += m.count(h);
        }
        return sum;
    }
}
