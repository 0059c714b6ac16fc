package io.github.ddzengine.tools.botzone;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;

/**
 * The checks the FightTheLandlord2 judge makes on a bot's answer, with its error names. The card
 * ids are turned into cards here (not with the bot's code), and the combination is read and
 * compared with the BOTZONE move table, whose legal-move sets match the judge's on the shared
 * reference positions ({@code legal-moves.jsonl.gz}, tested in solver-core).
 */
final class BotzoneJudge {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BotzoneJudge() {
    }

    /** A judged play: the ids played (bit i = id i) and the move id, or the judge's error. */
    record Verdict(String error, long ids, int move) {
        boolean ok() {
            return error == null;
        }
    }

    /** The response value of a bot's output line, or null if the line is not {@code {"response": ...}}. */
    static JsonNode response(String line) {
        try {
            JsonNode n = MAPPER.readTree(line);
            return n != null && n.isObject() && n.has("response") ? n.get("response") : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** A bid: INVALID_BID unless 0, or 1..3 above the highest bid so far. */
    static String judgeBid(JsonNode response, int highest) {
        if (response == null || !response.isIntegralNumber()) {
            return "INVALID_BID (not a number: " + response + ")";
        }
        int b = response.intValue();
        if (b == 0 || (b > highest && b <= 3)) {
            return null;
        }
        return "INVALID_BID (" + b + " after " + highest + ")";
    }

    /** The rank of a card id, computed here independently: 0..51 by fours, 52 small joker, 53 big joker. */
    private static int rank(int id) {
        if (id == 52) {
            return 13;
        }
        if (id == 53) {
            return 14;
        }
        return id / 4;
    }

    /**
     * A play.
     *
     * @param held the ids the player holds
     * @param last the move to beat, or {@link MoveTable#PASS} when the player leads
     */
    static Verdict judgePlay(MoveTable table, JsonNode response, long held, int last) {
        if (response == null || !response.isArray()) {
            return new Verdict("INVALID_INPUT (not a list of ids: " + response + ")", 0, -1);
        }
        long ids = 0;
        long cards = 0;
        for (JsonNode x : response) {
            if (!x.isIntegralNumber() || x.intValue() < 0 || x.intValue() > 53) {
                return new Verdict("MISSING_CARD (no card " + x + ")", 0, -1);
            }
            int id = x.intValue();
            if ((ids & (1L << id)) != 0) {
                return new Verdict("REPEATED_CARD (" + id + ")", 0, -1);
            }
            if ((held & (1L << id)) == 0) {
                return new Verdict("MISSING_CARD (" + id + " not held)", 0, -1);
            }
            ids |= 1L << id;
            cards += 1L << (4 * rank(id));
        }
        if (ids == 0) {
            return last == MoveTable.PASS ? new Verdict("INVALID_PASS", 0, -1) : new Verdict(null, 0, MoveTable.PASS);
        }
        int[] rs = new int[2];
        if (table.classify(cards, rs) == 0) {
            return new Verdict("INVALID_CARDTYPE", ids, -1);
        }
        int move = rs[0];
        if (last == MoveTable.PASS || table.beats(move, last)) {
            return new Verdict(null, ids, move);
        }
        boolean bombs = table.isBomb(move) || table.isBomb(last) || table.type(move) == MoveType.ROCKET
            || table.type(last) == MoveType.ROCKET;
        if (!bombs && table.type(move) != table.type(last)) {
            return new Verdict("MISMATCH_CARDTYPE", ids, move);
        }
        if (!bombs && table.cardCount(move) != table.cardCount(last)) {
            return new Verdict("MISMATCH_CARDLENGTH", ids, move);
        }
        return new Verdict("LESS_COMPARE", ids, move);
    }

    /** Cards (layout of {@link Cards}) of an id set, computed here. */
    static long cards(long ids) {
        long c = 0;
        for (long m = ids; m != 0; m &= m - 1) {
            c += 1L << (4 * rank(Long.numberOfTrailingZeros(m)));
        }
        return c;
    }
}
