package org.ddz.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

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
        String hand = JsonFields.text(node, "hand");
        if (hand == null) {
            throw new IllegalArgumentException("missing \"hand\"");
        }
        String last = JsonFields.text(node, "last_move");
        String lastType = JsonFields.text(node, "last_move_type");
        if (last != null && lastType != null && !lastType.isBlank() && last.indexOf(':') < 0) {
            last = last + ":" + lastType;
        }
        return Query.parse(JsonFields.rules(node, defaults), hand, last, "last_move");
    }
}
