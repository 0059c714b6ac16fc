package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External agents that misbehave (issue 21): one that never reads its input, one that leaves
 * grandchildren behind, one that streams a line without end, one that crashes, one that hangs,
 * one that cannot start, one that writes junk after its answers, one slow to start. Each is a
 * small script written here (bash and python3 from the standard library); every test has a hard
 * time bound, and after each one no process it started may be left (they carry a marker in their
 * environment, {@link Processes}).
 */
class FaultyAgentTest {
    @TempDir
    Path dir;
    private String marker;

    /** A python3 agent that answers every request with its first legal move (bid 0); echoes a request's id. */
    private static final String FIRST_LEGAL = String.join("\n",
        "import json, sys, time",
        "JUNK_AFTER = float(sys.argv[1]) if len(sys.argv) > 1 else -1",
        "START_DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 0",
        "first = True",
        "for line in sys.stdin:",
        "    m = json.loads(line)",
        "    t = m.get('type')",
        "    if t == 'bye':",
        "        break",
        "    if t not in ('play', 'bid'):",
        "        continue",
        "    if first and START_DELAY > 0:",
        "        time.sleep(START_DELAY)",
        "    first = False",
        "    a = {'move': m['legal'][0]} if t == 'play' else {'bid': 0}",
        "    if 'id' in m:",
        "        a['id'] = m['id']",
        "    sys.stdout.write(json.dumps(a) + '\\n')",
        "    sys.stdout.flush()",
        "    if JUNK_AFTER >= 0:",
        "        time.sleep(JUNK_AFTER)",
        "        sys.stdout.write('{\"move\": \"pass\"}\\nnot json\\n{\"bid\": 3}\\n')",
        "        sys.stdout.flush()",
        "");

    @BeforeEach
    void needs() {
        assumeTrue(new File("/bin/bash").canExecute() && onPath("python3"), "needs bash and python3");
        marker = UUID.randomUUID().toString();
    }

    @AfterEach
    void noProcessLeft() throws InterruptedException {
        List<String> left = Processes.leftAfter(marker, 3000);
        assertEquals(List.of(), left, "processes left by the test");
    }

