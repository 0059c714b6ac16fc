package io.github.ddzengine.tools;

import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.testing.Fuzz;

/**
 * JSON for the fuzz tests of the tools: valid documents written back with random blanks and key
 * order (a respelling every reader must take alike), and JSON-shaped mutations.
 */
public final class JsonFuzz {
    private JsonFuzz() {
    }

    private static String blank(SplittableRandom r) {
        String[] b = {"", "", "", " ", "  ", "\t", " \t "};
        return b[r.nextInt(b.length)];
    }

    /**
     * {@code node} as JSON text on one line with random blanks between tokens, its object keys in a
     * random order, and strings with random characters written as {@code \\uXXXX} escapes.
     *
     * @param respellText rewrites a string value (by field name) into an equivalent spelling, or
     *     returns it as is
     */
    public static String write(SplittableRandom r, JsonNode node, java.util.function.BiFunction<String, String, String> respellText) {
        StringBuilder sb = new StringBuilder();
        write(r, node, null, respellText, sb);
        return blank(r) + sb + blank(r);
    }

    private static void write(SplittableRandom r, JsonNode node, String field,
                              java.util.function.BiFunction<String, String, String> respellText, StringBuilder sb) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                fields.add(it.next());
            }
            for (int i = fields.size() - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                Map.Entry<String, JsonNode> t = fields.get(i);
                fields.set(i, fields.get(j));
                fields.set(j, t);
            }
            sb.append('{').append(blank(r));
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    sb.append(blank(r)).append(',').append(blank(r));
                }
                string(r, fields.get(i).getKey(), sb);
                sb.append(blank(r)).append(':').append(blank(r));
                write(r, fields.get(i).getValue(), fields.get(i).getKey(), respellText, sb);
            }
            sb.append(blank(r)).append('}');
        } else if (node.isArray()) {
            sb.append('[').append(blank(r));
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    sb.append(blank(r)).append(',').append(blank(r));
                }
                write(r, node.get(i), field, respellText, sb);
            }
            sb.append(blank(r)).append(']');
        } else if (node.isTextual()) {
            string(r, respellText.apply(field, node.textValue()), sb);
        } else {
            sb.append(node);
        }
    }

    private static void string(SplittableRandom r, String s, StringBuilder sb) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\' || c < 0x20 || r.nextInt(8) == 0) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    /** A JSON line mutated: text mutations, or a value swapped for an odd one. */
    public static String mutate(SplittableRandom r, String line) {
        if (r.nextInt(3) > 0) {
            return Fuzz.mutate(r, line);
        }
        String[] odd = {"null", "true", "-0", "1e309", "-9223372036854775809", "4294967297", "1.5", "\"\"", "[]", "{}",
            "[[[[]]]]", "\"\\ud800\"", "\"\\u0000\"", "99999999999999999999999"};
        // replace one scalar value (after a colon) by an odd one
        List<Integer> colons = new ArrayList<>();
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == ':') {
                colons.add(i);
            }
        }
        if (colons.isEmpty()) {
            return Fuzz.mutate(r, line);
        }
        int at = colons.get(r.nextInt(colons.size())) + 1;
        int end = at;
        int depth = 0;
        boolean inString = false;
        for (; end < line.length(); end++) {
            char c = line.charAt(end);
            if (inString) {
                if (c == '\\') {
                    end++;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        return line.substring(0, at) + odd[r.nextInt(odd.length)] + line.substring(Math.min(end, line.length()));
    }

    /** The lines a {@link BufferedReader} sees in {@code input} (line ends: LF, CR, CR LF). */
    public static List<String> lines(String input) {
        try (BufferedReader b = new BufferedReader(new StringReader(input))) {
            List<String> out = new ArrayList<>();
            for (String l; (l = b.readLine()) != null; ) {
                out.add(l);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Asserts a batch output line is one JSON object: an error {@code line N: ...} for line N, or
     * an answer holding {@code field}.
     *
     * @return the object
     */
    public static JsonNode assertAnswerOrError(String out, int lineNo, String field, String what) {
        JsonNode n;
        try {
            n = JsonFields.MAPPER.readTree(out);
        } catch (IOException e) {
            throw new AssertionError(what + ": output line " + lineNo + " is not JSON: " + out, e);
        }
        assertTrue(n != null && n.isObject(), what + ": output line " + lineNo + ": " + out);
        if (n.has("error")) {
            String e = n.get("error").textValue();
            assertTrue(e.startsWith("line " + lineNo + ": "), what + ": " + out);
            Fuzz.assertOneLine(e, what);
            assertTrue(e.length() <= JsonLines.MAX_ERROR_CHARS + 20, what + ": a long error: " + e.length());
            assertTrue(!e.contains("internal error") && !e.contains("Exception"), what + ": " + out);
        } else {
            assertTrue(n.has(field), what + ": no \"" + field + "\" in " + out);
        }
        return n;
    }
}
