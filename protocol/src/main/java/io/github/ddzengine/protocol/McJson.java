package io.github.ddzengine.protocol;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Decision;

/**
 * The JSON of Monte Carlo results, written into an object the caller opened: a decision as
 * {@code ddz move --json}, {@code ddz serve}'s answer with win rates and the Python bridge give
 * it, and a bid estimate as {@code ddz bid --json} and the bridge give it. Rates and scores are
 * rounded to four places; a rate that cannot be computed is {@code null}.
 */
public final class McJson {
    private McJson() {
    }

    /**
     * Writes {@code "move", "type", "candidates": [{"move", "type", "win_rate", "mean_score",
     * "worlds"}], "worlds", "solved_worlds", "rollouts", "time_ms", "budget_cut"}: the chosen move,
     * every evaluated candidate best first (win rates from the mover's side, 0..1; mean scores in
     * points of the mover's side), the sample and its wall time in ms.
     */
    public static void decision(JsonGenerator g, Decision d) throws IOException {
        MoveTable t = d.table();
        g.writeStringField("move", t.format(d.move()));
        g.writeStringField("type", t.typeName(d.move()));
        g.writeArrayFieldStart("candidates");
        for (int i = 0; i < d.candidates(); i++) {
            g.writeStartObject();
            g.writeStringField("move", t.format(d.candidate(i)));
            g.writeStringField("type", t.typeName(d.candidate(i)));
            rate(g, "win_rate", d.winRate(i));
            rate(g, "mean_score", d.meanScore(i));
            g.writeNumberField("worlds", d.worlds());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("worlds", d.worlds());
        g.writeNumberField("solved_worlds", d.solvedWorlds());
        g.writeNumberField("rollouts", d.rollouts());
        g.writeNumberField("time_ms", Math.round(d.nanos() / 1e4) / 100.0);
        g.writeBooleanField("budget_cut", d.budgetCut());
    }

    /**
     * Writes {@code "win_rate", "ci": [low, high], "bid", "worlds", "time_ms"}: the estimated
     * landlord win rate of a hand with its 95% interval and the bid it gives.
     */
    public static void bid(JsonGenerator g, Bidder.Estimate e, int bid) throws IOException {
        g.writeNumberField("win_rate", round(e.winRate()));
        g.writeArrayFieldStart("ci");
        g.writeNumber(round(e.low()));
        g.writeNumber(round(e.high()));
        g.writeEndArray();
        g.writeNumberField("bid", bid);
        g.writeNumberField("worlds", e.worlds());
        g.writeNumberField("time_ms", Math.round(e.nanos() / 1e4) / 100.0);
    }

    /** A rate or mean to four places, or {@code null} for NaN. */
    public static void rate(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, round(v));
        }
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }
}
