package io.github.ddzengine.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The processes a test started, found by a marker in their environment ({@code
 * DDZ_TEST_PROCESS=MARKER}, which every child and grandchild inherits, even one that has lost
 * its parent), for the check that a test leaves no process of ours behind. Linux only
 * ({@code /proc}); elsewhere nothing is found.
 */
final class Processes {
    /** The environment variable that marks the processes of the tests. */
    static final String VARIABLE = "DDZ_TEST_PROCESS";

    private Processes() {
    }

    /** The live processes whose environment holds {@code VARIABLE=marker} (any marker when null), as "pid command". */
    static List<String> marked(String marker) {
        List<String> found = new ArrayList<>();
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return found;
        }
        byte[] want = (VARIABLE + "=" + (marker == null ? "" : marker)).getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> all = Files.list(proc)) {
            for (Path p : all.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    byte[] env = Files.readAllBytes(p.resolve("environ"));
                    if (contains(env, want, marker == null)) {
                        String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ').strip();
                        found.add(p.getFileName() + " " + cmd);
                    }
                } catch (IOException | SecurityException e) {
                    // gone meanwhile, or not ours to read
                }
            }
        } catch (IOException e) {
            return found;
        }
        return found;
    }

    /** Whether {@code env} (NUL-separated entries) has an entry equal to {@code want} (or starting with it). */
    private static boolean contains(byte[] env, byte[] want, boolean prefix) {
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                int len = i - start;
                if (prefix ? len >= want.length : len == want.length) {
                    boolean eq = true;
                    for (int k = 0; k < want.length && eq; k++) {
                        eq = env[start + k] == want[k];
                    }
                    if (eq) {
                        return true;
                    }
                }
                start = i + 1;
            }
        }
        return false;
    }

    /**
     * Waits up to {@code millis} for the marked processes to be gone; kills what is left (so one
     * failing test does not leave processes to the next) and returns what was left.
     */
    static List<String> leftAfter(String marker, long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        List<String> left = marked(marker);
        while (!left.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(50);
            left = marked(marker);
        }
        for (String l : left) {
            ProcessHandle.of(Long.parseLong(l.substring(0, l.indexOf(' ')))).ifPresent(ProcessHandle::destroyForcibly);
        }
        return left;
    }
}
