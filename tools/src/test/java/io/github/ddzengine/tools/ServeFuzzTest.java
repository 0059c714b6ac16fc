package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz test of the agent side of the agent protocol, {@code ddz serve} (issue 21): the requests of
 * a real match (recorded from a referee's exec agent), mixed with mutations and hostile text.
 * Exactly the lines that need an answer get one (every play, bid and unreadable line; no hello,
 * game or bye), each a JSON object with a one-line reason when it is an error; a bad hello or game
 * is one line on standard error; the session stops at bye. Requests respelled (key order, blanks,
 * escapes, cards in other spellings) get the same answers. Seeded; {@code -Dddz.fuzz=K} runs K
 * times the trials.
 */
class ServeFuzzTest {
    @TempDir
    static Path dir;
    /** The sessions of the match's agent processes, one line each message. */
    private static List<List<String>> sessions;

    @BeforeAll
    static void recordAMatch() throws Exception {
        Path log = dir.resolve("requests");
        Files.createDirectories(log);
        List<String> serve = Jvm.command(Ddz.class.getName(), "serve", "--agent", "rule");
        StringBuilder cmd = new StringBuilder("f=$(mktemp -p '" + log + "'); tee \"$f\" | exec");
        for (String w : serve) {
            cmd.append(" '").append(w.replace("'", "'\\''")).append('\'');
        }
        Path script = Files.writeString(dir.resolve("agent.sh"), cmd + "\n");
        CliRun r = CliRun.of("play", "--a", "rule", "--b", "exec:bash " + script, "--deals", "3", "--threads", "1",
            "--bidding", "--seed", "3");
        assertEquals(0, r.exitCode(), r.err());
        sessions = new ArrayList<>();
        try (var files = Files.list(log)) {
            for (Path f : files.sorted().toList()) {
                sessions.add(Files.readAllLines(f));
            }
        }
        assertTrue(sessions.size() >= 2 && sessions.stream().mapToInt(List::size).sum() > 50, sessions.toString());
    }

    /** How many answer lines a session gets, read as ddz serve reads it. */
    private static int answersExpected(List<String> lines) {
        int n = 0;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String type;
            try {
                type = JsonFields.required(JsonFields.readObject(line, "type"), "type");
            } catch (IllegalArgumentException e) {
                n++;
                continue;
            }
            if (type.equals("bye")) {
                return n;
            }
            if (!type.equals("hello") && !type.equals("game")) {
                n++;
            }
        }
        return n;
    }

    private static CliRun serve(List<String> lines) {
        return CliRun.withInput(String.join("\n", lines) + "\n", "serve", "--agent", "rule");
    }

    private static void check(List<String> lines, CliRun r) {
        String what = String.join("\n", lines);
        assertEquals(0, r.exitCode(), r.err());
        List<String> out = r.outLines();
        // read as serve reads them: a mutation may have put a line break inside a line
        assertEquals(answersExpected(JsonFuzz.lines(String.join("\n", lines) + "\n")), out.size(), "answers to\n" + what + "\nwere\n" + r.out());
        for (String o : out) {
            JsonNode n;
            try {
                n = JsonFields.MAPPER.readTree(o);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + o, e);
            }
            assertTrue(n.isObject() && (n.has("move") || n.has("bid") || n.has("error")), o);
            if (n.has("error")) {
                Fuzz.assertOneLine(n.get("error").textValue(), o);
                assertTrue(!n.get("error").textValue().contains("internal error"), o);
            }
        }
        for (String e : r.errLines()) {
            assertTrue(e.matches("ddz serve: line \\d+ \\((hello|game)\\): .+"), e);
        }
    }

    @Test
    void everyLineThatNeedsAnAnswerGetsExactlyOne() {
        Property.forAll("serve on fuzzed sessions", 7100, Fuzz.trials(25), r -> {
            List<String> session = new ArrayList<>(sessions.get(r.nextInt(sessions.size())));
            session = session.subList(0, Math.min(session.size(), 2 + r.nextInt(30)));
            for (int i = 0; i < session.size(); i++) {
                int k = r.nextInt(6);
                if (k == 0) {
                    session.set(i, JsonFuzz.mutate(r, session.get(i)));
                } else if (k == 1 && r.nextInt(4) == 0) {
                    session.set(i, Fuzz.text(r, 50).replace('\n', ' ').replace('\r', ' '));
                }
            }
            check(session, serve(session));
        });
    }

    private static String respell(SplittableRandom r, String field, String value) {
        try {
            if ("hand".equals(field) || "kitty".equals(field)) {
                return Fuzz.respell(r, Notation.parseCards(value));
            }
            if ("move".equals(field) && !value.equals("pass")) {
                int colon = value.indexOf(':');
                return Fuzz.respell(r, Notation.parseCards(colon < 0 ? value : value.substring(0, colon)))
                    + (colon < 0 ? "" : value.substring(colon));
            }
        } catch (IllegalArgumentException e) {
            // not cards: as is
        }
        return value;
    }

    @Test
    void respelledRequestsGetTheSameAnswers() {
        Property.forAll("serve on respelled sessions", 7200, Fuzz.trials(4), r -> {
            List<String> session = sessions.get(r.nextInt(sessions.size()));
            List<String> respelled = new ArrayList<>();
            for (String line : session) {
                try {
                    respelled.add(JsonFuzz.write(r, JsonFields.MAPPER.readTree(line), (f, v) -> respell(r, f, v)));
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
            CliRun a = serve(session);
            check(session, a);
            assertEquals("", a.err());
            assertEquals(a.out(), serve(respelled).out(), String.join("\n", respelled));
        });
    }
}
