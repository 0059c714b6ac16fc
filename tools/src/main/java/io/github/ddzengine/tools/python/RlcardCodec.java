package io.github.ddzengine.tools.python;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * RLCard's Dou Dizhu encoding for the environments of {@code ddz_engine.rlcard_env} ({@link
 * RlcardGame}, {@link RlcardBatch}):
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
    /** The move table {@link #idsByMove} was made for, and RLCard's id of each of its moves (-1: none). */
    private MoveTable idsTable;
    private int[] idsByMove;

    /** A codec of RLCard's action list ({@code "pass"} and card strings in RLCard's notation: B, R the jokers). */
    RlcardCodec(JsonNode actions) {
        this(strings(actions));
    }

    /**
     * A codec of RLCard's action list.
     *
     * @param actions {@code "pass"} and card strings in RLCard's notation (B, R the jokers), RLCard's
     *     id of each its index
     * @throws IllegalArgumentException for an empty list or an action that is not a card set
     */
    RlcardCodec(List<String> actions) {
        if (actions == null || actions.isEmpty()) {
            throw new IllegalArgumentException("\"actions\" must be RLCard's action list");
        }
        cardsOf = new long[actions.size()];
        for (int i = 0; i < actions.size(); i++) {
            String a = actions.get(i);
            long c;
            try {
                c = a.equals("pass") ? 0L : Notation.parseCards(a.replace('B', 'X').replace('R', 'D'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("actions[" + i + "]: " + e.getMessage(), e);
            }
            cardsOf[i] = c;
            ids.putIfAbsent(c, i);
        }
    }

    private static List<String> strings(JsonNode actions) {
        if (actions == null || !actions.isArray()) {
            throw new IllegalArgumentException("\"actions\" must be RLCard's action list");
        }
        List<String> out = new ArrayList<>(actions.size());
        for (JsonNode a : actions) {
            out.add(a.asText());
        }
        return out;
    }

    int size() {
        return cardsOf.length;
    }

    /** The RLCard id of a move (by its cards), or -1 when RLCard has none. */
    int id(MoveTable table, int move) {
        return idsByMove(table)[move];
    }

    /** RLCard's id of every move of {@code table} by move id (-1 where RLCard has none), made once a table. */
    int[] idsByMove(MoveTable table) {
        if (idsTable != table) {
            int[] out = new int[table.size()];
            for (int m = 0; m < out.length; m++) {
                Integer id = ids.get(m == MoveTable.PASS ? 0L : table.cards(m));
                out[m] = id == null ? -1 : id;
            }
            idsByMove = out;
            idsTable = table;
        }
        return idsByMove;
    }

    /** The cards of an RLCard action id. */
    long cards(int id) {
        if (id < 0 || id >= cardsOf.length) {
            throw new IllegalArgumentException("no RLCard action id " + id);
        }
        return cardsOf[id];
    }

    /**
     * The RLCard ids of legal moves, each once, in the moves' order.
     *
     * @param ids RLCard's id of each move ({@link #idsByMove})
     * @param moves move ids, {@code n} of them
     * @param out gets the RLCard ids; as long as {@code n}
     * @param seen scratch of {@link #size()} flags, all false before and after
     * @return how many ids {@code out} got
     */
    static int legalIds(int[] ids, int[] moves, int n, int[] out, boolean[] seen) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            int id = ids[moves[i]];
            if (id >= 0 && !seen[id]) {
                seen[id] = true;
                out[k++] = id;
            }
        }
        for (int i = 0; i < k; i++) {
            seen[out[i]] = false;
        }
        return k;
    }

    /**
     * RLCard's observation of {@code seat} in {@code s}: {@value #LANDLORD_SIZE} values for the
     * landlord (seat 0), {@value #FARMER_SIZE} for a farmer, each 0 or 1.
     *
     * @param o gets the values from index 0 (at least {@value #FARMER_SIZE} long; the rest is left)
     * @return how many values were written
     */
    static int observe(GameState s, int seat, MoveTable table, byte[] o) {
        int n = s.historyLength();
        long played0 = 0; // the cards each seat has played (seat i % 3 made play i)
        long played1 = 0;
        long played2 = 0;
        for (int i = 0; i < n; i++) {
            int m = s.historyMove(i);
            if (m != MoveTable.PASS) {
                long c = table.cards(m);
                switch (i % 3) {
                    case 0 -> played0 = Cards.add(played0, c);
                    case 1 -> played1 = Cards.add(played1, c);
                    default -> played2 = Cards.add(played2, c);
                }
            }
        }
        int size = seat == 0 ? LANDLORD_SIZE : FARMER_SIZE;
        Arrays.fill(o, 0, size, (byte) 0);
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
            at = cards(played2, o, at);
            at = cards(played1, o, at);
            at = oneHot(Cards.size(s.hand(2)), 17, o, at);
            at = oneHot(Cards.size(s.hand(1)), 17, o, at);
        } else {
            int mate = 3 - seat;
            at = cards(played0, o, at);
            at = cards(mate == 1 ? played1 : played2, o, at);
            at = cards(lastBy(s, table, 0), o, at);
            at = cards(lastBy(s, table, mate), o, at);
            at = oneHot(Cards.size(s.hand(0)), 20, o, at);
            at = oneHot(Cards.size(s.hand(mate)), 17, o, at);
        }
        if (at != size) {
            throw new IllegalStateException("observation of " + at + " values, not " + size);
        }
        return size;
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

    static int cards(long c, byte[] o, int at) {
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
    static int oneHot(int n, int size, byte[] o, int at) {
        o[at + (n == 0 ? size - 1 : n - 1)] = 1;
        return at + size;
    }
}
