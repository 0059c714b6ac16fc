package io.github.ddzengine.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;

/**
 * Strict reading of one JSON object a line and of the fields every line shares, for the agent
 * protocol and for the {@code --batch} input lines of every {@code ddz} verb. Each reader throws
 * {@link IllegalArgumentException} with a one-line message naming the field.
 */
public final class JsonFields {
    /** Strict reading: one value a line, no duplicate keys. Thread-safe once built. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    /** A Jackson location, {@code [Source: ...; line: 1, column: 5]}; group 1 is the column. */
    private static final Pattern LOCATION = Pattern.compile("\\[Source: .*?; line: \\d+, column: (\\d+)]");
    /** Jackson's pointers to its own API in messages: {@code (bound as `...`)}, {@code , from `...`}... */
    private static final Pattern API_NOTE = Pattern.compile(
        " ?\\(bound as `[^`]*`\\)|: not allowed as per `[^`]*`|, from `[^`]*`|: enable `[^`]*` to allow");

    private JsonFields() {
    }

    /**
     * Parses a line that must hold one JSON object.
     *
     * @param line the text of the line
     * @param field the object's required field, for the message when the line holds another value
     * @return the object
     * @throws IllegalArgumentException if the line is not JSON ({@code invalid JSON: <reason> at
     *     column C}) or not an object
     */
    public static JsonNode readObject(String line, String field) {
        JsonNode node;
        try (JsonParser p = MAPPER.createParser(line)) {
            try {
                node = MAPPER.readTree(p);
            } catch (JsonProcessingException e) {
                // limits (a number over 1,000 digits, nesting over 1,000 levels...) carry no location
                JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
                throw new IllegalArgumentException("invalid JSON: " + reason(e)
                    + (at.getColumnNr() > 0 ? " at column " + at.getColumnNr() : ""), e);
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("invalid JSON: " + reason(e), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a String cannot fail to read
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("expected a JSON object with \"" + field + "\", got "
                + (node == null ? "nothing" : node.getNodeType().toString().toLowerCase(Locale.ROOT)));
        }
        return node;
    }

    /**
     * A Jackson error as a short phrase for users: its message without location, source or
     * pointers to Jackson's API ({@code Duplicate field 'hand'}, {@code Number value length (1001)
     * exceeds the maximum allowed (1000)}).
     */
    public static String reason(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            return e.getClass().getSimpleName();
        }
        Matcher at = LOCATION.matcher(m);
        m = at.replaceAll("column $1");
        m = API_NOTE.matcher(m).replaceAll("");
        return oneLine(m);
    }

    /** {@code message} on one line: line breaks and the blanks around them become one space; null becomes empty. */
    public static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * A JSON value as an error message quotes it: its JSON text, with the line breaks JSON leaves
     * as they are (U+0085, U+2028, U+2029) and control characters escaped ({@code \u2028}), so that
     * the message stays one line.
     */
    public static String shown(JsonNode value) {
        return Ascii.visible(String.valueOf(value));
    }

    /** A string field; null when absent or JSON null. */
    public static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a string");
        }
        return v.textValue();
    }

    /** A string field that must be there (and not null). */
    public static String required(JsonNode node, String field) {
        String v = text(node, field);
        if (v == null) {
            throw new IllegalArgumentException("missing \"" + field + "\"");
        }
        return v;
    }

    /**
     * The rules of a line: {@code "rules"} (a preset name) and {@code "bans"} (one comma-separated
     * string, or an array of names and puzzle codes), each falling back to {@code defaults}.
     */
    public static Rules rules(JsonNode node, Rules defaults) {
        Rules rules = defaults;
        String preset = text(node, "rules");
        if (preset != null) {
            rules = Rules.of(Preset.parse(preset), rules.banMask());
        }
        JsonNode bans = node.get("bans");
        if (bans != null && !bans.isNull()) {
            rules = Rules.of(rules.preset(), parseBans(bans));
        }
        return rules;
    }

    private static int parseBans(JsonNode bans) {
        if (bans.isTextual()) {
            return Rules.parseBans(bans.textValue());
        }
        if (!bans.isArray()) {
            throw new IllegalArgumentException("\"bans\" must be an array or a comma-separated string");
        }
        StringBuilder list = new StringBuilder();
        for (JsonNode b : bans) {
            if (!b.isTextual() && !b.isIntegralNumber()) {
                throw new IllegalArgumentException("\"bans\" holds " + shown(b) + ": expected type names or codes");
            }
            list.append(b.asText()).append(',');
        }
        return Rules.parseBans(list.toString());
    }
}
