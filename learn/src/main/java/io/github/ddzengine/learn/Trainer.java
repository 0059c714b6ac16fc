package io.github.ddzengine.learn;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.mc.eval.ValueFeatures;
import io.github.ddzengine.mc.eval.ValueNet;

/**
 * Trains a {@link ValueNet} on labelled positions ({@code ddz learn train}): binary cross-entropy
 * on the landlord side's result, minibatch AdamW, one thread and {@link StrictMath}, so that a run
 * is bit-identical from its seed on any JVM. Parameters start He-normal from {@code SplitMix64.derive(seed, 0)}; epoch {@code e}
 * (1-based) visits the training positions in an order drawn from {@code SplitMix64.derive(seed, e)}.
 *
 * <p>A checkpoint ({@link #saveCheckpoint}) holds everything a run needs to go on (parameters,
 * both Adam moments, the step, the epochs done and a signature of the settings and data), so a run
 * resumed from it ends with the same bytes as one that was never stopped.
 */
public final class Trainer {
    /** The settings of a run. */
    public record Settings(int[] hidden, int epochs, int batch, double learningRate, double weightDecay, long seed) {
        /**
         * Checks the settings.
         *
         * @throws IllegalArgumentException naming the bad setting
         */
        public Settings {
            if (hidden.length > ValueNet.MAX_LAYERS - 1) {
                throw new IllegalArgumentException("--hidden: at most " + (ValueNet.MAX_LAYERS - 1) + " hidden layers");
            }
            for (int h : hidden) {
                if (h < 1 || h > ValueNet.MAX_WIDTH) {
                    throw new IllegalArgumentException("--hidden: a width is 1.." + ValueNet.MAX_WIDTH + ", not " + h);
                }
            }
            if (epochs < 1 || epochs > 100_000) {
                throw new IllegalArgumentException("--epochs must be 1..100000, not " + epochs);
            }
            if (batch < 1 || batch > 1 << 20) {
                throw new IllegalArgumentException("--batch must be 1..1048576, not " + batch);
            }
            if (!(learningRate > 0 && learningRate <= 1)) {
                throw new IllegalArgumentException("--learning-rate must be in (0, 1], not " + learningRate);
            }
            if (!(weightDecay >= 0 && weightDecay < 1)) {
                throw new IllegalArgumentException("--weight-decay must be in [0, 1), not " + weightDecay);
            }
            hidden = hidden.clone();
        }

        /** The network's widths: the features, the hidden widths, 1. */
        public int[] widths() {
            int[] w = new int[hidden.length + 2];
            w[0] = ValueFeatures.SIZE;
            System.arraycopy(hidden, 0, w, 1, hidden.length);
            w[w.length - 1] = 1;
            return w;
        }

        /** The settings as text (for the signature and the provenance). */
        public String describe() {
            return "hidden " + Arrays.toString(hidden) + ", epochs " + epochs + ", batch " + batch + ", learning rate "
                + learningRate + ", weight decay " + weightDecay + ", seed " + seed;
        }
    }

    /**
     * The figures of one epoch.
     *
     * @param epoch 1-based
     * @param trainLoss the mean loss over the epoch's training positions, as they were visited
     * @param validationLoss the mean loss on the validation positions after the epoch (NaN if none)
     * @param validationAccuracy the share of validation positions whose result the network gets right
     */
    public record Epoch(int epoch, double trainLoss, double validationLoss, double validationAccuracy) {
    }

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPS = 1e-8;
    private static final byte[] CHECKPOINT_MAGIC = "DDZCKPT1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final Settings settings;
    private final Dataset train;
    private final Dataset validation;
    private final String signature;
    private final int[] widths;
    private final int layers;
    /** Offsets of each layer's weights and biases in the flat vectors. */
    private final int[] wAt;
    private final int[] bAt;
    private final float[] params;
    private final float[] grad;
    private final double[] m;
    private final double[] v;
    private long step;
    private int epochsDone;
    private final float[][] act; // act[0] unused (the sparse input); act[l] = layer l's output
    private final float[][] delta;

