package io.github.ddzengine.tools.json;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.audit.AuditReport;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.tools.cli.MoveLister;

/**
 * A game's open-hand analysis as JSON: one home for the game lines of {@code ddz analyze --json},
 * the replay page's {@code /api/replay/audit} and the Python bridge's {@code analyze}
 * (docs/cli/analyze.md has the fields).
 */
public final class AuditJson {
    private AuditJson() {
    }

    /**
     * The fields of one game's analysis: {@code game}, {@code deal}, {@code rules}, {@code agents},
     * {@code winner}, {@code plays}, {@code decisions} (each with {@code play} 1-based, {@code seat},
     * {@code move}, {@code cards}, {@code before} and {@code after} as {@code win}, {@code loss} or
     * {@code unknown}, {@code winning_moves} in display order or null, {@code blunder},
     * {@code nodes}) and {@code decisive_play} (1-based, or null).
     */
    public static void gameFields(JsonGenerator gen, OpenHandAudit.GameAudit a) throws IOException {
        GameRecord g = a.record();
        MoveTable table = g.rules().table();
        gen.writeNumberField("game", g.game());
        gen.writeNumberField("deal", g.dealNumber());
        gen.writeStringField("rules", g.rules().toString());
        gen.writeArrayFieldStart("agents");
        for (int s = 0; s < 3; s++) {
            gen.writeString(AuditReport.label(g, s));
        }
        gen.writeEndArray();
        gen.writeStringField("winner", g.landlordWins() ? "landlord" : "farmers");
        gen.writeNumberField("plays", g.plays().length);
        gen.writeArrayFieldStart("decisions");
        for (OpenHandAudit.Decision d : a.decisions()) {
            gen.writeStartObject();
            gen.writeNumberField("play", d.play() + 1);
            gen.writeStringField("seat", Seat.name(d.seat()));
            gen.writeStringField("move", table.format(d.move()));
            gen.writeNumberField("cards", d.cards());
            gen.writeStringField("before", verdict(d.wonBefore()));
            gen.writeStringField("after", verdict(d.wonAfter()));
            if (d.winning() == null) {
                gen.writeNullField("winning_moves");
            } else {
                gen.writeArrayFieldStart("winning_moves");
                for (int m : MoveLister.inDisplayOrder(table, d.winning())) {
                    gen.writeString(table.format(m));
                }
                gen.writeEndArray();
            }
            gen.writeBooleanField("blunder", d.verdict() == OpenHandAudit.Verdict.BLUNDER);
            gen.writeNumberField("nodes", d.nodes());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        OpenHandAudit.Decision decisive = OpenHandAudit.decisive(a);
        if (decisive == null) {
            gen.writeNullField("decisive_play");
        } else {
            gen.writeNumberField("decisive_play", decisive.play() + 1);
        }
    }

    /** A side's verdict: {@code win}, {@code loss}, or {@code unknown} for null. */
    public static String verdict(Boolean won) {
        return won == null ? "unknown" : won ? "win" : "loss";
    }
}
