package io.github.ddzengine.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.RandomAgent;

import org.junit.jupiter.api.Test;

/**
 * Fuzz test of the readers of the agent protocol in this module (issue 21, standing checks):
 * {@link AgentProtocol#readHello}, {@link AgentProtocol#readGame}, {@link AgentProtocol#readPlay}
 * and {@link AgentProtocol#readBid} on the requests {@link AgentProtocol} writes for random games,
 * as written, respelled, and with their text or one field's value made hostile. Each request
 * written reads back as what it was written from; a respelled one (key order, cards in other
 * spellings and orders, move types in other cases) reads the same; anything else is read or
 * refused with an {@link IllegalArgumentException} of one line, never another exception. In
 * process and seeded (a few seconds); {@code -Dddz.fuzz=K} runs K times the trials. The CLI's side
 * of the same protocol is fuzzed by the tools module ({@code ServeFuzzTest}, {@code RefereeFuzzTest}).
 */
class AgentProtocolFuzzTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A request of a random game, with what it was written from. */
    private record Request(String line, InformationSet info, BidRequest bid) {
    }

    /** Requests of random games, made once (a game played to a random point is most of a trial's cost). */
    private static final List<Request> POOL = pool(2000, 400);

    private static List<Request> pool(long seed, int size) {
        SplittableRandom r = new SplittableRandom(seed);
        MoveGenerator generator = new MoveGenerator(RULES);
        List<Request> out = new ArrayList<>(size);
        while (out.size() < size) {
            out.add(newRequest(r, generator));
        }
        return out;
    }

    /** A request of {@link #POOL}. */
    private static Request request(SplittableRandom r) {
        return POOL.get(r.nextInt(POOL.size()));
    }

    /** A play request at a random point of a random game, or (one time in four) a bid request. */
    private static Request newRequest(SplittableRandom r, MoveGenerator generator) {
        Deal d = Deal.random(r.nextLong());
        if (r.nextInt(4) == 0) {
            int earlier = r.nextInt(3);
            int[] bids = new int[earlier];
            int high = 0;
            for (int i = 0; i < earlier; i++) {
                int b = r.nextInt(4) <= high ? 0 : r.nextInt(high + 1, 4);
                bids[i] = b == 3 ? 0 : b; // a 3 ends the bidding
                high = Math.max(high, bids[i]);
            }
            BidRequest b = BidRequest.of(RULES, d.hand(earlier), bids);
            return new Request(AgentProtocol.bid(b), null, b);
        }
        GameState g = new GameState(RULES);
        g.start(d.hand(0) + d.kitty(), d.hand(1), d.hand(2));
        RandomAgent a = new RandomAgent(RULES, 0);
        a.startGame(r.nextLong());
        int bid = r.nextInt(1, 4);
        int plies = r.nextInt(40);
        for (int i = 0; i < plies && !g.isOver(); i++) {
            g.play(a.play(InformationSet.view(g, d.kitty(), bid)));
        }
        if (g.isOver()) {
            return newRequest(r, generator);
        }
        InformationSet info = InformationSet.view(g, d.kitty(), bid);
        String line = AgentProtocol.play(info, generator, new int[MoveGenerator.MAX_MOVES]);
        return new Request(line, info, null);
    }

    /** Reads a request line as {@code ddz serve} does; returns what it read, as text, or throws. */
    private static String read(String line) {
        JsonNode msg = JsonFields.readObject(line, "type");
        return switch (AgentProtocol.type(msg)) {
            case "hello" -> AgentProtocol.readHello(msg).toString();
            case "game" -> Long.toString(AgentProtocol.readGame(msg));
            case "play" -> {
                AgentProtocol.wantsWinRates(msg);
                yield describe(AgentProtocol.readPlay(msg, RULES));
            }
            case "bid" -> describe(AgentProtocol.readBid(msg, RULES));
            default -> throw new IllegalArgumentException("unknown message type");
        };
    }

    private static String describe(InformationSet info) {
        StringBuilder sb = new StringBuilder("play ").append(info.seat()).append(' ').append(info.hand()).append(' ')
            .append(info.kitty()).append(' ').append(info.bid());
        for (int m : info.history()) {
            sb.append(' ').append(m);
        }
        return sb.toString();
    }

    private static String describe(BidRequest b) {
        StringBuilder sb = new StringBuilder("bid ").append(b.hand()).append(' ').append(b.position());
        for (int e : b.earlierBids()) {
            sb.append(' ').append(e);
        }
        return sb.toString();
    }

    /** Reads {@code line}: what it read, or null when it was refused with a one-line message. */
    private static String readOrRefuse(String line, String what) {
        try {
            return read(line);
        } catch (IllegalArgumentException e) {
            Fuzz.assertOneLine(e.getMessage(), what);
            return null;
        } catch (RuntimeException | Error e) {
            fail(what + ": " + e + " reading " + line, e);
            return null;
        }
    }

    @Test
    void writtenRequestsReadBackAsWritten() {
        for (Request q : POOL) {
            JsonNode msg = JsonFields.readObject(q.line(), "type");
            if (q.info() != null) {
                InformationSet back = AgentProtocol.readPlay(msg, RULES);
                assertEquals(q.info().seat(), back.seat());
                assertEquals(q.info().hand(), back.hand());
                assertEquals(q.info().kitty(), back.kitty());
                assertEquals(q.info().bid(), back.bid());
                assertArrayEquals(q.info().history(), back.history());
            } else {
                BidRequest back = AgentProtocol.readBid(msg, RULES);
                assertEquals(q.bid().hand(), back.hand());
                assertEquals(q.bid().position(), back.position());
                assertArrayEquals(q.bid().earlierBids(), back.earlierBids());
            }
        }
        assertEquals(RULES, AgentProtocol.readHello(JsonFields.readObject(AgentProtocol.hello(RULES, 1), "type")));
        assertEquals(-7L, AgentProtocol.readGame(JsonFields.readObject(AgentProtocol.game(-7), "type")));
    }

    @Test
    void respelledRequestsReadTheSame() {
        Property.forAll("respelled requests", 2200, Fuzz.trials(300), r -> {
            Request q = request(r);
            String plain = read(q.line());
            String respelled = respell(r, JsonFields.readObject(q.line(), "type")).toString();
            assertEquals(plain, read(respelled), respelled);
        });
    }

    /** {@code node} with its keys shuffled, its cards respelled and its move types in other cases. */
    private static JsonNode respell(SplittableRandom r, JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            node.fields().forEachRemaining(fields::add);
            for (int i = fields.size() - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                Map.Entry<String, JsonNode> t = fields.get(i);
                fields.set(i, fields.get(j));
                fields.set(j, t);
            }
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> f : fields) {
                JsonNode v = f.getValue();
                boolean cards = f.getKey().equals("hand") || f.getKey().equals("kitty") || f.getKey().equals("move");
                out.set(f.getKey(), cards && v.isTextual() ? NODES.textNode(respellMove(r, v.textValue())) : respell(r, v));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode();
            node.forEach(e -> out.add(respell(r, e)));
            return out;
        }
        return node;
    }

    /** A move or card set in another spelling: cards respelled, a {@code :type} suffix in upper case. */
    private static String respellMove(SplittableRandom r, String text) {
        if (text.equalsIgnoreCase("pass")) {
            return r.nextBoolean() ? "PASS" : text;
        }
        int colon = text.indexOf(':');
        String cards = colon < 0 ? text : text.substring(0, colon);
        String suffix = colon < 0 ? "" : ":" + (r.nextBoolean() ? text.substring(colon + 1).toUpperCase(java.util.Locale.ROOT)
            : text.substring(colon + 1));
        if (cards.isEmpty()) {
            return text;
        }
        return Fuzz.respell(r, io.github.ddzengine.core.cards.Notation.parseCards(cards), false) + suffix;
    }

    @Test
    void mutatedRequestsAreReadOrRefusedInOneLine() {
        Property.forAll("mutated requests", 2300, Fuzz.trials(1000), r -> {
            String line = Fuzz.mutate(r, request(r).line());
            readOrRefuse(line, "mutated request");
        });
    }

    @Test
    void hostileFieldValuesAreReadOrRefusedInOneLine() {
        String[] extra = {"protocol", "rules", "bans", "seed", "win_rates", "bids", "cards_left", "legal", "last_move"};
        Property.forAll("hostile field values", 2400, Fuzz.trials(1500), r -> {
            ObjectNode msg = (ObjectNode) JsonFields.readObject(request(r).line(), "type");
            if (r.nextInt(6) == 0) {
                msg.put("type", new String[] {"hello", "game", "play", "bid", "bye", ""}[r.nextInt(6)]);
            }
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = msg.fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
            names.addAll(List.of(extra));
            String field = names.get(r.nextInt(names.size()));
            JsonNode v = hostile(r, 0);
            if (field.equals("history") && r.nextBoolean() && msg.get("history") instanceof ArrayNode h && !h.isEmpty()) {
                ObjectNode play = (ObjectNode) h.get(r.nextInt(h.size()));
                play.set(r.nextBoolean() ? "seat" : "move", v);
            } else {
                msg.set(field, v);
            }
            readOrRefuse(msg.toString(), "hostile " + field);
        });
    }

    /**
     * A value quoted in an error keeps the message one line: JSON leaves U+2028, U+2029 and U+0085
     * unescaped in a string, and a message quoting such a value had a line break (found by
     * {@link #hostileFieldValuesAreReadOrRefusedInOneLine}, seed 2899).
     */
    @Test
    void aQuotedValueKeepsTheErrorOneLine() {
        String play = "{\"type\":\"play\",\"seat\":1,\"hand\":\"33\",\"history\":[],\"landlord\":\"a\u2028b\"}";
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> read(play));
        assertEquals("\"landlord\" is always 0 (seats count from the landlord), not \"a\\u2028b\"", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> read("{\"type\":\"bid\",\"hand\":\"33\",\"bids\":[\"\u0085\"]}"));
        assertEquals("\"bids\"[0] must be an integer 0..3, not \"\\u0085\"", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> read("{\"type\":\"hello\",\"protocol\":1,\"rules\":\"standard\",\"bans\":[\"x\u2029\"]}"));
        Fuzz.assertOneLine(e.getMessage(), "bans");
    }

    /** A hostile JSON value: numbers at and past every integer width, fractions, hostile text, nesting. */
    private static JsonNode hostile(SplittableRandom r, int depth) {
        return switch (r.nextInt(depth > 2 ? 8 : 10)) {
            case 0 -> NODES.numberNode(new long[] {0, 1, -1, 3, 4, 17, 20, Integer.MAX_VALUE, 1L << 32, (1L << 32) + 1,
                -(1L << 32) + 1, Long.MAX_VALUE, Long.MIN_VALUE}[r.nextInt(13)]);
            case 1 -> NODES.numberNode(new java.math.BigInteger("18446744073709551617"));
            case 2 -> NODES.numberNode(new double[] {0.5, 1.0, 2.9, -0.0, 1e300, Double.MIN_VALUE}[r.nextInt(6)]);
            case 3 -> NODES.textNode(Fuzz.text(r, 12));
            case 4 -> NODES.textNode(Fuzz.mutate(r, new String[] {"33", "3456789TJQKA2XD", "pass", "XD:rocket",
                "standard", "botzone"}[r.nextInt(6)]));
            case 5 -> NODES.booleanNode(r.nextBoolean());
            case 6 -> NODES.nullNode();
            case 7 -> NODES.textNode("");
            case 8 -> {
                ArrayNode a = NODES.arrayNode();
                for (int i = r.nextInt(4); i > 0; i--) {
                    a.add(hostile(r, depth + 1));
                }
                yield a;
            }
            default -> NODES.objectNode().set(r.nextBoolean() ? "seat" : "move", hostile(r, depth + 1));
        };
    }
}
