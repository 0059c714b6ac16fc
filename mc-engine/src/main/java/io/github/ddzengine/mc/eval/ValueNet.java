package io.github.ddzengine.mc.eval;

import java.util.Arrays;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;

/**
 * A value network: a multilayer perceptron that maps the {@link ValueFeatures} of an open-hand
 * position to the logit of the landlord side's chance to win it against best play. Hidden layers
 * use ReLU; the output is one logit, {@code p = 1 / (1 + exp(-logit))}.
 *
 * <p>Shapes: {@code widths[0]} inputs ({@link ValueFeatures#SIZE}), hidden widths
 * {@code widths[1..L-1]}, {@code widths[L] = 1}. Parameters are stored layer by layer, each as its
 * weight matrix ({@code widths[l+1]} rows of {@code widths[l]} floats, row-major) followed by its
 * bias vector ({@code widths[l+1]} floats); {@link #parameterCount()} floats in all. The file format
 * is {@link ValueNetFile}.
 *
 * <p>Immutable and thread-safe; evaluate through one {@link Evaluator} per thread, which owns the
 * scratch buffers and allocates nothing after it is made.
 */
public final class ValueNet {
    /** The widest layer accepted (a guard against a corrupt file). */
    public static final int MAX_WIDTH = 4096;
    /** The most layers accepted. */
    public static final int MAX_LAYERS = 8;

    private final int[] widths;
    private final float[][] biases;
    /**
     * Each layer's weights input by input ({@code widths[l+1]} floats an input): a layer adds, for
     * each non-zero input, its column to the outputs, a loop without the chain of dependent float
     * additions of a row-by-row dot product, and zero inputs (most features, every ReLU that is
     * off) cost nothing. The trainer sums in the same order, so it predicts the same floats. Each
     * column is an array of its own: a loop over one array at an offset and another that the JIT
     * cannot prove distinct is not vectorized, a loop over two arrays from index 0 is.
     */
    private final float[][][] byInput;
    /** The output layer's weights (its one output), one per input in order. */
    private final float[] output;

    /**
     * A network of the given shape and parameters.
     *
     * @param widths the layer widths: inputs, hidden widths, then 1
     * @param parameters every parameter in the order of the class comment; copied
     * @throws IllegalArgumentException if the shape is not one of {@code 2..MAX_LAYERS+1} widths in
     *     {@code 1..MAX_WIDTH} ending with 1, or {@code parameters} has not {@link #parameterCount(int[])} floats
     */
    public ValueNet(int[] widths, float[] parameters) {
        checkShape(widths);
        if (parameters.length != parameterCount(widths)) {
            throw new IllegalArgumentException("a network of widths " + Arrays.toString(widths) + " has "
                + parameterCount(widths) + " parameters, not " + parameters.length);
        }
        this.widths = widths.clone();
        int layers = widths.length - 1;
        biases = new float[layers][];
        byInput = new float[layers][][];
        int at = 0;
        for (int l = 0; l < layers; l++) {
            int in = widths[l];
            int out = widths[l + 1];
            byInput[l] = new float[in][out];
            for (int o = 0; o < out; o++) {
                for (int i = 0; i < in; i++) {
                    byInput[l][i][o] = parameters[at + o * in + i];
                }
            }
            at += in * out;
            biases[l] = Arrays.copyOfRange(parameters, at, at + out);
            at += out;
        }
        float[][] last = byInput[layers - 1];
        output = new float[last.length];
        for (int i = 0; i < last.length; i++) {
            output[i] = last[i][0];
        }
    }

    /**
     * Checks a shape as the constructor does.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void checkShape(int[] widths) {
        if (widths.length < 2 || widths.length > MAX_LAYERS + 1) {
            throw new IllegalArgumentException("a network has 1 to " + MAX_LAYERS + " layers, not " + (widths.length - 1));
        }
        for (int w : widths) {
            if (w < 1 || w > MAX_WIDTH) {
                throw new IllegalArgumentException("a layer width is 1.." + MAX_WIDTH + ", not " + w);
            }
        }
        if (widths[widths.length - 1] != 1) {
            throw new IllegalArgumentException("the output layer has width 1, not " + widths[widths.length - 1]);
        }
    }

    /** The number of parameters of a network of {@code widths}. */
    public static int parameterCount(int[] widths) {
        long n = 0;
        for (int l = 0; l + 1 < widths.length; l++) {
            n += (long) widths[l] * widths[l + 1] + widths[l + 1];
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many parameters: " + n);
        }
        return (int) n;
    }

