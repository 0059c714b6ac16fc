package io.github.ddzengine.tools.botzone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.tools.CliRun;
import org.junit.jupiter.api.Test;

/**
 * Recorded FightTheLandlord2 turns (card ids: rank = id / 4 from {@code 3}, 52 = X, 53 = D): bidding,
 * the landlord's lead, a farmer's follow, a pass chain, space shuttles, and malformed input.
 */
class BotzoneBotTest {
    private static final MoveTable TABLE = BotzoneBot.RULES.table();
    /** 3333 4444 5555 6666 7: ids 0..16. */
    private static final String SHUTTLE_OWN = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]";

    private static BotzoneBot.Reply turn(String agent, String line) {
        return new BotzoneBot(agent, 20, 0).respond(line);
    }

    private static JsonNode response(BotzoneBot.Reply reply) {
        JsonNode r = BotzoneJudge.response(reply.line());
        assertTrue(r != null, reply.line());
        return r;
    }

    private static long mask(int... ids) {
        long m = 0;
        for (int id : ids) {
            m |= 1L << id;
        }
        return m;
    }

    @Test
    void bidsAreLegalForTheBidsBefore() {
        String own = "[0,4,8,12,16,20,24,28,32,36,40,44,48,52,53,1,5]";
        for (String earlier : new String[] {"[]", "[1]", "[0,2]", "[1,2]"}) {
            BotzoneBot.Reply reply = turn("mc", "{\"requests\":[{\"own\":" + own + ",\"bid\":" + earlier
                + "}],\"responses\":[]}");
            assertEquals(List.of(), reply.errors());
            int highest = earlier.contains("2") ? 2 : earlier.contains("1") ? 1 : 0;
            assertNull(BotzoneJudge.judgeBid(response(reply), highest), earlier + " -> " + reply.line());
        }
    }

    @Test
    void theLandlordLeadsFromAHandOfShuttlesWithThePublicCards() {
        // own 3333444455556666 7, public 8 9 T (ours: we are the landlord at position 1)
        String line = "{\"requests\":[{\"own\":" + SHUTTLE_OWN + ",\"bid\":[0]},{\"history\":[[],[]],\"own\":" + SHUTTLE_OWN
            + ",\"publiccard\":[20,24,28],\"landlord\":1,\"pos\":1,\"finalbid\":3}],\"responses\":[3]}";
        long held = mask(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28);
        for (String agent : new String[] {"mc:worlds=8", "greedy", "random"}) {
            BotzoneBot.Reply reply = turn(agent, line);
            assertEquals(List.of(), reply.errors(), agent);
            BotzoneJudge.Verdict v = BotzoneJudge.judgePlay(TABLE, response(reply), held, MoveTable.PASS);
            assertTrue(v.ok(), agent + ": " + v.error() + " " + reply.line());
        }
        // the rule agent leads the group of its lowest card: the bomb 3333
        assertEquals("{\"response\":[0,1,2,3]}", turn("rule", line).line());
        // the whole hand is one legal lead: a shuttle of four with four solo wings, as the judge reads it
        String all = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,20,24,28]";
        BotzoneJudge.Verdict whole = BotzoneJudge.judgePlay(TABLE, BotzoneJudge.response("{\"response\":" + all + "}"),
            held, MoveTable.PASS);
        assertTrue(whole.ok(), whole.error());
        assertEquals("shuttle_solo_4", TABLE.typeName(whole.move()));
    }

    @Test
    void aFarmerAnswersAShuttleWithALegalMove() {
        // the landlord (position 1) led 33334444+9+T; we are landlord_down (position 2) with 55556666 J Q 7 8 K A 2 X D
        String own = "[8,9,10,11,12,13,14,15,32,36,16,20,40,44,48,52,53]";
        String line = "{\"requests\":[{\"history\":[[],[0,1,2,3,4,5,6,7,24,28]],\"own\":" + own
            + ",\"publiccard\":[25,26,29],\"landlord\":1,\"pos\":2,\"finalbid\":3}],\"responses\":[]}";
        for (String agent : new String[] {"mc:worlds=8", "rule", "random"}) {
            BotzoneBot.Reply reply = turn(agent, line);
            assertEquals(List.of(), reply.errors(), agent);
            int last = TABLE.parseMove("33334444" + "9T");
            assertEquals("shuttle_solo_2", TABLE.typeName(last));
            BotzoneJudge.Verdict v = BotzoneJudge.judgePlay(TABLE, response(reply),
                mask(8, 9, 10, 11, 12, 13, 14, 15, 32, 36, 16, 20, 40, 44, 48, 52, 53), last);
            assertTrue(v.ok(), agent + ": " + v.error() + " " + reply.line());
        }
        // the rule agent answers in kind with the lowest shuttle: 55556666 and its two lowest wings 7 8
        assertEquals("{\"response\":[8,9,10,11,12,13,14,15,16,20]}", turn("rule", line).line());
    }

    @Test
    void passChainsGiveTheLeadBackAndAFollowerMayPass() {
        // we are the landlord (position 0), led 2 (id 48); both farmers passed: we must lead again
        String own = "[0,4,8,12,16,20,24,28,32,36,40,44,48,52,1,5,9]";
        String first = "{\"own\":" + own + ",\"publiccard\":[2,6,10],\"landlord\":0,\"pos\":0,\"finalbid\":1";
        String line = "{\"requests\":[{\"own\":" + own + ",\"bid\":[]},{\"history\":[[],[]]," + first.substring(1)
            + "},{\"history\":[[],[]]}],\"responses\":[0,[48]]}";
        for (String agent : new String[] {"mc:worlds=8", "rule", "greedy", "random"}) {
            BotzoneBot.Reply reply = turn(agent, line);
            assertEquals(List.of(), reply.errors(), agent);
            long held = mask(0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 52, 1, 5, 9, 2, 6, 10);
            BotzoneJudge.Verdict v = BotzoneJudge.judgePlay(TABLE, response(reply), held, MoveTable.PASS);
            assertTrue(v.ok(), agent + ": " + v.error() + " " + reply.line());
        }
        // landlord_up (position 2) after the landlord's 3 and landlord_down's pass: must beat the 3 or pass;
        // later, after its own pass and two plays, the history shows those plays
        String upOwn = "[3,7,11,15,19,23,27,31,35,39,43,47,51,53,13,17,21]";
        String up = "{\"requests\":[{\"history\":[[0],[]],\"own\":" + upOwn
            + ",\"publiccard\":[2,6,10],\"landlord\":0,\"pos\":2,\"finalbid\":1},{\"history\":[[4],[14]]}],"
            + "\"responses\":[[]]}";
        BotzoneBot.Reply reply = turn("mc:worlds=8", up);
        assertEquals(List.of(), reply.errors());
        long upHeld = mask(3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 53, 13, 17, 21);
        BotzoneJudge.Verdict v = BotzoneJudge.judgePlay(TABLE, response(reply), upHeld, TABLE.parseMove("6"));
        assertTrue(v.ok(), v.error() + " " + reply.line());
    }

    @Test
    void malformedInputGetsASafeResponseAndAClearError() {
        BotzoneBot.Reply notJson = turn("mc", "{\"requests\":[{\"own\":[1,2");
        assertEquals("{\"response\":0}", notJson.line());
        assertTrue(notJson.errors().get(0).startsWith("invalid JSON: unexpected end of input at column"),
            notJson.errors().toString());
        BotzoneBot.Reply bom = turn("rule", "\uFEFF{\"requests\":[{\"own\":[0,4,8,12,16,20,24,28,32,36,40,44,48,52,53,1,5],"
            + "\"bid\":[]}]}\r\n");
        assertEquals(List.of(), bom.errors(), "a byte-order mark and CRLF are fine");
        BotzoneBot.Reply empty = turn("mc", "");
        assertEquals(1, empty.errors().size());
        assertTrue(turn("mc", "{\"responses\":[]}").errors().get(0).contains("\"requests\" is missing"));

        String own = "[0,4,8,12,16,20,24,28,32,36,40,44,48,52,1,5,9]";
        String landlordFirst = "{\"history\":[[],[]],\"own\":" + own
            + ",\"publiccard\":[2,6,10],\"landlord\":0,\"pos\":0,\"finalbid\":1}";
        // the farmers "play" a card we hold: the history is refused; we lead, so the lowest card we hold
        BotzoneBot.Reply held = turn("mc", "{\"requests\":[" + landlordFirst + ",{\"history\":[[4],[]]}],"
            + "\"responses\":[[48]]}");
        assertTrue(held.errors().get(0).contains("plays card 4, which we hold"), held.errors().toString());
        assertEquals("{\"response\":[]}", held.line(), "following landlord_down's play: a pass is safe");
        // our own earlier response is missing: the history cannot be rebuilt; both others passed, we lead
        BotzoneBot.Reply missing = turn("mc", "{\"requests\":[" + landlordFirst + ",{\"history\":[[],[]]}],"
            + "\"responses\":[]}");
        assertTrue(missing.errors().get(0).contains("2 requests but 0 responses"), missing.errors().toString());
        assertEquals("{\"response\":[0]}", missing.line());
        // a malformed card id in landlord_down's play is no pass: we may have to follow it, so the
        // safe answer is a pass, not a lead (issue 21, defect 10; before: the lowest card, [0])
        for (String bad : new String[] {"[\"x\"]", "[999]", "[3.5]", "[-1]", "\"4\"", "{}", "null"}) {
            BotzoneBot.Reply r = turn("mc", "{\"requests\":[" + landlordFirst + ",{\"history\":[" + bad + ",[]]}],"
                + "\"responses\":[[48]]}");
            assertEquals(1, r.errors().size(), bad + ": " + r.errors());
            assertEquals("{\"response\":[]}", r.line(), bad);
        }
        // 16 cards in own; an unknown card id; a play that is no combination
        assertTrue(turn("mc", "{\"requests\":[{\"own\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],\"bid\":[]}]}")
            .errors().get(0).contains("must hold 17 card ids, not 16"));
        BotzoneBot.Reply badId = turn("mc", "{\"requests\":[{\"history\":[[],[54]],\"own\":" + own
            + ",\"publiccard\":[2,6,10],\"landlord\":1,\"pos\":2,\"finalbid\":1}]}");
        assertTrue(badId.errors().get(0).contains("must be an integer 0..53, not 54"), badId.errors().toString());
        assertEquals("{\"response\":[]}", badId.line());
        BotzoneBot.Reply noCombo = turn("mc", "{\"requests\":[{\"history\":[[],[3,7]],\"own\":" + own
            + ",\"publiccard\":[2,6,10],\"landlord\":1,\"pos\":2,\"finalbid\":1}]}");
        assertTrue(noCombo.errors().get(0).contains("34 is no combination"), noCombo.errors().toString());
        // a bid above 3 in the earlier bids
        assertTrue(turn("mc", "{\"requests\":[{\"own\":" + own + ",\"bid\":[4]}]}").errors().get(0)
            .contains("must be an integer 0..3, not 4"));
    }

    @Test
    void cardIdsMapToRanksAndBack() {
        assertEquals("3", Notation.format(BotzoneBot.cards(mask(0))));
        assertEquals("A22XD", Notation.format(BotzoneBot.cards(mask(47, 48, 51, 52, 53))));
        // pick takes the lowest held ids of each rank and never an id that is not held
        assertEquals(mask(1, 3, 52), BotzoneBot.pick(mask(1, 3, 2 + 4, 52, 53) & ~mask(6), Notation.parseCards("33X")));
        assertThrows(IllegalArgumentException.class, () -> BotzoneBot.pick(mask(1), Notation.parseCards("33")));
        assertThrows(IllegalArgumentException.class, () -> new BotzoneBot("foo", 50, 0));
        assertThrows(IllegalArgumentException.class, () -> new BotzoneBot("rule:worlds=3", 50, 0));
    }

    @Test
    void theCommandAndTheColdEntryPointPrintOneResponseLine() throws Exception {
        String bidLine = "{\"requests\":[{\"own\":[0,4,8,12,16,20,24,28,32,36,40,44,48,52,53,1,5],\"bid\":[3]}]}";
        // bidding after a 3 is impossible: one error line, the safe bid 0, exit 0
        CliRun run = CliRun.withInput(bidLine + "\n", "botzone", "--agent", "rule");
        assertEquals(0, run.exitCode());
        assertEquals(List.of("{\"response\":0}"), run.outLines());
        assertTrue(run.err().startsWith("ddz botzone: requests[0].bid: a bid of 3 ended the bidding"), run.err());
        CliRun.of("botzone", "--agent", "nobody").assertUsageError("agent", "unknown agent 'nobody'");

        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), BotzoneMain.class.getName(), "--budget-ms", "20").start();
        p.getOutputStream().write("not json\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertEquals("{\"response\":0}\n", out);
        assertEquals("ddz botzone: invalid JSON: unknown word (expected null) at column 1\n", err);
        assertFalse(err.contains("Exception"));
    }
}
