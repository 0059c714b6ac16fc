package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm engine through the launcher, on the jar the package phase built (docs/cli/warm.md): a
 * first {@code ./ddz solve} answers in its own process and starts the server in the background,
 * {@code ./ddz warm status} sees it come up, the next solve is answered by it with the same output,
 * and {@code ./ddz warm stop} stops it. Its socket lives in a temporary {@code XDG_RUNTIME_DIR}, so
 * the test never meets a server of the machine's user.
 */
class WarmEngineTest {
    private static final String POSITION = "448999TJJQQAD/336688TAA22X 0";

    @TempDir
    Path runtime;

    @TempDir
    Path tables;

    private record Run(int code, String out) {
    }

    private Run ddz(String... args) throws IOException, InterruptedException {
        List<String> argv = new java.util.ArrayList<>(List.of(Markdown.ROOT.resolve("ddz").toString()));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectInput(new File("/dev/null"));
        Map<String, String> env = pb.environment();
        env.remove("DDZ_WARM");
        env.remove("DDZ_JAVA_OPTS");
        env.remove("DDZ_DEBUG");
        env.put("DDZ_WARM_IDLE", "60");
        env.put("XDG_RUNTIME_DIR", runtime.toString());
        env.put("DDZ_TABLES", tables.toString());
        env.put("DDZ_NO_BUILD", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out);
    }

    private static String timeless(String s) {
        return s.replaceAll("\"time_ms\":[0-9.]+", "T");
    }

    @Test
    void startsOnItsOwnAnswersTheSameAndStops() throws Exception {
        Run cold = ddz("solve", "--json", POSITION);
        assertEquals(0, cold.code(), cold.out());
        Run status = ddz("warm", "status");
        for (int i = 0; i < 120 && status.code() != 0; i++) {
            Thread.sleep(500);
            status = ddz("warm", "status");
        }
        try {
            assertEquals(0, status.code(), "the warm engine came up: " + status.out());
            assertTrue(status.out().startsWith("warm engine: pid "), status.out());
            Run warm = ddz("solve", "--json", POSITION);
            assertEquals(0, warm.code(), warm.out());
            assertEquals(timeless(cold.out()), timeless(warm.out()));
            Run bad = ddz("solve", "33/4 9");
            assertEquals(2, bad.code(), bad.out());
            assertTrue(ddz("warm", "status").out().matches("(?s).* [1-9][0-9]* commands.*"), "it answered them");
        } finally {
            Run stop = ddz("warm", "stop");
            assertTrue(stop.out().startsWith("stopped the warm engine") || stop.code() == 1, stop.out());
        }
        Run gone = ddz("warm", "status");
        for (int i = 0; i < 40 && gone.code() == 0; i++) {
            Thread.sleep(250);
            gone = ddz("warm", "status");
        }
        assertEquals(1, gone.code(), gone.out());
        assertEquals("no warm engine runs for this jar\n", gone.out());
        try (var files = Files.list(runtime.resolve("ddz-warm"))) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".sock")), "the socket is gone");
        }
    }
}
