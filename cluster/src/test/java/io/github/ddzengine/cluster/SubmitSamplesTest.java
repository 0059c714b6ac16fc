package io.github.ddzengine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The {@code spark-submit} lines of {@code docs/cluster.md}, which the docs test cannot run or
 * validate (Spark's program, not ours): each names our main class and application jar, and its
 * verb and options parse as {@code ddz}'s. The page's other samples are checked by the
 * {@code doctest} module.
 */
class SubmitSamplesTest {
    /** The {@code spark-submit} commands of the page's {@code text} blocks, continuation lines joined. */
    private static List<String> submitLines() throws IOException {
        Path doc = Path.of("..", "docs", "cluster.md");
        List<String> out = new ArrayList<>();
        boolean in = false;
        StringBuilder cont = new StringBuilder();
        for (String line : Files.readAllLines(doc)) {
            if (line.startsWith("```")) {
                in = line.equals("```text");
                continue;
            }
            if (!in) {
                continue;
            }
            String l = line.strip();
            if (cont.isEmpty() && !l.startsWith("spark-submit")) {
                continue;
            }
            if (l.endsWith("\\")) {
                cont.append(l, 0, l.length() - 1).append(' ');
                continue;
            }
            out.add((cont + l).strip().replaceAll("\\s+", " "));
            cont.setLength(0);
        }
        return out;
    }

    @Test
    void sparkSubmitSamplesNameOurMainAndParse() throws IOException {
        int seen = 0;
        for (String s : submitLines()) {
            String jar = " cluster/target/ddz-cluster.jar ";
            assertTrue(s.contains("--class " + ClusterMain.class.getName() + " ") && s.contains(jar), s);
            String rest = s.substring(s.indexOf(jar) + jar.length()).replaceAll("\\s*>.*$", "").replace("'", "");
            String[] a = rest.strip().split("\\s+");
            assertTrue(a[0].equals("play") || a[0].equals("tables") && a[1].equals("build"), s);
            List<String> args = new ArrayList<>(Arrays.asList(ClusterMain.withMaster(a, "local[1]")));
            // parse only: picocli's own check of the options, with --help to stop before running
            args.add("--help");
            assertEquals(0, Cli.run(args.toArray(String[]::new)).exitCode(), s);
            seen++;
        }
        assertTrue(seen >= 2, "spark-submit samples: " + seen);
    }

    @Test
    void theMasterGoesAfterTheVerb() {
        assertEquals(List.of("play", "--cluster", "yarn", "--a", "rule"),
            List.of(ClusterMain.withMaster(new String[] {"play", "--a", "rule"}, "yarn")));
        assertEquals(List.of("tables", "build", "--cluster", "local[*]", "--kinds", "endgame-2"),
            List.of(ClusterMain.withMaster(new String[] {"tables", "build", "--kinds", "endgame-2"}, null)));
        assertEquals(List.of("tables", "info"), List.of(ClusterMain.withMaster(new String[] {"tables", "info"}, "yarn")));
        assertEquals(List.of("play", "--cluster", "local[2]"),
            List.of(ClusterMain.withMaster(new String[] {"play", "--cluster", "local[2]"}, "yarn")));
    }
}
