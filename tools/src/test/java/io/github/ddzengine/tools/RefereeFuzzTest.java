package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz test of the referee side of the agent protocol (issue 21): an agent process answers each
 * request with the next line of a file generated from a seed (valid answers, stale ids, mutations,
 * hostile text, lines of a megabyte). The match always ends within its bound; the exit code is 3
 * exactly when faults were counted, with one summary line and no trace; and an agent whose answers
 * are respelled (key order, blanks, card spellings, echoed ids) plays the same games as a plain
 * one, without a fault. Seeded; {@code -Dddz.fuzz=K} runs K times the trials.
 */
class RefereeFuzzTest {
    @TempDir
    Path dir;
    private String marker;

    /** Answers every play or bid request with the next line of the file {@code argv[1]}. */
    private static final String REPLAYER = String.join("\n",
        "import sys",
        "answers = open(sys.argv[1], 'rb').read().split(b'\\0')",
        "i = 0",
        "for line in sys.stdin:",
        "    if '\"type\":\"play\"' in line or '\"type\":\"bid\"' in line:",
        "        sys.stdout.buffer.write(answers[i % len(answers)] + b'\\n')",
        "        sys.stdout.flush()",
        "        i += 1",
        "    elif '\"type\":\"bye\"' in line:",
        "        break",
        "");

    /** The first legal move (bid 0), respelled at random when argv[1] is 1: cards shuffled and aliased, keys moved, id echoed. */
    private static final String RESPELLER = String.join("\n",
        "import json, random, sys",
        "respell = sys.argv[1] == '1'",
        "rng = random.Random(int(sys.argv[2]))",
        "ALIAS = {'T': ['T', 't', '10', '0'], 'X': ['X', 'x', 'B', 'SJ', '\\u5c0f\\u738b'],",
        "         'D': ['D', 'd', 'R', 'CJ', '\\u5927\\u738b']}",
        "def spell(move):",
        "    if move == 'pass':",
        "        return rng.choice(['pass', 'PASS', 'p', '-', '\\u8fc7', '\\u4e0d\\u8981'])",
        "    cards, _, kind = move.partition(':')",
        "    cs = list(cards)",
        "    rng.shuffle(cs)",
        "    out = ' '.join(rng.choice(ALIAS.get(c, [c, c.lower()])) for c in cs)",
        "    return out + (':' + kind.upper() if kind else '')",
        "for line in sys.stdin:",
        "    m = json.loads(line)",
        "    t = m.get('type')",
        "    if t == 'bye':",
        "        break",
        "    if t not in ('play', 'bid'):",
        "        continue",
        "    a = {'move': m['legal'][0]} if t == 'play' else {'bid': 0}",
        "    if respell:",
        "        if 'move' in a:",
        "            a['move'] = spell(a['move'])",
        "        a['id'] = m['id']",
        "        items = list(a.items())",
        "        rng.shuffle(items)",
        "        text = '{ ' + ' ,\\t'.join(json.dumps(k) + ' : ' + json.dumps(v, ensure_ascii=rng.random() < 0.5)",
        "                                 for k, v in items) + ' }'",
        "    else:",
        "        text = json.dumps(a)",
        "    sys.stdout.write(text + '\\n')",
        "    sys.stdout.flush()",
        "");

    @BeforeEach
    void needs() {
        assumeTrue(new File("/bin/bash").canExecute() && Files.isExecutable(Path.of("/usr/bin/python3")),
            "needs bash and python3");
        marker = UUID.randomUUID().toString();
    }

    @AfterEach
    void noProcessLeft() throws InterruptedException {
        assertEquals(List.of(), Processes.leftAfter(marker, 3000), "processes left by the test");
    }

    private String agent(String name, String python, String args) throws IOException {
        Files.writeString(dir.resolve(name + ".py"), python);
        Path sh = dir.resolve(name + ".sh");
        Files.writeString(sh, "export " + Processes.VARIABLE + "=" + marker + "\nexec /usr/bin/python3 '"
            + dir.resolve(name + ".py") + "' " + args + "\n");
        return "exec:bash " + sh;
    }

