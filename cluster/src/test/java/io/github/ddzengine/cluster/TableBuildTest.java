package io.github.ddzengine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ddz tables build --cluster} in local mode writes the files {@code ddz tables build}
 * writes on one machine, byte for byte, on small endgame tables (two seats, hands up to 3 cards;
 * three seats, up to 2), even when a task fails once and is run again.
 */
class TableBuildTest {
    @TempDir
    Path dir;

    static final String[] SMALL = {"--kinds", "endgame-2,endgame-3", "--endgame-2-cards", "3", "--endgame-3-cards", "2"};

    static final List<String> FILES = List.of("endgame-2seat-standard.ddzt", "endgame-3seat-standard.ddzt");

    @Test
    void localModeWritesTheFilesOfOneMachineEvenWhenATaskFailsOnce() throws IOException {
        Path single = dir.resolve("single");
        Cli.run(LocalMatchTest.concat(new String[] {"tables", "build", "--out", single.toString()}, SMALL)).ok();
        Path cluster = dir.resolve("cluster");
        String out = FailedTasks.runFailingOnce(1, LocalMatchTest.concat(new String[] {"tables", "build", "--out",
            cluster.toString(), "--cluster", "local[2,2]", "--partitions", "5"}, SMALL));
        assertEquals(2, FailedTasks.FAILED.get(), "the first attempt of partition 1 of each table failed, once");
        assertTrue(out.startsWith("Built 2 tables in " + cluster + " in "), out);
        assertTrue(out.lines().findFirst().orElseThrow().contains(
            " s, endgames solved on cluster local[2,2] in 5 partitions a table (peak heap "), out);
        assertSameFiles(single, cluster);
    }

    static void assertSameFiles(Path expected, Path actual) throws IOException {
        for (String f : FILES) {
            assertEquals(-1L, Files.mismatch(expected.resolve(f), actual.resolve(f)), f + " differs");
        }
    }

    @Test
    void badMasterIsOneLine() {
        Cli r = Cli.run("tables", "build", "--out", dir.resolve("x").toString(), "--kinds", "endgame-2",
            "--endgame-2-cards", "2", "--cluster", "nowhere");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ddz tables build: --cluster nowhere: ") && r.err().lines().count() == 1, r.err());
    }
}
