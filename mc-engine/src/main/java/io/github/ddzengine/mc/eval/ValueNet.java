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
     * off) cost nothing. The trainer sums in the same order, so it predicts the same floats.
     */
    private final float[][] byInput;

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
        byInput = new float[layers][];
        int at = 0;
        for (int l = 0; l < layers; l++) {
            int in = widths[l];
            int out = widths[l + 1];
            byInput[l] = new float[in * out];
            for (int o = 0; o < out; o++) {
                for (int i = 0; i < in; i++) {
                    byInput[l][i * out + o] = parameters[at + o * in + i];
                }
            }
            at += in * out;
            biases[l] = Arrays.copyOfRange(parameters, at, at + out);
            at += out;
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
                    p[at + o * in + i] = byInput[l][i * out + o];
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
        if (widths[0] != ValueFeatures.SIZE) {
            throw new IllegalArgumentException("the network takes " + widths[0] + " inputs; feature set "
                + ValueFeatures.VERSION + " has " + ValueFeatures.SIZE);
        }
        return new Evaluator(new ValueFeatures(rules, minHands));
    }

    /**
     * The output logit for input {@code x}, with {@code a} and {@code b} as scratch (each at least
     * as long as the widest layer). Allocation-free.
     *
     * @param x the inputs, at least {@link #inputs()} long (read only)
     * @return the logit of the landlord side's win probability
     */
    public float logit(float[] x, float[] a, float[] b) {
        int layers = byInput.length;
        float[] in = x;
        float[] out = a;
        for (int l = 0; l < layers; l++) {
            int nIn = widths[l];
            int nOut = widths[l + 1];
            float[] w = byInput[l];
            System.arraycopy(biases[l], 0, out, 0, nOut);
            for (int i = 0; i < nIn; i++) {
                float xi = in[i];
                if (xi != 0f) {
                    int col = i * nOut;
                    for (int o = 0; o < nOut; o++) {
                        out[o] += w[col + o] * xi;
                    }
                }
            }
            if (l + 1 < layers) {
                for (int o = 0; o < nOut; o++) {
                    if (out[o] < 0f) {
                        out[o] = 0f;
                    }
                }
            }
            in = out;
            out = out == a ? b : a;
        }
        return in[0];
    }

    /** The logistic function: {@code 1 / (1 + exp(-z))}. */
    public static double sigmoid(double z) {
        return 1.0 / (1.0 + Math.exp(-z));
    }

    /** Per-thread evaluation of positions; allocation-free after it is made. */
    public final class Evaluator {
        private final ValueFeatures features;
        private final float[] x = new float[ValueFeatures.SIZE];
        private final float[] a;
        private final float[] b;

        private Evaluator(ValueFeatures features) {
            this.features = features;
            int widest = 0;
            for (int w : widths) {
                widest = Math.max(widest, w);
            }
            a = new float[widest];
            b = new float[widest];
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
            return ValueNet.this.logit(x, a, b);
        }
    }
}
