package io.github.ddzengine.tools.web;

import java.util.Iterator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;

/**
 * A JSON request body (one object) and typed access to its fields. Every reader throws
 * {@link HttpError} 400 with a one-line message naming the field, so a handler reads its input
 * and never checks by hand.
 */
final class Req {
    /** Strict reading (no duplicate keys, one value) with small nesting and size limits. Thread-safe. */
    static final JsonMapper MAPPER = JsonMapper.builder(new com.fasterxml.jackson.core.JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxNumberLength(40)
                .maxStringLength(16 << 20).build())
            .build())
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    private final ObjectNode node;

    private Req(ObjectNode node) {
        this.node = node;
    }

    /** The object of {@code body}; an empty body is an empty object. */
    static Req parse(String body) {
        if (body.isBlank()) {
            return new Req(MAPPER.createObjectNode());
        }
        JsonNode n;
        try {
            n = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            String m = e.getOriginalMessage();
            if (e.getLocation() != null) {
                m += " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            }
            throw HttpError.bad("invalid JSON: " + m.replaceAll("\\s*\\R\\s*", " "));
        }
        if (n == null || !n.isObject()) {
            throw HttpError.bad("the request body must be a JSON object");
        }
        return new Req((ObjectNode) n);
    }

    /** A request whose fields are those of {@code node}. */
    static Req of(ObjectNode node) {
        return new Req(node);
    }

    /** The raw field, or null when absent or JSON null. */
    JsonNode get(String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    /** Whether the field is present and not null. */
    boolean has(String field) {
        return get(field) != null;
    }

    /** A string field, or null when absent. */
    String text(String field) {
        JsonNode v = get(field);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw HttpError.bad("\"" + field + "\" must be a string, not " + shortJson(v));
        }
        return v.textValue();
    }

    /** A string field that must be there. */
    String required(String field) {
        String v = text(field);
        if (v == null) {
            throw HttpError.bad("missing \"" + field + "\"");
        }
        return v;
    }

    /** An integer field in {@code [min, max]}, {@code def} when absent. */
    long integer(String field, long def, long min, long max) {
        JsonNode v = get(field);
        if (v == null) {
            return def;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw HttpError.bad("\"" + field + "\" must be an integer " + min + ".." + max + ", not " + shortJson(v));
        }
        return v.longValue();
    }

    /** An int field in {@code [min, max]}, {@code def} when absent. */
    int integer(String field, int def, int min, int max) {
        return (int) integer(field, (long) def, min, max);
    }

    /** A boolean field, {@code def} when absent. */
    boolean bool(String field, boolean def) {
        JsonNode v = get(field);
        if (v == null) {
            return def;
        }
        if (!v.isBoolean()) {
            throw HttpError.bad("\"" + field + "\" must be true or false, not " + shortJson(v));
        }
        return v.booleanValue();
    }

    /** An array field, or null when absent. */
    ArrayNode array(String field) {
        JsonNode v = get(field);
        if (v == null) {
            return null;
        }
        if (!v.isArray()) {
            throw HttpError.bad("\"" + field + "\" must be an array, not " + shortJson(v));
        }
        return (ArrayNode) v;
    }

    /**
     * The rules: {@code "rules"} (a preset name, default standard) and {@code "bans"} (an array of
     * type names and puzzle codes, or one comma-separated string), parsed by the engine's parsers.
     */
    Rules rules() {
        Preset preset = Preset.STANDARD;
        String p = text("rules");
        if (p != null && !p.isBlank()) {
            preset = engine(() -> Preset.parse(p.trim()));
        }
        JsonNode bans = get("bans");
        int mask = 0;
        if (bans != null) {
            StringBuilder list = new StringBuilder();
            if (bans.isTextual()) {
                list.append(bans.textValue());
            } else if (bans.isArray()) {
                for (Iterator<JsonNode> it = bans.elements(); it.hasNext(); ) {
                    JsonNode b = it.next();
                    if (!b.isTextual() && !b.isIntegralNumber()) {
                        throw HttpError.bad("\"bans\" holds " + shortJson(b) + ": expected type names or codes");
                    }
                    list.append(b.asText()).append(',');
                }
            } else {
                throw HttpError.bad("\"bans\" must be an array or a comma-separated string");
            }
            mask = engine(() -> Rules.parseBans(list.toString()));
        }
        int m = mask;
        Preset pr = preset;
        return engine(() -> Rules.of(pr, m));
    }

    /** The banned type names of {@code rules}, for answers. */
    static ArrayNode bans(Rules rules) {
        ArrayNode a = MAPPER.createArrayNode();
        for (MoveType t : MoveType.values()) {
            if (rules.isBanned(t)) {
                a.add(t.baseName());
            }
        }
        return a;
    }

    /** A value computed by the engine: its {@link IllegalArgumentException} becomes a 400 with the engine's message. */
    static <T> T engine(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            throw HttpError.bad(oneLine(e.getMessage()));
        }
    }

    /** {@link #engine} with a prefix naming the field: {@code "hand": unknown card ...}. */
    static <T> T engine(String field, java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            throw HttpError.bad("\"" + field + "\": " + oneLine(e.getMessage()));
        }
    }

    /** A message as one line of at most 300 characters. */
    static String oneLine(String message) {
        String m = message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
        return m.length() <= 300 ? m : m.substring(0, 297) + "...";
    }

    private static String shortJson(JsonNode v) {
        String s = v.toString();
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
