package io.github.ddzengine.tools;

import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code --batch} loop shared by the verbs: lines Jackson refuses, a byte-order mark, messages. */
class JsonLinesTest {
    /** Lines past Jackson's limits: its errors for them carry no location. */
    private static final List<String> OVERSIZED = List.of(
        "{\"hand\":" + "1".repeat(1001) + "}",
        "{\"hand\":" + "[".repeat(1001) + "]".repeat(1001) + "}",
        "{\"hand\":\"" + "3".repeat(20_000_001) + "\"}");

    @Test
    void movesBatchGivesAnErrorLineForALineOverJacksonsLimitsAndGoesOn() {
        String input = String.join("\n", OVERSIZED) + "\n{\"hand\":\"3\"}\n";
        assertEquals(List.of(
            "{\"error\":\"line 1: invalid JSON: Number value length (1001) exceeds the maximum allowed (1000) "
                + "at column 1010\"}",
            "{\"error\":\"line 2: invalid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000) "
                + "at column 1009\"}",
            "{\"error\":\"line 3: invalid JSON: String value length (20000001) exceeds the maximum allowed "
                + "(20000000) at column 20000012\"}",
            "{\"moves\":[\"3\"]}"), CliRun.withInput(input, "moves", "--batch").assertSuccess());
    }

    @Test
    void solveBatchGivesAnErrorLineForALineOverJacksonsLimitsAndGoesOn() throws Exception {
        String input = String.join("\n", OVERSIZED).replace("hand", "position") + "\n3/4 0\n";
        CliRun r = CliRun.withInput(input, "solve", "--batch", "--tt-mb=16");
        List<String> out = r.assertSuccess();
        assertEquals(4, out.size(), r.out());
        assertTrue(out.get(0).startsWith("{\"error\":\"line 1: invalid JSON: Number value length (1001)"), out.get(0));
        assertTrue(out.get(1).startsWith("{\"error\":\"line 2: invalid JSON: Document nesting depth"), out.get(1));
        assertTrue(out.get(2).startsWith("{\"error\":\"line 3: invalid JSON: String value length"), out.get(2));
        assertEquals("win", SolveCommandTest.json(out.get(3)).get("verdict").textValue());
    }

    /**
     * Any failure in answering a line, not only bad input, gives that line's error line and the
     * batch goes on (issue 21, defect 8): an internal error, a failed read of a mapped table file
     * (the JVM's InternalError), a failure half-way through writing an answer.
     */
    @Test
    void aLineWhoseAnswerFailsGivesOneErrorLineAndTheBatchGoesOn() throws Exception {
        JsonLines.Handler<String> handler = new JsonLines.Handler<>() {
            @Override
            public String expected() {
                return "a word";
            }

            @Override
            public String read(String line) {
                return line;
            }

            @Override
            public void answer(String q, JsonLineWriter out) throws java.io.IOException {
                out.gen().writeStartObject();
                out.gen().writeStringField("half", "written");
                switch (q) {
                    case "bug" -> throw new IllegalStateException("a bug");
                    case "mapped" -> throw new InternalError("a fault occurred in an unsafe memory access operation");
                    case "deep" -> throw new StackOverflowError();
                    default -> {
                    }
                }
                out.gen().writeStringField("answer", q);
                out.gen().writeEndObject();
                out.endLine();
            }

            @Override
            public boolean flushEveryLine() {
                return false;
            }
        };
        java.io.StringWriter out = new java.io.StringWriter();
        String input = "a\nbug\nmapped\ndeep\nb\n";
        assertEquals(5, JsonLines.run(new java.io.ByteArrayInputStream(input.getBytes(
            java.nio.charset.StandardCharsets.UTF_8)), out, handler));
        assertEquals(List.of(
            "{\"half\":\"written\",\"answer\":\"a\"}",
            "{\"error\":\"line 2: internal error: java.lang.IllegalStateException: a bug\"}",
            "{\"error\":\"line 3: reading a table file failed: it was changed or truncated while in use (tables must "
                + "be replaced, never rewritten in place, while a verb runs)\"}",
            "{\"error\":\"line 4: internal error: java.lang.StackOverflowError\"}",
            "{\"half\":\"written\",\"answer\":\"b\"}"), out.toString().lines().toList());
    }

