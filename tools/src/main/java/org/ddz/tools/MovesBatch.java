package org.ddz.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import org.ddz.core.rules.Preset;
import org.ddz.core.rules.Rules;

/**
 * {@code ddz moves --batch}: reads one JSON object a line,
 * {@code {"hand": "...", "last_move": "...", "rules": "...", "bans": [...]}}, and writes one JSON
 * line for each, {@code {"moves": [...]}} or {@code {"error": "line N: ..."}}.
 *
 * <p>{@code hand} is required; {@code last_move} ({@code ""} or absent: lead), {@code rules} and
 * {@code bans} (an array of names or codes, or one comma-separated string) fall back to the
 * command-line defaults. Where {@code last_move} has several readings and carries no {@code :type}
 * suffix, an optional {@code last_move_type} names the reading, so the reference files of
 * {@code shared/reference} can be fed as they are. Other fields are ignored.
 *
 * <p>Output is flushed whenever the input has no more lines ready, so a tool may hold a
 * conversation line by line while a file is still processed in large writes.
 */
final class MovesBatch {
    private final Rules defaults;
    private final MoveLister lister = new MoveLister();

    /** A batch whose lines default to {@code defaults} (preset and bans). */
    MovesBatch(Rules defaults) {
        this.defaults = defaults;
    }

    /**
     * Answers every line of {@code in} on {@code out}.
     *
     * @return the number of lines read
     * @throws IOException only if reading or writing fails (bad lines give error lines)
     */
    long run(BufferedReader in, Writer out) throws IOException {
        MovesJson json = new MovesJson(out);
        long lineNo = 0;
        String line;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String error = null;
            try {
                lister.list(parse(line));
            } catch (JsonProcessingException e) {
                error = "invalid JSON: " + Ddz.oneLine(e.getOriginalMessage()) + " at column "
                    + e.getLocation().getColumnNr();
            } catch (IllegalArgumentException e) {
                error = Ddz.oneLine(e.getMessage());
            }
            if (error == null) {
                json.moves(lister);
            } else {
                json.error("line " + lineNo + ": " + error);
            }
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
        return lineNo;
    }

    /** Parses one input line into a query. */
    private Query parse(String line) throws JsonProcessingException {
        if (line.isBlank()) {
            throw new IllegalArgumentException("empty line (expected a JSON object with \"hand\")");
        }
        JsonNode node = MovesJson.MAPPER.readTree(line);
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected a JSON object with \"hand\", got " + node.getNodeType()
                .toString().toLowerCase(Locale.ROOT));
        }
        String hand = text(node, "hand");
        if (hand == null) {
            throw new IllegalArgumentException("missing \"hand\"");
        }
        String last = text(node, "last_move");
        String lastType = text(node, "last_move_type");
        if (last != null && lastType != null && !lastType.isBlank() && last.indexOf(':') < 0) {
            last = last + ":" + lastType;
        }
        String preset = text(node, "rules");
        Rules rules = defaults;
        if (preset != null) {
            rules = Rules.of(Preset.parse(preset), rules.banMask());
        }
        JsonNode bans = node.get("bans");
        if (bans != null && !bans.isNull()) {
            rules = Rules.of(rules.preset(), parseBans(bans));
        }
        return Query.parse(rules, hand, last, "last_move");
    }

    /** A string field; null when absent or JSON null. */
    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a string");
        }
        return v.textValue();
    }

    /** {@code "bans"}: one comma-separated string, or an array of names and puzzle codes. */
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
