package io.github.ddzengine.mc.eval;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.TableFile;
import io.github.ddzengine.tables.TableKind;

/**
 * A value network's file: a {@link TableFile} (versioned header, CRC32C checksums of header and
 * body, {@code docs/table-format.md}) of kind {@link TableKind#VALUE_NET}, rules = the preset the
 * network was trained for.
 *
 * <p>Dimensions: {@code feature_set} ({@link ValueFeatures#VERSION}), {@code layers} (L), and
 * {@code width_0} .. {@code width_L} (the {@link ValueNet} widths). Sections: {@code parameters}
 * (every parameter as a little-endian float32, in {@link ValueNet}'s order) and {@code provenance}
 * (UTF-8 text: the command and seed that trained the network, its data, its figures).
 */
public final class ValueNetFile {
    /** The extension of model files. */
    public static final String EXTENSION = ".ddzt";

    private ValueNetFile() {
    }

    /**
     * A network read from a file, with the text that says how it was made.
     *
     * @param net the network
     * @param provenance the file's provenance text
     * @param checksum the body checksum as {@code ddz tables info} prints it
     */
    public record Loaded(ValueNet net, String provenance, String checksum) {
    }

    /**
     * Writes {@code net} to {@code file} (atomically: a temporary file renamed over it).
     *
     * @param file the file to write
     * @param net the network
     * @param rules the rules it was trained for (its preset names the file's rules)
     * @param provenance how it was made: the command, the seed, the data (any text)
     * @throws TableException if the file cannot be written (one line naming it)
     */
    public static void write(Path file, ValueNet net, Rules rules, String provenance) {
        int[] widths = net.widths();
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("feature_set", (long) ValueFeatures.VERSION);
        dims.put("layers", (long) (widths.length - 1));
        for (int l = 0; l < widths.length; l++) {
            dims.put("width_" + l, (long) widths[l]);
        }
        float[] p = net.parameters();
        ByteBuffer params = ByteBuffer.allocate(4 * p.length).order(ByteOrder.LITTLE_ENDIAN);
        params.asFloatBuffer().put(p);
        ByteBuffer text = ByteBuffer.wrap(provenance.getBytes(StandardCharsets.UTF_8));
        TableFile.write(file, TableKind.VALUE_NET, rules.preset().id(), dims,
            List.of(TableFile.Content.bytes("parameters", params), TableFile.Content.bytes("provenance", text)), n -> {
            });
    }

    /**
     * Reads a network shipped as a class-path resource (copied to a temporary file for the read).
     *
     * @param resource the resource's name, as {@link ClassLoader#getResourceAsStream} takes it
     * @param rules the rules it must have been trained for
     * @throws TableException one line as {@link #read}, or when the resource is missing
     */
    public static Loaded readResource(String resource, Rules rules) {
        Path tmp = null;
        try (java.io.InputStream in = ValueNetFile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw TableException.io(Path.of(resource), "no such model on the class path", null);
            }
            tmp = java.nio.file.Files.createTempFile("ddz-model-", EXTENSION);
            java.nio.file.Files.copy(in, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return read(tmp, rules);
        } catch (java.io.IOException e) {
            throw TableException.io(Path.of(resource), "cannot copy the model out: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    java.nio.file.Files.deleteIfExists(tmp);
                } catch (java.io.IOException e) {
                    tmp.toFile().deleteOnExit();
                }
            }
        }
    }

    /**
     * Reads a network for {@code rules}.
     *
     * @param file the model file
     * @param rules the rules it must have been trained for
     * @return the network and its provenance
     * @throws TableException one line naming the file and the problem: missing, not a model file,
     *     corrupt (a checksum), another preset, another feature set or shape
     */
    public static Loaded read(Path file, Rules rules) {
        TableFile f;
        try {
            f = TableFile.open(file, TableKind.VALUE_NET, rules.preset().id()).orElseThrow(
                () -> TableException.io(file, "no such model file", null));
        } catch (TableException e) {
            throw TableException.io(file, e.problem().replace("; run `ddz tables build", "")
                + (e.problem().startsWith("no such") ? "" : "; train one with `ddz learn train`"), null);
        }
        long featureSet = f.dimension("feature_set");
        if (featureSet != ValueFeatures.VERSION) {
            throw TableException.io(file, "feature set " + featureSet + ", this engine encodes feature set "
                + ValueFeatures.VERSION + "; train one with `ddz learn train`", null);
        }
        long layers = f.dimension("layers");
        if (layers < 1 || layers > ValueNet.MAX_LAYERS) {
            throw TableException.io(file, "not a value network: " + layers + " layers", null);
        }
        int[] widths = new int[(int) layers + 1];
        for (int l = 0; l <= layers; l++) {
            long w = f.dimension("width_" + l);
            if (w < 1 || w > ValueNet.MAX_WIDTH) {
                throw TableException.io(file, "not a value network: width_" + l + " = " + w, null);
            }
            widths[l] = (int) w;
        }
        if (widths[0] != ValueFeatures.SIZE) {
            throw TableException.io(file, "the network takes " + widths[0] + " inputs; feature set "
                + ValueFeatures.VERSION + " has " + ValueFeatures.SIZE, null);
        }
        ByteBuffer params = f.bytes("parameters");
        float[] p;
        try {
            ValueNet.checkShape(widths);
            int n = ValueNet.parameterCount(widths);
            if (params.remaining() != 4L * n) {
                throw new IllegalArgumentException("the parameters section has " + params.remaining()
                    + " bytes; widths " + java.util.Arrays.toString(widths) + " need " + 4L * n);
            }
            p = new float[n];
            params.asFloatBuffer().get(p);
            ByteBuffer text = f.bytes("provenance");
            byte[] t = new byte[text.remaining()];
            text.get(t);
            return new Loaded(new ValueNet(widths, p), new String(t, StandardCharsets.UTF_8), f.header().checksum());
        } catch (IllegalArgumentException e) {
            throw TableException.io(file, "not a value network: " + e.getMessage(), null);
        }
    }
}
