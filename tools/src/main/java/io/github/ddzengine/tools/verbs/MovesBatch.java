package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.Query;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.tools.json.MovesJson;
import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.protocol.JsonFields;

/**
 * {@code ddz moves --batch} (run by {@link JsonLines}): reads one JSON object a line,
 * {@code {"hand": "...", "last_move": "...", "rules": "...", "bans": [...]}}, and writes one JSON
 * line for each, {@code {"moves": [...]}} or {@code {"error": "line N: ..."}}.
 *
 * <p>{@code hand} is required; {@code last_move} ({@code ""} or absent: lead), {@code rules} and
 * {@code bans} (an array of names or codes, or one comma-separated string) fall back to the
 * command-line defaults. Where {@code last_move} has several readings and carries no {@code :type}
 * suffix, an optional {@code last_move_type} names the reading, so the reference files of
 * {@code testdata/reference} can be fed as they are. Other fields are ignored.
 *
 * <p>Output is flushed whenever the input has no more lines ready.
 */
final class MovesBatch implements JsonLines.Handler<MoveLister> {
    private final Rules defaults;
    private final MoveLister lister = new MoveLister();

    /** A batch whose lines default to {@code defaults} (preset and bans). */
    MovesBatch(Rules defaults) {
        this.defaults = defaults;
    }

    @Override
    public String expected() {
        return "a JSON object with \"hand\"";
    }

    /** Parses a line and lists its moves; the lister holds them until the next line. */
    @Override
    public MoveLister read(String line) {
        JsonNode node = JsonFields.readObject(line, "hand");
        String hand = JsonFields.required(node, "hand");
        String last = JsonFields.text(node, "last_move");
        String lastType = JsonFields.text(node, "last_move_type");
        if (last != null && lastType != null && !lastType.isBlank() && last.indexOf(':') < 0) {
            last = last + ":" + lastType;
        }
        lister.list(Query.parse(JsonFields.rules(node, defaults), hand, last, "last_move"));
        return lister;
    }

    @Override
    public void answer(MoveLister moves, JsonLineWriter out) throws IOException {
        MovesJson.moves(out, moves);
    }

    @Override
    public boolean flushEveryLine() {
        return false;
    }
}
