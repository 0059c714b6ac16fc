package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.protocol.AgentProtocol;
import io.github.ddzengine.protocol.JsonFields;
import org.junit.jupiter.api.Test;

/** {@code ddz serve} in-process: the messages of {@code docs/agent-protocol.md} and their answers. */
class ServeCommandTest {
    private static JsonNode json(String line) throws IOException {
        return JsonFields.MAPPER.readTree(line);
    }

    @Test
    void answersEveryRequestAndEveryBadLineOnceAndStopsAtBye() throws IOException {
        String input = String.join("\n",
            "{\"type\":\"hello\",\"protocol\":1,\"rules\":\"botzone\",\"bans\":\"\",\"seat\":1}",
            "{\"type\":\"game\",\"seed\":9}",
            "{\"type\":\"bid\",\"seat\":1,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[2]}",
            "{\"type\":\"play\",\"seat\":1,\"hand\":\"3478899TJQKA2XD33\",\"landlord\":0,\"kitty\":\"444\",\"bid\":2,"
                + "\"history\":[{\"seat\":0,\"move\":\"55556666\"}]}",
            "",
            "not json",
            "{\"type\":\"dance\"}",
            "{\"type\":\"play\",\"seat\":1,\"hand\":\"3456789TJQKA2XD33\",\"history\":[]}",
            "{\"type\":\"play\",\"seat\":1,\"hand\":\"3456789TJQKA2XD33\",\"history\":[{\"seat\":2,\"move\":\"5\"}]}",
            "{\"type\":\"bye\"}",
            "{\"type\":\"bid\",\"seat\":0,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[]}");
        List<String> out = CliRun.withInput(input + "\n", "serve", "--agent", "rule").assertSuccess();
        assertEquals(6, out.size(), out.toString());
        int bid = json(out.get(0)).get("bid").intValue();
        assertTrue(bid == 0 || bid == 3, out.get(0));
        // the shuttle 55556666 (BOTZONE rules from the hello) can only be bombed, rocketed or passed
        Rules botzone = Rules.of(Preset.BOTZONE);
        int move = botzone.table().parseMove(json(out.get(1)).get("move").textValue());
        assertTrue(move == MoveTable.PASS || botzone.table().isBomb(move)
            || botzone.table().type(move) == io.github.ddzengine.core.rules.MoveType.ROCKET, out.get(1));
        assertTrue(json(out.get(2)).get("error").textValue().startsWith("line 6: invalid JSON"), out.get(2));
        assertEquals("line 7 (dance): unknown message type 'dance' (hello, game, play, bid, bye)",
            json(out.get(3)).get("error").textValue());
        assertEquals("line 8 (play): after 0 plays seat 0 (landlord) acts, not seat 1",
            json(out.get(4)).get("error").textValue());
        assertEquals("line 9 (play): history[0]: play 1 is by seat 0, not 2", json(out.get(5)).get("error").textValue());
    }

    @Test
    void aBadHelloIsReportedOnStandardErrorWithoutAnAnswer() {
        CliRun run = CliRun.withInput("{\"type\":\"hello\",\"protocol\":2,\"rules\":\"standard\",\"seat\":0}\n"
            + "{\"type\":\"game\",\"seed\":\"x\"}\n", "serve", "--agent", "random");
        assertEquals(0, run.exitCode());
        assertEquals("", run.out());
        assertEquals(List.of("ddz serve: line 1 (hello): hello: protocol 2 is not supported (this agent speaks protocol 1)",
            "ddz serve: line 2 (game): \"seed\" must be an integer, not \"x\""), run.errLines());
        CliRun.of("serve", "--agent", "exec:foo").assertUsageError("exec", "not an exec: agent");
        CliRun.of("serve", "--agent", "nobody").assertUsageError("unknown", "unknown agent 'nobody'");
    }

