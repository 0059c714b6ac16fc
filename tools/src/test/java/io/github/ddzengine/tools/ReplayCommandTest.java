package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
    @TempDir
    Path dir;

    private List<String> records;

    @BeforeEach
    void play() throws IOException {
        Path games = dir.resolve("games.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "2", "--seed", "5", "--bidding", "--out",
            games.toString()).assertSuccess();
        records = Files.readAllLines(games);
    }

    /** Writes the records with line {@code index} (0-based) replaced, and returns the file. */
    private Path with(int index, String line) throws IOException {
        Path f = dir.resolve("edited.jsonl");
        List<String> copy = new java.util.ArrayList<>(records);
        copy.set(index, line);
        Files.write(f, copy);
        return f;
    }

    private ObjectNode record(int index) throws IOException {
        return (ObjectNode) JsonFields.MAPPER.readTree(records.get(index));
    }

    private void refused(Path f, String message) {
        CliRun.of("replay", f.toString()).assertUsageError(message, "ddz replay: " + f + " line ");
        CliRun r = CliRun.of("replay", f.toString());
        assertTrue(r.err().contains(message), r.err());
    }

    @Test
    void printsEveryGameReadably() {
        List<String> out = CliRun.of("replay", dir.resolve("games.jsonl").toString()).assertSuccess();
        assertEquals("4 games replayed, all valid", out.get(out.size() - 1));
        assertTrue(out.get(1).startsWith("  deal      position 0 "), out.get(1));
        assertTrue(out.get(2).startsWith("  bids      "), out.get(2));
        assertTrue(out.stream().anyMatch(l -> l.matches("    1\\. landlord .+")), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.matches("  (Landlord wins|Farmers win) \\(.*; scores landlord .*")));
    }

    @Test
    void refusesACardDealtTwice() throws IOException {
        ObjectNode r = record(1);
        String[] parts = r.get("deal").textValue().split("/");
        // give position 0 a card of position 1 (of another rank) in place of its own first card
        char own = parts[0].charAt(0);
        char other = parts[1].chars().filter(c -> c != own).mapToObj(c -> (char) c).findFirst().orElseThrow();
        r.put("deal", other + parts[0].substring(1) + "/" + parts[1] + "/" + parts[2] + "/" + parts[3]);
        Path f = with(1, r.toString());
        refused(f, "line 2: ");
        assertTrue(CliRun.of("replay", f.toString()).err().contains("is dealt"));
    }

    @Test
    void refusesIllegalPlaysWrongSeatsAndFalseResults() throws IOException {
        ObjectNode r = record(0);
        ((ObjectNode) r.get("actions").get(0)).put("move", "pass");
        refused(with(0, r.toString()), "line 1: action 1: seat 0 (landlord) cannot play pass: a pass on a lead");
        r = record(0);
        ((ObjectNode) r.get("actions").get(1)).put("seat", 2);
        refused(with(0, r.toString()), "line 1: action 2: seat 1 (landlord_down) acts, not seat 2");
        r = record(0);
        ArrayNode scores = (ArrayNode) r.get("result").get("scores");
        long s0 = scores.get(0).longValue();
        scores.set(0, s0 + 1);
        refused(with(0, r.toString()), "line 1: \"result.scores\" is [" + (s0 + 1));
        r = record(0);
        ((ObjectNode) r.get("result")).put("spring", !r.get("result").get("spring").booleanValue());
        refused(with(0, r.toString()), "line 1: \"result.spring\" is");
        r = record(0);
        r.put("landlord_position", (r.get("landlord_position").intValue() + 1) % 3);
        refused(with(0, r.toString()), "line 1: \"landlord_position\" is");
        r = record(3);
        ((ArrayNode) r.get("actions")).remove(r.get("actions").size() - 1);
        refused(with(3, r.toString()), "line 4: the plays stop after");
        refused(with(2, "{\"deal\": "), "line 3: invalid JSON");
        r = record(0);
        r.remove("bids");
        refused(with(0, r.toString()), "line 1: missing \"bids\"");
    }

    /**
     * Where the format has integers, a fraction or an integral float is refused, not truncated
     * (issue 21, defect 12: before, a multiplier of 2.9 passed for 2).
     */
    @Test
    void refusesAFractionWhereTheFormatHasIntegers() throws IOException {
        long m = record(0).get("result").get("multiplier").longValue();
        for (String bad : new String[] {m + ".9", m + ".0", m + "e0"}) {
            String line = records.get(0).replace("\"multiplier\":" + m + ",", "\"multiplier\":" + bad + ",");
            assertTrue(line.contains(bad), line);
            refused(with(0, line), "line 1: \"result.multiplier\" must be an integer, not ");
        }
        ObjectNode r = record(0);
        r.put("game", 1.0);
        refused(with(0, r.toString()), "line 1: \"game\" must be an integer 1..2147483647, not 1.0");
        r = record(0);
        ((ArrayNode) r.get("result").get("scores")).set(0, r.get("result").get("scores").get(0).doubleValue());
        refused(with(0, r.toString()), "line 1: \"result.scores\" holds");
    }

    /** A {@code .gz} file is read through gzip (kept match records); one that is not gzip is refused. */
    @Test
    void readsGzipRecords() throws IOException {
        Path gz = dir.resolve("games.jsonl.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(dir.resolve("games.jsonl")));
        }
        List<String> out = CliRun.of("replay", gz.toString()).assertSuccess();
        assertEquals("4 games replayed, all valid", out.get(out.size() - 1));
        Path plain = dir.resolve("plain.jsonl.gz");
        Files.copy(dir.resolve("games.jsonl"), plain);
        CliRun.of("replay", plain.toString()).assertUsageError("not gzip", "ddz replay: cannot read " + plain + ": ");
        byte[] whole = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.jsonl.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        CliRun.of("replay", cut.toString()).assertUsageError("cut short", "ddz replay: cannot read " + cut + ": ");
        Path binary = dir.resolve("games.bin");
        Files.copy(gz, binary);
        CliRun.of("replay", binary.toString()).assertUsageError("gzip without .gz", "ddz replay: " + binary
            + " line 1: not UTF-8 text (a gzip file is read as such when its name ends in .gz)");
    }

    @Test
    void missingFileIsAUsageError() {
        CliRun.of("replay", dir.resolve("nope.jsonl").toString()).assertUsageError("missing", "no file");
    }
}