    private static boolean onPath(String command) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, command))) {
                return true;
            }
        }
        return false;
    }

    /** {@code exec:bash SCRIPT}: a bash script that marks itself (and all it starts) and runs {@code body}. */
    private String agent(String name, String body) throws IOException {
        Files.writeString(dir.resolve("first_legal.py"), FIRST_LEGAL);
        Path p = dir.resolve(name + ".sh");
        Files.writeString(p, "export " + Processes.VARIABLE + "=" + marker + "\ncd '" + dir + "'\n" + body + "\n");
        return "exec:bash " + p;
    }

    private static JsonNode json(String line) {
        try {
            return JsonFields.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new AssertionError(line, e);
        }
    }

    private static CliRun play(long seconds, String b, String... more) {
        List<String> args = new ArrayList<>(List.of("play", "--a", "rule", "--b", b, "--threads", "1", "--json"));
        args.addAll(List.of(more));
        return assertTimeoutPreemptively(Duration.ofSeconds(seconds), () -> CliRun.of(args.toArray(String[]::new)),
            "the match did not end");
    }

    /** Asserts exit code 3, the report on standard output, and the one-line summary on standard error. */
    private static JsonNode faulted(CliRun r, String fault) {
        assertEquals(Exits.AGENT_FAULTS, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("ddz play: agent B exec:bash "), r.err());
        assertTrue(r.err().contains(fault), r.err());
        assertTrue(r.err().contains("--tolerate-faults"), r.err());
        return json(r.outLines().get(0)).get("errors_b");
    }

    /** Before: the referee's write blocked for ever once the pipe to the agent was full. */
    @Test
    void anAgentThatNeverReadsIsKilledAtTheTimeOut() throws IOException {
        String b = agent("noread", "exec python3 -c 'import sys, time\nwhile True:\n"
            + "    sys.stdout.write(\"{\\\"move\\\": \\\"pass\\\"}\\n\"); sys.stdout.flush(); time.sleep(0.005)'");
        JsonNode e = faulted(play(90, b, "--deals", "12", "--move-timeout-ms", "400"), "time-out");
        assertTrue(e.get("timeouts").intValue() >= 1, e.toString());
    }

    /** Before: a grandchild kept the referee's standard error open, and a calling pipeline hung until it ended. */
    @Test
    void grandchildrenAreKilledWithTheAgent() throws Exception {
        String b = agent("grandchildren", "sleep 300 &\n(sleep 301 &)\nexec python3 first_legal.py");
        Jvm.Result r = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> Jvm.run(80, "", null,
            Ddz.class.getName(), "play", "--a", "rule", "--b", b, "--deals", "2", "--threads", "1", "--json"));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        // and in-process: a time-out and the end of the match both kill the whole tree
        String slow = agent("slow", "sleep 302 &\nexec python3 first_legal.py -1 5");
        CliRun late = play(60, slow, "--deals", "1", "--move-timeout-ms", "200", "--startup-grace-ms", "0");
        assertTrue(faulted(late, "time-out").get("timeouts").intValue() >= 1);
    }

    /** Before: the referee buffered the line without limit (2.7 GB in 11 s; OutOfMemoryError traces with -Xmx). */
    @Test
    void anEndlessLineIsCutAndCountedUnparsable() throws Exception {
        String b = agent("endless", "exec python3 -c 'import sys\nsys.stdin.readline()\nwhile True:\n"
            + "    sys.stdout.write(\"x\" * 65536)'");
        List<String> cmd = Jvm.command(Ddz.class.getName(), "play", "--a", "rule", "--b", b, "--deals", "2",
            "--threads", "1", "--json");
        cmd.set(cmd.indexOf("-Xmx512m"), "-Xmx96m");
        Jvm.Result r = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> Jvm.run(80, "", null, cmd));
        assertEquals(Exits.AGENT_FAULTS, r.exitCode(), r.err());
        assertFalse(r.err().contains("OutOfMemoryError") || r.err().contains("Exception"), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(json(r.out().strip()).get("errors_b").get("unparsable").intValue() >= 1, r.out());
    }

    /** Before: exit 0 and a result, the crashes only counts in the report. */
    @Test
    void anAgentThatCrashesExitsWithCode3UnlessTolerated() throws IOException {
        String b = agent("crash", "read -r hello\nexit 1");
        JsonNode e = faulted(play(60, b, "--deals", "3"), "crash");
        assertTrue(e.get("crashes").intValue() >= 3, e.toString());
        int crashes = e.get("crashes").intValue();
        CliRun tolerated = play(60, b, "--deals", "3", "--tolerate-faults", String.valueOf(crashes));
        assertEquals(0, tolerated.exitCode(), tolerated.err());
        assertEquals("", tolerated.err());
        CliRun notQuite = play(60, b, "--deals", "3", "--tolerate-faults", String.valueOf(crashes - 1));
        assertEquals(Exits.AGENT_FAULTS, notQuite.exitCode(), notQuite.err());
    }

    @Test
    void anAgentThatHangsIsKilledAtEachTimeOut() throws IOException {
        String b = agent("hang", "exec python3 -c 'import sys, time\nfor line in sys.stdin:\n    pass\ntime.sleep(300)'");
        JsonNode e = faulted(play(60, b, "--deals", "2", "--move-timeout-ms", "300", "--startup-grace-ms", "0"),
            "time-out");
        assertEquals(6, e.get("timeouts").intValue(), e.toString()); // once a process and game: then the fallback
    }

    /** Before: exit 1. */
    @Test
    void anAgentThatCannotStartIsExitCode2() {
        CliRun r = play(30, "exec:/nonexistent/agent --x", "--deals", "1");
        assertEquals(Exits.USAGE, r.exitCode(), r.err());
        assertEquals(List.of(), r.outLines());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("ddz play: agent exec:/nonexistent/agent --x: cannot start /nonexistent/agent: "),
            r.err());
    }

    /** Before: a junk line written after an answer could be read as the answer to the next request. */
    @Test
    void junkAfterAnAnswerIsNotTheNextAnswer() throws IOException {
        String b = agent("junk", "exec python3 first_legal.py 0.05");
        CliRun r = play(90, b, "--deals", "3", "--bidding");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode e = json(r.outLines().get(0)).get("errors_b");
        assertEquals(0, e.get("fallbacks").intValue(), e.toString());
    }

    /** The start-up grace is an option: an agent that takes 3 s to start is late without it. */
    @Test
    void theStartUpGraceCanBeSet() throws IOException {
        String b = agent("slowstart", "exec python3 first_legal.py -1 3");
        CliRun ok = play(90, b, "--deals", "1", "--move-timeout-ms", "2000", "--startup-grace-ms", "8000");
        assertEquals(0, ok.exitCode(), ok.err());
        CliRun late = play(60, b, "--deals", "1", "--move-timeout-ms", "2000", "--startup-grace-ms", "0");
        assertTrue(faulted(late, "time-out").get("timeouts").intValue() >= 1);
        CliRun.of("play", "--a", "rule", "--b", "rule", "--startup-grace-ms", "-1").assertUsageError("grace",
            "--startup-grace-ms must be 0..86400000, not -1");
    }
}
