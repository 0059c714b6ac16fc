package io.github.ddzengine.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;

/**
 * The solver's graded corpus: the positions of {@code testdata/positions/*.jsonl} by id (published
 * puzzles, random two-player deals from 10 to 17 cards a hand, random three-seat deals from 6 to
 * 10 cards a hand), with their rules and bans.
 */
final class SharedPositions {
    static final String[] FILES = {"positions/puzzles.jsonl", "positions/random-1v1.jsonl",
        "positions/three-seat.jsonl"};

    private SharedPositions() {
    }

    /** Every shared position by id, in file order. */
    static Map<String, Position> load(Path sharedDir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, Position> out = new LinkedHashMap<>();
        for (String f : FILES) {
            try (BufferedReader r = Files.newBufferedReader(sharedDir.resolve(f), StandardCharsets.UTF_8)) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode n = json.readTree(line);
                    StringBuilder bans = new StringBuilder();
                    n.get("bans").forEach(b -> bans.append(b.asText()).append(','));
                    Rules rules = Rules.of(Preset.parse(n.get("rules").asText()), Rules.parseBans(bans.toString()));
                    out.put(n.get("id").asText(), Position.parse(n.get("position").asText(), rules));
                }
            }
        }
        return out;
    }
}