    /**
     * A trainer at epoch 0.
     *
     * @param settings the settings
     * @param train the training positions
     * @param validation the validation positions (may be empty)
     */
    public Trainer(Settings settings, Dataset train, Dataset validation) {
        this.settings = settings;
        this.train = train;
        this.validation = validation;
        this.widths = settings.widths();
        this.layers = widths.length - 1;
        this.signature = settings.describe() + "; train " + fingerprint(train) + "; validation " + fingerprint(validation);
        wAt = new int[layers];
        bAt = new int[layers];
        int at = 0;
        for (int l = 0; l < layers; l++) {
            wAt[l] = at;
            at += widths[l] * widths[l + 1];
            bAt[l] = at;
            at += widths[l + 1];
        }
        params = new float[at];
        grad = new float[at];
        m = new double[at];
        v = new double[at];
        act = new float[layers + 1][];
        delta = new float[layers + 1][];
        for (int l = 1; l <= layers; l++) {
            act[l] = new float[widths[l]];
            delta[l] = new float[widths[l]];
        }
        SplitMix64 rng = new SplitMix64(SplitMix64.derive(settings.seed(), 0));
        for (int l = 0; l < layers; l++) {
            double sd = Math.sqrt(2.0 / widths[l]);
            for (int i = 0; i < widths[l] * widths[l + 1]; i++) {
                params[wAt[l] + i] = (float) (sd * gaussian(rng));
            }
        }
    }

    /** The epochs trained so far. */
    public int epochsDone() {
        return epochsDone;
    }

    /**
     * Trains one more epoch.
     *
     * @return its figures
     * @throws IllegalStateException if every epoch of the settings is done
     */
    public Epoch epoch() {
        if (epochsDone >= settings.epochs()) {
            throw new IllegalStateException("all " + settings.epochs() + " epochs are done");
        }
        int e = epochsDone + 1;
        int n = train.size;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplitMix64 rng = new SplitMix64(SplitMix64.derive(settings.seed(), e));
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double lossSum = 0;
        for (int first = 0; first < n; first += settings.batch()) {
            int last = Math.min(n, first + settings.batch());
            Arrays.fill(grad, 0f);
            for (int k = first; k < last; k++) {
                int s = order[k];
                float z = forward(train, s);
                lossSum += loss(z, train.label[s]);
                backward(train, s, (float) (sigmoid(z) - train.label[s]));
            }
            adam(last - first);
        }
        epochsDone = e;
        double[] val = evaluate(validation);
        return new Epoch(e, n == 0 ? Double.NaN : lossSum / n, val[0], val[1]);
    }

    /** The mean loss and the accuracy of the network on {@code data} ({@code NaN}s when empty). */
    public double[] evaluate(Dataset data) {
        double loss = 0;
        long right = 0;
        for (int s = 0; s < data.size; s++) {
            float z = forward(data, s);
            loss += loss(z, data.label[s]);
            right += (z > 0) == (data.label[s] > 0.5f) ? 1 : 0;
        }
        return data.size == 0 ? new double[] {Double.NaN, Double.NaN}
            : new double[] {loss / data.size, (double) right / data.size};
    }

    /**
     * The logistic function in {@link StrictMath}: the same bits on every JVM and in every JIT tier
     * ({@code Math.exp} may differ by an ulp between them), so that training is bit-identical.
     */
    static double sigmoid(double z) {
        return 1.0 / (1.0 + StrictMath.exp(-z));
    }

    /** Binary cross-entropy of logit {@code z} against label {@code y}, computed stably. */
    static double loss(double z, double y) {
        return Math.max(z, 0) - z * y + StrictMath.log1p(StrictMath.exp(-Math.abs(z)));
    }

    /** The network as it stands. */
    public ValueNet net() {
        // every layer is kept input by input here (the order ValueNet sums in); the file and the
        // network's parameters are row by row
        float[] out = params.clone();
        for (int l = 0; l < layers; l++) {
            int in = widths[l];
            int n = widths[l + 1];
            for (int o = 0; o < n; o++) {
                for (int i = 0; i < in; i++) {
                    out[wAt[l] + o * in + i] = params[wAt[l] + i * n + o];
                }
            }
        }
        return new ValueNet(widths, out);
    }

