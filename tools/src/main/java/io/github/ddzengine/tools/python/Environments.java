package io.github.ddzengine.tools.python;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.engine.Workspace;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.protocol.GameRecords;
import io.github.ddzengine.protocol.JsonFields;

/**
 * The stepping environment of the Python package ({@code ddz_engine.env}): games without bidding
 * (the first hand of the deal is the landlord's, with the kitty, base 1) that a caller plays move by
 * move, each move checked against the rules, with any engine agent's move on request. One
 * instance per bridge, one thread at a time; at most {@link #MAX_GAMES} games are kept, the least
 * recently used dropped first.
 */
final class Environments {
    /** Games kept at once. */
    static final int MAX_GAMES = 1024;

    private final Map<Long, Env> games = lru(MAX_GAMES);
    private long nextId = 1;

    /** One game in progress. */
    private static final class Env {
        final long id;
        final Rules rules;
        final Deal deal;
        final long seed;
        final GameState state;

        Env(long id, Rules rules, Deal deal, long seed) {
            this.id = id;
            this.rules = rules;
            this.deal = deal;
            this.seed = seed;
            this.state = new GameState(rules);
            state.start(deal);
        }
    }

    /** A map of at most {@code max} entries in access order, the least recently used dropped first. */
    static <V> Map<Long, V> lru(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
                return size() > max;
            }
        };
    }

    /** {@code {"op":"env_reset","seed":S,"deal":"..."}}: a new game; its state. */
    String reset(JsonNode node, Rules rules, long seed, Workspace workspace) {
        String text = JsonFields.text(node, "deal");
        Deal deal = text == null ? Deal.random(SplitMix64.derive(seed, 0)) : Deal.parse(text);
        Env e = new Env(nextId++, rules, deal, seed);
        games.put(e.id, e);
        return state(e, workspace);
    }

    /** {@code {"op":"env_step","game":ID,"move":"..."}}: the move played; the new state. */
    String step(JsonNode node, long id, Workspace workspace) {
        Env e = inPlay(id, "reset for a new one");
        String text = JsonFields.required(node, "move");
        int move;
        try {
            move = e.rules.table().parseMove(text);
        } catch (IllegalArgumentException x) {
            throw new IllegalArgumentException("move: " + x.getMessage(), x);
        }
        String why = e.state.whyIllegal(move);
        if (why != null) {
            throw new IllegalArgumentException("move " + text.strip() + " is not legal here: " + why);
        }
        e.state.play(move);
        return state(e, workspace);
    }

    /**
     * {@code {"op":"env_agent","game":ID,"agent":"rule"}}: the move an engine agent would play for
     * the seat to act, from that seat's information (its hand, the kitty, the plays), not played;
     * seeded from the game's seed, the seat and the number of plays, so the same state gives the
     * same move.
     */
    String agentMove(JsonNode node, long id, Workspace workspace) {
        Env e = inPlay(id, "no seat acts");
        String spec = JsonFields.required(node, "agent");
        int seat = e.state.toAct();
        InformationSet info = InformationSet.of(e.rules, seat, e.state.hand(seat), e.deal.kitty(), 1, e.state.history());
        int move;
        try (Agent a = workspace.agent(spec, e.rules)) {
            a.startGame(SplitMix64.derive(SplitMix64.derive(e.seed, 1 + seat), e.state.historyLength()));
            move = a.play(info);
        }
        MoveTable table = e.rules.table();
        return PythonBridge.json(g -> {
            g.writeStringField("move", table.format(move));
            g.writeStringField("agent", spec.strip());
        });
    }

    /** Game {@code id}, which must not be over ({@code IllegalArgumentException}: "game ID is over: {@code what}"). */
    private Env inPlay(long id, String what) {
        Env e = game(id);
        if (e.state.isOver()) {
            throw new IllegalArgumentException("game " + id + " is over: " + what);
        }
        return e;
    }

    private Env game(long id) {
        Env e = games.get(id);
        if (e == null) {
            throw new IllegalArgumentException("no game " + id + " (reset makes one; the oldest of more than " + MAX_GAMES
                + " are dropped)");
        }
        return e;
    }

    private static String state(Env e, Workspace workspace) {
        return state(e.id, e.rules, e.deal, e.state, workspace.generator(e.rules));
    }

    /**
     * A game's state as {@code env_reset} and {@code env_step} answer it: {@code game}, {@code
     * rules}, {@code deal}, {@code kitty}, {@code done}, {@code seat}, {@code hands}, {@code
     * history}, {@code last_move}, {@code legal} (display order) and, once over, {@code result} and
     * {@code record}.
     */
    static String state(long id, Rules rules, Deal deal, GameState s, MoveGenerator generator) {
        MoveTable table = rules.table();
        return PythonBridge.json(g -> {
            g.writeNumberField("game", id);
            g.writeStringField("rules", rules.toString());
            g.writeStringField("deal", deal.toString());
            g.writeStringField("kitty", Notation.format(deal.kitty()));
            g.writeBooleanField("done", s.isOver());
            g.writeNumberField("seat", s.isOver() ? -1 : s.toAct());
            g.writeArrayFieldStart("hands");
            for (int seat = 0; seat < 3; seat++) {
                g.writeString(Notation.format(s.hand(seat)));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("history");
            for (int i = 0; i < s.historyLength(); i++) {
                g.writeString(table.format(s.historyMove(i)));
            }
            g.writeEndArray();
            if (s.isOver() || s.leads()) {
                g.writeNullField("last_move");
            } else {
                g.writeObjectFieldStart("last_move");
                g.writeStringField("move", table.format(s.lastMove()));
                g.writeNumberField("seat", s.lastSeat());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("legal");
            if (!s.isOver()) {
                int[] ids = new int[MoveGenerator.MAX_MOVES];
                int n = generator.answers(s.hand(s.toAct()), s.leads() ? MoveTable.PASS : s.lastMove(), ids);
                DisplayOrder.sort(table, ids, n, new long[n]);
                for (int i = 0; i < n; i++) {
                    g.writeString(table.format(ids[i]));
                }
            }
            g.writeEndArray();
            if (s.isOver()) {
                GameRecord r = GameRecord.replay(1, 1, rules, deal, new int[0], new String[] {"", "", ""},
                    s.history());
                writeResult(g, r);
                g.writeFieldName("record");
                g.writeRawValue(GameRecords.toJson(r));
            }
        });
    }

    private static void writeResult(JsonGenerator g, GameRecord r) throws IOException {
        g.writeObjectFieldStart("result");
        g.writeStringField("winner", r.landlordWins() ? "landlord" : "farmers");
        g.writeNumberField("winner_seat", r.winner());
        g.writeNumberField("multiplier", r.multiplier());
        g.writeBooleanField("spring", r.spring());
        g.writeBooleanField("anti_spring", r.antiSpring());
        g.writeArrayFieldStart("scores");
        for (int seat = 0; seat < 3; seat++) {
            g.writeNumber(r.score(seat));
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
