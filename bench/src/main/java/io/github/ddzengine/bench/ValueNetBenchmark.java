package io.github.ddzengine.bench;


import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.eval.ValueFeatures;
import io.github.ddzengine.mc.eval.ValueNet;

/**
 * One evaluation of a value network ({@link ValueNet.Evaluator#logit}: the features, then the
 * forward pass) on {@value #POSITIONS} positions of {@code rule} self-play, for networks of the
 * shapes {@code ddz learn train} makes (random weights: the cost does not depend on them); the
 * score is per position. {@link #lookahead} and {@link #lookaheadIncremental} evaluate the positions
 * after each move of successive positions, as the {@code net} agent does, by the full pass and by
 * the incremental evaluator. Allocation-free ({@code -prof gc}).
 *
 * <p>Run from the repository root: {@code java -jar bench/target/benchmarks.jar ValueNet -prof gc}.
 */
@Warmup(iterations = 4, time = 1)
@Fork(2)
public class ValueNetBenchmark extends HouseBenchmark {
    /** Positions one {@link #evaluate} call walks. */
    public static final int POSITIONS = 1024;

    /** Hidden widths, comma-separated. */
    @Param({"256,64", "64"})
    public String hidden;

    private ValueNet.Evaluator evaluator;
    private ValueNet.Evaluator incremental;
    /** The lookahead stream: for each of the first positions, the position after each of its moves. */
    private long[][] children;
    private long[] h0;
    private long[] h1;
    private long[] h2;
    private int[] mover;
    private int[] last;
    private int[] lastSeat;

    /** The positions and the network. */
    @Setup(Level.Trial)
    public void setUp() {
        Rules rules = Rules.STANDARD;
        String[] parts = hidden.split(",");
        int[] widths = new int[parts.length + 2];
        widths[0] = ValueFeatures.SIZE;
        for (int i = 0; i < parts.length; i++) {
            widths[i + 1] = Integer.parseInt(parts[i]);
        }
        widths[widths.length - 1] = 1;
        SplitMix64 rng = new SplitMix64(3);
        float[] p = new float[ValueNet.parameterCount(widths)];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) ((rng.nextLong() >>> 11) * 0x1.0p-53 - 0.5) * 0.2f;
        }
        ValueNet net = new ValueNet(widths, p);
        evaluator = net.evaluator(rules, MinHands.of(rules));
        incremental = net.incrementalEvaluator(rules, MinHands.of(rules));
        h0 = new long[POSITIONS];
        h1 = new long[POSITIONS];
        h2 = new long[POSITIONS];
        mover = new int[POSITIONS];
        last = new int[POSITIONS];
        lastSeat = new int[POSITIONS];
        GameState g = new GameState(rules);
        int n = 0;
        for (int d = 0; n < POSITIONS; d++) {
            Deal deal = Deal.random(SplitMix64.derive(77, d));
            g.start(deal);
            RuleAgent a = new RuleAgent(rules, d);
            while (!g.isOver() && n < POSITIONS) {
                h0[n] = g.hand(0);
                h1[n] = g.hand(1);
                h2[n] = g.hand(2);
                mover[n] = g.toAct();
                last[n] = g.leads() ? MoveTable.PASS : g.lastMove();
                lastSeat[n] = g.leads() ? -1 : g.lastSeat();
                n++;
                g.play(a.play(InformationSet.view(g, deal.kitty(), 1)));
            }
        }
        children = lookaheadStream(rules);
    }

    /** Up to {@value #POSITIONS} children: each position's moves in turn, as the {@code net} agent evaluates them. */
    private long[][] lookaheadStream(Rules rules) {
        MoveGenerator gen = new MoveGenerator(rules);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        long[][] out = new long[POSITIONS][];
        int n = 0;
        for (int i = 0; n < POSITIONS; i++) {
            int m = last[i] == MoveTable.PASS ? gen.leads(handOf(i, mover[i]), moves)
                : gen.answers(handOf(i, mover[i]), last[i], moves);
            for (int k = 0; k < m && n < POSITIONS; k++) {
                if (moves[k] == MoveTable.PASS) {
                    continue;
                }
                long[] h = {h0[i], h1[i], h2[i]};
                h[mover[i]] = Cards.remove(h[mover[i]], rules.table().cards(moves[k]));
                if (h[mover[i]] != 0) {
                    out[n++] = new long[] {h[0], h[1], h[2], (mover[i] + 1) % 3, moves[k], mover[i]};
                }
            }
        }
        return out;
    }

    private long handOf(int i, int seat) {
        return seat == 0 ? h0[i] : seat == 1 ? h1[i] : h2[i];
    }

    /** Every position once; the score is one evaluation. */
    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public float evaluate() {
        float sum = 0;
        for (int i = 0; i < POSITIONS; i++) {
            sum += evaluator.logit(h0[i], h1[i], h2[i], mover[i], last[i], lastSeat[i]);
        }
        return sum;
    }

    /** The positions after each move of successive positions, by the full pass; the score is one evaluation. */
    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public float lookahead() {
        return stream(evaluator);
    }

    /** The same stream by the incremental evaluator (the {@code net} agent's); the score is one evaluation. */
    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public float lookaheadIncremental() {
        return stream(incremental);
    }

    private float stream(ValueNet.Evaluator e) {
        float sum = 0;
        for (long[] c : children) {
            sum += e.logit(c[0], c[1], c[2], (int) c[3], (int) c[4], (int) c[5]);
        }
        return sum;
    }
}