    /**
     * The logit of sample {@code s}, leaving each layer's outputs in {@link #act}: per layer, the
     * biases plus, for each non-zero input in order, its weight column times the input (the order
     * of {@link ValueNet#logit}, so both give the same floats).
     */
    private float forward(Dataset d, int s) {
        int h = widths[1];
        float[] a1 = act[1];
        System.arraycopy(params, bAt[0], a1, 0, h);
        for (int k = d.start[s]; k < d.start[s + 1]; k++) {
            int col = wAt[0] + d.index[k] * h;
            float x = d.value[k];
            for (int o = 0; o < h; o++) {
                a1[o] += params[col + o] * x;
            }
        }
        if (layers > 1) {
            relu(a1);
        }
        for (int l = 1; l < layers; l++) {
            int nIn = widths[l];
            int nOut = widths[l + 1];
            float[] in = act[l];
            float[] out = act[l + 1];
            System.arraycopy(params, bAt[l], out, 0, nOut);
            for (int i = 0; i < nIn; i++) {
                float x = in[i];
                if (x != 0f) {
                    int col = wAt[l] + i * nOut;
                    for (int o = 0; o < nOut; o++) {
                        out[o] += params[col + o] * x;
                    }
                }
            }
            if (l + 1 < layers) {
                relu(out);
            }
        }
        return act[layers][0];
    }

