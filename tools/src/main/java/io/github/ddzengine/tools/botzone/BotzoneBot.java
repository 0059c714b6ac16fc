package io.github.ddzengine.tools.botzone;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.BidRequest;

/**
 * A Botzone FightTheLandlord2 bot ({@code notation.md} section 5, the BOTZONE rules): one turn
 * from the one line of JSON Botzone sends, {@code {"requests": [...], "responses": [...]}}, to the
 * one line it expects, {@code {"response": ...}}.
 *
 * <p><b>Rebuilding the game.</b> A bidding turn (the last request has {@code bid} and no
 * {@code history}) bids from the 17 dealt cards and the earlier bids. A play turn takes the seats
 * from the first request that carries {@code publiccard}: the landlord's position, ours
 * ({@code pos}) and the final bid; our seat is {@code (pos - landlord) mod 3} (0 landlord, 1
 * landlord_down, 2 landlord_up). From that request on, each request's {@code history} holds the
 * plays of the two positions before ours, oldest first, and each of our responses but the last
 * turn's is our own play, so the plays are rebuilt in order of play. In the first play request the
 * entries of positions that have not played yet (two for the landlord, the first for
 * landlord_down) are empty lists and are skipped. Our cards are {@code own}, plus
 * {@code publiccard} when we are the landlord, minus our responses. The whole history is then
 * checked card by card (ids) and by the rules ({@link InformationSet#of}).
 *
 * <p><b>Answer.</b> The agent's move is mapped to concrete card ids we hold (the lowest ids of
 * each rank). Whatever goes wrong, the answer is still one the judge accepts where at all
 * possible: a bid of 0; a pass when following; the lowest card we hold as a solo when leading. The
 * reasons are returned in {@link Reply#errors()} for standard error.
 *
 * <p>Not thread-safe: one turn at a time.
 */
public final class BotzoneBot {
    /** The rules of FightTheLandlord2. */
    public static final Rules RULES = Rules.of(Preset.BOTZONE);
    /** Worlds of the Monte Carlo bidding estimate: a cold JVM plays them out in about a budget. */
    static final int BID_WORLDS = 200;
    private static final int DECK = 54;
    private static final long ALL_IDS = (1L << DECK) - 1;

    /**
     * One turn's answer.
     *
     * @param line the line to print: {@code {"response":...}}
     * @param errors what was wrong with the input or the decision, one line each (empty when all was well)
     */
    public record Reply(String line, List<String> errors) {
    }

    private final Agent agent;
    private final long seed;

    /**
     * A bot without precomputed tables.
     *
     * @param agentSpec a spec of {@link AgentSpecs#builtIn()}: {@code mc} (the Monte Carlo engine,
     *     timed), {@code mc:worlds=N} (fixed worlds, reproducible), {@code mc:budget=MS}, {@code rule},
     *     {@code greedy}, {@code random}, ...
     * @param budgetMs the Monte Carlo time budget of a play decision, ms (unless the spec sets one)
     * @param seed mixed with the input line into the seed of the agent's random choices
     * @throws IllegalArgumentException for an unknown agent or bad settings
     */
    public BotzoneBot(String agentSpec, int budgetMs, long seed) {
        this(agentSpec, budgetMs, seed, EngineTables.NONE);
    }

    /**
     * A bot whose agent uses {@code tables} (those of the BOTZONE preset and the shared ones).
     *
     * @param agentSpec as for {@link #BotzoneBot(String, int, long)}
     * @param budgetMs the Monte Carlo time budget of a play decision, ms (unless the spec sets one)
     * @param seed mixed with the input line into the seed of the agent's random choices
     * @param tables the precomputed tables
     * @throws IllegalArgumentException for an unknown agent or bad settings
     */
    public BotzoneBot(String agentSpec, int budgetMs, long seed, EngineTables tables) {
        this.agent = agent(agentSpec, budgetMs, tables);
        this.seed = seed;
    }