    /**
     * Whole games: every decision of a served rule agent, asked through the protocol (a play request
     * built by the referee's own writer), equals the built-in agent's decision after the same seed.
     */
    @Test
    void aServedAgentAnswersAsTheBuiltInAgentOnWholeGames() throws IOException {
        Rules rules = Rules.STANDARD;
        MoveGenerator generator = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        StringBuilder input = new StringBuilder(AgentProtocol.hello(rules, 0)).append('\n');
        List<Integer> expected = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            long seed = SplitMix64.derive(77, g);
            Deal deal = Deal.random(seed);
            RuleAgent builtIn = new RuleAgent(rules, 0);
            builtIn.startGame(seed);
            input.append(AgentProtocol.game(seed)).append('\n');
            int[] earlier = {};
            input.append(AgentProtocol.bid(BidRequest.of(rules, deal.hand(0), earlier))).append('\n');
            expected.add(-1 - builtIn.bid(BidRequest.of(rules, deal.hand(0), earlier)));
            GameState state = new GameState(rules);
            state.start(deal.hand(0) + deal.kitty(), deal.hand(1), deal.hand(2));
            while (!state.isOver()) {
                InformationSet info = InformationSet.view(state, deal.kitty(), 1);
                input.append(AgentProtocol.play(info, generator, buf)).append('\n');
                int m = builtIn.play(info); // one agent for all seats: the served one is asked the same way
                expected.add(m);
                state.play(m);
            }
        }
        List<String> out = CliRun.withInput(input.toString(), "serve", "--agent", "rule").assertSuccess();
        assertEquals(expected.size(), out.size());
        for (int i = 0; i < out.size(); i++) {
            JsonNode a = json(out.get(i));
            if (expected.get(i) < 0) {
                assertEquals(-1 - expected.get(i), a.get("bid").intValue(), "answer " + i);
            } else {
                assertEquals(rules.table().format(expected.get(i)), a.get("move").textValue(), "answer " + i);
            }
        }
    }

    @Test
    void playRequestsCarryTheFieldsOfTheDocument() throws IOException {
        Rules rules = Rules.STANDARD;
        MoveTable t = rules.table();
        InformationSet info = InformationSet.of(rules, 2, Notation.parseCards("3456789TJQKA2XD33"),
            Notation.parseCards("444"), 3, new int[] {t.parseMove("55"), MoveTable.PASS});
        JsonNode p = json(AgentProtocol.play(info, new MoveGenerator(rules), new int[MoveGenerator.MAX_MOVES]));
        assertEquals("play", p.get("type").textValue());
        assertEquals(2, p.get("seat").intValue());
        assertEquals("3334456789TJQKA2XD".replace("44", "4"), p.get("hand").textValue());
        assertEquals(0, p.get("landlord").intValue());
        assertEquals("444", p.get("kitty").textValue());
        assertEquals(3, p.get("bid").intValue());
        assertEquals("[18,17,17]", p.get("cards_left").toString());
        assertEquals("[{\"seat\":0,\"move\":\"55\"},{\"seat\":1,\"move\":\"pass\"}]", p.get("history").toString());
        assertEquals("{\"cards\":\"55\",\"type\":\"pair\",\"seat\":0}", p.get("last_move").toString());
        // no pair above 55 (only 33), no bomb: a pass or the rocket
        assertEquals("[\"pass\",\"XD\"]", p.get("legal").toString());
    }

    /**
     * Numbers out of range are refused, not wrapped to 32 bits (issue 21, defect 11: before,
     * protocol 4294967297 was accepted as 1, landlord 4294967296 as 0, a bid of -4294967295 as 1).
     */
    @Test
    void sixtyFourBitNumbersAreNotWrapped() throws IOException {
        String input = String.join("\n",
            "{\"type\":\"hello\",\"protocol\":4294967297,\"rules\":\"botzone\",\"bans\":\"\",\"seat\":1}",
            "{\"type\":\"play\",\"seat\":1,\"hand\":\"3478899TJQKA2XD33\",\"landlord\":4294967296,\"kitty\":\"444\","
                + "\"bid\":2,\"history\":[{\"seat\":0,\"move\":\"55556666\"}]}",
            "{\"type\":\"bid\",\"seat\":1,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[-4294967295]}",
            "{\"type\":\"play\",\"seat\":1,\"hand\":\"3478899TJQKA2XD33\",\"kitty\":\"444\",\"bid\":2,"
                + "\"history\":[{\"seat\":4294967296,\"move\":\"55556666\"}]}",
            "{\"type\":\"bid\",\"id\":7,\"seat\":0,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[]}");
        CliRun run = CliRun.withInput(input + "\n", "serve", "--agent", "rule");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("ddz serve: line 1 (hello): hello: protocol 4294967297 is not supported (this agent speaks "
            + "protocol 1)"), run.errLines());
        List<String> out = run.outLines();
        assertEquals(4, out.size(), run.out());
        assertTrue(out.get(0).startsWith("{\"error\":\"line 2 (play): \\\"landlord\\\" is always 0"), out.get(0));
        assertTrue(out.get(1).startsWith("{\"error\":\"line 3 (bid): \\\"bids\\\"[0] must be an integer 0..3"), out.get(1));
        assertTrue(out.get(2).startsWith("{\"error\":\"line 4 (play): history[0]: play 1 is by seat 0"), out.get(2));
        // an answer echoes its request's id
        assertTrue(out.get(3).startsWith("{\"id\":7,\"bid\":"), out.get(3));
    }

    /**
     * {@code "win_rates": true}: the Monte Carlo agent answers with every candidate's win rate, and
     * (fixed worlds, the game's seed) with the move it plays without the flag; an agent without
     * win rates answers {@code "candidates": null}; a flag that is not a boolean is an error line.
     */
    @Test
    void aPlayRequestAsksForWinRates() throws IOException {
        String play = "{\"type\":\"play\",\"seat\":1,\"hand\":\"3478899TJQKA2XD33\",\"kitty\":\"444\",\"bid\":2,"
            + "\"history\":[{\"seat\":0,\"move\":\"5\"}]";
        String input = String.join("\n",
            "{\"type\":\"game\",\"seed\":42}",
            play + "}",
            play + ",\"win_rates\":true}",
            play + ",\"win_rates\":false}",
            play + ",\"win_rates\":\"yes\"}") + "\n";
        List<String> out = CliRun.withInput(input, "serve", "--agent", "mc:worlds=30").assertSuccess();
        assertEquals(4, out.size(), out.toString());
        JsonNode plain = json(out.get(0));
        JsonNode rated = json(out.get(1));
        assertEquals(1, plain.size(), out.get(0));
        assertEquals(plain.get("move"), rated.get("move"));
        JsonNode candidates = rated.get("candidates");
        assertTrue(candidates.isArray() && candidates.size() >= 2, out.get(1));
        assertEquals(rated.get("move"), candidates.get(0).get("move"));
        double previous = 1;
        for (JsonNode c : candidates) {
            double r = c.get("win_rate").doubleValue();
            assertTrue(r >= 0 && r <= previous, out.get(1));
            previous = r;
            assertEquals(30, c.get("worlds").intValue());
        }
        assertEquals(30, rated.get("worlds").intValue());
        assertEquals(plain, json(out.get(2)));
        assertEquals("line 5 (play): \"win_rates\" must be true or false, not \"yes\"", json(out.get(3)).get("error").textValue());

        List<String> rule = CliRun.withInput(input, "serve", "--agent", "rule").assertSuccess();
        assertEquals(json(rule.get(0)).get("move"), json(rule.get(1)).get("move"));
        assertTrue(json(rule.get(1)).get("candidates").isNull(), rule.get(1));
    }
}
