package io.github.ddzengine.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

/** The tiny training run CI makes: deterministic from its seed, its loss falls, a resumed run ends the same. */
class TrainerTest {
    private static final Rules RULES = Rules.STANDARD;
    private static Dataset train;
    private static Dataset validation;
    private static List<LabelledPosition> trainPositions;

    @BeforeAll
    static void data(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("d.txt");
        Files.write(file, DataBuilderTest.build(160, 21, 2, List.of("rule", "greedy", "random")));
        List<List<LabelledPosition>> split = Trainer.splitByGame(DataFile.read(file).positions(), 5, 1);
        trainPositions = split.get(0);
        train = Dataset.of(RULES, split.get(0));
        validation = Dataset.of(RULES, split.get(1));
        assertTrue(train.size() > 200 && validation.size() > 20, train.size() + " / " + validation.size());
    }

    static Trainer.Settings settings(int epochs) {
        return new Trainer.Settings(new int[] {32, 8}, epochs, 32, 0.003, 0.0001, 17);
    }

    @Test
    void trainingIsBitIdenticalFromItsSeedAndItsLossFalls() {
        Trainer a = new Trainer(settings(6), train, validation);
        Trainer b = new Trainer(settings(6), train, validation);
        double first = a.evaluate(train)[0];
        Trainer.Epoch last = null;
        for (int e = 0; e < 6; e++) {
            last = a.epoch();
            assertEquals(last, b.epoch());
        }
        assertArrayEquals(a.net().parameters(), b.net().parameters());
        double after = a.evaluate(train)[0];
        assertTrue(after < 0.8 * first, "training loss " + first + " -> " + after);
        assertTrue(last.validationAccuracy() > 0.6, "validation accuracy " + last.validationAccuracy());
        Trainer other = new Trainer(new Trainer.Settings(new int[] {32, 8}, 6, 32, 0.003, 0.0001, 18), train,
            validation);
        other.epoch();
        assertTrue(!java.util.Arrays.equals(a.net().parameters(), other.net().parameters()), "another seed");
    }

    @Test
    void aResumedRunEndsWithTheSameNetwork(@TempDir Path dir) throws IOException {
        Trainer whole = new Trainer(settings(4), train, validation);
        for (int e = 0; e < 4; e++) {
            whole.epoch();
        }
        Path ckpt = dir.resolve("run.ckpt");
        Trainer part = new Trainer(settings(4), train, validation);
        part.epoch();
        part.epoch();
        part.saveCheckpoint(ckpt);
        Trainer resumed = new Trainer(settings(4), train, validation);
        resumed.loadCheckpoint(ckpt);
        assertEquals(2, resumed.epochsDone());
        resumed.epoch();
        resumed.epoch();
        assertArrayEquals(whole.net().parameters(), resumed.net().parameters());
        assertThrows(IllegalStateException.class, resumed::epoch);

        Trainer otherSettings = new Trainer(new Trainer.Settings(new int[] {32, 8}, 4, 16, 0.003, 0.0001, 17), train,
            validation);
        String m = assertThrows(IllegalArgumentException.class, () -> otherSettings.loadCheckpoint(ckpt)).getMessage();
        assertTrue(m.startsWith(ckpt + ": a checkpoint of other settings or data"), m);
        byte[] bytes = Files.readAllBytes(ckpt);
        bytes[bytes.length / 2] ^= 1;
        Files.write(ckpt, bytes);
        assertEquals(ckpt + ": corrupt checkpoint (checksum mismatch)",
            assertThrows(IllegalArgumentException.class, () -> resumed.loadCheckpoint(ckpt)).getMessage());
    }

    /** The network the trainer hands out computes what the trainer computed (layer 0 transposed back). */
    @Test
    void theExportedNetworkPredictsWhatTheTrainerPredicted(@TempDir Path dir) {
        Trainer t = new Trainer(settings(1), train, validation);
        t.epoch();
        Path file = dir.resolve("m.ddzt");
        ValueNetFile.write(file, t.net(), RULES, "test");
        ValueNet net = ValueNetFile.read(file, RULES).net();
        ValueNet.Evaluator ev = net.evaluator(RULES, MinHands.of(RULES));
        double loss = 0;
        for (LabelledPosition lp : trainPositions) {
            Position p = lp.position();
            loss += Trainer.loss(ev.logit(p.hand(0), p.hand(1), p.hand(2), p.mover(), p.lastMove(), p.lastSeat()),
                lp.landlordWins());
        }
        assertEquals(t.evaluate(train)[0], loss / trainPositions.size(), 1e-4);
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Trainer.Settings(new int[] {0}, 1, 1, 0.1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Trainer.Settings(new int[] {8}, 0, 1, 0.1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Trainer.Settings(new int[] {8}, 1, 1, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Trainer.Settings(new int[] {8}, 1, 1, 0.1, 1, 1));
    }
}
