package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/**
 * Fuzz tests of the {@code --batch} readers (issue 21): batches of hostile, mutated and valid
 * lines through {@code ddz moves}, {@code split} and {@code solve --batch}. Every input line gets
 * exactly one output line, a JSON object (its answer, or {@code {"error": "line N: ..."}} with a
 * one-line reason, never an internal error), and a valid line respelled (another key order,
 * blanks, escapes, cards in another order, case and aliases) gets the same answer. Seeded; a
 * failure names the seed ({@code -Dddz.seed=N}); {@code -Dddz.fuzz=K} runs K times the trials.
 */
class BatchFuzzTest {
    private static final MoveGenerator GEN = new MoveGenerator(Rules.STANDARD);

    /** Respells the card fields of a batch line: hands and moves. */
    private static String respell(SplittableRandom r, String field, String value) {
        if (field == null) {
            return value;
        }
        try {
            switch (field) {
                case "hand":
                    return Fuzz.respell(r, Notation.parseCards(value));
                case "last_move": {
                    if (value.isEmpty() || value.equals("pass")) {
                        return value;
                    }
                    int colon = value.indexOf(':');
                    String cards = colon < 0 ? value : value.substring(0, colon);
                    return Fuzz.respell(r, Notation.parseCards(cards)) + (colon < 0 ? "" : value.substring(colon));
                }
                default:
                    return value;
            }
        } catch (IllegalArgumentException e) {
            return value;
        }
    }

    private static String movesLine(SplittableRandom r) {
        long hand = RandomHands.hand(r);
        ObjectNode n = JsonFields.MAPPER.createObjectNode().put("hand", Notation.format(hand));
        if (r.nextBoolean()) {
            int[] buf = new int[MoveGenerator.MAX_MOVES];
            int k = GEN.leads(RandomHands.hand(r), buf);
            n.put("last_move", Rules.STANDARD.table().format(buf[r.nextInt(k)]));
        }
        if (r.nextInt(4) == 0) {
            n.put("rules", new String[] {"standard", "douzero", "rlcard", "botzone"}[r.nextInt(4)]);
        }
        if (r.nextInt(4) == 0) {
            n.putArray("bans").add("trio_pair").add(421);
        }
        return n.toString();
    }

    private static String splitLine(SplittableRandom r) {
        ObjectNode n = JsonFields.MAPPER.createObjectNode().put("hand", Notation.format(RandomHands.hand(r)));
        if (r.nextInt(3) == 0) {
            n.put("bans", "winged_planes");
        }
        return n.toString();
    }

    /** A batch of {@code size} lines: hostile text, mutations of valid lines and valid lines. */
    private static String batch(SplittableRandom r, int size, java.util.function.Function<SplittableRandom, String> valid) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size; i++) {
            String line = switch (r.nextInt(4)) {
                case 0 -> Fuzz.text(r, 60);
                case 1 -> valid.apply(r);
                default -> JsonFuzz.mutate(r, valid.apply(r));
            };
            sb.append(line).append(r.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }

    private static void oneLineEach(String input, CliRun run, String field, String what) {
        List<String> in = JsonFuzz.lines(input);
        List<String> out = run.outLines();
        assertEquals(0, run.exitCode(), what + ": " + run.err());
        assertEquals("", run.err(), what);
        assertEquals(in.size(), out.size(), what + ": one output line per input line");
        for (int i = 0; i < out.size(); i++) {
            JsonFuzz.assertAnswerOrError(out.get(i), i + 1, field, what + ", input line " + (i + 1) + " "
                + in.get(i).substring(0, Math.min(200, in.get(i).length())));
        }
    }

    @Test
    void movesBatchAnswersEveryLineOnce() {
        Property.forAll("moves --batch on fuzzed lines", 3100, Fuzz.trials(40), r -> {
            String input = batch(r, 50, BatchFuzzTest::movesLine);
            oneLineEach(input, CliRun.withInput(input, "moves", "--batch"), "moves", "moves --batch");
        });
    }

    @Test
    void splitBatchAnswersEveryLineOnce() {
        Property.forAll("split --batch on fuzzed lines", 3200, Fuzz.trials(15), r -> {
            String input = batch(r, 40, BatchFuzzTest::splitLine);
            oneLineEach(input, CliRun.withInput(input, "split", "--batch"), "min_hands", "split --batch");
        });
    }

    /** Small positions (solved in microseconds), plain or as JSON objects. */
    private static String solveLine(SplittableRandom r) {
        long landlord = RandomHands.deal(r, 1 + r.nextInt(5));
        long farmer = RandomHands.dealFrom(r, io.github.ddzengine.core.cards.Cards.remove(
            io.github.ddzengine.core.cards.Cards.DECK, landlord), 1 + r.nextInt(5));
        String p = Notation.format(landlord) + "/" + Notation.format(farmer) + " " + r.nextInt(2);
        return r.nextBoolean() ? p : JsonFields.MAPPER.createObjectNode().put("position", p).put("all", r.nextBoolean())
            .put("timeout_ms", 10_000).put("id", r.nextInt(100)).toString();
    }

    @Test
    void solveBatchAnswersEveryLineOnce() {
        Property.forAll("solve --batch on fuzzed lines", 3300, Fuzz.trials(15), r -> {
            String input = batch(r, 30, BatchFuzzTest::solveLine);
            oneLineEach(input, CliRun.withInput(input, "solve", "--batch", "--tt-mb=4"), "verdict", "solve --batch");
        });
    }

    /** The answers of a batch, by line. */
    private static List<String> answers(String verb, List<String> lines, String... options) {
        List<String> args = new ArrayList<>(List.of(verb, "--batch"));
        args.addAll(List.of(options));
        return CliRun.withInput(String.join("\n", lines) + "\n", args.toArray(String[]::new)).assertSuccess();
    }

    @Test
    void respelledLinesGetTheSameAnswers() {
        Property.forAll("respelled batch lines", 3400, Fuzz.trials(10), r -> {
            List<String> moves = new ArrayList<>();
            List<String> movesRespelled = new ArrayList<>();
            List<String> splits = new ArrayList<>();
            List<String> splitsRespelled = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String m = movesLine(r);
                moves.add(m);
                movesRespelled.add(JsonFuzz.write(r, read(m), (f, v) -> respell(r, f, v)));
                String s = splitLine(r);
                splits.add(s);
                splitsRespelled.add(JsonFuzz.write(r, read(s), (f, v) -> respell(r, f, v)));
            }
            assertEquals(answers("moves", moves), answers("moves", movesRespelled), String.join("\n", movesRespelled));
            assertEquals(answers("split", splits), answers("split", splitsRespelled), String.join("\n", splitsRespelled));
        });
    }

    private static JsonNode read(String line) {
        try {
            return JsonFields.MAPPER.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
