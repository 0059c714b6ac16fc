package io.github.ddzengine.tools;

import io.github.ddzengine.tools.json.GameRecords;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.mc.arena.GameRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz test of the game-record reader of {@code ddz replay} (issue 21): records written by
 * {@code ddz play --out}, mutated, are valid or refused with one line (an
 * {@link IllegalArgumentException}, nothing else); respelled (key order, blanks, escapes, cards
 * and passes in other spellings) they read as the same game. Seeded; {@code -Dddz.fuzz=K} runs K
 * times the trials.
 */
class GameRecordsFuzzTest {
    @TempDir
    static Path dir;
    private static List<String> records;

    @BeforeAll
    static void play() throws IOException {
        Path games = dir.resolve("games.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "6", "--seed", "11", "--bidding", "--rules", "douzero",
            "--out", games.toString()).assertSuccess();
        Path more = dir.resolve("more.jsonl");
        CliRun.of("play", "--a", "greedy", "--b", "random", "--deals", "6", "--seed", "12", "--ban", "trio_pair",
            "--out", more.toString()).assertSuccess();
        records = new java.util.ArrayList<>(Files.readAllLines(games));
        records.addAll(Files.readAllLines(more));
    }

    private static GameRecord read(String line) {
        try {
            return GameRecords.read(line);
        } catch (IllegalArgumentException e) {
            Fuzz.assertOneLine(e.getMessage(), "a refused record");
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("GameRecords.read threw " + e + " on " + line, e);
        }
    }

    private static String write(GameRecord r) {
        try {
            StringWriter w = new StringWriter();
            GameRecords.write(new JsonLineWriter(w), r);
            return w.toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode tree(String line) {
        try {
            return JsonFields.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void mutatedRecordsAreValidOrOneLineRefusals() {
        Property.forAll("game records mutated", 5100, Fuzz.trials(1500), r -> {
            String line = records.get(r.nextInt(records.size()));
            read(r.nextInt(10) == 0 ? Fuzz.text(r, 100) : JsonFuzz.mutate(r, line));
        });
    }

    private static String respell(SplittableRandom r, String field, String value) {
        if ("move".equals(field)) {
            if (value.equals("pass")) {
                String[] w = {"pass", "PASS", "p", "-", "\u8FC7", "\u4E0D\u8981", "\u4E0D\u51FA"};
                return w[r.nextInt(w.length)];
            }
            int colon = value.indexOf(':');
            String cards = colon < 0 ? value : value.substring(0, colon);
            return Fuzz.respell(r, Notation.parseCards(cards)) + (colon < 0 ? "" : value.substring(colon));
        }
        if ("deal".equals(field)) {
            StringBuilder sb = new StringBuilder();
            for (String part : value.split("/")) {
                sb.append(sb.length() == 0 ? "" : "/").append(Fuzz.respell(r, Notation.parseCards(part), false));
            }
            return sb.toString();
        }
        return value;
    }

    @Test
    void respelledRecordsReadAsTheSameGame() {
        Property.forAll("game records respelled", 5200, Fuzz.trials(200), r -> {
            String line = records.get(r.nextInt(records.size()));
            String respelled = JsonFuzz.write(r, tree(line), (f, v) -> respell(r, f, v));
            GameRecord a = GameRecords.read(line);
            GameRecord b = read(respelled);
            assertEquals(write(a), b == null ? null : write(b), respelled);
        });
    }
}