    @Test
    void aByteOrderMarkStartingTheInputIsSkipped() throws Exception {
        CliRun moves = CliRun.withInput("\uFEFF{\"hand\":\"33\"}\n{\"hand\":\"3\"}\n", "moves", "--batch");
        assertEquals(List.of("{\"moves\":[\"3\",\"33\"]}", "{\"moves\":[\"3\"]}"), moves.outLines());
        CliRun solve = CliRun.withInput("\uFEFF3/4 0\n\uFEFF{\"position\":\"3/4 0\"}\n",
            "solve", "--batch", "--tt-mb=16");
        List<String> out = solve.outLines();
        assertEquals("win", SolveCommandTest.json(out.get(0)).get("verdict").textValue());
        // only the input's start may carry one
        assertTrue(out.get(1).startsWith("{\"error\":\"line 2: "), out.get(1));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "not json                        | Unrecognized token 'not': was expecting (JSON String, Number, Array, "
            + "Object or token 'null', 'true' or 'false') at column 1",
        "`{\"hand\":\"33\"} {\"hand\":\"44\"}` | Trailing token (of type START_OBJECT) found after value at column 15",
        "`{\"hand\":\"33\",\"hand\":\"44\"}`   | Duplicate field 'hand' at column 20",
        "`{\"hand\":\"33\"`                 | Unexpected end-of-input: expected close marker for Object "
            + "(start marker at column 1) at column 13",
        "`{\"hand\":NaN}`                   | Non-standard token 'NaN' at column 12",
    })
    void invalidJsonIsOneShortPhraseWithAColumn(String line, String reason) {
        CliRun r = CliRun.withInput(line + "\n", "moves", "--batch");
        assertEquals(List.of("{\"error\":\"line 1: invalid JSON: " + reason.replace("\"", "\\\"") + "\"}"),
            r.outLines());
    }

    @Test
    void jacksonsSourceAndApiNamesNeverReachTheUser() {
        String input = String.join("\n",
            "{\"a\":", "[1,2", "{'a':1}", "{\"a\":01}", "{\"a\":\"\u0001\"}", "[1] 2") + "\n";
        for (String[] verb : List.of(new String[] {"moves", "--batch"},
            new String[] {"solve", "--batch", "--tt-mb=16"})) {
            List<String> out = CliRun.withInput(input, verb).outLines();
            assertEquals(6, out.size(), out.toString());
            for (String line : out) {
                assertTrue(line.matches("\\{\"error\":\"line \\d: invalid JSON: [^\\[`]+ at column \\d+\"}"), line);
                assertFalse(line.contains("Source") || line.contains("REDACTED") || line.contains("Feature"), line);
            }
        }
    }

    @Test
    void longErrorMessagesAreCut() {
        CliRun r = CliRun.withInput("{\"hand\":\"" + "W".repeat(100_000) + "\"}\n", "moves", "--batch");
        String line = r.outLines().get(0);
        assertTrue(line.startsWith("{\"error\":\"line 1: hand: unknown card 'W' at position 1 in "), line);
        assertTrue(line.endsWith("WWW...\"}"), line);
        assertTrue(line.length() < JsonLines.MAX_ERROR_CHARS + 40, "length " + line.length());
        String cut = JsonLines.shorten("ab".repeat(JsonLines.MAX_ERROR_CHARS));
        assertEquals(JsonLines.MAX_ERROR_CHARS, cut.length());
        assertTrue(cut.endsWith("ba..."), cut);
        // a character outside the BMP is two chars: never cut in half
        String faces = JsonLines.shorten("\uD83D\uDE00".repeat(JsonLines.MAX_ERROR_CHARS));
        assertTrue(faces.endsWith("\uD83D\uDE00..."), "no half character");
        String whole = "x".repeat(JsonLines.MAX_ERROR_CHARS);
        assertEquals(whole, JsonLines.shorten(whole));
    }

    @Test
    void readObjectRefusesOtherValues() {
        assertEquals("expected a JSON object with \"hand\", got array",
            assertThrows(IllegalArgumentException.class, () -> JsonFields.readObject("[1]", "hand")).getMessage());
        assertEquals("expected a JSON object with \"hand\", got null",
            assertThrows(IllegalArgumentException.class, () -> JsonFields.readObject("null", "hand")).getMessage());
        assertEquals(1, JsonFields.readObject(" {\"a\": 1} ", "a").get("a").intValue());
    }
}
