package io.github.ddzengine.tools.web;

import io.github.ddzengine.tools.Ddz;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;


import picocli.CommandLine;

/**
 * The examples of {@code docs/web.md} against a real server: each {@code http} block is sent; the
 * {@code json} block after it is the answer: an error is compared word for word (with a 4xx), any
 * other answer must hold every field the page shows. {@code {id}} stands for the game the last
 * {@code POST /api/game} made. The command lines of the page are checked too.
 */
class WebDocsTest {
    private static final Path DOC = Path.of("..", "docs", "web.md");
    private static final Pattern BLOCK = Pattern.compile("```(http|json|sh)\\n(.*?)```", Pattern.DOTALL);

    @Test
    void theExamplesOfDocsWebMdAreWhatTheServerAnswers() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        List<String[]> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(doc);
        while (m.find()) {
            blocks.add(new String[] {m.group(1), m.group(2).strip()});
        }
        int checked = 0;
        try (WebServer server = new WebServer(WebServer.Options.defaults().withPort(0).withThreads(2), new WebToolkit(),
            null)) {
            server.start();
            HttpClient client = HttpClient.newHttpClient();
            String game = null;
            for (int i = 0; i < blocks.size(); i++) {
                if (!blocks.get(i)[0].equals("http")) {
                    continue;
                }
                String[] lines = blocks.get(i)[1].split("\\n", 2);
                String[] request = lines[0].trim().split(" ");
                String path = request[1].replace("{id}", String.valueOf(game));
                HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path.substring(1)))
                    .timeout(Duration.ofSeconds(60));
                if (request[0].equals("POST")) {
                    b.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(lines.length > 1 ? lines[1] : "{}"));
                }
                HttpResponse<String> res = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
                JsonNode got = Req.MAPPER.readTree(res.body());
                if (path.equals("/api/game")) {
                    game = got.get("id").asText();
                }
                assertTrue(i + 1 < blocks.size() && blocks.get(i + 1)[0].equals("json"), "an answer follows " + lines[0]);
                JsonNode want = Req.MAPPER.readTree(blocks.get(i + 1)[1]);
                if (want.has("error")) {
                    assertTrue(res.statusCode() >= 400 && res.statusCode() < 500, lines[0] + ": " + res.body());
                    assertEquals(want.get("error").asText(), got.get("error").asText(), lines[0]);
                } else {
                    assertEquals(200, res.statusCode(), lines[0] + ": " + res.body());
                    for (Iterator<String> f = want.fieldNames(); f.hasNext(); ) {
                        String field = f.next();
                        assertTrue(got.has(field), lines[0] + " answers without \"" + field + "\": " + res.body());
                    }
                }
                checked++;
            }
        }
        assertTrue(checked >= 15, "examples checked: " + checked);
    }

    @Test
    void theCommandsOfDocsWebMdRun() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        assertTrue(doc.contains("./ddz play --a greedy --b rule --deals 300 --seed 1 --report report.html"));
        Path report = Files.createTempFile("ddz-report", ".html");
        try {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cl = Ddz.commandLine(System.in);
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(err));
            int code = cl.execute("play", "--a", "greedy", "--b", "rule", "--deals", "30", "--seed", "1", "--threads", "1",
                "--report", report.toString());
            assertEquals(0, code, err.toString());
            String html = Files.readString(report, StandardCharsets.UTF_8);
            assertTrue(html.startsWith("<!DOCTYPE html>"));
            assertEquals(3, html.split("<svg", -1).length - 1);
            assertTrue(html.contains("Match report: greedy vs rule"));
            assertTrue(!html.contains("<script"), "no script in the report");
            // the figures of ddz play: the report's WP is the one printed
            String wp = out.toString().replaceAll("(?s).*WP\\s+(\\d\\.\\d{4}).*", "$1");
            assertTrue(html.contains("WP of greedy</th><td>" + wp), wp);
            // the web verb's options
            StringWriter help = new StringWriter();
            CommandLine h = Ddz.commandLine(System.in);
            h.setOut(new PrintWriter(help));
            assertEquals(0, h.execute("web", "--help"));
            for (String option : new String[] {"--port", "--host", "--threads", "--tables", "--no-warmup"}) {
                assertTrue(help.toString().contains(option), option);
                assertTrue(doc.contains("`" + option), "docs/web.md names " + option);
            }
            StringWriter bad = new StringWriter();
            CommandLine w = Ddz.commandLine(System.in);
            w.setErr(new PrintWriter(bad));
            assertEquals(2, w.execute("play", "--a", "rule", "--b", "random", "--deals", "2", "--report",
                "/nonexistent-dir/r.html"));
            assertTrue(bad.toString().contains("cannot write the report"), bad.toString());
        } finally {
            Files.deleteIfExists(report);
        }
    }
}
