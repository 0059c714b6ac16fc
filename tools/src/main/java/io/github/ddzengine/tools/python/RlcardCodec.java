package io.github.ddzengine.tools.python;

import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * RLCard's Dou Dizhu encoding for the batched environment ({@code ddz_engine.rlcard_env.RLCardBatchEnv}):
 * its action ids (the caller sends RLCard's action list, read from the installed {@code rlcard}
 * package, once) and its observation arrays, 790 values for the landlord and 901 for a farmer, in
 * the layout {@code ddz_engine.rlcard_env.observation} writes (which the Python tests check against
 * RLCard's own encoder; this one is checked against that). Player 0 is the landlord, as in RLCard.
 */
final class RlcardCodec {
    /** Values of a card set: four thermometer bits a rank 3..2, then the two jokers. */
    static final int CARDS = 54;
    static final int LANDLORD_SIZE = 790;
    static final int FARMER_SIZE = 901;

    /** RLCard's action id of each card set (the pass is the empty set). */
    private final Map<Long, Integer> ids = new HashMap<>();
    /** The card set of each RLCard action id. */
    private final long[] cardsOf;

    /** A codec of RLCard's action list ({@code "pass"} and card strings in RLCard's notation: B, R the jokers). */
    RlcardCodec(JsonNode actions) {
        if (actions == null || !actions.isArray() || actions.size() == 0) {
            throw new IllegalArgumentException("\"actions\" must be RLCard's action list");
        }
        cardsOf = new long[actions.size()];
        for (int i = 0; i < actions.size(); i++) {
            String a = actions.get(i).asText();
            long c = a.equals("pass") ? 0L : Notation.parseCards(a.replace('B', 'X').replace('R', 'D'));
            cardsOf[i] = c;
            ids.putIfAbsent(c, i);
        }
    }

    int size() {
        return cardsOf.length;
    }

    /** The RLCard id of a move (by its cards), or -1 when RLCard has none. */
    int id(MoveTable table, int move) {
        Integer id = ids.get(move == MoveTable.PASS ? 0L : table.cards(move));
        return id == null ? -1 : id;
    }

    /** The cards of an RLCard action id. */
    long cards(int id) {
        if (id < 0 || id >= cardsOf.length) {
            throw new IllegalArgumentException("no RLCard action id " + id);
        }
        return cardsOf[id];
    }

    /** The observation of the seat to act in {@code s}, base64. */
    String observation(GameState s, MoveTable table) {
        int seat = s.toAct();
        int n = s.historyLength();
        long[] played = new long[3];
        for (int i = 0; i < n; i++) {
            int m = s.historyMove(i);
            if (m != MoveTable.PASS) {
                played[i % 3] = Cards.add(played[i % 3], table.cards(m));
            }
        }
        byte[] o = new byte[seat == 0 ? LANDLORD_SIZE : FARMER_SIZE];
        int at = 0;
        at = cards(s.hand(seat), o, at);
        long others = 0;
        for (int p = 0; p < 3; p++) {
            if (p != seat) {
                others = Cards.add(others, s.hand(p));
            }
        }
        at = cards(others, o, at);
        long last = 0;
        if (n > 0) { // the move to beat, looking back over one pass
            int m = s.historyMove(n - 1);
            if (m == MoveTable.PASS && n > 1) {
                m = s.historyMove(n - 2);
            }
            last = m == MoveTable.PASS ? 0 : table.cards(m);
        }
        at = cards(last, o, at);
        for (int k = n - 9; k < n; k++) { // the last 9 actions, empty before the first
            int m = k < 0 ? MoveTable.PASS : s.historyMove(k);
            at = cards(m == MoveTable.PASS ? 0 : table.cards(m), o, at);
        }
        if (seat == 0) {
            at = cards(played[2], o, at);
            at = cards(played[1], o, at);
            at = oneHot(Cards.size(s.hand(2)), 17, o, at);
            at = oneHot(Cards.size(s.hand(1)), 17, o, at);
        } else {
            int mate = 3 - seat;
            at = cards(played[0], o, at);
            at = cards(played[mate], o, at);
            at = cards(lastBy(s, table, 0), o, at);
            at = cards(lastBy(s, table, mate), o, at);
            at = oneHot(Cards.size(s.hand(0)), 20, o, at);
            at = oneHot(Cards.size(s.hand(mate)), 17, o, at);
        }
        if (at != o.length) {
            throw new IllegalStateException("observation of " + at + " values, not " + o.length);
        }
        return Base64.getEncoder().encodeToString(o);
    }

    /** The cards of {@code seat}'s last action (a pass, or none: the empty set). */
    private static long lastBy(GameState s, MoveTable table, int seat) {
        for (int i = s.historyLength() - 1; i >= 0; i--) {
            if (i % 3 == seat) {
                int m = s.historyMove(i);
                return m == MoveTable.PASS ? 0 : table.cards(m);
            }
        }
        return 0;
    }

    private static int cards(long c, byte[] o, int at) {
        for (int r = 0; r < 13; r++) {
            int k = Cards.count(c, r);
            for (int j = 0; j < k; j++) {
                o[at + r * 4 + j] = 1;
            }
        }
        o[at + 52] = (byte) (Cards.count(c, Rank.SMALL_JOKER) > 0 ? 1 : 0);
        o[at + 53] = (byte) (Cards.count(c, Rank.BIG_JOKER) > 0 ? 1 : 0);
        return at + CARDS;
    }

    /** RLCard's one-hot of a count: place {@code n - 1}, the last place for 0. */
    private static int oneHot(int n, int size, byte[] o, int at) {
        o[at + (n == 0 ? size - 1 : n - 1)] = 1;
        return at + size;
    }
}
