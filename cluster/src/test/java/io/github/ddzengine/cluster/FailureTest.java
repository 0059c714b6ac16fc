package io.github.ddzengine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task that throws on its first attempt is run again by Spark, and the match gives the same
 * records and figures as on one machine: every game is seeded by (seed, deal, side).
 */
class FailureTest {
    @TempDir
    Path dir;

    @Test
    void aTaskThatFailsOnceIsRetriedAndTheResultIsUnchanged() throws Exception {
        Path single = dir.resolve("single.jsonl");
        String[] match = {"play", "--a", "greedy", "--b", "rule", "--deals", "80", "--seed", "3", "--json"};
        String one = Cli.run(LocalMatchTest.concat(match, "--threads", "1", "--out", single.toString())).ok();
        Path out = dir.resolve("cluster");
        // local[2,2]: two cores, a task may fail twice (local mode's default is once: no retry)
        String json = FailedTasks.runFailingOnce(2, LocalMatchTest.concat(match, "--cluster", "local[2,2]", "--partitions",
            "4", "--out", out.toString()));
        assertEquals(1, FailedTasks.FAILED.get(), "the first attempt of partition 2 failed, once");
        assertEquals(Cli.figures(one), Cli.figures(json));
        assertEquals(Files.readString(single), Cli.parts(out));
    }

    @Test
    void withoutRetriesTheFailureIsReportedInOneLine() {
        System.setProperty(SparkMatchRunner.FAIL_ONCE, "0");
        Cli r;
        try {
            r = Cli.run("play", "--a", "rule", "--b", "random", "--deals", "10", "--cluster", "local[1]");
        } finally {
            System.clearProperty(SparkMatchRunner.FAIL_ONCE);
        }
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("the first attempt of partition 0 fails"), r.err());
    }
}