    private static void relu(float[] a) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0f) {
                a[i] = 0f;
            }
        }
    }

    /** Adds the gradient of sample {@code s} (output error {@code err}) to {@link #grad}. */
    private void backward(Dataset d, int s, float err) {
        delta[layers][0] = err;
        for (int l = layers - 1; l >= 1; l--) {
            int nIn = widths[l];
            int nOut = widths[l + 1];
            float[] dOut = delta[l + 1];
            float[] in = act[l];
            float[] dIn = delta[l];
            for (int o = 0; o < nOut; o++) {
                grad[bAt[l] + o] += dOut[o];
            }
            for (int i = 0; i < nIn; i++) {
                float x = in[i];
                if (x <= 0f) {
                    dIn[i] = 0f; // ReLU off: no gradient through it, and its weights' gradient is 0
                    continue;
                }
                int col = wAt[l] + i * nOut;
                float g = 0f;
                for (int o = 0; o < nOut; o++) {
                    grad[col + o] += dOut[o] * x;
                    g += params[col + o] * dOut[o];
                }
                dIn[i] = g;
            }
        }
        int h = widths[1];
        float[] d1 = delta[1];
        for (int o = 0; o < h; o++) {
            grad[bAt[0] + o] += d1[o];
        }
        for (int k = d.start[s]; k < d.start[s + 1]; k++) {
            int col = wAt[0] + d.index[k] * h;
            float x = d.value[k];
            for (int o = 0; o < h; o++) {
                grad[col + o] += d1[o] * x;
            }
        }
    }

    private void adam(int batchSize) {
        step++;
        double lr = settings.learningRate();
        double wd = settings.weightDecay();
        double c1 = 1 - StrictMath.pow(BETA1, step);
        double c2 = 1 - StrictMath.pow(BETA2, step);
        double scale = 1.0 / batchSize;
        for (int l = 0; l < layers; l++) {
            int end = bAt[l] + widths[l + 1];
            for (int i = wAt[l]; i < end; i++) {
                double g = grad[i] * scale;
                m[i] = BETA1 * m[i] + (1 - BETA1) * g;
                v[i] = BETA2 * v[i] + (1 - BETA2) * g * g;
                double update = lr * (m[i] / c1) / (Math.sqrt(v[i] / c2) + EPS);
                if (i < bAt[l]) {
                    update += lr * wd * params[i]; // decoupled weight decay, weights only
                }
                params[i] = (float) (params[i] - update);
            }
        }
    }

    /** A standard normal draw (Box-Muller on two uniforms of {@code rng}). */
    private static double gaussian(SplitMix64 rng) {
        double u1 = ((rng.nextLong() >>> 11) + 1) * 0x1.0p-53; // (0, 1]
        double u2 = (rng.nextLong() >>> 11) * 0x1.0p-53;
        return Math.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    }

    /** The size, labels and features of a data set, hashed: a checkpoint is resumed only on the same data. */
    private static String fingerprint(Dataset d) {
        CRC32C crc = new CRC32C();
        for (int s = 0; s < d.size; s++) {
            crc.update((int) d.label[s]);
            crc.update(d.game[s]);
            for (int k = d.start[s]; k < d.start[s + 1]; k++) {
                crc.update(d.index[k]);
            }
        }
        return d.size + " positions, crc32c " + Long.toHexString(crc.getValue());
    }

    /**
     * Writes a checkpoint of this run to {@code file} (atomically).
     *
     * @throws IOException if it cannot be written
     */
    public void saveCheckpoint(Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(CHECKPOINT_MAGIC);
            out.writeUTF(signature);
            out.writeInt(epochsDone);
            out.writeLong(step);
            out.writeInt(params.length);
            for (int i = 0; i < params.length; i++) {
                out.writeFloat(params[i]);
                out.writeDouble(m[i]);
                out.writeDouble(v[i]);
            }
        }
        byte[] body = bytes.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(body);
        Path abs = file.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(tmp))) {
            out.write(body);
            out.writeInt((int) crc.getValue());
        }
        try {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Restores the state a checkpoint of the same settings and data holds.
     *
     * @throws IllegalArgumentException one line naming the file when it is missing, corrupt, or of
     *     other settings or data
     */
    public void loadCheckpoint(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such checkpoint");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read (" + e.getMessage() + ")");
        }
        if (all.length < CHECKPOINT_MAGIC.length + 4
            || !Arrays.equals(Arrays.copyOf(all, CHECKPOINT_MAGIC.length), CHECKPOINT_MAGIC)) {
            throw new IllegalArgumentException(file + ": not a ddz-learn checkpoint");
        }
        CRC32C crc = new CRC32C();
        crc.update(all, 0, all.length - 4);
        int stored = ((all[all.length - 4] & 0xFF) << 24) | ((all[all.length - 3] & 0xFF) << 16)
            | ((all[all.length - 2] & 0xFF) << 8) | (all[all.length - 1] & 0xFF);
        if ((int) crc.getValue() != stored) {
            throw new IllegalArgumentException(file + ": corrupt checkpoint (checksum mismatch)");
        }
        try (InputStream raw = new java.io.ByteArrayInputStream(all, CHECKPOINT_MAGIC.length, all.length - 4);
             DataInputStream in = new DataInputStream(raw)) {
            String sig = in.readUTF();
            if (!sig.equals(signature)) {
                throw new IllegalArgumentException(file + ": a checkpoint of other settings or data (" + sig + ")");
            }
            int done = in.readInt();
            long steps = in.readLong();
            int n = in.readInt();
            if (n != params.length || done < 0 || done > settings.epochs()) {
                throw new IllegalArgumentException(file + ": corrupt checkpoint");
            }
            for (int i = 0; i < n; i++) {
                params[i] = in.readFloat();
                m[i] = in.readDouble();
                v[i] = in.readDouble();
            }
            epochsDone = done;
            step = steps;
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": corrupt checkpoint (" + e.getMessage() + ")");
        }
    }

    /** Splits positions into training and validation by game: a game is held out when its hash says so. */
    public static List<List<LabelledPosition>> splitByGame(List<LabelledPosition> all, int holdOutOneIn, long seed) {
        List<LabelledPosition> tr = new ArrayList<>();
        List<LabelledPosition> va = new ArrayList<>();
        for (LabelledPosition p : all) {
            boolean held = holdOutOneIn > 0
                && Long.remainderUnsigned(SplitMix64.derive(seed ^ 0x5EEDL, p.game()), holdOutOneIn) == 0;
            (held ? va : tr).add(p);
        }
        return List.of(tr, va);
    }
}