    /**
     * The agent of a spec, from the engine's {@link AgentSpecs}: the Monte Carlo agent plays on
     * {@code budgetMs} and bids from {@value #BID_WORLDS} worlds unless the spec says otherwise.
     */
    private static Agent agent(String spec, int budgetMs, EngineTables tables) {
        return DdzEngine.of(RULES).withTables(tables).withAgents(AgentSpecs.builtIn())
            .withAgentDefaults("mc", Map.of("budget", Integer.toString(budgetMs)))
            .withAgentDefaults("mc", Map.of("bid-worlds", Integer.toString(BID_WORLDS)))
            .workspace().agent(spec, RULES);
    }

    /**
     * An integer in ASCII digits with an optional leading minus sign ({@link Long#parseLong} would
     * also take other scripts' digits and a plus sign).
     *
     * @throws NumberFormatException for anything else, or a value beyond a long
     */
    static long parseInteger(String text) {
        int start = text.startsWith("-") ? 1 : 0;
        if (text.length() == start || text.length() > 20) {
            throw new NumberFormatException("not an integer: '" + text + "'");
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not an integer: '" + text + "'");
            }
        }
        return Long.parseLong(text);
    }

    /**
     * Answers one turn.
     *
     * @param input the line Botzone sent
     * @return the response line and the errors found; never throws
     */
    public Reply respond(String input) {
        List<String> errors = new ArrayList<>();
        String response;
        try {
            response = turn(input == null ? "" : input, errors);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError | InternalError e) {
            // every step below guards itself; this is the last line of defence
            errors.add("internal error: " + e);
            response = "[]";
        }
        errors.replaceAll(Ascii::visible); // they may quote the input: one line each, whatever it holds
        return new Reply("{\"response\":" + response + "}", errors);
    }

    private String turn(String input, List<String> errors) {
        Object root;
        String text = input.strip();
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte-order mark some tools write before UTF-8 text
        }
        try {
            root = MiniJson.parse(text);
        } catch (IllegalArgumentException e) {
            errors.add(e.getMessage());
            // nothing to rebuild from: a play turn's safest answer is a pass, a bidding turn's 0
            return input.contains("\"history\"") ? "[]" : "0";
        }
        Map<String, Object> top;
        List<Object> requests;
        try {
            top = object(root, "the input");
            requests = list(top.get("requests"), "\"requests\"");
            if (requests.isEmpty()) {
                throw new IllegalArgumentException("\"requests\" is empty");
            }
        } catch (IllegalArgumentException e) {
            errors.add(e.getMessage());
            return input.contains("\"history\"") ? "[]" : "0";
        }
        Object lastObj = requests.get(requests.size() - 1);
        boolean bidding = lastObj instanceof Map<?, ?> m && m.containsKey("bid") && !m.containsKey("history");
        // seeded from the turn as read, not its spelling: blanks, key order and escapes change nothing
        agent.startGame(SplitMix64.derive(seed, root.hashCode()));
        return bidding ? bid(requests, errors) : play(top, requests, errors);
    }

    // ------------------------------------------------------------------------------------- bidding

    private String bid(List<Object> requests, List<String> errors) {
        int index = requests.size() - 1;
        try {
            Map<String, Object> req = object(requests.get(index), "requests[" + index + "]");
            List<Object> earlierList = list(req.get("bid"), "requests[" + index + "].bid");
            int[] earlier = new int[earlierList.size()];
            for (int i = 0; i < earlier.length; i++) {
                earlier[i] = (int) integer(earlierList.get(i), "requests[" + index + "].bid[" + i + "]", 0, 3);
                if (earlier[i] == 3) {
                    throw new IllegalArgumentException("requests[" + index + "].bid: a bid of 3 ended the bidding, yet "
                        + "we are asked to bid");
                }
            }
            Object own = req.containsKey("own") ? req.get("own") : object(requests.get(0), "requests[0]").get("own");
            long hand = cards(ids(own, "own", 17));
            BidRequest request = BidRequest.of(RULES, hand, earlier);
            int b;
            try {
                b = agent.bid(request);
            } catch (RuntimeException e) {
                errors.add("the agent failed to bid: " + e);
                return "0";
            }
            if (!Bidding.isLegal(b, request.highestBid())) {
                errors.add("the agent bid " + b + " after " + request.highestBid() + ": answering 0");
                return "0";
            }
            return Integer.toString(b);
        } catch (IllegalArgumentException e) {
            errors.add(e.getMessage());
            return "0";
        }
    }

    // ------------------------------------------------------------------------------------- play

    /**
     * What a safe answer needs, read leniently: the ids we hold (as far as known) and whether we
     * surely lead. When the turn cannot be rebuilt the answer is a pass unless both plays before
     * ours are certainly passes: a pass is legal whenever following is possible.
     */
    private static final class Safe {
        long held;
        boolean leads;
    }

    private String play(Map<String, Object> top, List<Object> requests, List<String> errors) {
        Safe safe = new Safe();
        try {
            safeFacts(top, requests, safe);
        } catch (RuntimeException e) {
            // the strict reading below reports what is wrong
        }
        InformationSet info;
        long held;
        try {
            long[] heldOut = new long[1];
            info = rebuild(top, requests, heldOut);
            held = heldOut[0];
        } catch (IllegalArgumentException e) {
            errors.add(e.getMessage());
            return safeAnswer(safe);
        }
        MoveTable table = RULES.table();
        int move;
        try {
            move = agent.play(info);
        } catch (RuntimeException e) {
            errors.add("the agent failed: " + e);
            move = fallback(info);
        }
        if (!legal(info, move)) {
            errors.add("the agent chose " + (move >= 0 && move < table.size() ? table.format(move) : "move id " + move)
                + ", which is not legal here: answering the fallback");
            move = fallback(info);
        }
        return idList(pick(held, table.cards(move)));
    }

    private static String safeAnswer(Safe safe) {
        if (!safe.leads || safe.held == 0) {
            return "[]";
        }
        return "[" + Long.numberOfTrailingZeros(safe.held) + "]";
    }

    /** A pass when following, else the lowest card as a solo. */
    static int fallback(InformationSet info) {
        if (!info.leads()) {
            return MoveTable.PASS;
        }
        int[] rs = new int[2];
        RULES.table().classify(Cards.of(Cards.lowestRank(info.hand()), 1), rs);
        return rs[0];
    }

    private static boolean legal(InformationSet info, int move) {
        MoveTable t = RULES.table();
        if (move < 0 || move >= t.size()) {
            return false;
        }
        if (move == MoveTable.PASS) {
            return !info.leads();
        }
        return RULES.allows(move) && Cards.contains(info.hand(), t.cards(move))
            && (info.leads() || t.beats(move, info.lastMove()));
    }

    /** Leniently: our ids (own, the kitty if ours, minus our responses) and whether we lead. */
    private static void safeFacts(Map<String, Object> top, List<Object> requests, Safe safe) {
        int f = firstPlayRequest(requests);
        Map<String, Object> fr = object(requests.get(f), "requests[" + f + "]");
        Object ownObj = fr.containsKey("own") ? fr.get("own") : object(requests.get(0), "requests[0]").get("own");
        long held = idsLenient(ownObj);
        int seat = 0;
        if (fr.get("landlord") instanceof Long l && fr.get("pos") instanceof Long p) {
            seat = (int) Math.floorMod(p - l, 3L);
            if (seat == 0) {
                held |= idsLenient(fr.get("publiccard"));
            }
        }
        List<?> responses = top.get("responses") instanceof List<?> r ? r : List.of();
        int last = requests.size() - 1;
        for (int k = f; k < last && k < responses.size(); k++) {
            held &= ~idsLenient(responses.get(k));
        }
        safe.held = held;
        // we lead only when both plays before us are certainly passes (empty lists: also the
        // landlord's first turn); anything else, a malformed id included, may be a play to follow,
        // and then the pass is the legal answer
        Map<String, Object> lr = object(requests.get(last), "the last request");
        List<?> h = lr.get("history") instanceof List<?> x ? x : List.of();
        safe.leads = h.size() == 2 && isEmptyList(h.get(0)) && isEmptyList(h.get(1));
    }

    private static boolean isEmptyList(Object o) {
        return o instanceof List<?> l && l.isEmpty();
    }

    private static long idsLenient(Object o) {
        long mask = 0;
        if (o instanceof List<?> l) {
            for (Object x : l) {
                if (x instanceof Long v && v >= 0 && v < DECK) {
                    mask |= 1L << v;
                }
            }
        }
        return mask;
    }

    private static int firstPlayRequest(List<Object> requests) {
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i) instanceof Map<?, ?> m && m.containsKey("publiccard")) {
                return i;
            }
        }
        throw new IllegalArgumentException("no request carries \"publiccard\", \"landlord\" and \"pos\": the seats are "
            + "unknown");
    }

    /**
     * Strictly: the information set of our seat, every card id checked.
     *
     * @param heldOut receives the ids we hold (bit i = card id i)
     */
    private static InformationSet rebuild(Map<String, Object> top, List<Object> requests, long[] heldOut) {
        int f = firstPlayRequest(requests);
        String at = "requests[" + f + "]";
        Map<String, Object> fr = object(requests.get(f), at);
        int landlord = (int) integer(fr.get("landlord"), at + ".landlord", 0, 2);
        int pos = (int) integer(fr.get("pos"), at + ".pos", 0, 2);
        int bid = fr.containsKey("finalbid") ? (int) integer(fr.get("finalbid"), at + ".finalbid", 0, 3) : 0;
        long pub = ids(fr.get("publiccard"), at + ".publiccard", 3);
        long own;
        if (fr.containsKey("own")) {
            own = ids(fr.get("own"), at + ".own", 17);
            if (f > 0 && object(requests.get(0), "requests[0]").containsKey("own")
                && ids(object(requests.get(0), "requests[0]").get("own"), "requests[0].own", 17) != own) {
                throw new IllegalArgumentException(at + ".own differs from requests[0].own");
            }
        } else {
            own = ids(object(requests.get(0), "requests[0]").get("own"), "requests[0].own", 17);
        }
        if ((own & pub) != 0) {
            throw new IllegalArgumentException(at + ": a public card is also in \"own\"");
        }
        int seat = Math.floorMod(pos - landlord, 3);
        long held = own | (seat == 0 ? pub : 0);
        long played = 0;
        List<Object> responses = top.containsKey("responses") ? list(top.get("responses"), "\"responses\"") : List.of();
        int last = requests.size() - 1;
        if (responses.size() < last) {
            throw new IllegalArgumentException(requests.size() + " requests but " + responses.size()
                + " responses: every earlier request needs our response");
        }
        int[] moves = new int[3 * (requests.size() - f)];
        int n = 0;
        for (int k = f; k <= last; k++) {
            String where = "requests[" + k + "].history";
            Map<String, Object> rq = object(requests.get(k), "requests[" + k + "]");
            List<Object> history = list(rq.get("history"), where);
            if (history.size() != 2) {
                throw new IllegalArgumentException(where + " must hold the two previous plays, not " + history.size());
            }
            for (int p = 0; p < 2; p++) {
                String w = where + "[" + p + "]";
                long ids = ids(history.get(p), w, -1);
                int by = Math.floorMod(seat - 2 + p, 3);
                if (k == f && p < 2 - seat) {
                    if (ids != 0) {
                        throw new IllegalArgumentException(w + ": " + seatName(by) + " has not played before our first "
                            + "turn, but the list holds cards");
                    }
                    continue;
                }
                if ((ids & held) != 0) {
                    throw new IllegalArgumentException(w + ": " + seatName(by) + " plays card " + firstId(ids & held)
                        + ", which we hold");
                }
                if ((ids & played) != 0) {
                    throw new IllegalArgumentException(w + ": card " + firstId(ids & played) + " was played before");
                }
                if (by != 0 && (ids & pub) != 0) {
                    throw new IllegalArgumentException(w + ": " + seatName(by) + " plays public card " + firstId(ids & pub)
                        + ", which the landlord took");
                }
                played |= ids;
                moves[n++] = moveOf(ids, w);
            }
            if (k < last) {
                String w = "responses[" + k + "]";
                long ids = ids(responses.get(k), w, -1);
                if ((ids & ~held) != 0) {
                    throw new IllegalArgumentException(w + ": our play holds card " + firstId(ids & ~held)
                        + ", which we did not hold");
                }
                held &= ~ids;
                played |= ids;
                moves[n++] = moveOf(ids, w);
            }
        }
        heldOut[0] = held;
        try {
            return InformationSet.of(RULES, seat, cards(held), cards(pub), bid, java.util.Arrays.copyOf(moves, n));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the history is impossible: " + e.getMessage(), e);
        }
    }

    private static String seatName(int seat) {
        return switch (seat) {
            case 0 -> "the landlord";
            case 1 -> "landlord_down";
            default -> "landlord_up";
        };
    }

    private static int firstId(long mask) {
        return Long.numberOfTrailingZeros(mask);
    }

    /** The move id of a list of card ids ({@link MoveTable#PASS} for none). */
    private static int moveOf(long ids, String where) {
        long c = cards(ids);
        if (c == 0) {
            return MoveTable.PASS;
        }
        int[] rs = new int[2];
        int k = RULES.table().classify(c, rs);
        if (k == 0) {
            throw new IllegalArgumentException(where + ": " + Notation.format(c) + " is no combination under Botzone rules");
        }
        return rs[0]; // BOTZONE card sets have one reading each
    }

    // ------------------------------------------------------------------------------------- card ids

    /** The rank of a Botzone card id: id / 4 for 0..51 ({@code 3} .. {@code 2}), 52 = X, 53 = D. */
    public static int rankOf(int id) {
        return id < 52 ? id / 4 : id - 39;
    }

    /** The cards ({@link Cards} layout) of a set of ids (bit i = id i). */
    public static long cards(long ids) {
        long c = 0;
        for (long m = ids; m != 0; m &= m - 1) {
            c = Cards.add(c, Cards.of(rankOf(Long.numberOfTrailingZeros(m)), 1));
        }
        return c;
    }

    /**
     * Ids to play {@code cards} from {@code held}: for each rank, its lowest held ids.
     *
     * @throws IllegalArgumentException if {@code held} lacks some card
     */
    public static long pick(long held, long cards) {
        long out = 0;
        for (int r = 0; r < 15; r++) {
            int need = Cards.count(cards, r);
            int from = r < 13 ? 4 * r : 39 + r;
            int to = r < 13 ? from + 4 : from + 1;
            for (int id = from; id < to && need > 0; id++) {
                if ((held & (1L << id)) != 0) {
                    out |= 1L << id;
                    need--;
                }
            }
            if (need > 0) {
                throw new IllegalArgumentException("cannot play " + Notation.format(cards) + " from the held ids");
            }
        }
        return out;
    }

    /** {@code [3,17,52]}: the ids of a set, ascending. */
    static String idList(long ids) {
        StringBuilder sb = new StringBuilder("[");
        for (long m = ids; m != 0; m &= m - 1) {
            sb.append(sb.length() == 1 ? "" : ",").append(Long.numberOfTrailingZeros(m));
        }
        return sb.append(']').toString();
    }

    // ------------------------------------------------------------------------------------- JSON access

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object o, String what) {
        if (o instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException(what + " must be a JSON object");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o, String what) {
        if (o instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new IllegalArgumentException(what + (o == null ? " is missing" : " must be an array"));
    }

    private static long integer(Object o, String what, long min, long max) {
        if (o instanceof Long v && v >= min && v <= max) {
            return v;
        }
        throw new IllegalArgumentException(what + (o == null ? " is missing" : " must be an integer " + min + ".." + max
            + ", not " + o));
    }

    /**
     * A list of distinct card ids as a mask.
     *
     * @param size the required number of ids, or -1 for any
     */
    private static long ids(Object o, String what, int size) {
        List<Object> l = list(o, what);
        if (size >= 0 && l.size() != size) {
            throw new IllegalArgumentException(what + " must hold " + size + " card ids, not " + l.size());
        }
        long mask = 0;
        for (int i = 0; i < l.size(); i++) {
            int id = (int) integer(l.get(i), what + "[" + i + "]", 0, DECK - 1);
            if ((mask & (1L << id)) != 0) {
                throw new IllegalArgumentException(what + ": card id " + id + " appears twice");
            }
            mask |= 1L << id;
        }
        return mask & ALL_IDS;
    }
}
