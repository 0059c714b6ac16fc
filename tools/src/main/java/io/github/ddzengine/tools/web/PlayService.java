package io.github.ddzengine.tools.web;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.History;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * The Monte Carlo endpoints: one decision with every candidate's win rate ({@code /api/decide}),
 * a bid ({@code /api/bid}), and whole games against the engine ({@code /api/game...}): you hold
 * one bidding position, the engine's Monte Carlo agent the two others, bidding included. Games are
 * kept in memory (at most {@value #MAX_GAMES}, the least recently used dropped first), each behind
 * its own lock. Thread-safe.
 */
final class PlayService {
    /** Default and largest budget of one decision, ms. */
    static final int DEFAULT_BUDGET_MS = 200;
    static final int MAX_BUDGET_MS = 5_000;
    /** Candidates a decision evaluates at most when all are asked for (hints, replay analysis). */
    static final int ALL_CANDIDATES = 64;
    static final int MAX_GAMES = 256;
    /** Most fixed worlds of one decision (no clock in that mode, so the count bounds its time). */
    static final int MAX_WORLDS = 1_000;

    private final DdzEngine engines;
    private final Toolkit toolkit;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Game> games = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Game> eldest) {
            return size() > MAX_GAMES;
        }
    };

    /**
     * The calling worker's single-threaded Monte Carlo agent of the standard rules with a budget
     * of {@code budgetMillis} (or {@code worlds} fixed worlds when positive) evaluating at most
     * {@code maxCandidates} moves: kept by the thread's workspace of {@code engine}.
     */
    static MonteCarloAgent agent(DdzEngine engine, int budgetMillis, int worlds, int maxCandidates) {
        return engine.workspace().mc(engine.mcSettings(Rules.STANDARD).budget(budgetMillis).worlds(worlds).threads(1)
            .maxCandidates(maxCandidates).build(), Rules.STANDARD);
    }

    PlayService(DdzEngine engines, Toolkit toolkit) {
        this.engines = engines;
        this.toolkit = toolkit;
    }

    // ------------------------------------------------------------------------------------------ decide, bid

    /** {@code /api/decide}: the Monte Carlo decision of one seat, every candidate with its win rate. */
    ObjectNode decide(Req q) {
        Rules rules = q.rules();
        JsonNode seatNode = q.get("seat");
        if (seatNode == null) {
            throw HttpError.bad("missing \"seat\" (0 = landlord, 1 = down, 2 = up)");
        }
        int seat = seatNode.isInt() ? q.integer("seat", 0, 0, 2)
            : Req.engine("seat", () -> Seat.parse(seatNode.asText(), 3));
        String handText = q.required("hand");
        long hand = Req.engine("hand", () -> Notation.parseCards(handText));
        String kittyText = q.text("kitty");
        long kitty = kittyText == null || kittyText.isBlank() ? 0 : Req.engine("kitty", () -> Notation.parseCards(kittyText));
        int bid = q.integer("bid", 0, 0, 3);
        int[] history = history(q, rules);
        int budget = q.integer("budget_ms", DEFAULT_BUDGET_MS, 5, MAX_BUDGET_MS);
        int worlds = q.integer("worlds", 0, 0, MAX_WORLDS);
        long seed = q.integer("seed", 0L, Long.MIN_VALUE, Long.MAX_VALUE);
        InformationSet info = Req.engine(() -> InformationSet.of(rules, seat, hand, kitty, bid, history));
        Decision d = PlayService.agent(engines, budget, worlds, ALL_CANDIDATES).decide(info, seed);
        ObjectNode o = decision(d);
        o.put("seed", seed);
        return o;
    }

    private static int[] history(Req q, Rules rules) {
        JsonNode h = q.get("history");
        if (h == null) {
            return new int[0];
        }
        if (h.isTextual()) {
            return Req.engine("history", () -> History.parse(rules, h.textValue()));
        }
        if (!h.isArray()) {
            throw HttpError.bad("\"history\" must be a comma-separated string or an array of moves");
        }
        StringBuilder sb = new StringBuilder();
        for (Iterator<JsonNode> it = h.elements(); it.hasNext(); ) {
            JsonNode m = it.next();
            if (!m.isTextual()) {
                throw HttpError.bad("\"history\" holds " + m + ": expected moves as strings");
            }
            if (m.textValue().contains(",")) {
                throw HttpError.bad("\"history\" holds \"" + m.textValue() + "\": one move an entry");
            }
            sb.append(sb.length() == 0 ? "" : ",").append(m.textValue().isBlank() ? "pass" : m.textValue());
        }
        return Req.engine("history", () -> History.parse(rules, sb.toString()));
    }

    /** A decision as JSON: the move, every candidate best first, the statistics. */
    static ObjectNode decision(Decision d) {
        MoveTable t = d.table();
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("move", t.format(d.move()));
        o.put("type", t.typeName(d.move()));
        o.put("cards", d.move() == MoveTable.PASS ? "" : Notation.format(t.cards(d.move())));
        ArrayNode c = o.putArray("candidates");
        for (int i = 0; i < d.candidates(); i++) {
            ObjectNode x = Positions.move(t, d.candidate(i));
            rate(x, "win_rate", d.winRate(i));
            rate(x, "mean_score", d.meanScore(i));
            c.add(x);
        }
        o.put("worlds", d.worlds());
        o.put("solved_worlds", d.solvedWorlds());
        o.put("rollouts", d.rollouts());
        o.put("time_ms", PuzzleService.ms(d.nanos()));
        o.put("budget_cut", d.budgetCut());
        return o;
    }

    static void rate(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, Math.round(v * 10000) / 10000.0);
        }
    }

    /** {@code /api/bid}: the landlord win rate of a dealt hand and the bid it gives. */
    ObjectNode bid(Req q) {
        Rules rules = q.rules();
        String handText = q.required("hand");
        long hand = Req.engine("hand", () -> Notation.parseCards(handText));
        ArrayNode bidsNode = q.array("bids");
        int[] earlier = new int[bidsNode == null ? 0 : bidsNode.size()];
        for (int i = 0; i < earlier.length; i++) {
            JsonNode b = bidsNode.get(i);
            if (!b.isInt()) {
                throw HttpError.bad("\"bids\" holds " + b + ": expected bids 0..3");
            }
            earlier[i] = b.intValue();
        }
        int worlds = q.integer("worlds", 1000, 1, 20_000);
        long seed = q.integer("seed", 0L, Long.MIN_VALUE, Long.MAX_VALUE);
        BidRequest request = Req.engine(() -> BidRequest.of(rules, hand, earlier));
        Bidder bidder = new Bidder().withWorlds(worlds);
        Bidder.Estimate e = bidder.estimate(rules, request.hand(), seed);
        ObjectNode o = Req.MAPPER.createObjectNode();
        rate(o, "win_rate", e.winRate());
        ArrayNode ci = o.putArray("ci");
        ci.add(Math.round(e.low() * 10000) / 10000.0);
        ci.add(Math.round(e.high() * 10000) / 10000.0);
        o.put("bid", bidder.bidFor(e, request.highestBid()));
        o.put("worlds", e.worlds());
        o.put("time_ms", PuzzleService.ms(e.nanos()));
        return o;
    }

    // ------------------------------------------------------------------------------------------ games

    /** One game against the engine. Guarded by its own monitor. */
    private static final class Game {
        final String id;
        final Rules rules;
        final Deal deal;
        final long seed;
        final int you;
        final int budget;
        final Bidding bidding = new Bidding();
        GameState state;
        GameRecord record;

        Game(String id, Rules rules, Deal deal, long seed, int you, int budget) {
            this.id = id;
            this.rules = rules;
            this.deal = deal;
            this.seed = seed;
            this.you = you;
            this.budget = budget;
        }

        int landlordPosition() {
            return bidding.landlordPosition();
        }

        /** The seat of bidding position {@code position} once the landlord is known. */
        int seatOf(int position) {
            return (position - landlordPosition() + 3) % 3;
        }

        int yourSeat() {
            return seatOf(you);
        }
    }

    /** {@code POST /api/game}: a new game; the engine bids until it is your turn. */
    ObjectNode newGame(Req q) {
        Rules rules = q.rules();
        long seed = q.has("seed") ? q.integer("seed", 0L, Long.MIN_VALUE, Long.MAX_VALUE) : random.nextLong() >>> 11;
        int you = q.integer("position", (int) Math.floorMod(SplitMix64.derive(seed, 7), 3), 0, 2);
        int budget = q.integer("budget_ms", 100, 5, MAX_BUDGET_MS);
        String dealText = q.text("deal");
        Deal deal = dealText == null ? Deal.random(seed) : Req.engine("deal", () -> Deal.parse(dealText));
        byte[] b = new byte[16];
        random.nextBytes(b);
        Game g = new Game(HexFormat.of().formatHex(b), rules, deal, seed, you, budget);
        synchronized (g) {
            engineBids(g);
            synchronized (games) {
                games.put(g.id, g);
            }
            return state(g);
        }
    }

    private Game game(String id) {
        Game g;
        synchronized (games) {
            g = games.get(id);
        }
        if (g == null) {
            throw new HttpError(404, "no game " + id + " (games are kept in memory: it ended with the server, or "
                + MAX_GAMES + " newer games pushed it out)");
        }
        return g;
    }

    /** {@code GET /api/game/ID}. */
    ObjectNode get(String id) {
        Game g = game(id);
        synchronized (g) {
            return state(g);
        }
    }

    /** {@code POST /api/game/ID/bid}: your bid, then the engine's until the bidding is over or yours again. */
    ObjectNode bid(String id, Req q) {
        Game g = game(id);
        synchronized (g) {
            if (g.bidding.isOver() || g.bidding.position() != g.you) {
                throw HttpError.bad(g.bidding.isOver() ? "the bidding is over" : "it is position "
                    + g.bidding.position() + "'s turn to bid, not yours (" + g.you + ")");
            }
            int bid = q.integer("bid", -1, 0, 3);
            if (bid < 0) {
                throw HttpError.bad("missing \"bid\" (0 = no bid, or 1..3)");
            }
            Req.engine(() -> {
                g.bidding.bid(bid);
                return null;
            });
            engineBids(g);
            return state(g);
        }
    }

    /** Lets the engine bid for its positions; when the bidding ends, starts play and lets the engine play. */
    private void engineBids(Game g) {
        while (!g.bidding.isOver() && g.bidding.position() != g.you) {
            int pos = g.bidding.position();
            int[] earlier = g.bidding.bids();
            MonteCarloAgent a = PlayService.agent(engines, g.budget, 0, io.github.ddzengine.mc.McSettings.DEFAULT_MAX_CANDIDATES);
            a.startGame(SplitMix64.derive(g.seed, 100 + pos));
            g.bidding.bid(a.bid(BidRequest.of(g.rules, g.deal.hand(pos), earlier)));
        }
        if (g.bidding.isOver() && g.state == null) {
            int lp = g.landlordPosition();
            g.state = new GameState(g.rules);
            g.state.start(g.deal, lp);
            enginePlays(g);
        }
    }

    /** Lets the engine play its seats until it is your turn or the game is over. */
    private void enginePlays(Game g) {
        GameState s = g.state;
        while (!s.isOver() && s.toAct() != g.yourSeat()) {
            MonteCarloAgent a = PlayService.agent(engines, g.budget, 0, io.github.ddzengine.mc.McSettings.DEFAULT_MAX_CANDIDATES);
            a.startGame(SplitMix64.derive(g.seed, 200 + s.toAct()));
            s.play(a.play(InformationSet.view(s, g.deal.kitty(), g.bidding.base())));
        }
        if (s.isOver() && g.record == null) {
            g.record = GameRecord.replay(1, 1, g.rules, g.deal, g.bidding.bids(),
                new String[] {name(g, 0), name(g, 1), name(g, 2)}, s.history());
        }
    }

    private static String name(Game g, int seat) {
        return seat == g.yourSeat() ? "you" : "mc";
    }

    /** {@code POST /api/game/ID/play}: your move ({@code "move"}: cards or a pass word), then the engine's. */
    ObjectNode play(String id, Req q) {
        Game g = game(id);
        synchronized (g) {
            GameState s = g.state;
            if (s == null) {
                throw HttpError.bad("the bidding is not over");
            }
            if (s.isOver()) {
                throw HttpError.bad("the game is over");
            }
            if (s.toAct() != g.yourSeat()) {
                throw HttpError.bad("it is seat " + s.toAct() + "'s turn, not yours");
            }
            int move = move(g, q.required("move"));
            Req.engine("move", () -> {
                s.play(move);
                return null;
            });
            enginePlays(g);
            return state(g);
        }
    }

    /**
     * The move your cards name: a pass word, or cards (with an optional {@code :type}); cards with
     * two legal readings and no type are refused with both readings in {@code "readings"}.
     */
    private int move(Game g, String text) {
        MoveTable t = g.rules.table();
        if (Notation.isPass(text.trim())) {
            return MoveTable.PASS;
        }
        if (text.contains(":")) {
            return Req.engine("move", () -> t.parseMove(text));
        }
        long cards = Req.engine("move", () -> Notation.parseCards(text));
        GameState s = g.state;
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = engines.workspace().generator(g.rules).answers(s.hand(s.toAct()), s.lastMove(), buf);
        ArrayNode readings = Req.MAPPER.createArrayNode();
        int found = -1;
        for (int i = 0; i < n; i++) {
            if (buf[i] != MoveTable.PASS && t.cards(buf[i]) == cards) {
                readings.add(t.format(buf[i]));
                found = buf[i];
            }
        }
        if (readings.size() > 1) {
            ObjectNode extra = Req.MAPPER.createObjectNode();
            extra.set("readings", readings);
            throw new HttpError(400, "\"move\": " + Notation.format(cards) + " has several readings: "
                + readings.get(0).asText() + " or " + readings.get(1).asText(), extra);
        }
        if (found >= 0) {
            return found;
        }
        // not a legal move: the engine's reason
        int id = Req.engine("move", () -> t.parseMove(text));
        String why = s.whyIllegal(id);
        throw HttpError.bad("\"move\": " + t.format(id) + ": " + (why == null ? "not legal here" : why));
    }

    /** {@code POST /api/game/ID/hint}: the engine's decision for your seat, every candidate's win rate. */
    ObjectNode hint(String id, Req q) {
        Game g = game(id);
        int budget = q.integer("budget_ms", 300, 5, MAX_BUDGET_MS);
        InformationSet info;
        long seed;
        synchronized (g) {
            GameState s = g.state;
            if (s == null || s.isOver() || s.toAct() != g.yourSeat()) {
                throw HttpError.bad(s == null ? "the bidding is not over" : s.isOver() ? "the game is over"
                    : "it is not your turn");
            }
            info = InformationSet.view(s, g.deal.kitty(), g.bidding.base());
            info = InformationSet.of(g.rules, info.seat(), info.hand(), info.kitty(), info.bid(), info.history());
            seed = SplitMix64.derive(g.seed, 300 + s.historyLength());
        }
        return decision(PlayService.agent(engines, budget, 0, ALL_CANDIDATES).decide(info, seed));
    }

    /** The state of a game as you see it (every hand once it is over). */
    private ObjectNode state(Game g) {
        MoveTable t = g.rules.table();
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("id", g.id);
        o.put("rules", g.rules.preset().id());
        o.set("bans", Req.bans(g.rules));
        o.put("seed", g.seed);
        o.put("budget_ms", g.budget);
        GameState s = g.state;
        o.put("phase", s == null ? "bidding" : s.isOver() ? "over" : "play");
        o.put("position", g.you);
        ArrayNode bids = o.putArray("bids");
        int[] made = g.bidding.bids();
        for (int i = 0; i < made.length; i++) {
            ObjectNode b = bids.addObject();
            b.put("position", i);
            b.put("bid", made[i]);
            b.put("by", i == g.you ? "you" : "engine");
        }
        if (s == null) {
            o.put("hand", Notation.format(g.deal.hand(g.you)));
            o.put("to_bid", g.bidding.position());
            ArrayNode legal = o.putArray("legal_bids");
            for (int b = 0; b <= 3; b++) {
                if (Bidding.isLegal(b, g.bidding.highestBid())) {
                    legal.add(b);
                }
            }
            ArrayNode players = o.putArray("players");
            for (int p = 0; p < 3; p++) {
                ObjectNode x = players.addObject();
                x.put("position", p);
                x.put("you", p == g.you);
                x.put("cards_left", 17);
            }
            return o;
        }
        int seat = g.yourSeat();
        o.put("seat", seat);
        o.put("role", Seat.name(seat));
        o.put("hand", Notation.format(s.hand(seat)));
        o.put("landlord_position", g.landlordPosition());
        o.put("base", g.bidding.base());
        o.put("kitty", Notation.format(g.deal.kitty()));
        o.put("to_act", s.isOver() ? null : s.toAct());
        o.put("your_turn", !s.isOver() && s.toAct() == seat);
        o.put("lead", !s.isOver() && s.leads());
        o.put("beat", s.isOver() || s.leads() ? null : t.format(s.lastMove()));
        o.put("beat_seat", s.isOver() || s.leads() ? null : s.lastSeat());
        // the current trick: each seat's latest action since the trick's lead
        int trickStart = 0;
        int lastBy = -1;
        ArrayNode history = o.putArray("history");
        for (int i = 0; i < s.historyLength(); i++) {
            int m = s.historyMove(i);
            int who = i % 3;
            if (m != MoveTable.PASS && (lastBy < 0 || Trick.passEndsTrick(who, lastBy))) {
                trickStart = i;
            }
            if (m != MoveTable.PASS) {
                lastBy = who;
            }
            ObjectNode h = Positions.move(t, m);
            h.put("seat", who);
            history.add(h);
        }
        if (!s.isOver() && s.leads()) {
            trickStart = s.historyLength(); // a new trick: the table is clear
        }
        ArrayNode players = o.putArray("players");
        for (int p = 0; p < 3; p++) {
            int st = g.seatOf(p);
            ObjectNode x = players.addObject();
            x.put("position", p);
            x.put("seat", st);
            x.put("role", Seat.name(st));
            x.put("you", p == g.you);
            x.put("cards_left", Cards.size(s.hand(st)));
            JsonNode last = null;
            for (int i = s.historyLength() - 1; i >= trickStart; i--) {
                if (i % 3 == st) {
                    last = Positions.move(t, s.historyMove(i));
                    break;
                }
            }
            x.set("last_play", last);
            if (s.isOver()) {
                x.put("hand", Notation.format(s.hand(st)));
            }
        }
        if (s.isOver()) {
            GameRecord r = g.record;
            ObjectNode res = ReplayService.result(r);
            res.put("you_won", r.landlordWins() == (seat == Seat.LANDLORD));
            res.put("your_score", r.score(seat));
            o.set("result", res);
            o.put("record", toolkit.recordLine(r));
        }
        return o;
    }
}
