package io.github.ddzengine.tools.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.agents.RandomAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;

/**
 * Every endpoint of {@code ddz web} through a real server on an ephemeral loopback port and the
 * JDK's HTTP client: answers, 4xx with the engine's message on bad input, the body limit, the time
 * budgets, concurrent requests.
 */
class WebServerTest {
    private static final String LEVEL_50 = "448999TJJQQAD/336688TAA22X 0";
    private static WebServer server;
    private static HttpClient client;
    private static URI base;

    @BeforeAll
    static void start() throws IOException {
        server = new WebServer(WebServer.Options.defaults().withPort(0).withThreads(2), new WebToolkit(), null);
        server.start();
        base = server.uri();
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** An answer: status and JSON (null when the body is not JSON). */
    record Answer(int status, JsonNode json, String body, HttpResponse<String> raw) {
        String error() {
            return json.get("error").asText();
        }
    }

    private static Answer send(HttpRequest r) throws Exception {
        HttpResponse<String> res = client.send(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        JsonNode j = null;
        if (res.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
            j = Req.MAPPER.readTree(res.body());
        }
        return new Answer(res.statusCode(), j, res.body(), res);
    }

    private static HttpRequest.Builder req(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
    }

    static Answer post(String path, String json) throws Exception {
        return send(req(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
    }

    static Answer get(String path) throws Exception {
        return send(req(path).GET().build());
    }

    static Answer ok(Answer a) {
        assertEquals(200, a.status(), () -> "expected 200, got " + a.status() + ": " + a.body());
        return a;
    }

    static void bad(Answer a, int status, String fragment) {
        assertEquals(status, a.status(), a.body());
        assertNotNull(a.json(), "an error is a JSON object: " + a.body());
        assertTrue(a.error().contains(fragment), () -> "error '" + a.error() + "' should contain '" + fragment + "'");
        assertFalse(a.error().contains("\n"), "one line");
        assertFalse(a.error().contains("Exception"), "no exception names: " + a.error());
    }

    static String obj(Object... kv) {
        ObjectNode o = Req.MAPPER.createObjectNode();
        for (int i = 0; i < kv.length; i += 2) {
            o.set((String) kv[i], Req.MAPPER.valueToTree(kv[i + 1]));
        }
        return o.toString();
    }

    // ------------------------------------------------------------------------------------------ files

    @Test
    void servesThePagesAndNothingElse() throws Exception {
        for (String page : List.of("/", "/puzzle", "/play", "/replay", "/report", "/ladder", "/puzzle.html")) {
            Answer a = get(page);
            assertEquals(200, a.status(), page);
            assertTrue(a.raw().headers().firstValue("Content-Type").orElse("").startsWith("text/html"), page);
            assertTrue(a.body().contains("<nav class=\"tabs\">"), page);
            assertTrue(a.raw().headers().firstValue("Content-Security-Policy").isPresent(), page);
        }
        Answer js = get("/js/cards.js");
        assertEquals(200, js.status());
        assertTrue(js.raw().headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"));
        assertTrue(js.body().contains("${"), "scripts are shipped unfiltered (template literals intact)");
        assertEquals(200, get("/css/ddz.css").status());
        bad(get("/nope"), 404, "no page");
        bad(get("/parts/layout.html"), 404, "no page"); // the pages' layout is no page of its own
        bad(get("/parts/layout"), 404, "no page");
        bad(get("/js/../../WebServer.class"), 400, "Bad Request"); // an ambiguous path: Jetty's 400, as JSON
        bad(get("/%2e%2e/version.properties"), 400, "Bad Request");
        bad(post("/", "{}"), 405, "use GET");
    }

    /** Every page is served in the one layout: its title, its script, its tab marked and no other. */
    @Test
    void servesEachPageInTheLayout() throws Exception {
        String[][] pages = {{"/", "ddz-engine · ddz-engine", "home", ""}, {"/puzzle", "Puzzle · ddz-engine", "puzzle", "puzzle"},
            {"/play", "Play · ddz-engine", "play", "play"}, {"/replay", "Replay · ddz-engine", "replay", "replay"},
            {"/report", "Match report · ddz-engine", "report", "report"}, {"/ladder", "Ladder · ddz-engine", "ladder", "ladder"}};
        for (String[] p : pages) {
            String body = get(p[0]).body();
            assertTrue(body.startsWith("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"), p[0]);
            assertTrue(body.contains("<title>" + p[1] + "</title>"), p[0]);
            assertTrue(body.contains("<script type=\"module\" src=\"/js/" + p[2] + ".js\"></script>"), p[0]);
            assertEquals(200, get("/js/" + p[2] + ".js").status(), p[0]);
            String header = body.substring(0, body.indexOf("</header>"));
            int on = header.indexOf(" class=\"on\"");
            assertEquals(p[3].isEmpty() ? -1 : header.indexOf("data-tab=\"" + p[3] + "\"") + 11 + p[3].length(), on, p[0]);
            assertEquals(on, header.lastIndexOf(" class=\"on\""), p[0] + ": one tab marked");
            assertFalse(body.contains("{{") || body.contains("<!-- page"), p[0]);
            assertTrue(body.endsWith("</main>\n</body>\n</html>\n"), p[0]);
        }
    }

    @Test
    void answersOnlyLoopbackHostNames() throws Exception {
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            OutputStream out = s.getOutputStream();
            out.write("GET /api/info HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
            assertTrue(answer.contains("only on the loopback"), answer);
        }
        ok(get("/api/info"));
    }

    // ------------------------------------------------------------------------------------------ errors

    @Test
    void refusesBadRequests() throws Exception {
        bad(get("/api/solve"), 405, "use POST");
        bad(post("/api/nothing", "{}"), 404, "no API path");
        bad(post("/api/solve", "{\"position\": "), 400, "invalid JSON");
        bad(post("/api/solve", "[1]"), 400, "JSON object");
        bad(post("/api/solve", "{\"position\": 5}"), 400, "\"position\" must be a string");
        bad(post("/api/solve", "{}"), 400, "missing \"position\"");
        bad(post("/api/solve", "{\"position\": \"3/3 0\", \"position\": \"4/4 0\"}"), 400, "Duplicate field");
        bad(post("/api/solve", obj("position", LEVEL_50, "rules", "chess")), 400, "chess");
        bad(post("/api/solve", obj("position", LEVEL_50, "timeout_ms", 0)), 400, "\"timeout_ms\" must be an integer 1..60000");
        Answer plain = send(req("/api/solve").header("Content-Type", "text/plain")
            .POST(HttpRequest.BodyPublishers.ofString("{}")).build());
        bad(plain, 415, "application/json");
    }

    @Test
    void limitsTheBodySize() throws Exception {
        String big = obj("cards", "3".repeat(70_000));
        bad(post("/api/cards", big), 413, "limit of 65536 bytes");
        // no Content-Length (chunked): counted while read
        byte[] bytes = big.getBytes(StandardCharsets.UTF_8);
        Answer chunked = send(req("/api/cards").header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes))).build());
        bad(chunked, 413, "limit of 65536 bytes");
        // a record file may be larger
        Answer replay = post("/api/replay", obj("records", " ".repeat(100_000)));
        bad(replay, 400, "no game records");
        ok(get("/api/info"));
    }

    // ------------------------------------------------------------------------------------------ puzzles

    @Test
    void parsesCardsWithAliases() throws Exception {
        Answer a = ok(post("/api/cards", obj("cards", "小王 大王, 10 0 t")));
        assertEquals("TTTXD", a.json().get("cards").asText());
        assertEquals(5, a.json().get("count").asInt());
        bad(post("/api/cards", obj("cards", "33W")), 400, "unknown card 'W'");
        bad(post("/api/cards", obj("cards", "777775")), 400, "more than four 7s");
    }

    @Test
    void listsLegalMoves() throws Exception {
        Answer a = ok(post("/api/moves", obj("hand", "4445557777JQXD", "last", "3338")));
        assertEquals(21, a.json().get("count").asInt());
        JsonNode moves = a.json().get("moves");
        assertEquals("4445", moves.get(0).get("move").asText());
        assertEquals("pass", moves.get(20).get("move").asText());
        assertEquals("rocket", moves.get(19).get("type").asText());
        Answer banned = ok(post("/api/moves", obj("hand", "3334445556", "bans", List.of("trio_pair", "421"))));
        for (JsonNode m : banned.json().get("moves")) {
            assertFalse(m.get("type").asText().equals("trio_pair"), m.toString());
        }
        bad(post("/api/moves", obj("hand", "33W")), 400, "\"hand\": unknown card");
        bad(post("/api/moves", obj("hand", "3334", "last", "3338", "bans", "31")), 400, "banned");
    }

    @Test
    void solvesLevel50WithEveryWinningMoveAndALineToTheEnd() throws Exception {
        Answer a = ok(post("/api/solve", obj("position", LEVEL_50)));
        JsonNode j = a.json();
        assertEquals("win", j.get("verdict").asText());
        assertEquals("landlord", j.get("winner").asText());
        assertEquals("[\"8\"]", j.get("winning_moves").toString());
        assertTrue(j.get("line_complete").asBoolean());
        JsonNode line = j.get("line");
        assertEquals("8", line.get(0).get("move").asText());
        JsonNode last = line.get(line.size() - 1);
        assertEquals(0, last.get("seat").asInt());
        assertTrue(last.get("out").asBoolean());
        // replay the line: every move legal, the winner's among the winning moves it lists
        long[] hands = {Notation.parseCards("448999TJJQQAD"), Notation.parseCards("336688TAA22X")};
        for (JsonNode s : line) {
            int seat = s.get("seat").asInt();
            if (s.get("side").asText().equals("winner")) {
                boolean listed = false;
                for (JsonNode w : s.get("winning_moves")) {
                    listed |= w.asText().equals(s.get("move").asText());
                }
                assertTrue(listed, s.toString());
            }
            if (!s.get("cards").asText().isEmpty()) {
                long c = Notation.parseCards(s.get("cards").asText());
                assertTrue(io.github.ddzengine.core.cards.Cards.contains(hands[seat], c), s.toString());
                hands[seat] = io.github.ddzengine.core.cards.Cards.remove(hands[seat], c);
            }
        }
        assertEquals(0, hands[0]);
        // the first-legal defence is ddz solve's own line
        Answer first = ok(post("/api/solve", obj("position", LEVEL_50, "defence", "first")));
        assertEquals("first", first.json().get("defence").asText());
        bad(post("/api/solve", obj("position", LEVEL_50, "defence", "best")), 400, "\"defence\"");
    }

    @Test
    void refusesImpossiblePositionsWithTheEnginesMessage() throws Exception {
        bad(post("/api/solve", obj("position", "3333/3 0")), 400, "already in another hand");
        bad(post("/api/solve", obj("position", "3558TJJ2X/67TTKAA 0 88@0")), 400, "cannot have to beat its own");
        bad(post("/api/solve", obj("position", "448999TJJQQAD")), 400, "fields");
    }

    @Test
    void aSolveStopsAtItsTimeBudget() throws Exception {
        // full three-seat deals: most take minutes, but a lopsided one can be solved in a few ms,
        // so the budget must show on at least one of several and every answer must be consistent
        int cut = 0;
        for (int seed = 11; seed < 15; seed++) {
            Deal d = Deal.random(seed);
            String p = Notation.format(d.landlordHand()) + "/"
                + Notation.format(d.hand(1)) + "/" + Notation.format(d.hand(2)) + " 0";
            long t0 = System.nanoTime();
            Answer a = ok(post("/api/solve", obj("position", p, "timeout_ms", 20)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            boolean timedOut = a.json().get("timed_out").asBoolean();
            assertEquals(timedOut, "unknown".equals(a.json().get("verdict").asText()), a.body());
            assertTrue(ms < 5_000, "answered after " + ms + " ms");
            cut += timedOut ? 1 : 0;
        }
        assertTrue(cut > 0, "no full deal reached the 20 ms budget");
    }

    @Test
    void playsAPuzzleOutAgainstTheEngine() throws Exception {
        Answer wrong = ok(post("/api/playout", obj("position", LEVEL_50, "you", "landlord", "move", "9")));
        JsonNode you = wrong.json().get("played").get(0);
        assertEquals("you", you.get("by").asText());
        assertFalse(you.get("kept_win").asBoolean());
        assertEquals("[\"8\"]", you.get("winning_moves").toString());
        JsonNode engine = wrong.json().get("played").get(1);
        assertEquals("engine", engine.get("by").asText());
        assertEquals(1, engine.get("seat").asInt());
        assertFalse(wrong.json().get("you_win").asBoolean(), "after 9 the farmer wins with best play");

        Answer right = ok(post("/api/playout", obj("position", LEVEL_50, "you", "landlord", "move", "8")));
        assertTrue(right.json().get("played").get(0).get("kept_win").asBoolean());
        assertTrue(right.json().get("you_win").asBoolean());
        assertTrue(right.json().get("legal_moves").size() > 0);
        // play the landlord's winning moves to the end
        JsonNode s = right.json();
        for (int i = 0; i < 30 && !s.get("over").asBoolean(); i++) {
            String move = s.get("winning_moves").get(0).asText();
            s = ok(post("/api/playout", obj("position", s.get("position").asText(), "you", "landlord", "move", move))).json();
        }
        assertTrue(s.get("over").asBoolean());
        assertTrue(s.get("you_won").asBoolean());

        bad(post("/api/playout", obj("position", LEVEL_50, "you", "landlord", "move", "3")), 400, "does not hold");
        bad(post("/api/playout", obj("position", LEVEL_50, "you", "farmer", "move", "3")), 400, "engine's turn");
        bad(post("/api/playout", obj("position", LEVEL_50, "you", "nobody")), 400, "\"you\"");
        // the engine moves first when it is its turn
        Answer engineFirst = ok(post("/api/playout", obj("position", LEVEL_50, "you", "farmer")));
        assertEquals("8", engineFirst.json().get("played").get(0).get("move").asText());
    }

    // ------------------------------------------------------------------------------------------ Monte Carlo

    @Test
    void decidesWithEveryCandidatesWinRate() throws Exception {
        Answer a = ok(post("/api/decide", obj("hand", "3445667899TJQKA2XD2A", "seat", "0", "budget_ms", 50)));
        JsonNode c = a.json().get("candidates");
        assertTrue(c.size() > 1);
        for (JsonNode x : c) {
            double w = x.get("win_rate").asDouble();
            assertTrue(w >= 0 && w <= 1, x.toString());
        }
        assertEquals(c.get(0).get("move").asText(), a.json().get("move").asText());
        assertTrue(a.json().get("time_ms").asDouble() < 2_000, a.body());
        Answer fixed = ok(post("/api/decide", obj("hand", "577AA22", "seat", "1", "kitty", "2XD", "bid", 3, "history",
            "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p", "worlds", 40, "seed", 7)));
        Answer again = ok(post("/api/decide", obj("hand", "577AA22", "seat", "1", "kitty", "2XD", "bid", 3, "history",
            List.of("333444555", "p", "p", "6789TJQK", "789TJQKA", "p", "p", "66", "99", "p", "p", "TTJJQQ", "p", "p", "8", "p"),
            "worlds", 40, "seed", 7)));
        assertEquals(fixed.json().get("candidates"), again.json().get("candidates"), "fixed worlds are reproducible");
        bad(post("/api/decide", obj("hand", "577AA22", "seat", "1", "history", "333444555,p")), 400, "acts, not seat 1");
        bad(post("/api/decide", obj("hand", "3445", "seat", "0", "budget_ms", 1)), 400, "\"budget_ms\"");
    }

    @Test
    void bids() throws Exception {
        Answer a = ok(post("/api/bid", obj("hand", "3345567899JQKA22D", "worlds", 200)));
        int bid = a.json().get("bid").asInt();
        assertTrue(bid >= 0 && bid <= 3);
        assertEquals(2, a.json().get("ci").size());
        bad(post("/api/bid", obj("hand", "3345567899JQKA22")), 400, "17 cards");
        bad(post("/api/bid", obj("hand", "3345567899JQKA22D", "bids", List.of(3, 0))), 400, "3");
    }

    @Test
    void playsAWholeGameAgainstTheEngineAndReplaysIt() throws Exception {
        JsonNode g = ok(post("/api/game", obj("seed", 7, "position", 0, "budget_ms", 10))).json();
        String id = g.get("id").asText();
        bad(post("/api/game/" + id + "/play", obj("move", "pass")), 400, "bidding is not over");
        for (int i = 0; i < 200 && !g.get("phase").asText().equals("over"); i++) {
            if (g.get("phase").asText().equals("bidding")) {
                bad(post("/api/game/" + id + "/bid", obj("bid", 9)), 400, "\"bid\"");
                g = ok(post("/api/game/" + id + "/bid", obj("bid", 3))).json();
                continue;
            }
            assertTrue(g.get("your_turn").asBoolean(), g.toString());
            if (i == 3) {
                JsonNode h = ok(post("/api/game/" + id + "/hint", obj("budget_ms", 30))).json();
                assertTrue(h.get("candidates").size() >= 1);
            }
            String move;
            if (g.get("lead").asBoolean()) {
                JsonNode moves = ok(post("/api/moves", obj("hand", g.get("hand").asText()))).json().get("moves");
                move = moves.get(0).get("move").asText();
            } else {
                move = "pass";
            }
            g = ok(post("/api/game/" + id + "/play", obj("move", move))).json();
        }
        assertEquals("over", g.get("phase").asText());
        assertEquals(0, g.get("landlord_position").asInt(), "bid 3 makes position 0 the landlord");
        bad(post("/api/game/" + id + "/play", obj("move", "pass")), 400, "game is over");
        assertEquals(g, ok(get("/api/game/" + id)).json());
        bad(get("/api/game/0123abcd"), 404, "no game");
        // its record opens in the replay
        String record = g.get("record").asText();
        JsonNode games = ok(post("/api/replay", obj("records", record + "\n"))).json();
        assertEquals(1, games.get("count").asInt());
        JsonNode game = games.get("games").get(0);
        assertEquals(g.get("result").get("winner").asText(), game.get("result").get("winner").asText());
        JsonNode steps = game.get("steps");
        assertEquals(g.get("history").size(), steps.size());
        JsonNode a = ok(post("/api/replay/analyse", obj("record", record, "play", 1, "budget_ms", 30))).json();
        assertEquals(1, a.get("play").asInt());
        assertTrue(a.get("best_win_rate").asDouble() >= 0);
        assertTrue(a.has("played_win_rate"));
        bad(post("/api/replay/analyse", obj("record", record, "play", 999)), 400, "\"play\"");
    }

    @Test
    void auditsAGameOpenHandAsDdzAnalyzeDoes() throws Exception {
        java.util.List<String> lines = new java.util.ArrayList<>();
        io.github.ddzengine.engine.DdzEngine.standard().match("greedy", "rule", 1, 3, false, lines::add);
        JsonNode g = ok(post("/api/replay", obj("records", lines.get(0) + "\n"))).json().get("games").get(0);
        String record = g.get("record").asText();
        JsonNode a = ok(post("/api/replay/audit", obj("record", record, "max_cards", 16))).json();
        assertEquals(16, a.get("max_cards").asInt());
        JsonNode decisions = a.get("decisions");
        assertTrue(decisions.size() > 0, a.toString());
        int plays = g.get("steps").size();
        for (JsonNode d : decisions) {
            int play = d.get("play").asInt();
            assertTrue(play >= 1 && play <= plays, d.toString());
            assertTrue(d.get("cards").asInt() <= 16, d.toString());
            assertEquals(d.get("blunder").asBoolean(), d.get("before").asText().equals("win")
                && d.get("after").asText().equals("loss"), d.toString());
        }
        bad(post("/api/replay/audit", obj("record", record, "max_cards", 31)), 400, "\"max_cards\"");
    }

    @Test
    void asksWhichReadingOfAmbiguousCards() throws Exception {
        // position 0 holds 333444555666 and bids 3, so it leads, and those cards read two ways
        String deal = "333444555666789TJ/77788899TTJJQQKKA/39TJQQKKAAA2222XD/456";
        JsonNode g = ok(post("/api/game", obj("deal", deal, "position", 0, "budget_ms", 10))).json();
        String id = g.get("id").asText();
        g = ok(post("/api/game/" + id + "/bid", obj("bid", 3))).json();
        assertTrue(g.get("your_turn").asBoolean() && g.get("lead").asBoolean(), g.toString());
        Answer two = post("/api/game/" + id + "/play", obj("move", "333444555666"));
        bad(two, 400, "several readings");
        assertEquals(2, two.json().get("readings").size());
        String reading = two.json().get("readings").get(0).asText();
        g = ok(post("/api/game/" + id + "/play", obj("move", reading))).json();
        assertEquals(reading, g.get("history").get(0).get("move").asText());
        bad(post("/api/game/" + id + "/play", obj("move", "33W")), 400, "unknown card");
        bad(post("/api/game", obj("deal", "3/4/5/6")), 400, "\"deal\"");
    }

    @Test
    void refusesABadRecordFile() throws Exception {
        bad(post("/api/replay", obj("records", "{\"deal\": \"33\"}\n")), 400, "line 1:");
        bad(post("/api/replay", obj("records", "not json\n")), 400, "line 1:");
        bad(post("/api/replay", obj("records", "\n\n")), 400, "no game records");
    }

    // ------------------------------------------------------------------------------------------ matches

    @Test
    void playsAMatchWithItsReport() throws Exception {
        JsonNode m = ok(post("/api/match", obj("a", "rule", "b", "random", "deals", 30, "seed", 7))).json();
        assertEquals(30, m.get("deals").asInt());
        assertFalse(m.get("stopped_by_clock").asBoolean());
        MatchStats s = new Match(Rules.STANDARD, new RuleAgent(Rules.STANDARD, 0), new RandomAgent(Rules.STANDARD, 0),
            false).run(30, 7, 1, null);
        assertEquals(Math.round(s.wp() * 10000) / 10000.0, m.get("wp").asDouble(), 1e-9, "the games of ddz play");
        String html = m.get("report_html").asText();
        assertEquals(3, html.split("<svg", -1).length - 1, "three plots");
        bad(post("/api/match", obj("a", "nobody")), 400, "unknown agent");
        bad(post("/api/match", obj("a", "exec:python3 bot.py")), 400, "not run by the web server");
        bad(post("/api/match", obj("deals", 0)), 400, "\"deals\"");
        bad(post("/api/match", obj("a", "mc:budget=5000")), 400, "at most budget=1000");
        // the net agent plays its bundled model; a spec naming a file or bounds of its own is refused
        JsonNode net = ok(post("/api/match", obj("a", "net", "b", "random", "deals", 4, "seed", 7))).json();
        assertEquals(4, net.get("deals").asInt());
        bad(post("/api/match", obj("a", "net:model=/etc/passwd")), 400, "name it 'net'");
        bad(post("/api/match", obj("a", "net:nodes=2000000000")), 400, "name it 'net'");
    }

    @Test
    void aMatchStopsAtItsTimeBudget() throws Exception {
        long t0 = System.nanoTime();
        JsonNode m = ok(post("/api/match", obj("a", "greedy", "b", "rule", "deals", 5000, "timeout_ms", 300))).json();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(m.get("stopped_by_clock").asBoolean(), m.toString());
        assertTrue(m.get("deals").asInt() < 5000);
        assertTrue(ms < 10_000, "answered after " + ms + " ms");
        // a slow agent: the games in flight at the deadline end at once and are left out
        t0 = System.nanoTime();
        m = ok(post("/api/match", obj("a", "mc:budget=20", "b", "rule", "deals", 100, "timeout_ms", 500))).json();
        ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(m.get("stopped_by_clock").asBoolean(), m.toString());
        assertTrue(ms < 10_000, "answered after " + ms + " ms");
        assertTrue(m.get("report_html").asText().contains("deals (games)"));
    }

    // ------------------------------------------------------------------------------------------ concurrency

    @Test
    void answersConcurrentRequests() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> solves = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> decisions = new ArrayList<>();
        String[] positions = {LEVEL_50, "45567899JQK/3469QAAA2D 0", "3558TJJ2X/67TTKAA 0 88@1", "6TJQQK/459JK2/34468T 0"};
        for (int i = 0; i < 12; i++) {
            String body = obj("position", positions[i % positions.length], "defence", i % 2 == 0 ? "first" : "resist");
            solves.add(client.sendAsync(req("/api/solve").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()));
            String d = obj("hand", "3445667899TJQKA2XD2A", "seat", "0", "worlds", 30, "seed", 3);
            decisions.add(client.sendAsync(req("/api/decide").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(d)).build(), HttpResponse.BodyHandlers.ofString()));
        }
        String firstDecision = null;
        for (int i = 0; i < 12; i++) {
            HttpResponse<String> r = solves.get(i).get();
            assertEquals(200, r.statusCode(), r.body());
            JsonNode j = Req.MAPPER.readTree(r.body());
            assertEquals(i % positions.length == 0 ? "[\"8\"]" : null, i % positions.length == 0
                ? j.get("winning_moves").toString() : null);
            assertTrue(j.get("line_complete").asBoolean(), r.body());
            HttpResponse<String> d = decisions.get(i).get();
            assertEquals(200, d.statusCode(), d.body());
            String cands = Req.MAPPER.readTree(d.body()).get("candidates").toString();
            if (firstDecision == null) {
                firstDecision = cands;
            }
            assertEquals(firstDecision, cands, "fixed-worlds decisions agree whichever worker made them");
        }
    }
}
