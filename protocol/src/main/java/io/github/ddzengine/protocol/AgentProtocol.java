package io.github.ddzengine.protocol;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.BidRequest;

/**
 * The agent protocol of {@code docs/agent-protocol.md}, version {@value #VERSION}: the messages a
 * referee sends ({@code hello}, {@code game}, {@code play}, {@code bid}, {@code bye}) and the
 * answers an agent gives ({@code {"move": ...}}, {@code {"bid": n}}, {@code {"error": ...}}), each
 * one JSON object on one line. Both sides live here so that they cannot drift apart: the referee
 * ({@link ExecAgent}) writes requests and reads answers, {@code ddz serve} (the CLI's
 * {@code ServeCommand}) reads requests and writes answers. A library user can drive an agent
 * process with {@link ExecAgent}, or serve one of its own agents with these readers and writers.
 */
public final class AgentProtocol {
    /** The protocol version of this code. */
    public static final int VERSION = 1;

    private AgentProtocol() {
    }

    /** Something that writes one JSON object with a generator. */
    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** One JSON object as a line of text, without the line break. */
    private static String object(Body body) {
        StringWriter sw = new StringWriter(256);
        try (JsonGenerator g = JsonFields.MAPPER.getFactory().createGenerator(sw)) {
            g.writeStartObject();
            body.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter cannot fail
        }
        return sw.toString();
    }

    // ---------------------------------------------------------------- referee to agent

    /** {@code {"type":"hello","protocol":1,"rules":"botzone","bans":"","seat":s}}. */
    public static String hello(Rules rules, int seat) {
        return object(g -> {
            g.writeStringField("type", "hello");
            g.writeNumberField("protocol", VERSION);
            g.writeStringField("rules", rules.preset().id());
            g.writeStringField("bans", bans(rules));
            g.writeNumberField("seat", seat);
        });
    }

    /** The banned types, comma-separated ({@code ""} for none). */
    private static String bans(Rules rules) {
        return String.join(",", rules.banNames());
    }

    /** {@code {"type":"game","seed":n}}: a new game starts; the agent reseeds its random choices. */
    public static String game(long seed) {
        return object(g -> {
            g.writeStringField("type", "game");
            g.writeNumberField("seed", seed);
        });
    }

    /**
     * A request with its {@code id} first: {@code {"id":7,"type":"play",...}}. An agent may echo
     * the id in its answer, so that the referee can tell its answer from junk written earlier.
     *
     * @param request a request of this class, one JSON object
     */
    static String withId(String request, long id) {
        return "{\"id\":" + id + "," + request.substring(1);
    }

    /**
     * An answer with the {@code id} of its request, if the request had one ({@code {"id":7,...}}).
     *
     * @param answer an answer of this class, one JSON object
     * @param request the request read, or null
     */
    public static String echoId(String answer, JsonNode request) {
        JsonNode id = request == null ? null : request.get("id");
        if (id == null || !(id.isIntegralNumber() || id.isTextual())) {
            return answer;
        }
        return "{\"id\":" + id + "," + answer.substring(1);
    }

    /** {@code {"type":"bye"}}: the session ends. */
    public static String bye() {
        return "{\"type\":\"bye\"}";
    }

