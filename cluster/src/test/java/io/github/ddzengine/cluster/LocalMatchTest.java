package io.github.ddzengine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distributed matches in Spark's local mode give the games and figures of {@code ddz play} on one
 * machine, byte for byte, whatever the number of partitions and cores.
 */
class LocalMatchTest {
    @TempDir
    Path dir;

    @Test
    void generatedDealsSameRecordsAndFiguresAsOneMachine() throws IOException {
        Path single = dir.resolve("single.jsonl");
        String one = Cli.run("play", "--a", "rule", "--b", "greedy", "--deals", "150", "--seed", "7", "--threads", "2",
            "--json", "--out", single.toString()).ok();
        String records = Files.readString(single, StandardCharsets.UTF_8);
        assertEquals(300, records.lines().count());
        for (String[] run : new String[][] {{"local[2]", "7"}, {"local[1]", "1"}, {"local[2]", "150"}}) {
            Path out = dir.resolve("cluster-" + run[1]);
            String json = Cli.run("play", "--a", "rule", "--b", "greedy", "--deals", "150", "--seed", "7", "--json",
                "--cluster", run[0], "--partitions", run[1], "--out", out.toString()).ok();
            assertEquals(Cli.figures(one), Cli.figures(json), String.join(" ", run));
            assertTrue(json.contains("\"cluster\":\"" + run[0] + "\",\"partitions\":" + run[1] + ","), json);
            assertEquals(Integer.parseInt(run[1]), Cli.partCount(out));
            assertEquals(records, Cli.parts(out), "records, " + String.join(" ", run));
        }
    }

    @Test
    void dealsFileBiddingAndMonteCarloSameAsOneMachine() throws IOException {
        Path games = dir.resolve("games.jsonl");
        Cli.run("play", "--a", "rule", "--b", "random", "--deals", "6", "--seed", "5", "--out", games.toString()).ok();
        StringBuilder deals = new StringBuilder();
        for (String line : Files.readAllLines(games)) {
            int at = line.indexOf("\"deal\":\"") + 8;
            deals.append(line, at, line.indexOf('"', at)).append('\n');
        }
        Path dealsFile = dir.resolve("deals.txt");
        Files.writeString(dealsFile, deals);
        String[] match = {"play", "--a", "mc:worlds=4", "--b", "rule", "--deals-file", dealsFile.toString(), "--bidding",
            "--seed", "11", "--rules", "rlcard", "--json"};
        Path single = dir.resolve("single.jsonl");
        String one = Cli.run(concat(match, "--threads", "1", "--out", single.toString())).ok();
        Path out = dir.resolve("cluster");
        String json = Cli.run(concat(match, "--cluster", "local[2]", "--partitions", "5", "--out", out.toString())).ok();
        assertEquals(Cli.figures(one), Cli.figures(json));
        assertEquals(Files.readString(single), Cli.parts(out));
    }

    @Test
    void textReportNamesTheCluster() {
        String text = Cli.run("play", "--a", "rule", "--b", "random", "--deals", "20", "--cluster", "local[2]",
            "--partitions", "3").ok();
        assertTrue(text.startsWith("rule vs random: 20 deals (40 games), rules standard, seed 1, cluster local[2], "
            + "3 partitions\n"), text);
    }

    @Test
    void badInputIsOneLine() throws IOException {
        Path exists = Files.createDirectories(dir.resolve("exists"));
        Cli r = Cli.run("play", "--a", "rule", "--b", "random", "--deals", "5", "--cluster", "local[2]", "--out",
            exists.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("ddz play: --out " + exists + " exists: with --cluster it names a new directory for the part files\n",
            r.err());
        r = Cli.run("play", "--a", "rule", "--b", "random", "--deals", "5", "--cluster", "nowhere");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ddz play: --cluster nowhere: ") && r.err().lines().count() == 1, r.err());
        r = Cli.run("play", "--a", "rule", "--b", "random", "--deals", "5", "--cluster", "local[2]", "--threads", "2");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ddz play: --threads does not apply with --cluster"), r.err());
    }

    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
