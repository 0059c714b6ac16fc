package io.github.ddzengine.tools.json;

import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.SolveDistance;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;

/**
 * The JSON of {@code ddz solve}: one compact object a line,
 *
 * <pre>
 * {"id": ..., "position": "...", "rules": "standard", "bans": [...], "verdict": "win",
 *  "mover_wins": true, "winner": "landlord", "winning_moves": [...], "line": [...],
 *  "timed_out": false, "nodes": n, "time_ms": t, "table_hit_rate": x}
 * </pre>
 *
 * {@code id} only when the batch input line has one (echoed as it is); {@code position} canonical;
 * {@code bans} the banned type names ({@code []} for none); {@code verdict} {@code "win"},
 * {@code "loss"} or {@code "unknown"} (the time ran out: then {@code mover_wins} and
 * {@code winner} are null, {@code timed_out} is true and {@code line} is empty);
 * {@code winning_moves} every winning first move when all were asked for ({@code []} when the
 * mover loses), null otherwise; {@code line} a principal variation whose first move is a winning
 * move when the mover wins; {@code time_ms} to the microsecond; {@code table_hit_rate} 0..1 to
 * four places. Error lines are written by {@link JsonLineWriter#error}.
 */
public final class SolveJson {
    private SolveJson() {
    }

    /**
     * Writes the object of one solve and a line break.
     *
     * @param id the input line's {@code id}, written first as it is; null for none
     */
    public static void result(JsonLineWriter out, JsonNode id, Position p, SolveResult r) throws IOException {
        result(out, id, p, r, false, null);
    }

    /**
     * Writes the object of one solve and a line break, with the distance fields when {@code d}
     * is given ({@code --distance}): {@code plays_to_win}, {@code plays_to_win_exact}, with
     * {@code --all} {@code plays_by_move}, and {@code distance_nodes}, {@code distance_ms}; the
     * line is then the distance's line when it was found in the budget.
     *
     * @param id the input line's {@code id}, written first as it is; null for none
     * @param distanceAsked whether the distance was asked for (then its fields are null when the
     *     verdict is unknown)
     * @param d the distance, or null (not asked for, or the verdict unknown)
     */
    public static void result(JsonLineWriter out, JsonNode id, Position p, SolveResult r, boolean distanceAsked,
                       SolveDistance.Report d)
        throws IOException {
        Rules rules = p.rules();
        MoveTable table = rules.table();
        JsonGenerator gen = out.gen();
        gen.writeStartObject();
        if (id != null) {
            gen.writeFieldName("id");
            gen.writeTree(id);
        }
        gen.writeStringField("position", p.toString());
        gen.writeStringField("rules", rules.preset().id());
        gen.writeArrayFieldStart("bans");
        for (String ban : rules.banNames()) {
            gen.writeString(ban);
        }
        gen.writeEndArray();
        gen.writeStringField("verdict", verdict(r));
        if (r.isKnown()) {
            gen.writeBooleanField("mover_wins", r.moverWins());
            gen.writeStringField("winner", r.winner());
        } else {
            gen.writeNullField("mover_wins");
            gen.writeNullField("winner");
        }
        int[] winning = r.winningMoves();
        if (winning == null) {
            gen.writeNullField("winning_moves");
        } else {
            moves(gen, "winning_moves", table, MoveLister.inDisplayOrder(table, winning));
        }
        moves(gen, "line", table, d != null && d.line() != null ? d.line() : r.line());
        if (d != null) {
            gen.writeNumberField("plays_to_win", d.plays());
            gen.writeBooleanField("plays_to_win_exact", d.exact());
            if (d.moves() != null) {
                gen.writeArrayFieldStart("plays_by_move");
                for (int i = 0; i < d.moves().length; i++) {
                    gen.writeStartObject();
                    gen.writeStringField("move", table.format(d.moves()[i]));
                    gen.writeNumberField("plays_to_win", d.movePlays()[i]);
                    gen.writeBooleanField("exact", d.moveExact()[i]);
                    gen.writeEndObject();
                }
                gen.writeEndArray();
            }
        } else if (distanceAsked) {
            gen.writeNullField("plays_to_win");
            gen.writeNullField("plays_to_win_exact");
        }
        gen.writeBooleanField("timed_out", !r.isKnown());
        gen.writeNumberField("nodes", r.nodes());
        gen.writeNumberField("time_ms", BigDecimal.valueOf(r.nanos(), 6).setScale(3, RoundingMode.HALF_UP));
        gen.writeNumberField("table_hit_rate", BigDecimal.valueOf(r.tableHitRate()).setScale(4, RoundingMode.HALF_UP));
        if (d != null) {
            gen.writeNumberField("distance_nodes", d.nodes());
            gen.writeNumberField("distance_ms", BigDecimal.valueOf(d.nanos(), 6).setScale(3, RoundingMode.HALF_UP));
        }
        gen.writeEndObject();
        out.endLine();
    }

    /** {@code "win"}, {@code "loss"} or {@code "unknown"}. */
    public static String verdict(SolveResult r) {
        switch (r.verdict()) {
            case WIN:
                return "win";
            case LOSS:
                return "loss";
            default:
                return "unknown";
        }
    }

    private static void moves(JsonGenerator gen, String field, MoveTable table, int[] ids) throws IOException {
        gen.writeArrayFieldStart(field);
        for (int id : ids) {
            gen.writeString(table.format(id));
        }
        gen.writeEndArray();
    }
}