    /** The layer widths (a copy). */
    public int[] widths() {
        return widths.clone();
    }

    /** The number of inputs. */
    public int inputs() {
        return widths[0];
    }

    /** The number of parameters. */
    public int parameterCount() {
        return parameterCount(widths);
    }

    /** Every parameter in the order of the class comment (a copy). */
    public float[] parameters() {
        float[] p = new float[parameterCount()];
        int at = 0;
        for (int l = 0; l < byInput.length; l++) {
            int in = widths[l];
            int out = widths[l + 1];
            for (int o = 0; o < out; o++) {
                for (int i = 0; i < in; i++) {
                    p[at + o * in + i] = byInput[l][i][o];
                }
            }
            at += in * out;
            System.arraycopy(biases[l], 0, p, at, out);
            at += out;
        }
        return p;
    }

    /** An evaluator for one thread: {@link ValueFeatures} of {@code rules} and scratch buffers. */
    public Evaluator evaluator(Rules rules, MinHands minHands) {
        return new Evaluator(features(rules, minHands), false);
    }

    /**
     * An evaluator for one thread that updates the first layer's outputs from the last position it
     * evaluated in full by the inputs that differ, the way an NNUE accumulator is updated: the moves
     * from one position (the {@code net} agent's lookahead) differ in a few inputs, and each costs a
     * fraction of a full pass. Its logits equal {@link #logit}'s up to float rounding (the sums run
     * in another order), not bit for bit.
     */
    public Evaluator incrementalEvaluator(Rules rules, MinHands minHands) {
        return new Evaluator(features(rules, minHands), true);
    }

    private ValueFeatures features(Rules rules, MinHands minHands) {
        if (widths[0] != ValueFeatures.SIZE) {
            throw new IllegalArgumentException("the network takes " + widths[0] + " inputs; feature set "
                + ValueFeatures.VERSION + " has " + ValueFeatures.SIZE);
        }
        return new ValueFeatures(rules, minHands);
    }

    /**
     * The output logit for input {@code x}, with {@code a} and {@code b} as scratch (each at least
     * as long as the widest layer). Allocation-free.
     *
     * @param x the inputs, at least {@link #inputs()} long (read only)
     * @return the logit of the landlord side's win probability
     */
    public float logit(float[] x, float[] a, float[] b) {
        firstLayer(x, a);
        return fromFirstLayer(a, b, null);
    }

    /** The first layer's outputs before the ReLU: {@code out = W0 x + b0}, input by input. */
    private void firstLayer(float[] x, float[] out) {
        int nIn = widths[0];
        int nOut = widths[1];
        float[][] w = byInput[0];
        System.arraycopy(biases[0], 0, out, 0, nOut);
        for (int i = 0; i < nIn; i++) {
            float xi = x[i];
            if (xi != 0f) {
                addColumn(w[i], xi, out, nOut);
            }
        }
    }

    private static void addColumn(float[] column, float xi, float[] out, int nOut) {
        for (int o = 0; o < nOut; o++) {
            out[o] += column[o] * xi;
        }
    }

    /**
     * The logit from the first layer's outputs before their ReLU, in {@code a} (overwritten), with
     * {@code b} as scratch. With {@code nonZero} (scratch as long as the widest layer) a hidden
     * layer adds its inputs' columns four at a time, in another order than the trainer's (the
     * incremental evaluator); without, one at a time in input order. The output layer sums in
     * input order either way.
     */
    private float fromFirstLayer(float[] a, float[] b, int[] nonZero) {
        float[] in = a;
        float[] out = b;
        int layers = byInput.length;
        for (int l = 1; l < layers; l++) {
            int nIn = widths[l];
            int n = 0;
            for (int o = 0; o < nIn; o++) {
                float v = Math.max(in[o], 0f); // the ReLU of the layer before
                in[o] = v;
                if (nonZero != null) {
                    nonZero[n] = o;
                    n += v > 0f ? 1 : 0;
                }
            }
            int nOut = widths[l + 1];
            float[][] w = byInput[l];
            if (nOut == 1) {
                return outputLayer(in, output, biases[l][0]);
            }
            System.arraycopy(biases[l], 0, out, 0, nOut);
            if (nonZero == null) {
                for (int i = 0; i < nIn; i++) {
                    float xi = in[i];
                    if (xi != 0f) {
                        addColumn(w[i], xi, out, nOut);
                    }
                }
            } else {
                int k = 0;
                for (; k + 4 <= n; k += 4) {
                    int i0 = nonZero[k];
                    int i1 = nonZero[k + 1];
                    int i2 = nonZero[k + 2];
                    int i3 = nonZero[k + 3];
                    addColumns(w[i0], in[i0], w[i1], in[i1], w[i2], in[i2], w[i3], in[i3], out, nOut);
                }
                for (; k < n; k++) {
                    addColumn(w[nonZero[k]], in[nonZero[k]], out, nOut);
                }
            }
            float[] t = in;
            in = out;
            out = t;
        }
        return in[0];
    }

