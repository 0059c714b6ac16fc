package io.github.ddzengine.mc.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.tables.TableException;

/** The value network's forward pass, its features and its file. */
class ValueNetTest {
    private static final Rules RULES = Rules.STANDARD;

    static ValueNet random(int[] widths, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        float[] p = new float[ValueNet.parameterCount(widths)];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) ((rng.nextLong() >>> 11) * 0x1.0p-53 - 0.5) * 0.4f;
        }
        return new ValueNet(widths, p);
    }

    /** The forward pass written the plain way, in doubles, from the parameter order of the class comment. */
    static double reference(int[] widths, float[] p, float[] x) {
        double[] in = new double[widths[0]];
        for (int i = 0; i < in.length; i++) {
            in[i] = x[i];
        }
        int at = 0;
        for (int l = 0; l + 1 < widths.length; l++) {
            double[] out = new double[widths[l + 1]];
            int bias = at + widths[l] * widths[l + 1];
            for (int o = 0; o < out.length; o++) {
                double s = p[bias + o];
                for (int i = 0; i < widths[l]; i++) {
                    s += (double) p[at + o * widths[l] + i] * in[i];
                }
                out[o] = l + 2 < widths.length ? Math.max(0, s) : s;
            }
            at = bias + widths[l + 1];
            in = out;
        }
        return in[0];
    }

    @Test
    void forwardPassMatchesTheReferenceComputation() {
        int[] widths = {ValueFeatures.SIZE, 32, 16, 1};
        ValueNet net = random(widths, 7);
        ValueNet.Evaluator ev = net.evaluator(RULES, MinHands.of(RULES));
        ValueFeatures f = new ValueFeatures(RULES, MinHands.of(RULES));
        float[] x = new float[ValueFeatures.SIZE];
        float[] a = new float[32];
        float[] b = new float[32];
        String[] positions = {"448999TJJQQAD/336688TAA22X/3457 0", "3558TJJ2X/67TTKAA/45 1 88@0",
            "34567/89TJQ/KKA2D 2 7@1", "2/X/D 0"};
        for (String text : positions) {
            Position p = Position.parse(text, RULES);
            f.encode(p.hand(0), p.hand(1), p.hand(2), p.mover(), p.lastMove(), p.lastSeat(), x);
            double want = reference(widths, net.parameters(), x);
            assertEquals(want, net.logit(x, a, b), 1e-4, text);
            assertEquals(want, ev.logit(p.hand(0), p.hand(1), p.hand(2), p.mover(), p.lastMove(), p.lastSeat()), 1e-4);
            double prob = ev.landlordWins(new long[] {p.hand(0), p.hand(1), p.hand(2)}, p.mover(), p.lastMove(),
                p.lastSeat());
            assertEquals(1 / (1 + Math.exp(-want)), prob, 1e-5);
        }
    }

    @Test
    void theIncrementalEvaluatorAgreesWithTheFullPassOnEveryMoveOfManyPositions() {
        int[] widths = {ValueFeatures.SIZE, 64, 24, 1};
        ValueNet net = random(widths, 9);
        ValueNet.Evaluator full = net.evaluator(RULES, MinHands.of(RULES));
        ValueNet.Evaluator incremental = net.incrementalEvaluator(RULES, MinHands.of(RULES));
        io.github.ddzengine.core.movegen.MoveGenerator gen = new io.github.ddzengine.core.movegen.MoveGenerator(RULES);
        int[] moves = new int[io.github.ddzengine.core.movegen.MoveGenerator.MAX_MOVES];
        SplitMix64 rng = new SplitMix64(12);
        int checked = 0;
        for (int d = 0; d < 40; d++) {
            // a random three-seat position: a deal, some cards already played, a random mover
            int[] deck = io.github.ddzengine.core.game.Deal.shuffledDeck(k -> (int) Long.remainderUnsigned(rng.nextLong(), k));
            long[] h = new long[3];
            int keep = 6 + d % 12;
            for (int i = 0; i < 3 * keep; i++) {
                h[i % 3] += io.github.ddzengine.core.cards.Cards.of(deck[i], 1);
            }
            int mover = d % 3;
            int n = gen.leads(h[mover], moves);
            for (int i = 0; i < n; i++) {
                long[] after = h.clone();
                after[mover] = io.github.ddzengine.core.cards.Cards.remove(after[mover], RULES.table().cards(moves[i]));
                if (after[mover] == 0) {
                    continue;
                }
                int next = (mover + 1) % 3;
                float want = full.logit(after[0], after[1], after[2], next, moves[i], mover);
                float got = incremental.logit(after[0], after[1], after[2], next, moves[i], mover);
                assertEquals(want, got, 1e-4 * Math.max(1, Math.abs(want)), "deal " + d + " move " + i);
                checked++;
            }
        }
        assertTrue(checked > 500, "moves checked: " + checked);
    }

    @Test
    void featuresOfAPosition() {
        ValueFeatures f = new ValueFeatures(RULES, MinHands.of(RULES));
        float[] x = new float[ValueFeatures.SIZE];
        Position p = Position.parse("3335D/44X/2 1 5@0", RULES);
        f.encode(p.hand(0), p.hand(1), p.hand(2), p.mover(), p.lastMove(), p.lastSeat(), x);
        // the landlord's three 3s: the thermometer of rank 3 reads 1, 1, 1, 0
        assertArrayEquals(new float[] {1, 1, 1, 0}, java.util.Arrays.copyOfRange(x, 0, 4));
        assertEquals(1f, x[4 * 2]); // one 5
        assertEquals(1f, x[53]); // the big joker
        assertEquals(1f, x[ValueFeatures.CARD_SET + 52]); // landlord_down's small joker
        assertEquals(1f, x[2 * ValueFeatures.CARD_SET + 4 * 12]); // landlord_up's 2
        assertEquals(1f, x[ValueFeatures.TRICK + 4 * 2]); // the trick: a 5
        assertEquals(1f, x[ValueFeatures.MOVER + 1]);
        assertEquals(1f, x[ValueFeatures.LAST_SEAT]);
        assertEquals(0f, x[ValueFeatures.LEAD]);
        assertEquals(1f, x[ValueFeatures.TYPE + RULES.table().typeOrdinal(p.lastMove())]);
        assertEquals(5 / 20f, x[ValueFeatures.CARDS_LEFT]);
        assertEquals(MinHands.of(RULES).count(Notation.parseCards("3335D")) / 10f, x[ValueFeatures.MIN_HANDS]);
        assertEquals(0f, x[ValueFeatures.BOMBS]);
        assertEquals(1 / 4f, x[ValueFeatures.TOP_SOLOS]); // only the big joker beats every other card
        assertEquals(0f, x[ValueFeatures.TOP_SOLOS + 1]);
        Position lead = Position.parse("3335D/44X/2 0", RULES);
        f.encode(lead.hand(0), lead.hand(1), lead.hand(2), 0, MoveTable.PASS, -1, x);
        assertEquals(1f, x[ValueFeatures.LEAD]);
        assertEquals(1f, x[ValueFeatures.TYPE]);
        for (int i = ValueFeatures.TRICK; i < ValueFeatures.MOVER; i++) {
            assertEquals(0f, x[i]);
        }
    }

    @Test
    void fileRoundTripKeepsEveryParameterAndTheProvenance(@TempDir Path dir) {
        ValueNet net = random(new int[] {ValueFeatures.SIZE, 8, 1}, 3);
        Path file = dir.resolve("net.ddzt");
        ValueNetFile.write(file, net, RULES, "ddz learn train --seed 3\nline two");
        ValueNetFile.Loaded back = ValueNetFile.read(file, RULES);
        assertArrayEquals(net.parameters(), back.net().parameters());
        assertArrayEquals(net.widths(), back.net().widths());
        assertEquals("ddz learn train --seed 3\nline two", back.provenance());
    }

    @Test
    void corruptWrongPresetAndMissingFilesAreRefusedInOneLine(@TempDir Path dir) throws IOException {
        ValueNet net = random(new int[] {ValueFeatures.SIZE, 8, 1}, 3);
        Path file = dir.resolve("net.ddzt");
        ValueNetFile.write(file, net, RULES, "x");
        long size = Files.size(file);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(size - 200);
            int b = raf.read();
            raf.seek(size - 200);
            raf.write(b ^ 0x10);
        }
        TableException e = assertThrows(TableException.class, () -> ValueNetFile.read(file, RULES));
        assertOneLine(e.getMessage(), file.toString());
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        ValueNetFile.write(file, net, RULES, "x");
        e = assertThrows(TableException.class, () -> ValueNetFile.read(file, Rules.of(Preset.RLCARD)));
        assertOneLine(e.getMessage(), file.toString());
        e = assertThrows(TableException.class, () -> ValueNetFile.read(dir.resolve("none.ddzt"), RULES));
        assertEquals(dir.resolve("none.ddzt") + ": no such model file", e.getMessage());
        Files.writeString(file, "not a model");
        e = assertThrows(TableException.class, () -> ValueNetFile.read(file, RULES));
        assertOneLine(e.getMessage(), file.toString());
    }

    @Test
    void aNetworkOfOtherInputsIsRefused(@TempDir Path dir) {
        ValueNet net = random(new int[] {10, 4, 1}, 3);
        Path file = dir.resolve("net.ddzt");
        ValueNetFile.write(file, net, RULES, "x");
        TableException e = assertThrows(TableException.class, () -> ValueNetFile.read(file, RULES));
        assertTrue(e.getMessage().contains("takes 10 inputs"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> net.evaluator(RULES, MinHands.of(RULES)));
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ValueNet(new int[] {4, 2}, new float[10]));
        assertThrows(IllegalArgumentException.class, () -> new ValueNet(new int[] {4, 1}, new float[4]));
        assertThrows(IllegalArgumentException.class, () -> new ValueNet(new int[] {4}, new float[0]));
    }

    private static void assertOneLine(String message, String file) {
        assertTrue(message.startsWith(file + ": "), message);
        assertTrue(!message.contains("\n"), message);
        assertTrue(!message.contains("tables build"), message);
    }
}
