package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ddz learn}: the three steps end to end, and their errors and exit codes. */
class LearnCommandTest {
    @Test
    void dataTrainScreenAndNetPlay(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("d.txt.gz");
        Path model = dir.resolve("m.ddzt");
        List<String> out = CliRun.of("learn", "data", "--games", "12", "--seed", "4", "--cards", "10..54",
            "--solve-cards", "18", "--threads", "2", "--out", data.toString()).assertSuccess();
        assertTrue(out.get(0).startsWith(data + ": "), out.toString());
        out = CliRun.of("learn", "train", "--data", data.toString(), "--hidden", "8", "--epochs", "2", "--out",
            model.toString()).assertSuccess();
        assertTrue(out.get(out.size() - 1).startsWith(model + " written"), out.toString());
        out = CliRun.of("learn", "screen", "--model", model.toString(), "--data", data.toString(), "--move-nodes",
            "0").assertSuccess();
        assertTrue(out.get(2).startsWith("cards "), out.toString());
        out = CliRun.of("play", "--a", "net:model=" + model + ",worlds=2", "--b", "rule", "--deals", "2").assertSuccess();
        assertTrue(out.get(0).startsWith("net vs rule: 2 deals"), out.toString());
        assertTrue(Files.size(model) > 0);
    }

    @Test
    void errorsAreOneLineWithTheirExitCodes(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("learn", "data", "--cards", "5", "--out", dir.resolve("x").toString());
        assertEquals(2, r.exitCode());
        assertEquals(List.of("ddz learn data: --cards: MIN..MAX expected, not '5'; see 'ddz learn data --help'"),
            r.errLines());
        r = CliRun.of("learn", "train", "--data", dir.resolve("none").toString(), "--out", dir.resolve("m").toString());
        assertEquals(2, r.exitCode());
        assertEquals(List.of("ddz learn train: " + dir.resolve("none") + ": no such file"), r.errLines());
        Path data = dir.resolve("d.txt");
        CliRun.of("learn", "data", "--games", "3", "--out", data.toString()).assertSuccess();
        r = CliRun.of("learn", "train", "--data", data.toString(), "--hidden", "4", "--epochs", "1", "--out",
            dir.resolve("no/such/dir/m.ddzt").toString());
        assertEquals(Exits.OUTPUT, r.exitCode(), r.err());
        assertTrue(r.errLines().get(0).startsWith("ddz learn train: cannot write "), r.err());
        r = CliRun.of("learn", "screen", "--model", data.toString(), "--data", data.toString());
        assertEquals(2, r.exitCode());
        assertEquals(List.of("ddz learn screen: " + data + ": not a ddz table file (bad magic); train one with "
            + "`ddz learn train`"), r.errLines());
    }
}
