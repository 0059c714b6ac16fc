package io.github.ddzengine.core.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads the repository's reference data ({@code testdata/} at the repository root, testdata/README.md). */
public final class TestData {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TestData() {
    }

    /**
     * The test data directory: system property {@code ddz.testdata}, else the first {@code testdata}
     * folder from the working directory upwards.
     */
    public static Path root() {
        String prop = System.getProperty("ddz.testdata");
        if (prop != null && Files.isDirectory(Paths.get(prop))) {
            return Paths.get(prop);
        }
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("testdata");
            if (Files.isDirectory(candidate.resolve("reference"))) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("cannot find the repository's testdata folder (set -Dddz.testdata)");
    }

    /** The JSON objects of a {@code .jsonl} or {@code .jsonl.gz} file under the test data directory. */
    public static List<JsonNode> jsonLines(String relative) throws IOException {
        Path p = root().resolve(relative);
        List<JsonNode> out = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(p);
             InputStream in = relative.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    out.add(JSON.readTree(line));
                }
            }
        }
        return out;
    }
}
