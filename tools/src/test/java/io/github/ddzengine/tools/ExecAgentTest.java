package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exec:} agents in {@code ddz play}: a served agent plays the very games of the built-in
 * one, and misbehaving processes (garbage, illegal moves, crashes, time-outs) are counted and
 * replaced by the fallback. Spawns real processes: {@code ddz serve} on this test's class path,
 * and small {@code sh} scripts.
 */
class ExecAgentTest {
    @TempDir
    Path dir;

    /** {@code exec:java -cp CP io.github.ddzengine.tools.Ddz serve ARGS}. */
    private static String served(String args) {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        return "exec:'" + java + "' -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
            + "' " + Ddz.class.getName() + " serve " + args;
    }

    private static JsonNode json(String line) throws IOException {
        return JsonFields.MAPPER.readTree(line);
    }

    /** Plays on one thread (unless {@code args} say otherwise), writes the records to {@code out}, returns the report. */
    private JsonNode play(String out, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("play", "--json", "--out", dir.resolve(out).toString()));
        all.addAll(List.of(args));
        if (!all.contains("--threads")) {
            all.addAll(List.of("--threads", "1"));
        }
        // the faults are what these tests count: a match that has them exits 3 unless tolerated
        all.addAll(List.of("--tolerate-faults", "1000000"));
        CliRun run = CliRun.of(all.toArray(new String[0]));
        return json(run.assertSuccess().get(0));
    }

    /** The records of a file with the agent names and specs blanked out. */
    private List<String> games(String file) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(file))) {
            ObjectNode n = (ObjectNode) json(line);
            n.remove("agents");
            n.remove("agent_specs"); // the names and full specs of the two ways of running it differ
            out.add(n.toString());
        }
        return out;
    }

    private static void assertNoFaults(JsonNode errors) {
        for (String f : new String[] {"illegal", "unparsable", "timeouts", "crashes", "fallbacks", "restarts"}) {
            assertEquals(0, errors.get(f).longValue(), f + " in " + errors);
        }
    }

    private static void assertSameFigures(JsonNode x, JsonNode y) {
        for (String f : new String[] {"wp", "adp", "points", "landlord_wp", "bombs_per_game", "games"}) {
            assertEquals(x.get(f).doubleValue(), y.get(f).doubleValue(), f);
        }
    }

    @Test
    void aServedRuleAgentPlaysTheSameGamesAsTheBuiltInOne() throws IOException {
        JsonNode builtIn = play("a.jsonl", "--a", "greedy", "--b", "rule", "--deals", "6", "--seed", "11", "--bidding");
        JsonNode exec = play("b.jsonl", "--a", "greedy", "--b", served("--agent rule"), "--deals", "6", "--seed", "11",
            "--bidding");
        assertSameFigures(builtIn, exec);
        assertEquals(games("a.jsonl"), games("b.jsonl"));
        assertNoFaults(exec.get("errors_b"));
        assertTrue(exec.get("b").textValue().startsWith("exec:"), exec.toString());
        // two threads: six processes (three per worker's copies), the same games in the same order
        JsonNode two = play("c.jsonl", "--a", "greedy", "--b", served("--agent rule"), "--deals", "6", "--seed", "11",
            "--bidding", "--threads", "2");
        assertEquals(games("a.jsonl"), games("c.jsonl"));
        assertNoFaults(two.get("errors_b"));
    }

    @Test
    void aServedMonteCarloAgentPlaysTheSameGamesAsTheBuiltInOne() throws IOException {
        // fixed worlds: the decisions depend on the game seed and the history only, as the protocol passes them
        JsonNode builtIn = play("a.jsonl", "--a", "rule", "--b", "mc:worlds=6", "--deals", "2", "--seed", "5");
        JsonNode exec = play("b.jsonl", "--a", "rule", "--b", served("--agent mc:worlds=6"), "--deals", "2", "--seed", "5");
        assertSameFigures(builtIn, exec);
        assertEquals(games("a.jsonl"), games("b.jsonl"));
        assertNoFaults(exec.get("errors_b"));
    }

    private String script(String name, String body) throws IOException {
        assumeTrue(new File("/bin/sh").canExecute(), "needs /bin/sh");
        Path p = dir.resolve(name);
        Files.writeString(p, body);
        return "exec:/bin/sh " + p;
    }

    /** B's decisions in the records of {@code file}: {all, leads}. */
    private int[] decisionsOfB(String file, String b) throws IOException {
        int all = 0;
        int leads = 0;
        for (String line : Files.readAllLines(dir.resolve(file))) {
            JsonNode g = json(line);
            int lastBy = -1;
            for (JsonNode a : g.get("actions")) {
                int seat = a.get("seat").intValue();
                if (g.get("agents").get(seat).textValue().equals(b)) {
                    all++;
                    leads += lastBy < 0 || lastBy == seat ? 1 : 0;
                }
                if (!a.get("move").textValue().equals("pass")) {
                    lastBy = seat;
                }
            }
        }
        return new int[] {all, leads};
    }

    @Test
    void garbageAndIllegalAnswersAreCountedAndReplacedByTheFallback() throws IOException {
        String garbage = script("garbage.sh", "while read -r line; do case \"$line\" in *'\"play\"'*|*'\"bid\"'*) "
            + "echo 'not json';; esac; done\n");
        JsonNode g = play("g.jsonl", "--a", "rule", "--b", garbage, "--deals", "3", "--seed", "2");
        JsonNode ge = g.get("errors_b");
        int[] gd = decisionsOfB("g.jsonl", g.get("b").textValue());
        assertEquals(gd[0], ge.get("unparsable").intValue(), ge.toString());
        assertEquals(gd[0], ge.get("fallbacks").intValue(), ge.toString());
        assertEquals(0, ge.get("illegal").intValue() + ge.get("crashes").intValue() + ge.get("timeouts").intValue());
        assertNoFaults(g.get("errors_a"));

        // always "pass": illegal exactly on B's leads, where the fallback leads the lowest card
        String passer = script("pass.sh", "while read -r line; do case \"$line\" in *'\"play\"'*) "
            + "echo '{\"move\": \"pass\"}';; esac; done\n");
        JsonNode p = play("p.jsonl", "--a", "rule", "--b", passer, "--deals", "3", "--seed", "2");
        int[] pd = decisionsOfB("p.jsonl", p.get("b").textValue());
        JsonNode pe = p.get("errors_b");
        assertEquals(pd[1], pe.get("illegal").intValue(), pe.toString());
        assertEquals(pd[1], pe.get("fallbacks").intValue(), pe.toString());
        assertTrue(pd[1] > 0 && pd[1] < pd[0]);
        // the text report names the agent and its counts
        List<String> text = CliRun.of("play", "--a", "rule", "--b", passer, "--deals", "3", "--seed", "2", "--threads", "1",
            "--tolerate-faults", "1000").assertSuccess();
        assertEquals("  B " + p.get("b").textValue() + ": " + pd[1] + " illegal, 0 unparsable, 0 time-outs, 0 crashes; "
            + pd[1] + " decisions by fallback, 0 restarts", text.get(text.size() - 1));
    }

    @Test
    void crashedAndLateProcessesAreRestartedForTheNextGame() throws IOException {
        // answers nothing and exits at its first request: one crash per process and game
        String crash = script("crash.sh", "while read -r line; do case \"$line\" in *'\"play\"'*) exit 3;; esac; done\n");
        JsonNode c = play("c.jsonl", "--a", "rule", "--b", crash, "--deals", "2", "--seed", "4");
        JsonNode ce = c.get("errors_b");
        // 2 deals: each of B's three processes (landlord in one game, a farmer in the other) plays one game a deal
        assertEquals(6, ce.get("crashes").intValue(), ce.toString());
        assertEquals(3, ce.get("restarts").intValue(), ce.toString());
        assertEquals(decisionsOfB("c.jsonl", c.get("b").textValue())[0], ce.get("fallbacks").intValue());
        assertEquals(4, c.get("games").intValue());

        // answers its first request of a game with a pass, then sleeps past the time-out
        String late = script("late.sh", "n=0; while read -r line; do case \"$line\" in *'\"game\"'*) n=0;; "
            + "*'\"play\"'*) n=$((n+1)); if [ $n -ge 2 ]; then exec sleep 30; fi; echo '{\"move\":\"pass\"}';; esac; done\n");
        JsonNode t = play("t.jsonl", "--a", "rule", "--b", late, "--deals", "2", "--seed", "4", "--move-timeout-ms", "300");
        JsonNode te = t.get("errors_b");
        // each of the three processes is late once a game: killed, and started again for its next game
        assertEquals(6, te.get("timeouts").intValue(), te.toString());
        assertEquals(3, te.get("restarts").intValue(), te.toString());
        assertEquals(0, te.get("crashes").intValue(), te.toString());
    }

    @Test
    void badCommandsAreOneLineErrors() {
        CliRun.of("play", "--a", "rule", "--b", "exec:", "--deals", "1").assertUsageError("empty", "no command after exec:");
        CliRun.of("play", "--a", "rule", "--b", "exec:sh -c 'echo", "--deals", "1").assertUsageError("quote",
            "unclosed ' in the command");
        CliRun run = CliRun.of("play", "--a", "rule", "--b", "exec:/nonexistent/agent --x", "--deals", "1");
        assertEquals(Exits.USAGE, run.exitCode(), run.err()); // issue 21: a command that cannot start is bad input
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().startsWith("ddz play: agent exec:/nonexistent/agent --x: cannot start /nonexistent/agent: "),
            run.err());
        CliRun.of("play", "--a", "rule", "--b", "rule", "--move-timeout-ms", "0").assertUsageError("timeout",
            "--move-timeout-ms must be 1..86400000, not 0");
    }
}
