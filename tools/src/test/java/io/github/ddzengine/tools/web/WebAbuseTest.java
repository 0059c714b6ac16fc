package io.github.ddzengine.tools.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;

/**
 * {@code ddz web} attacked as a slow or greedy client would (issue 39, defects 1-3), on loopback
 * only and bounded in time: stalled request lines, headers, bodies and chunked bodies, many idle
 * connections, a flood of long solves, a Host that only starts like the loopback. Throughout, the
 * pages and {@code /api/info} must answer within a second, a full queue must answer 503 at once,
 * and every answer must stay correct.
 */
class WebAbuseTest {
    /** How long a cheap request may take while the server is under attack, ms. */
    private static final long CHEAP_MS = 1_000;

    private WebServer server;
    private HttpClient client;
    private URI base;
    private final List<Socket> sockets = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = new WebServer(WebServer.Options.defaults().withPort(0).withThreads(2), new WebToolkit(), null);
        server.start();
        base = server.uri();
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        server.close();
    }

    /** A connection that has sent {@code text} and then nothing more. */
    private Socket stalled(String text) throws IOException {
        Socket s = new Socket(base.getHost(), base.getPort());
        sockets.add(s);
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }

    /** GET {@code path}: its status, after at most {@code CHEAP_MS} (else the test fails). */
    private int cheap(String path) throws Exception {
        long t0 = System.nanoTime();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(base.resolve(path))
            .timeout(Duration.ofMillis(3 * CHEAP_MS)).build(), HttpResponse.BodyHandlers.ofString());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < CHEAP_MS, path + " answered after " + ms + " ms");
        return r.statusCode();
    }

    private void pagesAnswer() throws Exception {
        assertEquals(200, cheap("/api/info"));
        assertEquals(200, cheap("/puzzle"));
    }

    @Test
    void stalledRequestLinesAndHeadersFreezeNobody() throws Exception {
        for (int i = 0; i < 8; i++) {
            stalled("GET /api/in"); // the reproduction of the issue: a request line never finished
        }
        for (int i = 0; i < 8; i++) {
            stalled("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "); // headers never finished
        }
        pagesAnswer();
    }

    @Test
    void stalledBodiesFreezeNobody() throws Exception {
        for (int i = 0; i < 6; i++) {
            stalled("POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"position\":");
        }
        for (int i = 0; i < 6; i++) {
            stalled("POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"pos");
        }
        pagesAnswer();
    }

    @Test
    void manyIdleConnectionsFreezeNobody() throws Exception {
        for (int i = 0; i < 200; i++) {
            stalled("");
        }
        pagesAnswer();
    }

    @Test
    void aStalledBodyIsCutAtTheReadDeadline() throws Exception {
        Socket s = stalled("POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 100\r\n\r\n{\"position\":");
        s.setSoTimeout((int) (WebServer.READ_TIMEOUT_MS * 3));
        long t0 = System.nanoTime();
        InputStream in = s.getInputStream();
        byte[] all = in.readAllBytes(); // the server answers or closes: it does not wait forever
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < WebServer.READ_TIMEOUT_MS * 2, "closed after " + ms + " ms");
        String answer = new String(all, StandardCharsets.UTF_8);
        assertTrue(answer.isEmpty() || answer.startsWith("HTTP/1.1 4") || answer.startsWith("HTTP/1.1 5"), answer);
    }

    /** A full three-seat deal: a solve of minutes, cut at its time budget. */
    private static String fullDeal(int seed) {
        Deal d = Deal.random(seed);
        return Notation.format(d.landlordHand()) + "/" + Notation.format(d.hand(1)) + "/"
            + Notation.format(d.hand(2)) + " 0";
    }

    @Test
    void longSolvesLeaveThePagesFreeAndAFullQueueAnswers503() throws Exception {
        // one worker: 1 search runs, queueLength(1) = 16 wait, the other 7 are answered 503 at once
        server.close();
        server = new WebServer(WebServer.Options.defaults().withPort(0).withThreads(1), new WebToolkit(), null);
        server.start();
        base = server.uri();
        List<CompletableFuture<HttpResponse<String>>> solves = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            HttpRequest r = HttpRequest.newBuilder(base.resolve("/api/solve")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"position\":\"" + fullDeal(11 + i % 4)
                    + "\",\"timeout_ms\":400}")).build();
            solves.add(client.sendAsync(r, HttpResponse.BodyHandlers.ofString()));
        }
        Thread.sleep(300);
        pagesAnswer();
        assertEquals(200, cheap("/api/info"));
        int ok = 0;
        int busy = 0;
        for (CompletableFuture<HttpResponse<String>> f : solves) {
            HttpResponse<String> r = f.get();
            if (r.statusCode() == 200) {
                ok++;
                assertTrue(r.body().contains("\"verdict\""), r.body());
            } else {
                assertEquals(503, r.statusCode(), r.body());
                assertTrue(r.body().contains("busy"), r.body());
                assertTrue(r.headers().firstValue("Retry-After").isPresent());
                busy++;
            }
        }
        assertTrue(ok >= 2, ok + " solves served");
        assertEquals(1 + WebServer.queueLength(1), ok, "one running and the queue full");
        assertEquals(24 - ok, busy);
    }

    @Test
    void aPathOfThousandsOfSegmentsIsNoPageNotAStackTrace() throws Exception {
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        server.close();
        server = new WebServer(WebServer.Options.defaults().withPort(0).withThreads(2), new WebToolkit(),
            new java.io.PrintStream(log, true, StandardCharsets.UTF_8));
        server.start();
        base = server.uri();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(base.resolve("/" + "a/".repeat(3000) + "x.js"))
            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, r.statusCode(), r.body());
        assertTrue(r.body().startsWith("{\"error\":\"no page"), r.body());
        assertEquals("", log.toString(StandardCharsets.UTF_8), "nothing on the server's log");
        pagesAnswer();
    }

    @Test
    void aHostThatOnlyStartsLikeTheLoopbackIsRefused() throws Exception {
        for (String host : List.of("127.0.0.1.evil.example", "127.evil.example", "localhost.evil.example:80",
                "[::1].evil.example")) {
            try (Socket s = new Socket(base.getHost(), base.getPort())) {
                s.getOutputStream().write(("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 403") || answer.startsWith("HTTP/1.1 400"), host + ": " + answer);
            }
        }
        for (String host : List.of("127.0.0.1", "127.0.0.1:" + base.getPort(), "localhost", "app.localhost:8080",
                "[::1]:" + base.getPort(), "127.1.2.3")) {
            try (Socket s = new Socket(base.getHost(), base.getPort())) {
                s.getOutputStream().write(("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 200"), host + ": " + answer);
            }
        }
    }
}
