package io.github.ddzengine.tools.json;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

import io.github.ddzengine.mc.arena.MatchStats;

/** A match's figures as JSON fields: one home for {@code ddz play --json}, {@code ddz ladder --json} and the Python bridge. */
public final class MatchJson {
    private MatchJson() {
    }

    /**
     * The fields of a match's figures, as {@code ddz play --json} and every row of {@code ddz ladder
     * --json} print them: {@code deals}, {@code games}, {@code wp}, {@code wp_ci}, {@code adp} ...
     * {@code games_per_s}.
     */
    public static void statsFields(JsonGenerator g, MatchStats s) throws IOException {
        g.writeNumberField("deals", s.deals());
        g.writeNumberField("games", s.games());
        number(g, "wp", s.wp());
        pair(g, "wp_ci", s.wpCi());
        number(g, "adp", s.adp());
        pair(g, "adp_ci", s.adpCi());
        number(g, "points", s.points());
        pair(g, "points_ci", s.pointsCi());
        number(g, "wp_landlord", s.wpLandlord());
        pair(g, "wp_landlord_ci", s.wpLandlordCi());
        number(g, "wp_farmer", s.wpFarmer());
        pair(g, "wp_farmer_ci", s.wpFarmerCi());
        number(g, "adp_landlord", s.adpLandlord());
        number(g, "adp_farmer", s.adpFarmer());
        number(g, "landlord_wp", s.landlordWp());
        number(g, "bombs_per_game", s.bombsPerGame());
        number(g, "seconds", s.seconds());
        number(g, "games_per_s", s.gamesPerSecond());
    }

    /** A number, or null for NaN (JSON has no NaN). */
    private static void number(JsonGenerator g, String field, double x) throws IOException {
        if (Double.isNaN(x)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, x);
        }
    }

    private static void pair(JsonGenerator g, String field, double[] c) throws IOException {
        g.writeArrayFieldStart(field);
        for (double x : c) {
            if (Double.isNaN(x)) {
                g.writeNull();
            } else {
                g.writeNumber(x);
            }
        }
        g.writeEndArray();
    }
}
