package io.github.ddzengine.tools.web;

import io.github.ddzengine.engine.DdzEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * {@code ddz web}: the engine behind a local web page. The JDK's own HTTP server
 * ({@code com.sun.net.httpserver}, module {@code jdk.httpserver}: no dependency to add, and a
 * local single-user page needs neither HTTP/2 nor TLS) serves the pages, style sheets and script
 * modules shipped in the jar, and a JSON API under {@code /api/} ({@code docs/web.md}).
 *
 * <h2>Limits</h2>
 * <ul>
 *   <li>It binds to {@code 127.0.0.1} unless told otherwise, and then answers only requests whose
 *       {@code Host} names the loopback (a page of another site cannot reach it by DNS rebinding);
 *       requests with a body must be {@code application/json}, which a page of another origin
 *       cannot send without a preflight this server never grants.</li>
 *   <li>Request bodies: at most {@link Options#maxBodyBytes()} (record files:
 *       {@link Options#maxUploadBytes()}); a larger one is refused with 413 before it is read.</li>
 *   <li>Requests run on a fixed pool of {@link Options#threads()} worker threads (each with its own
 *       solvers and Monte Carlo agents), so at most that many searches run at once and the others
 *       wait in line; every solve, decision and match has a time budget (the request's
 *       {@code timeout_ms} or {@code budget_ms}, capped), so no request holds a worker for long.</li>
 *   <li>Bad input gets a 4xx and {@code {"error": "..."}} with the engine's one-line message;
 *       an unexpected failure a 500 with one line (the stack trace goes to standard error).</li>
 * </ul>
 */
public final class WebServer implements AutoCloseable {
    /** Where the pages are in the jar. */
    static final String STATIC = "/io/github/ddzengine/tools/web/static";
    private static final Pattern SAFE_PATH = Pattern.compile("/(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]*(?:\\.[a-z0-9]+)?");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "css",
        "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "svg", "image/svg+xml", "png",
        "image/png", "json", "application/json; charset=utf-8", "ico", "image/x-icon", "jsonl",
        "application/x-ndjson; charset=utf-8");
    private static final String CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

    /**
     * Settings.
     *
     * @param host the address to bind ({@code 127.0.0.1} by default; {@code 0.0.0.0} for every interface)
     * @param port the port, 0 for a free one
     * @param threads worker threads, 1..64: the most requests served at once
     * @param maxBodyBytes the largest request body of most endpoints, bytes
     * @param maxUploadBytes the largest request body of the replay endpoints (a record file), bytes
     * @param solverTableMegabytes each solver's transposition table, MiB
     */
    public record Options(String host, int port, int threads, int maxBodyBytes, int maxUploadBytes,
                          int solverTableMegabytes) {
        /**
         * Loopback, port 8080, one worker a core (at least 2), 64 KiB bodies, 8 MiB record files, the
         * solver's default table ({@link io.github.ddzengine.core.solve.Solver#DEFAULT_TABLE_MB} MiB).
         */
        public static Options defaults() {
            return new Options("127.0.0.1", 8080, Math.max(2, Runtime.getRuntime().availableProcessors()), 64 << 10,
                8 << 20, io.github.ddzengine.core.solve.Solver.DEFAULT_TABLE_MB);
        }

        /**
         * @throws IllegalArgumentException naming the setting out of range
         */
        public Options {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, not " + port);
            }
            if (threads < 1 || threads > 64) {
                throw new IllegalArgumentException("threads must be 1..64, not " + threads);
            }
            if (maxBodyBytes < 1024 || maxUploadBytes < maxBodyBytes) {
                throw new IllegalArgumentException("body limits must be at least 1 KiB, uploads at least as large");
            }
        }

        /** These options on another port. */
        public Options withPort(int p) {
            return new Options(host, p, threads, maxBodyBytes, maxUploadBytes, solverTableMegabytes);
        }

        /** These options with another host. */
        public Options withHost(String h) {
            return new Options(h, port, threads, maxBodyBytes, maxUploadBytes, solverTableMegabytes);
        }

        /** These options with another number of worker threads. */
        public Options withThreads(int n) {
            return new Options(host, port, n, maxBodyBytes, maxUploadBytes, solverTableMegabytes);
        }

        /** These options with other body limits. */
        public Options withBodyLimits(int body, int upload) {
            return new Options(host, port, threads, body, upload, solverTableMegabytes);
        }
    }

    private final Options options;
    private final Toolkit toolkit;
    private final HttpServer server;
    private final ThreadPoolExecutor pool;
    private final boolean loopbackOnly;
    private final PuzzleService puzzles;
    private final PlayService play;
    private final ReplayService replays;
    private final MatchService matches;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final PrintStream log;

    /**
     * Binds the server without precomputed tables (it answers once {@link #start()} is called).
     *
     * @param log where internal errors are written (one line and the stack trace), or null
     * @throws IOException if the address cannot be bound (a port in use, for instance)
     */
    public WebServer(Options options, Toolkit toolkit, PrintStream log) throws IOException {
        this(options, toolkit, log, DdzEngine.standard());
    }

    /**
     * Binds the server (it answers once {@link #start()} is called) on an engine: each worker
     * thread uses that thread's workspace of it (its solvers and agents, with the engine's tables
     * of each preset), solvers with the table size of {@code options}.
     *
     * @param log where internal errors are written (one line and the stack trace), or null
     * @param engine the engine (its tables; its agent registry for matches, {@code exec:} refused)
     * @throws IOException if the address cannot be bound (a port in use, for instance)
     */
    public WebServer(Options options, Toolkit toolkit, PrintStream log, DdzEngine engine) throws IOException {
        this.options = options;
        this.toolkit = toolkit;
        this.log = log;
        InetAddress addr = InetAddress.getByName(options.host());
        this.loopbackOnly = addr.isLoopbackAddress();
        DdzEngine engines = engine.withSolverMegabytes(options.solverTableMegabytes());
        this.puzzles = new PuzzleService(engines, toolkit);
        this.play = new PlayService(engines, toolkit);
        this.replays = new ReplayService(engines, toolkit);
        this.matches = new MatchService(toolkit, engines);
        this.server = HttpServer.create(new InetSocketAddress(addr, options.port()), 64);
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(options.threads(), options.threads(), 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(1024), r -> {
                Thread t = new Thread(r, "ddz-web-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.CallerRunsPolicy());
        server.setExecutor(pool);
        server.createContext("/", this::handle);
    }

    /** Starts answering requests. */
    public void start() {
        server.start();
    }

    /** The port the server listens on (the one chosen when {@link Options#port()} was 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The server's base address, {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = server.getAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1"
            : server.getAddress().getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port() + "/");
    }

    /** Stops answering, lets requests in progress finish for up to a second, and stops the workers. */
    @Override
    public void close() {
        server.stop(1);
        pool.shutdownNow();
    }

    // ------------------------------------------------------------------------------------------ dispatch

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            ex.getResponseHeaders().set("Referrer-Policy", "no-referrer");
            ex.getResponseHeaders().set("Cache-Control", "no-store");
            try {
                checkHost(ex);
                String path = ex.getRequestURI().getRawPath();
                if (path.startsWith("/api/")) {
                    send(ex, 200, api(ex, path));
                } else {
                    serveFile(ex, path);
                }
            } catch (HttpError e) {
                ObjectNode o = Req.MAPPER.createObjectNode();
                o.put("error", Req.oneLine(e.getMessage()));
                if (e.extra != null) {
                    o.setAll(e.extra);
                }
                if (e.status == 405) {
                    ex.getResponseHeaders().set("Allow", e.extra == null ? "GET" : "POST");
                }
                send(ex, e.status, o);
            } catch (RuntimeException | Error e) {
                if (log != null) {
                    log.println("ddz web: internal error on " + ex.getRequestMethod() + " " + ex.getRequestURI() + ": " + e);
                    e.printStackTrace(log);
                }
                ObjectNode o = Req.MAPPER.createObjectNode();
                o.put("error", "internal error: " + Req.oneLine(e.toString()));
                send(ex, 500, o);
            }
        }
    }

    /** Refuses a Host that is not the loopback when the server is bound to it (DNS rebinding). */
    private void checkHost(HttpExchange ex) {
        if (!loopbackOnly) {
            return;
        }
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host == null) {
            return; // HTTP/1.0 client on the machine itself
        }
        String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1)
            : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
        name = name.toLowerCase(Locale.ROOT);
        if (!(name.equals("localhost") || name.endsWith(".localhost") || name.startsWith("127.") || name.equals("[::1]"))) {
            throw new HttpError(403, "Host '" + host + "' is not this server: it answers only on the loopback "
                + "(localhost, 127.0.0.1, [::1])");
        }
    }

    private ObjectNode api(HttpExchange ex, String path) throws IOException {
        String method = ex.getRequestMethod();
        String[] parts = path.substring("/api/".length()).split("/", -1);
        String first = parts[0];
        if (first.equals("info") && parts.length == 1) {
            requireGet(method);
            return info();
        }
        if (first.equals("game") && parts.length >= 2) {
            String id = parts[1];
            if (!id.matches("[0-9a-f]{1,64}")) {
                throw new HttpError(404, "no game " + id);
            }
            if (parts.length == 2) {
                requireGet(method);
                return play.get(id);
            }
            if (parts.length == 3) {
                Req q = body(ex, method, options.maxBodyBytes());
                return switch (parts[2]) {
                    case "bid" -> play.bid(id, q);
                    case "play" -> play.play(id, q);
                    case "hint" -> play.hint(id, q);
                    default -> throw new HttpError(404, "no API path " + path);
                };
            }
        }
        if (parts.length == 2 && first.equals("replay") && parts[1].equals("analyse")) {
            return replays.analyse(body(ex, method, options.maxUploadBytes()));
        }
        if (parts.length != 1) {
            throw new HttpError(404, "no API path " + path + " (see docs/web.md)");
        }
        return switch (first) {
            case "cards" -> puzzles.cards(body(ex, method, options.maxBodyBytes()));
            case "moves" -> puzzles.moves(body(ex, method, options.maxBodyBytes()));
            case "solve" -> puzzles.solve(body(ex, method, options.maxBodyBytes()));
            case "playout" -> puzzles.playout(body(ex, method, options.maxBodyBytes()));
            case "decide" -> play.decide(body(ex, method, options.maxBodyBytes()));
            case "bid" -> play.bid(body(ex, method, options.maxBodyBytes()));
            case "game" -> play.newGame(body(ex, method, options.maxBodyBytes()));
            case "replay" -> replays.replay(body(ex, method, options.maxUploadBytes()));
            case "match" -> matches.match(body(ex, method, options.maxBodyBytes()));
            default -> throw new HttpError(404, "no API path " + path + " (see docs/web.md)");
        };
    }

    private ObjectNode info() {
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("name", "ddz-engine");
        o.put("version", toolkit.version());
        o.putArray("rules").add("standard").add("douzero").add("rlcard").add("botzone");
        o.putArray("bans").add("trio").add("trio_solo").add("trio_pair").add("four_two_solo").add("four_two_pair")
            .add("trio_solo_chain").add("trio_pair_chain");
        o.put("agents", toolkit.agentNames());
        ObjectNode lim = o.putObject("limits");
        lim.put("body_bytes", options.maxBodyBytes());
        lim.put("upload_bytes", options.maxUploadBytes());
        lim.put("threads", options.threads());
        lim.put("solve_timeout_ms", PuzzleService.DEFAULT_TIMEOUT_MS);
        lim.put("solve_timeout_ms_max", PuzzleService.MAX_TIMEOUT_MS);
        lim.put("budget_ms", PlayService.DEFAULT_BUDGET_MS);
        lim.put("budget_ms_max", PlayService.MAX_BUDGET_MS);
        lim.put("match_timeout_ms_max", MatchService.MAX_TIMEOUT_MS);
        lim.put("match_deals_max", MatchService.MAX_DEALS);
        return o;
    }

    private static void requireGet(String method) {
        if (!method.equals("GET") && !method.equals("HEAD")) {
            throw new HttpError(405, "use GET here, not " + method);
        }
    }

    /** The JSON body of a POST, at most {@code limit} bytes. */
    private static Req body(HttpExchange ex, String method, int limit) throws IOException {
        if (!method.equals("POST")) {
            throw new HttpError(405, "use POST here, not " + method, Req.MAPPER.createObjectNode());
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new HttpError(415, "send the request as Content-Type: application/json"
                + (type == null ? "" : ", not " + Req.oneLine(type)));
        }
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            long n;
            try {
                n = Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                throw HttpError.bad("bad Content-Length '" + Req.oneLine(length) + "'");
            }
            if (n > limit) {
                ex.getResponseHeaders().set("Connection", "close");
                throw new HttpError(413, "request body of " + n + " bytes is over this endpoint's limit of " + limit
                    + " bytes");
            }
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        InputStream in = ex.getRequestBody();
        for (int r; (r = in.read(chunk)) > 0; ) {
            if (buf.size() + r > limit) {
                ex.getResponseHeaders().set("Connection", "close");
                throw new HttpError(413, "request body is over this endpoint's limit of " + limit + " bytes");
            }
            buf.write(chunk, 0, r);
        }
        return Req.parse(buf.toString(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange ex, int status, ObjectNode body) throws IOException {
        byte[] bytes;
        try {
            bytes = Req.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IOException(e);
        }
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        write(ex, status, bytes);
    }

    private static void write(HttpExchange ex, int status, byte[] bytes) throws IOException {
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : bytes.length == 0 ? -1 : bytes.length);
        if (!head && bytes.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    // ------------------------------------------------------------------------------------------ files

    private void serveFile(HttpExchange ex, String path) throws IOException {
        String method = ex.getRequestMethod();
        requireGet(method);
        if (path.equals("/")) {
            path = "/index.html";
        } else if (!path.contains(".") && !path.endsWith("/")) {
            path = path + ".html"; // /puzzle -> /puzzle.html
        }
        if (!SAFE_PATH.matcher(path).matches() || path.contains("..") || path.endsWith("/")) {
            throw new HttpError(404, "no page " + Req.oneLine(path));
        }
        String resource = path;
        byte[] bytes = files.computeIfAbsent(resource, this::load);
        if (bytes.length == 0) {
            files.remove(resource);
            throw new HttpError(404, "no page " + path + " (pages: /, /puzzle, /play, /replay, /report)");
        }
        String ext = path.substring(path.lastIndexOf('.') + 1);
        String type = TYPES.getOrDefault(ext, "application/octet-stream");
        ex.getResponseHeaders().set("Content-Type", type);
        if (ext.equals("html")) {
            ex.getResponseHeaders().set("Content-Security-Policy", CSP);
            ex.getResponseHeaders().set("X-Frame-Options", "DENY");
        }
        write(ex, 200, bytes);
    }

    private byte[] load(String path) {
        try (InputStream in = WebServer.class.getResourceAsStream(STATIC + path)) {
            return in == null ? new byte[0] : in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
