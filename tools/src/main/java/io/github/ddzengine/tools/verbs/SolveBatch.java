package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.SolveDistance;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.tools.json.SolveJson;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.engine.Workspace;
import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;


import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.Tables;

/**
 * {@code ddz solve --batch} (run by {@link JsonLines}): reads one position a line and writes one
 * JSON line for each, the object of {@link SolveJson} or {@code {"error": "line N: ..."}}.
 *
 * <p>A line is either a position in plain notation ({@code 448999TJJQQAD/336688TAA22X 0}) or a
 * JSON object {@code {"position": "...", "rules": "...", "bans": [...], "all": true,
 * "timeout_ms": 1000, "distance": true, "id": ...}}: {@code position} required; {@code rules}, {@code bans} (an
 * array of names or codes, or one comma-separated string), {@code all}, {@code distance} and {@code timeout_ms}
 * fall back to the command-line options; {@code id} (any JSON value) is echoed first in the
 * output; other fields are ignored, so the files of {@code testdata/positions} can be fed as they are.
 *
 * <p>Every line is solved from an empty transposition table, so its time does not depend on the
 * lines before it. One solver per rule set is kept and reused (the engine's {@link Workspace}). Output is flushed
 * after every line: a line costs far more to solve than to write.
 */
final class SolveBatch implements JsonLines.Handler<SolveBatch.Task> {
    private final Rules defaults;
    private final boolean defaultAll;
    private final boolean defaultDistance;
    private final long defaultTimeoutMillis;
    private final Workspace workspace;
    private final Tables.LoadReport tables;

    /**
     * A batch whose lines default to the command-line options.
     *
     * @param defaults the rules (preset and bans) of lines that give none
     * @param all whether lines that do not say find every winning first move
     * @param distance whether lines that do not say also find the plays to win ({@link SolveDistance})
     * @param timeoutMillis the time budget of lines that do not say, 0 for none
     * @param workspace the engine's workspace whose solvers to use
     * @param tables the tables installed for the batch (null if none), to name one that fails under it
     */
    SolveBatch(Rules defaults, boolean all, boolean distance, long timeoutMillis, Workspace workspace,
               Tables.LoadReport tables) {
        this.defaultDistance = distance;
        this.tables = tables;
        this.defaults = defaults;
        this.defaultAll = all;
        this.defaultTimeoutMillis = timeoutMillis;
        this.workspace = workspace;
    }

    /** One parsed input line. */
    record Task(JsonNode id, Position position, boolean all, boolean distance, long timeoutMillis) {
    }

    @Override
    public String expected() {
        return "a position or a JSON object with \"position\"";
    }

    /** Parses one input line: a plain position or a JSON object. */
    @Override
    public Task read(String line) {
        String start = line.stripLeading();
        if (!start.startsWith("{") && !start.startsWith("[")) { // a JSON array is a mistake, not notation
            return new Task(null, Position.parse(line, defaults), defaultAll, defaultDistance, defaultTimeoutMillis);
        }
        JsonNode node = JsonFields.readObject(line, "position");
        String position = JsonFields.required(node, "position");
        Rules rules = JsonFields.rules(node, defaults);
        boolean all = flag(node, "all", defaultAll);
        boolean distance = flag(node, "distance", defaultDistance);
        long timeout = defaultTimeoutMillis;
        JsonNode t = node.get("timeout_ms");
        if (t != null && !t.isNull()) {
            if (!t.isIntegralNumber() || !t.canConvertToLong() || t.longValue() < 0
                || t.longValue() > Limits.MAX_TIMEOUT_MS) {
                throw new IllegalArgumentException(Bounds.message("\"timeout_ms\"", t, 0, Limits.MAX_TIMEOUT_MS,
                    "whole milliseconds; 0: no limit"));
            }
            timeout = t.longValue();
        }
        JsonNode id = node.get("id");
        return new Task(id, Position.parse(position, rules), all, distance, timeout);
    }

    /** A boolean field of a line, or {@code otherwise} when absent or null. */
    private static boolean flag(JsonNode node, String field, boolean otherwise) {
        JsonNode a = node.get(field);
        if (a == null || a.isNull()) {
            return otherwise;
        }
        if (!a.isBoolean()) {
            throw new IllegalArgumentException("\"" + field + "\" must be true or false");
        }
        return a.booleanValue();
    }

    /** Solves a task and writes its object. */
    @Override
    public void answer(Task task, JsonLineWriter out) throws IOException {
        Position p = task.position();
        SolveResult r = workspace.solver(p.rules()).solve(p, task.all(), task.timeoutMillis(), 0);
        SolveDistance.Report d = null;
        if (task.distance() && r.isKnown()) {
            DistanceToWin dtw = workspace.distance(p.rules());
            dtw.clear(); // every line from an empty table, as its solve
            d = SolveDistance.of(dtw, p, r, task.timeoutMillis());
        }
        SolveJson.result(out, task.id(), p, r, task.distance(), d);
    }

    @Override
    public Tables.LoadReport tables() {
        return tables;
    }

    /** A line costs far more to solve than to write. */
    @Override
    public boolean flushEveryLine() {
        return true;
    }
}
