package io.github.ddzengine.tools;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;

/**
 * Fields shared by the {@code --batch} input lines of every verb. Each reader throws
 * {@link IllegalArgumentException} with a one-line message naming the field.
 */
final class JsonFields {
    private JsonFields() {
    }

    /** A string field; null when absent or JSON null. */
    static String text(JsonNode node, String field) {
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
    static String required(JsonNode node, String field) {
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
    static Rules rules(JsonNode node, Rules defaults) {
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
                throw new IllegalArgumentException("\"bans\" holds " + b + ": expected type names or codes");
            }
            list.append(b.asText()).append(',');
        }
        return Rules.parseBans(list.toString());
    }
}
