package io.github.ddzengine.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * The positions of {@code testdata/reference/legal-moves-standard.jsonl.gz}, parsed once: each
 * line's hand, its last move as a move id of the STANDARD table (the reading named by
 * {@code last_move_type}), and the size of its reference legal-move set.
 */
public final class ReferencePositions {
    /** The file, relative to the test data directory. */
    public static final String FILE = "reference/legal-moves-standard.jsonl.gz";

    private final long[] hands;
    private final int[] lasts;
    private final int[] referenceCounts;

    private ReferencePositions(long[] hands, int[] lasts, int[] referenceCounts) {
        this.hands = hands;
        this.lasts = lasts;
        this.referenceCounts = referenceCounts;
    }

    /**
     * The test data directory: system property {@code ddz.testdata}, default {@code testdata}
     * (relative to the working directory, so run from the repository root).
     */
    public static Path sharedDir() {
        return Path.of(System.getProperty("ddz.testdata", "testdata"));
    }

    /**
     * Reads and parses every line of {@link #FILE} under {@code sharedDir}.
     *
     * @param table the STANDARD move table the last moves are parsed into
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the line if a hand or last move does not parse
     */
    public static ReferencePositions load(Path sharedDir, MoveTable table) throws IOException {
        Path file = sharedDir.resolve(FILE);
        ObjectMapper mapper = new ObjectMapper();
        long[] hands = new long[8192];
        int[] lasts = new int[8192];
        int[] counts = new int[8192];
        int n = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (n == hands.length) {
                    hands = Arrays.copyOf(hands, n * 2);
                    lasts = Arrays.copyOf(lasts, n * 2);
                    counts = Arrays.copyOf(counts, n * 2);
                }
                JsonNode node = mapper.readTree(line);
                try {
                    hands[n] = Notation.parseHand(node.get("hand").textValue(), Notation.MAX_HAND);
                    String last = node.get("last_move").textValue();
                    String type = node.get("last_move_type").textValue();
                    // the suffix picks the reading where the cards have several (333444555666)
                    lasts[n] = last.isEmpty() ? MoveTable.PASS : table.parseMove(last + ":" + type);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + " line " + (n + 1) + ": " + e.getMessage(), e);
                }
                counts[n] = node.get("standard").size();
                n++;
            }
        }
        return new ReferencePositions(Arrays.copyOf(hands, n), Arrays.copyOf(lasts, n), Arrays.copyOf(counts, n));
    }

    /** Number of positions. */
    public int size() {
        return hands.length;
    }

    /** The hands ({@code Cards} layout), one per position. Shared: do not modify. */
    public long[] hands() {
        return hands;
    }

    /** The last moves (move ids; {@link MoveTable#PASS} where the mover leads). Shared: do not modify. */
    public int[] lasts() {
        return lasts;
    }

    /** The number of legal moves (pass included) the reference lists for each position. Shared. */
    public int[] referenceCounts() {
        return referenceCounts;
    }
}