    /**
     * The output of a layer of width 1: its bias plus each input times its weight, in input order
     * (a zero input adds a zero: the sum is that of the non-zero inputs).
     */
    private static float outputLayer(float[] in, float[] w, float bias) {
        float sum = bias;
        for (int i = 0; i < w.length; i++) {
            sum += w[i] * in[i];
        }
        return sum;
    }

    private static void addColumns(float[] c0, float x0, float[] c1, float x1, float[] c2, float x2, float[] c3,
        float x3, float[] out, int nOut) {
        for (int o = 0; o < nOut; o++) {
            out[o] += c0[o] * x0 + c1[o] * x1 + c2[o] * x2 + c3[o] * x3;
        }
    }

    /** The logistic function: {@code 1 / (1 + exp(-z))}. */
    public static double sigmoid(double z) {
        return 1.0 / (1.0 + Math.exp(-z));
    }

    /** Per-thread evaluation of positions; allocation-free after it is made. */
    public final class Evaluator {
        private final ValueFeatures features;
        private final boolean incremental;
        private final float[] x = new float[ValueFeatures.SIZE];
        private final float[] a;
        private final float[] b;
        /** Incremental: the inputs of the last position evaluated in full, and its first layer's outputs. */
        private final float[] baseX;
        private final float[] baseFirst;
        private final int[] changed;
        private final int[] nonZero;
        private boolean hasBase;

        private Evaluator(ValueFeatures features, boolean incremental) {
            this.features = features;
            this.incremental = incremental;
            int widest = 0;
            for (int w : widths) {
                widest = Math.max(widest, w);
            }
            a = new float[widest];
            b = new float[widest];
            baseX = incremental ? new float[ValueFeatures.SIZE] : null;
            baseFirst = incremental ? new float[widths[1]] : null;
            changed = incremental ? new int[ValueFeatures.SIZE] : null;
            nonZero = incremental ? new int[widest] : null;
        }

        /**
         * The network's probability that the landlord side wins an open-hand position.
         *
         * @param hands the hands of seats 0..2 (not all empty; not checked)
         * @param mover the seat to act
         * @param last the move to beat, or {@code MoveTable.PASS} to lead
         * @param lastSeat the seat of {@code last} (ignored when leading)
         * @return a probability in [0, 1]
         */
        public double landlordWins(long[] hands, int mover, int last, int lastSeat) {
            return sigmoid(logit(hands[0], hands[1], hands[2], mover, last, lastSeat));
        }

        /** The logit of {@link #landlordWins}, hands given one by one. */
        public float logit(long h0, long h1, long h2, int mover, int last, int lastSeat) {
            features.encode(h0, h1, h2, mover, last, lastSeat, x);
            if (!incremental) {
                return ValueNet.this.logit(x, a, b);
            }
            int nonZeros = 0;
            int n = 0;
            for (int i = 0; i < ValueFeatures.SIZE; i++) {
                float xi = x[i];
                if (xi != 0f) {
                    nonZeros++;
                }
                if (xi != baseX[i]) {
                    changed[n++] = i;
                }
            }
            int width = widths[1];
            if (!hasBase || 2 * n >= nonZeros) {
                firstLayer(x, baseFirst);
                System.arraycopy(x, 0, baseX, 0, ValueFeatures.SIZE);
                hasBase = true;
                System.arraycopy(baseFirst, 0, a, 0, width);
            } else {
                System.arraycopy(baseFirst, 0, a, 0, width);
                float[][] w = byInput[0];
                for (int k = 0; k < n; k++) {
                    int i = changed[k];
                    addColumn(w[i], x[i] - baseX[i], a, width);
                }
            }
            return fromFirstLayer(a, b, nonZero);
        }
    }
}
