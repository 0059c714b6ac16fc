package io.github.ddzengine.tools.web;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.engine.Coach;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Moves in perfect-information positions (two or three seats), and their JSON. */
final class Positions {
    private Positions() {
    }

    /**
     * Why the mover of {@code p} may not play {@code move}, or null if it may: the rules allow
     * it, the mover holds it, it is no pass on a lead and it beats the last move.
     */
    static String whyIllegal(Position p, int move) {
        return Coach.whyIllegal(p, move);
    }

    /**
     * The position after the mover plays {@code move} (legal), or null when it empties the hand
     * (the game is over). A pass hands the lead back to the seat of the last move when every other
     * seat has passed.
     */
    static Position after(Position p, int move) {
        return Coach.after(p, move);
    }

    /** Whether {@code seat} plays for the landlord. */
    static boolean landlordSide(int seat) {
        return seat == Seat.LANDLORD;
    }

    /** {@code landlord} and {@code farmer} with two seats; {@code landlord}, {@code down}, {@code up} with three. */
    static String role(int seat, int seats) {
        if (seat == Seat.LANDLORD) {
            return "landlord";
        }
        return seats == 2 ? "farmer" : seat == Seat.LANDLORD_DOWN ? "down" : "up";
    }

    /** {@code {"move": "333444555666:trio_chain_4", "type": "trio_chain_4", "cards": "333444555666"}}; a pass has cards "". */
    static ObjectNode move(MoveTable t, int id) {
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("move", t.format(id));
        o.put("type", t.typeName(id));
        o.put("cards", id == MoveTable.PASS ? "" : Notation.format(t.cards(id)));
        return o;
    }

    /** Move texts as a JSON array. */
    static ArrayNode moveTexts(MoveTable t, int[] ids) {
        ArrayNode a = Req.MAPPER.createArrayNode();
        for (int id : ids) {
            a.add(t.format(id));
        }
        return a;
    }

    /** The hands of {@code p} as an array of canonical card strings. */
    static ArrayNode hands(Position p) {
        ArrayNode a = Req.MAPPER.createArrayNode();
        for (int s = 0; s < p.seats(); s++) {
            a.add(Notation.format(p.hand(s)));
        }
        return a;
    }
}
