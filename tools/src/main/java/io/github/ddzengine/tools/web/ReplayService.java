package io.github.ddzengine.tools.web;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.tools.json.AuditJson;

/**
 * The replay endpoints: a file of game records ({@code ddz play --out}) read and re-validated as
 * {@code ddz replay} does ({@code /api/replay}), and the engine's view of one decision of a game
 * ({@code /api/replay/analyse}): the win rate of the move played against the engine's best, from
 * what the seat knew then (its hand, the kitty, the bid and the plays before it).
 *
 * <p>The analysis evaluates up to {@value PlayService#ALL_CANDIDATES} candidates, kicker variants
 * thinned to one per main part (as the engine plays): a move played with other kickers than the
 * engine's variant is rated as that variant ({@code "played_as"}). Thread-safe.
 */
final class ReplayService {
    /** Most games read from one file. */
    static final int MAX_GAMES = 2_000;

    private final DdzEngine engines;
    private final Toolkit toolkit;

    ReplayService(DdzEngine engines, Toolkit toolkit) {
        this.engines = engines;
        this.toolkit = toolkit;
    }

    /** {@code /api/replay}: {@code {"records": TEXT}}, one record a line -> every game, step by step. */
    ObjectNode replay(Req q) {
        String text = q.required("records");
        ObjectNode o = Req.MAPPER.createObjectNode();
        ArrayNode out = o.putArray("games");
        String[] lines = text.split("\\r?\\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isBlank()) {
                continue;
            }
            if (out.size() == MAX_GAMES) {
                throw HttpError.bad("more than " + MAX_GAMES + " games in the file: open a shorter one");
            }
            GameRecord r = read(line, "line " + (i + 1) + ": ");
            ObjectNode g = game(r);
            g.put("line", i + 1);
            g.put("record", line.strip());
            out.add(g);
        }
        if (out.isEmpty()) {
            throw HttpError.bad("no game records in the file (expected one JSON object a line, as ddz play --out "
                + "writes them)");
        }
        o.put("count", out.size());
        return o;
    }

    private GameRecord read(String line, String where) {
        try {
            return toolkit.readRecord(line);
        } catch (IllegalArgumentException e) {
            throw HttpError.bad(where + Req.oneLine(e.getMessage()));
        }
    }

    /** A game: deal, bids, seating, hands at the start, and each play with the hands after it. */
    private static ObjectNode game(GameRecord r) {
        MoveTable t = r.rules().table();
        ObjectNode g = Req.MAPPER.createObjectNode();
        g.put("game", r.game());
        g.put("deal_number", r.dealNumber());
        g.put("rules", r.rules().preset().id());
        g.set("bans", Req.bans(r.rules()));
        g.put("deal", r.deal().toString());
        g.put("kitty", Notation.format(r.deal().kitty()));
        ArrayNode bids = g.putArray("bids");
        for (int b : r.bids()) {
            bids.add(b);
        }
        g.put("landlord_position", r.landlordPosition());
        g.put("base", r.base());
        ArrayNode agents = g.putArray("agents");
        ArrayNode start = g.putArray("start_hands");
        long[] hands = new long[3];
        for (int s = 0; s < 3; s++) {
            agents.add(r.agent(s));
            hands[s] = r.startHand(s);
            start.add(Notation.format(hands[s]));
        }
        ArrayNode steps = g.putArray("steps");
        int[] plays = r.plays();
        for (int i = 0; i < plays.length; i++) {
            ObjectNode st = Positions.move(t, plays[i]);
            st.put("seat", i % 3);
            if (plays[i] != MoveTable.PASS) {
                hands[i % 3] = Cards.remove(hands[i % 3], t.cards(plays[i]));
            }
            ArrayNode after = st.putArray("hands");
            for (int s = 0; s < 3; s++) {
                after.add(Notation.format(hands[s]));
            }
            steps.add(st);
        }
        g.set("result", result(r));
        return g;
    }

    /** The result of a game: winner, multiplier and its causes, scores by seat (as the record's {@code "result"}). */
    static ObjectNode result(GameRecord r) {
        ObjectNode res = Req.MAPPER.createObjectNode();
        res.put("winner", r.landlordWins() ? "landlord" : "farmers");
        res.put("winner_seat", r.winner());
        res.put("multiplier", r.multiplier());
        res.put("bombs", r.bombs());
        res.put("rockets", r.rockets());
        res.put("spring", r.spring());
        res.put("anti_spring", r.antiSpring());
        ArrayNode scores = res.putArray("scores");
        for (int s = 0; s < 3; s++) {
            scores.add(r.score(s));
        }
        return res;
    }

    /**
     * {@code /api/replay/analyse}: {@code {"record": LINE or object, "play": i, "budget_ms"?,
     * "worlds"?, "seed"?}} -> the engine's win rate for play {@code i} (0-based) against its best.
     */
    ObjectNode analyse(Req q) {
        JsonNode rec = q.get("record");
        if (rec == null) {
            throw HttpError.bad("missing \"record\" (one line of the records file, or its object)");
        }
        GameRecord r = read(rec.isTextual() ? rec.textValue() : rec.toString(), "\"record\": ");
        int[] plays = r.plays();
        int i = q.integer("play", -1, 0, Math.max(0, plays.length - 1));
        if (i < 0) {
            throw HttpError.bad("missing \"play\" (0-based index of the play to analyse)");
        }
        int budget = q.integer("budget_ms", 300, 5, PlayService.MAX_BUDGET_MS);
        int worlds = q.integer("worlds", 0, 0, PlayService.MAX_WORLDS);
        long seed = q.integer("seed", 0L, Long.MIN_VALUE, Long.MAX_VALUE);
        MoveTable t = r.rules().table();
        int seat = i % 3;
        long hand = r.startHand(seat);
        int[] history = new int[i];
        for (int k = 0; k < i; k++) {
            history[k] = plays[k];
            if (k % 3 == seat && plays[k] != MoveTable.PASS) {
                hand = Cards.remove(hand, t.cards(plays[k]));
            }
        }
        long h = hand;
        InformationSet info = Req.engine(() -> InformationSet.of(r.rules(), seat, h, r.deal().kitty(), r.base(), history));
        Decision d = PlayService.agent(engines, budget, worlds, PlayService.ALL_CANDIDATES).decide(info, seed);
        ObjectNode o = PlayService.decision(d);
        o.put("play", i);
        o.put("seat", seat);
        o.put("role", Seat.name(seat));
        int played = plays[i];
        o.set("played", Positions.move(t, played));
        int at = -1;
        for (int c = 0; c < d.candidates(); c++) {
            if (d.candidate(c) == played) {
                at = c;
            }
        }
        if (at < 0) {
            // another kicker choice of a candidate's main part: rated as that candidate
            for (int c = 0; c < d.candidates() && at < 0; c++) {
                int m = d.candidate(c);
                if (m != MoveTable.PASS && played != MoveTable.PASS && t.family(m) == t.family(played)
                    && t.mainRank(m) == t.mainRank(played) && t.typeOrdinal(m) == t.typeOrdinal(played)
                    && t.length(m) == t.length(played)) {
                    at = c;
                    o.put("played_as", t.format(m));
                }
            }
        }
        o.put("forced", d.candidates() == 1);
        if (at >= 0) {
            PlayService.rate(o, "played_win_rate", d.winRate(at));
            o.put("played_rank", at + 1);
        } else {
            o.putNull("played_win_rate");
            o.putNull("played_rank");
        }
        PlayService.rate(o, "best_win_rate", d.winRate(0));
        return o;
    }

    /** Most cards in all hands of an audited decision, and the default. */
    static final int AUDIT_MAX_CARDS = 30;
    /** Default and largest node budget of one audit solve. */
    static final long AUDIT_NODES = 2_000_000;
    static final long AUDIT_MAX_NODES = 20_000_000;

    /**
     * {@code /api/replay/audit}: {@code {"record": LINE or object, "max_cards"?, "nodes"?}} -> the
     * open-hand analysis of the game as {@code ddz analyze --json} gives it (every hand seen, the
     * exact solver): each decision of at most {@code max_cards} cards in all hands (default and
     * most {@value #AUDIT_MAX_CARDS}) with the mover's verdict before and after its move, the
     * winning moves, whether it was a blunder (a won position lost by the move), and the decisive
     * play; plays 1-based as in {@code ddz analyze}.
     */
    ObjectNode audit(Req q) {
        JsonNode rec = q.get("record");
        if (rec == null) {
            throw HttpError.bad("missing \"record\" (one line of the records file, or its object)");
        }
        GameRecord r = read(rec.isTextual() ? rec.textValue() : rec.toString(), "\"record\": ");
        int maxCards = q.integer("max_cards", AUDIT_MAX_CARDS, 1, AUDIT_MAX_CARDS);
        long nodes = q.integer("nodes", AUDIT_NODES, 1, AUDIT_MAX_NODES);
        OpenHandAudit.GameAudit a = Req.engine(() -> engines.withThreads(1).analyze(List.of(r), maxCards, nodes, null).get(0));
        ObjectNode o;
        try {
            java.io.StringWriter text = new java.io.StringWriter();
            try (com.fasterxml.jackson.core.JsonGenerator g = Req.MAPPER.getFactory().createGenerator(text)) {
                g.writeStartObject();
                AuditJson.gameFields(g, a);
                g.writeEndObject();
            }
            o = (ObjectNode) Req.MAPPER.readTree(text.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        o.put("max_cards", maxCards);
        return o;
    }
}
