package io.github.ddzengine.tools.botzone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.game.SplitMix64;
import org.junit.jupiter.api.Test;

/** {@link MiniJson} against Jackson on random documents, and its refusals. */
class MiniJsonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static JsonNode random(SplitMix64 r, int depth) {
        int kind = depth > 3 ? 2 + r.nextInt(4) : r.nextInt(6);
        switch (kind) {
            case 0: {
                ObjectNode o = F.objectNode();
                for (int i = r.nextInt(5); i > 0; i--) {
                    o.set("k" + r.nextInt(1000) + (r.nextInt(4) == 0 ? "\"\\\u00e9\n" : ""), random(r, depth + 1));
                }
                return o;
            }
            case 1: {
                ArrayNode a = F.arrayNode();
                for (int i = r.nextInt(6); i > 0; i--) {
                    a.add(random(r, depth + 1));
                }
                return a;
            }
            case 2:
                return F.numberNode(r.nextInt(2) == 0 ? (long) r.nextInt(54) : r.nextLong());
            case 3:
                return F.numberNode(r.nextInt(1000) / 8.0 - 50);
            case 4:
                return F.textNode("s" + (char) (0x20 + r.nextInt(0x3000)) + "\t\u0001");
            default:
                return r.nextInt(3) == 0 ? F.nullNode() : F.booleanNode(r.nextInt(2) == 0);
        }
    }

    /** MiniJson's value as a Jackson tree, for comparison. */
    private static JsonNode tree(Object v) {
        if (v == null) {
            return F.nullNode();
        }
        if (v instanceof Map<?, ?> m) {
            ObjectNode o = F.objectNode();
            m.forEach((k, x) -> o.set((String) k, tree(x)));
            return o;
        }
        if (v instanceof List<?> l) {
            ArrayNode a = F.arrayNode();
            l.forEach(x -> a.add(tree(x)));
            return a;
        }
        if (v instanceof Long n) {
            return F.numberNode(n);
        }
        if (v instanceof Double d) {
            return F.numberNode(d);
        }
        if (v instanceof Boolean b) {
            return F.booleanNode(b);
        }
        return F.textNode((String) v);
    }

    @Test
    void readsWhatJacksonWrites() throws Exception {
        SplitMix64 r = new SplitMix64(5);
        for (int i = 0; i < 2000; i++) {
            JsonNode doc = random(r, 0);
            String text = (i % 2 == 0) ? MAPPER.writeValueAsString(doc) : MAPPER.writerWithDefaultPrettyPrinter()
                .writeValueAsString(doc);
            assertEquals(doc, tree(MiniJson.parse(text)), "document " + i + ": " + text);
        }
    }

    @Test
    void refusesWhatIsNotJson() {
        String[][] cases = {
            {"", "unexpected end of input at column 1"},
            {"{\"a\":1,\"a\":2}", "duplicate key \"a\" at column 12"},
            {"[1,2", "unexpected end of input at column 5"},
            {"[1 2]", "expected ',' or ']' at column 4"},
            {"{\"a\" 1}", "expected ':' at column 6"},
            {"01", "leading zero in a number at column 1"},
            {"1.", "digits must follow '.' at column 3"},
            {"\"a\\x\"", "bad escape '\\x' at column 3"},
            {"[1] 2", "text after the JSON value at column 5"},
            {"tru", "unknown word (expected true) at column 1"},
            // JSON digits are ASCII only (issue 21, defect 13: before, 1\u0663 read as 13)
            {"1\u0663", "text after the JSON value at column 2"},
            {"[\u0661]", "unexpected character '\u0661' at column 2"},
            {"1.\u0663", "digits must follow '.' at column 3"},
            {"1e\u0663", "digits must follow the exponent at column 3"},
            {"\"\\u+041\"", "bad \\u escape at column 4"},
            {"\"\\u\u0664\u0661\u0664\u0661\"", "bad \\u escape at column 4"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MiniJson.parse(c[0]), c[0]);
            assertEquals("invalid JSON: " + c[1], e.getMessage(), c[0]);
        }
        StringBuilder deep = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            deep.append('[');
        }
        assertThrows(IllegalArgumentException.class, () -> MiniJson.parse(deep.toString()));
    }
}