    /** An answer line: valid, stale, mutated, hostile or huge (the referee sends ids from 1 up). */
    private static String answer(SplittableRandom r) {
        String[] valid = {"{\"move\":\"pass\"}", "{\"bid\":0}", "{\"bid\":3}", "{\"move\":\"3\"}", "{\"move\":\"XD\"}",
            "{\"id\":1,\"move\":\"pass\"}", "{\"id\":99999,\"bid\":1}", "{\"error\":\"cannot read\"}",
            "{\"move\":\"333444555666:trio_chain_4\"}"};
        String v = valid[r.nextInt(valid.length)];
        return switch (r.nextInt(8)) {
            case 0, 1 -> v;
            case 2 -> Fuzz.text(r, 40);
            case 3 -> r.nextInt(4) == 0 ? "x".repeat(ExecAgent.MAX_LINE_CHARS + 10) : "";
            default -> JsonFuzz.mutate(r, v);
        };
    }

    private static CliRun play(String b, String... more) {
        List<String> args = new ArrayList<>(List.of("play", "--a", "rule", "--b", b, "--threads", "1", "--json",
            "--move-timeout-ms", "700", "--startup-grace-ms", "5000"));
        args.addAll(List.of(more));
        return assertTimeoutPreemptively(Duration.ofSeconds(180), () -> CliRun.of(args.toArray(String[]::new)));
    }

    @Test
    void anyAnswersEndTheMatchWithTheRightExitCode() {
        Property.forAll("referee on fuzzed answers", 8100, Fuzz.trials(2), r -> {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            for (int i = 0; i < 400; i++) {
                if (i > 0) {
                    bytes.write(0);
                }
                // lone surrogates become '?'; now and then bytes that are no UTF-8 at all
                bytes.writeBytes(answer(r).replace('\0', ' ').getBytes(StandardCharsets.UTF_8));
                if (r.nextInt(20) == 0) {
                    bytes.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xC0, (byte) 0x80});
                }
            }
            try {
                Path answers = Files.write(dir.resolve("answers-" + r.nextInt() + ".txt"), bytes.toByteArray());
                CliRun run = play(agent("replayer", REPLAYER, "'" + answers + "'"), "--deals", "2", "--bidding");
                JsonNode report = JsonFields.MAPPER.readTree(run.outLines().get(0));
                JsonNode e = report.get("errors_b");
                long faults = e.get("illegal").longValue() + e.get("unparsable").longValue() + e.get("timeouts").longValue()
                    + e.get("crashes").longValue();
                assertEquals(4, report.get("games").intValue());
                assertEquals(faults > 0 ? Exits.AGENT_FAULTS : 0, run.exitCode(), run.err());
                assertEquals(faults > 0 ? 1 : 0, run.errLines().size(), run.err());
                assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
                assertTrue(e.get("fallbacks").longValue() >= faults, e.toString());
            } catch (IOException ex) {
                throw new AssertionError(ex);
            }
        });
    }

    @Test
    void respelledAnswersPlayTheSameGames() throws IOException {
        for (int seed = 1; seed <= Fuzz.trials(2); seed++) {
            Path a = dir.resolve("a.jsonl");
            Path b = dir.resolve("b.jsonl");
            CliRun plain = play(agent("plain", RESPELLER, "0 " + seed), "--deals", "3", "--seed", "" + seed,
                "--bidding", "--out", a.toString());
            CliRun respelled = play(agent("respelled", RESPELLER, "1 " + seed), "--deals", "3", "--seed", "" + seed,
                "--bidding", "--out", b.toString());
            assertEquals(0, plain.exitCode(), plain.err());
            assertEquals(0, respelled.exitCode(), respelled.err() + respelled.out());
            List<String> x = Files.readAllLines(a).stream().map(l -> l.replaceAll("\"agent(s|_specs)\":\\[[^]]*]", "")).toList();
            List<String> y = Files.readAllLines(b).stream().map(l -> l.replaceAll("\"agent(s|_specs)\":\\[[^]]*]", "")).toList();
            assertEquals(x, y, "seed " + seed);
        }
    }
}
