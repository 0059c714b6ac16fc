package io.github.ddzengine.tools;

import io.github.ddzengine.tools.python.PythonBridge;
import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.engine.Limits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;

import org.junit.jupiter.api.Test;

/**
 * The bridge the Python package drives ({@code python/tests} test it from Python, against the jar):
 * each op of {@link PythonBridge#call}, the fast paths, their errors, and the child-process loop.
 */
class PythonBridgeTest {
    private static JsonNode json(String line) throws IOException {
        return io.github.ddzengine.protocol.JsonFields.MAPPER.readTree(line);
    }

    @Test
    void movesAsDdzMovesListsThem() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            int standard = b.rules("standard", "");
            assertEquals(standard, b.rules("STANDARD", null));
            String expected = "4445 4447 444J 444Q 444X 444D 4555 5557 555J 555Q 555X 555D 4777 5777 777J 777Q 777X 777D "
                + "7777 XD pass";
            assertEquals(expected, b.moves(standard, "4445557777JQXD", "3338"));
            List<String> cli = CliRun.of("moves", "4445557777JQXD", "--last", "3338", "--json").assertSuccess();
            assertEquals(json(cli.get(0)).get("moves").toString(),
                json(b.call("{\"op\":\"moves\",\"hand\":\"4445557777JQXD\",\"last\":\"3338\"}")).get("moves").toString());
            assertEquals("3 33\n" + expected + "\n5", b.movesBatch(standard, "33\n4445557777JQXD\t3338\n5\tpass"));
            assertEquals("[[\"3\",\"33\"],[\"5\"]]",
                json(b.call("{\"op\":\"moves\",\"queries\":[\"33\",[\"5\",null]]}")).get("results").toString());
            int rlcard = b.rules("rlcard", "trio_pair");
            assertTrue(!b.moves(rlcard, "33344", null).contains("33344"));
        }
    }

    @Test
    void badInputIsOneLineNamingTheField() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            int r = b.rules("standard", "");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.moves(r, "33W", null));
            assertEquals("hand: unknown card 'W' at position 3 in \"33W\" (cards are 3-9 T J Q K A 2 X D)", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> b.movesBatch(r, "33\n44\n4W"));
            assertTrue(e.getMessage().startsWith("queries[2]: hand: unknown card 'W'"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> b.solveBatch(r, "3/4 0\n33W/4 0", false, 0));
            assertTrue(e.getMessage().startsWith("positions[1]: "), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.rules("bogus", ""));
            assertThrows(IllegalArgumentException.class, () -> b.moves(99, "33", null));
            assertEquals("{\"error\":\"unknown op 'dance' (hello, moves, split, solve, move, bid, play, records, analyze, env_reset, env_step, env_agent, env_move_table, env_batch_reset, env_batch_step, env_rlcard_actions, env_rlcard, env_douzero, bye)\"}",
                b.call("{\"op\":\"dance\"}"));
            assertTrue(json(b.call("not json")).get("error").textValue().startsWith("invalid JSON"));
            assertEquals("missing \"op\"", json(b.call("{}")).get("error").textValue());
            assertEquals("unknown rules 'bogus' (standard, douzero, rlcard, botzone)",
                json(b.call("{\"op\":\"moves\",\"rules\":\"bogus\",\"hand\":\"3\"}")).get("error").textValue());
            assertEquals("queries[1]: hand: unknown card 'W' at position 1 in \"W\" (cards are 3-9 T J Q K A 2 X D)",
                json(b.call("{\"op\":\"moves\",\"queries\":[\"3\",\"W\"]}")).get("error").textValue());
            assertEquals("\"timeout_ms\" must be an integer 0..2592000000, not -1",
                json(b.call("{\"op\":\"solve\",\"position\":\"3/4 0\",\"timeout_ms\":-1}")).get("error").textValue());
            assertEquals("the kitty has 3 cards, not 2", json(b.call("{\"op\":\"move\",\"seat\":0,"
                + "\"hand\":\"3445667899TJQKA2XD2A\",\"kitty\":\"2X\",\"history\":[],\"worlds\":5}")).get("error").textValue());
        }
    }

    /**
     * A time-out past {@link Bounds#MAX_TIMEOUT_MS} is refused, on both ways in (issue 21, defect 5,
     * as for {@code ddz solve}): before, 9223372036854 ms wrapped the deadline and the solve gave up
     * as {@code unknown} after 4,096 nodes.
     */
    @Test
    void timeoutsPastTheBoundAreRefusedNotWrapped() throws IOException {
        String position = "3558TJJ2X/67TTKAA 0 88@1";
        try (PythonBridge b = new PythonBridge()) {
            int r = b.rules("standard", "");
            assertEquals("\"timeout_ms\" must be an integer 0..2592000000, not 9223372036854", json(b.call(
                "{\"op\":\"solve\",\"position\":\"" + position + "\",\"timeout_ms\":9223372036854}")).get("error").textValue());
            assertEquals("\"timeout_ms\" must be an integer 0..2592000000, not 9223372036854775807", json(b.call(
                "{\"op\":\"solve\",\"positions\":[\"" + position + "\"],\"timeout_ms\":9223372036854775807}"))
                .get("error").textValue());
            for (long t : new long[] {9_223_372_036_854L, Long.MAX_VALUE}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> b.solve(r, position, false, t));
                assertEquals("\"timeout_ms\" must be an integer 0..2592000000 (0: no limit), not " + t, e.getMessage());
                assertThrows(IllegalArgumentException.class, () -> b.solveBatch(r, position, false, t));
            }
            // the bound itself is a time-out like any other
            assertEquals(false, json(b.solve(r, position, false, Limits.MAX_TIMEOUT_MS)).get("timed_out").booleanValue());
        }
    }

    @Test
    void splitAndSolve() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            JsonNode split = json(b.call("{\"op\":\"split\",\"hand\":\"345567TTJQQQQA22X\",\"bans\":[\"winged_planes\"]}"));
            assertEquals(6, split.get("min_hands").intValue());
            assertEquals(6, split.get("split").size());
            JsonNode s = json(b.solve(b.rules("standard", ""), "448999TJJQQAD/336688TAA22X 0", true, 0));
            assertEquals("win", s.get("verdict").textValue());
            assertEquals("[\"8\"]", s.get("winning_moves").toString());
            JsonNode line = s.get("line");
            for (int i = 0; i < line.size(); i++) {
                assertEquals(i % 2, line.get(i).get("seat").intValue());
            }
            assertEquals("8", line.get(0).get("move").textValue());
            JsonNode three = json(b.call("{\"op\":\"solve\",\"positions\":[\"6TJQQK/459JK2/34468T 0\",\"3558TJJ2X/67TTKAA 0 88@1\"]}"));
            JsonNode l3 = three.get("results").get(0).get("line");
            for (int i = 0; i < l3.size(); i++) {
                assertEquals(i % 3, l3.get(i).get("seat").intValue());
            }
            assertTrue(three.get("results").get(0).get("winning_moves").isNull());
            JsonNode cut = json(b.solve(b.rules("standard", ""), "3345567779TJJQQK2/34556679TTJQQK22X 0", false, 1));
            assertEquals("unknown", cut.get("verdict").textValue());
            assertTrue(cut.get("timed_out").booleanValue());
        }
    }

    /** A fixed-worlds decision through the bridge is the agent's own, win rates included. */
    @Test
    void moveAndBid() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            JsonNode d = json(b.call("{\"op\":\"move\",\"seat\":1,\"hand\":\"577AA22\",\"kitty\":\"2XD\",\"bid\":3,"
                + "\"history\":[{\"move\":\"333444555\"},{\"move\":\"pass\"},{\"move\":\"pass\"},{\"move\":\"6789TJQK\"},"
                + "{\"move\":\"789TJQKA\"},{\"move\":\"pass\"},{\"move\":\"pass\"},{\"move\":\"66\"},{\"move\":\"99\"},"
                + "{\"move\":\"pass\"},{\"move\":\"pass\"},{\"move\":\"TTJJQQ\"},{\"move\":\"pass\"},{\"move\":\"pass\"},"
                + "{\"move\":\"8\"},{\"move\":\"pass\"}],\"worlds\":40,\"seed\":3}"));
            Rules rules = Rules.STANDARD;
            int[] history = io.github.ddzengine.mc.History.parse(rules,
                "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p");
            InformationSet info = InformationSet.of(rules, 1, Notation.parseCards("577AA22"), Notation.parseCards("2XD"), 3,
                history);
            Decision expected;
            try (MonteCarloAgent agent = new MonteCarloAgent(io.github.ddzengine.mc.McSettings.defaults().withWorlds(40))) {
                expected = agent.decide(info, 3);
            }
            assertEquals(rules.table().format(expected.move()), d.get("move").textValue());
            assertEquals(expected.candidates(), d.get("candidates").size());
            for (int i = 0; i < expected.candidates(); i++) {
                assertEquals(Math.round(expected.winRate(i) * 10000) / 10000.0,
                    d.get("candidates").get(i).get("win_rate").doubleValue(), 1e-9);
            }
            assertEquals(40, d.get("worlds").intValue());
            assertEquals(3, d.get("seed").intValue());
            JsonNode bid = json(b.call("{\"op\":\"bid\",\"hand\":\"3345567899JQKA22D\",\"bids\":[],\"worlds\":200,\"seed\":1}"));
            assertEquals(200, bid.get("worlds").intValue());
            assertTrue(bid.get("bid").intValue() >= 0 && bid.get("bid").intValue() <= 3);
            assertEquals(json(CliRun.of("bid", "--hand", "3345567899JQKA22D", "--worlds", "200", "--budget-ms", "0", "--seed", "1", "--json")
                .assertSuccess().get(0)).get("win_rate"), bid.get("win_rate"));
        }
    }

    /** An action list in RLCard's notation without RLCard: the pass, then each card set of the rlcard preset's moves once. */
    private static List<String> tableActions(PythonBridge b) throws IOException {
        List<String> actions = new java.util.ArrayList<>(List.of("pass"));
        java.util.Set<String> seen = new java.util.HashSet<>(actions);
        for (JsonNode m : json(b.call("{\"op\":\"env_move_table\",\"rules\":\"rlcard\"}")).get("moves")) {
            String cards = m.textValue().split(":")[0];
            String a = cards.equals("pass") ? "pass" : Notation.format(Notation.parseCards(cards)).replace('X', 'B').replace('D', 'R');
            if (seen.add(a)) {
                actions.add(a);
            }
        }
        return actions;
    }

    /**
     * RLCard's one-game environment: the direct calls (JPype's path, answers in buffers) and the
     * {@code env_rlcard} requests (the child process's) give the same codes, observations and legal
     * ids on the same seeds and actions; every legal id plays and nothing else does.
     */
    @Test
    void rlcardGamesAnswerTheSameByCallsAndByRequests() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            int rid = b.rules("rlcard", null);
            List<String> actions = tableActions(b);
            io.github.ddzengine.tools.python.RlcardGame g = b.rlcardGame(rid, String.join(" ", actions));
            java.nio.ByteBuffer obs = java.nio.ByteBuffer.allocateDirect(io.github.ddzengine.tools.python.RlcardGame.OBSERVATION_BYTES);
            java.nio.ByteBuffer legal = java.nio.ByteBuffer.allocateDirect(io.github.ddzengine.tools.python.RlcardGame.LEGAL_BYTES)
                .order(java.nio.ByteOrder.nativeOrder());
            g.attach(obs, legal);
            StringBuilder list = new StringBuilder();
            for (String a : actions) {
                list.append(list.length() == 0 ? "" : ",").append('"').append(a).append('"');
            }
            assertTrue(json(b.call("{\"op\":\"env_rlcard_actions\",\"actions\":[" + list + "]}")).has("count"));
            java.util.Random rng = new java.util.Random(11);
            int steps = 0;
            for (int game = 0; game < 5; game++) {
                int code = g.reset(100 + game, null);
                JsonNode d = json(b.call("{\"op\":\"env_rlcard\",\"rules\":\"rlcard\",\"call\":\"reset\",\"seed\":" + (100 + game) + "}"));
                long id = d.get("game").longValue();
                assertEquals(g.deal(), d.get("deal").textValue());
                while (true) {
                    assertEquals(d.get("code").intValue(), code);
                    byte[] mine = new byte[code >= 0 && (code & 3) != 0 || code < 0 && d.get("obs").textValue().length() > 1100 ? 901 : 790];
                    obs.get(0, mine);
                    assertEquals(d.get("obs").textValue(), java.util.Base64.getEncoder().encodeToString(mine));
                    if (code < 0) {
                        break;
                    }
                    int k = code >> 2;
                    assertEquals(k, d.get("legal").size());
                    for (int i = 0; i < k; i++) {
                        assertEquals(d.get("legal").get(i).intValue(), legal.getInt(4 * i));
                    }
                    int action = legal.getInt(4 * rng.nextInt(k));
                    if (steps % 7 == 0) { // an id that is not legal now: refused, the game unchanged
                        int bad = 0;
                        java.util.Set<Integer> ok = new java.util.HashSet<>();
                        for (int i = 0; i < k; i++) {
                            ok.add(legal.getInt(4 * i));
                        }
                        while (ok.contains(bad)) {
                            bad++;
                        }
                        int refused = bad;
                        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.step(refused));
                        assertTrue(e.getMessage().contains("is not legal"), e.getMessage());
                        assertTrue(json(b.call("{\"op\":\"env_rlcard\",\"game\":" + id + ",\"call\":\"step\",\"action\":" + bad + "}"))
                            .get("error").textValue().contains("is not legal"));
                    }
                    code = g.step(action);
                    d = json(b.call("{\"op\":\"env_rlcard\",\"game\":" + id + ",\"call\":\"step\",\"action\":" + action + "}"));
                    steps++;
                }
                assertEquals(790, g.observe(0));
                assertEquals(901, g.observe(2));
                assertThrows(IllegalArgumentException.class, () -> g.step(0));
            }
            assertTrue(steps > 100, "steps " + steps);
            assertEquals("{\"error\":\"\\\"game\\\" is required\"}", b.call("{\"op\":\"env_rlcard\",\"call\":\"step\",\"action\":1}"));
            assertEquals("{\"error\":\"call must be reset, step or observe, not 'jump'\"}", b.call("{\"op\":\"env_rlcard\",\"call\":\"jump\"}"));
        }
    }

    /** RLCard's batch: the direct calls and the {@code env_batch_*} requests give the same games and answers. */
    @Test
    void rlcardBatchesAnswerTheSameByCallsAndByRequests() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            int rid = b.rules("rlcard", null);
            List<String> actions = tableActions(b);
            int n = 3;
            io.github.ddzengine.tools.python.RlcardBatch batch = b.rlcardBatch(rid, String.join(" ", actions), n, 9);
            java.nio.ByteBuffer obs = java.nio.ByteBuffer.allocateDirect(n * io.github.ddzengine.tools.python.RlcardGame.OBSERVATION_BYTES);
            java.nio.ByteBuffer legal = java.nio.ByteBuffer.allocateDirect(16).order(java.nio.ByteOrder.nativeOrder());
            java.nio.ByteBuffer acts = java.nio.ByteBuffer.allocateDirect(4 * n).order(java.nio.ByteOrder.nativeOrder());
            java.nio.ByteBuffer info = java.nio.ByteBuffer.allocateDirect(8 * 6 * n).order(java.nio.ByteOrder.nativeOrder());
            batch.attach(obs, legal, acts, info);
            int k = batch.answer();
            assertTrue(k < 0, "16 bytes cannot hold every legal id: " + k);
            legal = java.nio.ByteBuffer.allocateDirect(-k).order(java.nio.ByteOrder.nativeOrder());
            batch.attach(obs, legal, acts, info);
            k = batch.answer();
            StringBuilder list = new StringBuilder();
            for (String a : actions) {
                list.append(list.length() == 0 ? "" : ",").append('"').append(a).append('"');
            }
            b.call("{\"op\":\"env_rlcard_actions\",\"actions\":[" + list + "]}");
            JsonNode d = json(b.call("{\"op\":\"env_batch_reset\",\"rules\":\"rlcard\",\"n\":" + n
                + ",\"seed\":9,\"encode\":\"rlcard\"}"));
            long id = d.get("batch").longValue();
            java.util.Random rng = new java.util.Random(9);
            int ended = 0;
            for (int step = 0; step < 120; step++) {
                if (k < 0) {
                    legal = java.nio.ByteBuffer.allocateDirect(-k).order(java.nio.ByteOrder.nativeOrder());
                    batch.attach(obs, legal, acts, info);
                    k = batch.answer();
                }
                assertEquals(d.get("ended").size(), k);
                for (int e = 0; e < k; e++) {
                    for (int j = 0; j < 3; j++) {
                        assertEquals(d.get("ended").get(e).get(j).longValue(), info.getLong(8 * (3 * n + 3 * e + j)));
                    }
                }
                ended += k;
                StringBuilder moves = new StringBuilder();
                int at = 0;
                for (int i = 0; i < n; i++) {
                    assertEquals(d.get("slots").get(i).get(0).longValue(), info.getLong(8 * (3 * i)));
                    assertEquals(d.get("slots").get(i).get(1).longValue(), info.getLong(8 * (3 * i + 1)));
                    int count = (int) info.getLong(8 * (3 * i + 2));
                    assertEquals(d.get("rlcard_legal").get(i).size(), count);
                    for (int j = 0; j < count; j++) {
                        assertEquals(d.get("rlcard_legal").get(i).get(j).intValue(), legal.getInt(4 * (at + j)));
                    }
                    byte[] o = new byte[info.getLong(8 * (3 * i + 1)) == 0 ? 790 : 901];
                    obs.get(i * io.github.ddzengine.tools.python.RlcardGame.OBSERVATION_BYTES, o);
                    assertEquals(d.get("obs").get(i).textValue(), java.util.Base64.getEncoder().encodeToString(o));
                    int pick = legal.getInt(4 * (at + rng.nextInt(count)));
                    acts.putInt(4 * i, pick);
                    moves.append(i == 0 ? "" : ",").append(pick);
                    at += count;
                }
                k = batch.step();
                d = json(b.call("{\"op\":\"env_batch_step\",\"batch\":" + id + ",\"moves\":[" + moves + "]}"));
            }
            assertTrue(ended >= 3, "games ended: " + ended);
            acts.putInt(0, 0);
            acts.putInt(4, 0);
            acts.putInt(8, 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, batch::step);
            assertTrue(e.getMessage().startsWith("actions["), e.getMessage());
        }
    }

    /** DouZero's environment: the direct calls and the {@code env_douzero} requests give the same answers. */
    @Test
    void douzeroGamesAnswerTheSameByCallsAndByRequests() throws IOException {
        try (PythonBridge b = new PythonBridge()) {
            io.github.ddzengine.tools.python.DouzeroGame g = b.douzeroGame(b.rules("douzero", null));
            java.nio.ByteBuffer x = java.nio.ByteBuffer.allocateDirect(io.github.ddzengine.tools.python.DouzeroGame.FARMER_X);
            java.nio.ByteBuffer z = java.nio.ByteBuffer.allocateDirect(io.github.ddzengine.tools.python.DouzeroGame.Z_BYTES);
            java.nio.ByteBuffer moves = java.nio.ByteBuffer.allocateDirect(4 * 32768).order(java.nio.ByteOrder.nativeOrder());
            java.nio.ByteBuffer actions = java.nio.ByteBuffer.allocateDirect(54);
            g.attach(x, z, actions, moves);
            java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
            java.util.Random rng = new java.util.Random(4);
            int steps = 0;
            for (int game = 0; game < 4; game++) {
                int code = g.reset(40 + game, null);
                JsonNode d = json(b.call("{\"op\":\"env_douzero\",\"rules\":\"douzero\",\"call\":\"reset\",\"seed\":" + (40 + game) + "}"));
                long id = d.get("game").longValue();
                while (true) {
                    if (code < -2) { // the actions' buffer is too small: a larger one, the same answer
                        actions = java.nio.ByteBuffer.allocateDirect(-code);
                        g.attach(x, z, actions, moves);
                        code = g.answer();
                    }
                    assertEquals(d.get("code").intValue(), code);
                    byte[] xs = new byte[code < 0 ? java.util.Base64.getDecoder().decode(d.get("x").textValue()).length
                        : (code & 3) == 0 ? 319 : 430];
                    x.get(0, xs);
                    assertEquals(d.get("x").textValue(), b64.encodeToString(xs));
                    byte[] zs = new byte[810];
                    z.get(0, zs);
                    assertEquals(d.get("z").textValue(), b64.encodeToString(zs));
                    if (code < 0) {
                        assertEquals(d.get("bombs").intValue(), g.bombs());
                        break;
                    }
                    int k = code >> 2;
                    byte[] as = new byte[54 * k];
                    actions.get(0, as);
                    assertEquals(d.get("actions").textValue(), b64.encodeToString(as));
                    for (int i = 0; i < k; i++) {
                        assertEquals(d.get("moves").get(i).intValue(), moves.getInt(4 * i));
                    }
                    int pick = rng.nextInt(k);
                    code = g.step(pick);
                    d = json(b.call("{\"op\":\"env_douzero\",\"game\":" + id + ",\"call\":\"step\",\"action\":" + pick + "}"));
                    steps++;
                }
                assertTrue(json(g.stateJson()).get("done").booleanValue());
                assertThrows(IllegalArgumentException.class, () -> g.step(0));
            }
            assertTrue(steps > 60, "steps " + steps);
        }
    }

    @Test
    void theChildProcessLoop() throws IOException {
        String in = "{\"op\":\"hello\"}\n\n{\"op\":\"moves\",\"hand\":\"33\"}\nbad\n{\"op\":\"bye\"}\n{\"op\":\"hello\"}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, PythonBridge.serve(new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)), out));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertEquals(PythonBridge.PROTOCOL, json(lines.get(0)).get("protocol").intValue());
        assertEquals(PythonBridge.version(), json(lines.get(0)).get("version").textValue());
        assertEquals("{\"moves\":[\"3\",\"33\"]}", lines.get(1));
        assertTrue(json(lines.get(2)).has("error"));
    }
}
