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
 * The command samples of {@code docs/cluster.md}: each local-mode {@code play} runs (with fewer
 * deals) and succeeds; the {@code spark-submit} samples name our main class and verbs that parse.
 */
class DocsTest {
    private static List<String> samples() throws IOException {
        Path doc = Path.of(System.getProperty("ddz.shared", "../../shared")).getParent().resolve("cluster")
            .resolve("docs").resolve("cluster.md");
        if (!Files.exists(doc)) {
            doc = Path.of("..", "docs", "cluster.md");
        }
        List<String> out = new ArrayList<>();
        boolean in = false;
        StringBuilder cont = new StringBuilder();
        for (String line : Files.readAllLines(doc)) {
            if (line.startsWith("```")) {
                in = line.equals("```sh");
                continue;
            }
            if (!in) {
                continue;
            }
            String l = line.replaceAll("\\s+#.*$", "").strip();
            if (l.endsWith("\\")) {
                cont.append(l, 0, l.length() - 1).append(' ');
                continue;
            }
            out.add((cont + l).strip().replaceAll("\\s+", " "));
            cont.setLength(0);
        }
        return out;
    }

    /** The arguments of a sample after its program, quotes removed, the deal count made small. */
    private static String[] args(String sample, String program) {
        String rest = sample.substring(sample.indexOf(program) + program.length()).replaceAll("\\s*>.*$", "")
            .replace("'", "");
        String[] a = rest.strip().split("\\s+");
        for (int i = 0; i + 1 < a.length; i++) {
            if (a[i].equals("--deals")) {
                a[i + 1] = "12";
            }
        }
        return a;
    }

    @Test
    void localSamplesRun() throws IOException {
        int ran = 0;
        for (String s : samples()) {
            String program = s.startsWith("./ddz play") ? "./ddz" : s.startsWith("java -jar cluster/target/ddz-cluster-local.jar")
                ? "ddz-cluster-local.jar" : null;
            if (program == null || !s.contains("local[")) {
                continue;
            }
            String[] a = args(s, program);
            Cli r = Cli.run(a);
            assertEquals(0, r.exitCode(), s + ": " + r.err());
            assertTrue(r.out().contains("12 deals") || r.out().contains("\"deals\":12,"), s + ": " + r.out());
            ran++;
        }
        assertEquals(2, ran, "local samples");
    }

    @Test
    void sparkSubmitSamplesNameOurMainAndParse() throws IOException {
        int seen = 0;
        for (String s : samples()) {
            if (!s.startsWith("spark-submit")) {
                continue;
            }
            assertTrue(s.contains("--class " + ClusterMain.class.getName() + " cluster/target/ddz-cluster.jar play "), s);
            String[] a = args(s, "ddz-cluster.jar");
            List<String> play = new ArrayList<>(Arrays.asList(ClusterMain.withMaster(a, "local[1]")));
            // parse only: picocli's own check of the options, with --help to stop before playing
            play.add("--help");
            assertEquals(0, Cli.run(play.toArray(String[]::new)).exitCode(), s);
            seen++;
        }
        assertTrue(seen >= 2, "spark-submit samples");
    }
}