    /**
     * A play request for the seat of {@code info}: hand, landlord (always seat 0), kitty, final bid,
     * cards left of each seat, the history, the move to beat and every legal move.
     *
     * @param generator a generator for {@code info.rules()}
     * @param buf a scratch buffer of {@link MoveGenerator#MAX_MOVES}
     */
    public static String play(InformationSet info, MoveGenerator generator, int[] buf) {
        MoveTable table = info.rules().table();
        int n = generator.answers(info.hand(), info.lastMove(), buf);
        int[] legal = Arrays.copyOf(buf, n);
        Arrays.sort(legal); // pass (0) first when following, then in table order
        return object(g -> {
            g.writeStringField("type", "play");
            g.writeNumberField("seat", info.seat());
            g.writeStringField("hand", Notation.format(info.hand()));
            g.writeNumberField("landlord", 0);
            g.writeStringField("kitty", Notation.format(info.kitty()));
            g.writeNumberField("bid", info.bid());
            g.writeArrayFieldStart("cards_left");
            for (int s = 0; s < 3; s++) {
                g.writeNumber(info.cardsLeft(s));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("history");
            for (int i = 0; i < info.historyLength(); i++) {
                g.writeStartObject();
                g.writeNumberField("seat", i % 3);
                g.writeStringField("move", table.format(info.historyMove(i)));
                g.writeEndObject();
            }
            g.writeEndArray();
            if (info.leads()) {
                g.writeNullField("last_move");
            } else {
                g.writeObjectFieldStart("last_move");
                g.writeStringField("cards", Notation.format(table.cards(info.lastMove())));
                g.writeStringField("type", table.typeName(info.lastMove()));
                g.writeNumberField("seat", info.lastSeat());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("legal");
            for (int m : legal) {
                g.writeString(table.format(m));
            }
            g.writeEndArray();
        });
    }

    /** A bid request: the 17 dealt cards, the bidding position and the bids before it. */
    public static String bid(BidRequest request) {
        return object(g -> {
            g.writeStringField("type", "bid");
            g.writeNumberField("seat", request.position());
            g.writeStringField("hand", Notation.format(request.hand()));
            g.writeArrayFieldStart("bids");
            for (int b : request.earlierBids()) {
                g.writeNumber(b);
            }
            g.writeEndArray();
        });
    }

    // ---------------------------------------------------------------- agent to referee

    /** {@code {"move":"..."}} in move notation ({@code pass}, {@code 33}, {@code 333444555666:trio_chain_4}). */
    public static String moveAnswer(MoveTable table, int move) {
        return object(g -> g.writeStringField("move", table.format(move)));
    }

    /**
     * {@code {"move":"...","type":"...","candidates":[{"move","type","win_rate","mean_score","worlds"}],
     * "worlds":n,"solved_worlds":n,"rollouts":n,"time_ms":t,"budget_cut":b}}: the answer to a play
     * request with {@code "win_rates": true} from an agent that has win rates (the fields of
     * {@code ddz move --json}).
     */
    public static String decisionAnswer(Decision d) {
        return object(g -> McJson.decision(g, d));
    }

    /** {@code {"move":"...","candidates":null}}: the answer with win rates of an agent that has none. */
    public static String moveAnswerWithoutRates(MoveTable table, int move) {
        return object(g -> {
            g.writeStringField("move", table.format(move));
            g.writeNullField("candidates");
        });
    }

    /** {@code {"bid":n}}. */
    public static String bidAnswer(int bid) {
        return "{\"bid\":" + bid + "}";
    }

    /** {@code {"error":"..."}}: the agent could not read a request that needs an answer. */
    public static String errorAnswer(String message) {
        return object(g -> g.writeStringField("error", message));
    }

    // ---------------------------------------------------------------- reading requests (the agent's side)

    /** The message type of a request, {@code "play"}, ...; the one-line error names a missing type. */
    public static String type(JsonNode message) {
        return JsonFields.required(message, "type");
    }

    /**
     * The rules of a hello: {@code "rules"} (a preset name, required) and {@code "bans"} (optional).
     *
     * @throws IllegalArgumentException for a protocol version other than {@value #VERSION} or bad rules
     */
    public static Rules readHello(JsonNode hello) {
        JsonNode p = hello.get("protocol");
        if (p == null || !p.isIntegralNumber()) {
            throw new IllegalArgumentException("hello: missing \"protocol\" (this agent speaks protocol " + VERSION + ")");
        }
        if (!p.canConvertToInt() || p.intValue() != VERSION) { // 4294967297 is not 1
            throw new IllegalArgumentException("hello: protocol " + JsonFields.shown(p) + " is not supported (this agent speaks protocol "
                + VERSION + ")");
        }
        JsonFields.required(hello, "rules");
        return JsonFields.rules(hello, Rules.STANDARD);
    }

    /**
     * Whether a play request asks for win rates: {@code "win_rates": true} (absent, null or false:
     * the plain {@code {"move"}} answer).
     *
     * @throws IllegalArgumentException if the field is there but not a boolean
     */
    public static boolean wantsWinRates(JsonNode play) {
        JsonNode v = play.get("win_rates");
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException("\"win_rates\" must be true or false, not " + JsonFields.shown(v));
        }
        return v.booleanValue();
    }

    /** The seed of a {@code game} message. */
    public static long readGame(JsonNode game) {
        return integer(game, "seed", Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * The information set a play request describes, validated like a game record
     * ({@link InformationSet#of}). {@code landlord}, {@code cards_left}, {@code last_move} and
     * {@code legal} are derived data and not needed; a {@code landlord} other than 0 is refused.
     *
     * @throws IllegalArgumentException naming the field and the reason
     */
    public static InformationSet readPlay(JsonNode play, Rules rules) {
        int seat = (int) integer(play, "seat", 0, 2);
        JsonNode landlord = play.get("landlord");
        if (landlord != null && !landlord.isNull() && !(landlord.isIntegralNumber() && landlord.canConvertToLong()
            && landlord.longValue() == 0)) {
            throw new IllegalArgumentException("\"landlord\" is always 0 (seats count from the landlord), not "
                + JsonFields.shown(landlord));
        }
        long hand = cards(play, "hand", true);
        long kitty = cards(play, "kitty", false);
        int bid = play.has("bid") && !play.get("bid").isNull() ? (int) integer(play, "bid", 0, 3) : 0;
        JsonNode history = play.get("history");
        if (history == null || !history.isArray()) {
            throw new IllegalArgumentException("\"history\" must be an array of {\"seat\", \"move\"}");
        }
        MoveTable table = rules.table();
        int[] moves = new int[history.size()];
        for (int i = 0; i < moves.length; i++) {
            JsonNode h = history.get(i);
            String where = "history[" + i + "]";
            if (!h.isObject()) {
                throw new IllegalArgumentException(where + " must be an object {\"seat\", \"move\"}");
            }
            JsonNode s = h.get("seat");
            if (s != null && !s.isNull() && !(s.isIntegralNumber() && s.canConvertToLong() && s.longValue() == i % 3)) {
                throw new IllegalArgumentException(where + ": play " + (i + 1) + " is by seat " + (i % 3) + ", not "
                    + JsonFields.shown(s));
            }
            try {
                moves[i] = table.parseMove(JsonFields.required(h, "move"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        return InformationSet.of(rules, seat, hand, kitty, bid, moves);
    }

    /** The bid request a bid message describes ({@code hand} of 17 cards, {@code bids} before it). */
    public static BidRequest readBid(JsonNode bid, Rules rules) {
        long hand = cards(bid, "hand", true);
        JsonNode bids = bid.get("bids");
        if (bids == null || !bids.isArray()) {
            throw new IllegalArgumentException("\"bids\" must be an array of the earlier bids");
        }
        int[] earlier = new int[bids.size()];
        for (int i = 0; i < earlier.length; i++) {
            JsonNode b = bids.get(i);
            if (!b.isIntegralNumber() || !b.canConvertToInt() || b.intValue() < 0 || b.intValue() > 3) {
                throw new IllegalArgumentException("\"bids\"[" + i + "] must be an integer 0..3, not " + JsonFields.shown(b));
            }
            earlier[i] = bids.get(i).intValue();
        }
        BidRequest r = BidRequest.of(rules, hand, earlier);
        if (bid.has("seat") && integer(bid, "seat", 0, 2) != r.position()) {
            throw new IllegalArgumentException("\"seat\" " + JsonFields.shown(bid.get("seat")) + " disagrees with the " + earlier.length
                + " earlier bids (position " + r.position() + ")");
        }
        return r;
    }

    private static long cards(JsonNode node, String field, boolean required) {
        String text = required ? JsonFields.required(node, field) : JsonFields.text(node, field);
        if (text == null) {
            return Cards.EMPTY;
        }
        try {
            return Notation.parseCards(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + field + "\": " + e.getMessage(), e);
        }
    }

    private static long integer(JsonNode node, String field, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("missing \"" + field + "\"");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw new IllegalArgumentException("\"" + field + "\" must be an integer"
                + (min == Long.MIN_VALUE ? "" : " " + min + ".." + max) + ", not " + JsonFields.shown(v));
        }
        return v.longValue();
    }
}
