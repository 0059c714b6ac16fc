package io.github.ddzengine.tools.web;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.util.Failures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.spi.JettyHttpServer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * {@code ddz web}: the engine behind a local web page. Jetty, through the JDK's
 * {@code com.sun.net.httpserver} API ({@code jetty-http-spi}), serves the pages, style sheets and
 * script modules shipped in the jar, and a JSON API under {@code /api/} ({@code docs/web.md}).
 * Jetty reads request lines and headers without holding a thread, and every read and write has a
 * deadline, so a slow or stalled client cannot take the server down (issue 39).
 *
 * <h2>Limits</h2>
 * <ul>
 *   <li>It binds to {@code 127.0.0.1} unless told otherwise, and then answers only requests whose
 *       {@code Host} names the loopback (a page of another site cannot reach it by DNS rebinding);
 *       requests with a body must be {@code application/json}, which a page of another origin
 *       cannot send without a preflight this server never grants.</li>
 *   <li>Request bodies: at most {@link Options#maxBodyBytes()} (record files:
 *       {@link Options#maxUploadBytes()}); a larger one is refused with 413, read and dropped
 *       first when it is at most {@link #DRAIN_BYTES} over the limit (so that the client reads the
 *       answer), else unread.</li>
 *   <li>A request line, its headers and its body must keep coming: a connection silent for
 *       {@link #READ_TIMEOUT_MS} ms is closed; at most {@link #MAX_CONNECTIONS} connections are
 *       open at once (more wait in the operating system's accept queue).</li>
 *   <li>Pages and the cheap endpoints ({@code info}, {@code cards}, {@code moves}, reading a
 *       game) answer on the server's own threads at once. The searches (solves, play-outs,
 *       decisions, bids, games, replays, matches) run on a fixed pool of {@link Options#threads()}
 *       worker threads (each with its own workspace of the engine: solvers and Monte Carlo agents),
 *       with at most {@link #queueLength} more waiting; past that a search is answered 503 with
 *       {@code Retry-After} at once. Every solve, decision and match has a time budget (the
 *       request's {@code timeout_ms} or {@code budget_ms}, capped), so no request holds a worker
 *       for long.</li>
 *   <li>Bad input gets a 4xx and {@code {"error": "..."}} with the engine's one-line message;
 *       an unexpected failure a 500 with one line (the stack trace goes to standard error).</li>
 * </ul>
 */
public final class WebServer implements AutoCloseable {
    /** The longest wait for the next bytes of a request (line, headers, body) or for a client to read, ms. */
    static final long READ_TIMEOUT_MS = 5_000;
    /**
     * How far past its limit a refused request body is still read (and dropped) before the 413,
     * so that its client reads the answer; a body larger than that is refused unread.
     */
    static final long DRAIN_BYTES = 1 << 20;
    /** The most connections open at once. */
    static final int MAX_CONNECTIONS = 512;
    /** The server's own threads for pages and cheap endpoints, beside those that wait for a worker. */
    private static final int SERVER_THREADS = 24;
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
    private final Server jetty;
    private final ServerConnector connector;
    private final InetAddress bound;
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
        this.bound = addr;
        AtomicInteger n = new AtomicInteger();
        int queue = queueLength(options.threads());
        this.pool = new ThreadPoolExecutor(options.threads(), options.threads(), 60, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(queue), r -> {
                Thread t = new Thread(r, "ddz-web-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.AbortPolicy());
        QueuedThreadPool threads = new QueuedThreadPool(SERVER_THREADS + options.threads() + queue, 4);
        threads.setName("ddz-web-io");
        threads.setDaemon(true);
        this.jetty = new Server(threads);
        jetty.setStopTimeout(1_000);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        this.connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(addr.getHostAddress());
        connector.setPort(options.port());
        connector.setIdleTimeout(READ_TIMEOUT_MS);
        connector.setAcceptQueueSize(64);
        jetty.addConnector(connector);
        jetty.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
        jetty.setHandler(new ContextHandlerCollection());
        jetty.setErrorHandler(new JsonErrors());
        try {
            connector.open();
        } catch (IOException e) {
            pool.shutdownNow();
            if (e.getCause() instanceof BindException b) {
                throw b;
            }
            throw e;
        }
        this.server = new JettyHttpServer(jetty, true, http);
        server.bind(new InetSocketAddress(addr, connector.getLocalPort()), 64);
        server.createContext("/", this::handle);
    }

    /** Searches that may wait for a worker beside those running: sixteen a worker, at most 256. */
    static int queueLength(int workers) {
        return Math.min(256, 16 * workers);
    }

    /**
     * The answers Jetty gives itself (a request it cannot parse, an ambiguous path, headers too
     * large) as the API's JSON, {@code {"error": "..."}}, like every other answer of the server.
     */
    static final class JsonErrors extends ErrorHandler {
        @Override
        protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                        Callback callback) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            response.write(true, ByteBuffer.wrap(json(code, message)), callback);
        }

        @Override
        public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
            fields.put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            return ByteBuffer.wrap(json(status, reason));
        }

        private static byte[] json(int code, String message) {
            ObjectNode o = Req.MAPPER.createObjectNode();
            String reason = HttpStatus.getMessage(code);
            boolean plain = message == null || message.isBlank() || message.equals(reason);
            o.put("error", Req.oneLine(plain ? reason + " (HTTP " + code + ")" : reason + ": " + message));
            try {
                return Req.MAPPER.writeValueAsBytes(o);
            } catch (JsonProcessingException e) {
                return ("{\"error\":\"" + code + "\"}").getBytes(StandardCharsets.US_ASCII);
            }
        }
    }

    /** Starts answering requests. */
    public void start() {
        try {
            jetty.start();
        } catch (Exception e) {
            throw new IllegalStateException("ddz web: the server did not start: " + e.getMessage(), e);
        }
    }

    /** The port the server listens on (the one chosen when {@link Options#port()} was 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The server's base address, {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = bound.isAnyLocalAddress() ? "127.0.0.1" : bound.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port() + "/");
    }

    /** Stops answering, lets requests in progress finish for up to a second, and stops the workers. */
    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping: nothing more to do
        }
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
                if (e.status == 503) {
                    ex.getResponseHeaders().set("Retry-After", "1");
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
        if (!isLoopbackName(name)) {
            throw new HttpError(403, "Host '" + host + "' is not this server: it answers only on the loopback "
                + "(localhost, 127.0.0.1, [::1])");
        }
    }

    /**
     * Whether a Host name (port removed, lower case) names this machine's loopback:
     * {@code localhost}, {@code *.localhost}, {@code [::1]} or a literal IPv4 address in
     * {@code 127.0.0.0/8} (four decimal numbers 0..255, the first 127). Names that only start like
     * one ({@code 127.0.0.1.evil.example}) are not: DNS may point them anywhere.
     */
    static boolean isLoopbackName(String name) {
        if (name.equals("localhost") || name.equals("[::1]")
            || name.endsWith(".localhost") && name.length() > ".localhost".length()) {
            return true;
        }
        String[] octets = name.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String o : octets) {
            if (!o.matches("[0-9]{1,3}") || Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return octets[0].equals("127");
    }

    /**
     * Runs a search on a worker and waits for it; 503 at once when every worker is busy and the
     * queue ({@link #queueLength}) is full.
     */
    private ObjectNode search(Supplier<ObjectNode> work) {
        Future<ObjectNode> f;
        try {
            f = pool.submit(work::get);
        } catch (RejectedExecutionException e) {
            throw new HttpError(503, "the server is busy: " + options.threads() + " searches run and "
                + queueLength(options.threads()) + " wait; try again in a moment");
        }
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw Failures.unchecked(e.getCause());
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new HttpError(503, "the server is stopping");
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
                    case "bid" -> search(() -> play.bid(id, q));
                    case "play" -> search(() -> play.play(id, q));
                    case "hint" -> search(() -> play.hint(id, q));
                    default -> throw new HttpError(404, "no API path " + path);
                };
            }
        }
        if (parts.length == 2 && first.equals("replay") && (parts[1].equals("analyse") || parts[1].equals("audit"))) {
            Req q = body(ex, method, options.maxUploadBytes());
            return parts[1].equals("audit") ? search(() -> replays.audit(q)) : search(() -> replays.analyse(q));
        }
        if (parts.length != 1) {
            throw new HttpError(404, "no API path " + path + " (see docs/web.md)");
        }
        if (!List.of("cards", "moves", "solve", "playout", "decide", "bid", "game", "replay", "match").contains(first)) {
            throw new HttpError(404, "no API path " + path + " (see docs/web.md)");
        }
        Req q = body(ex, method, first.equals("replay") ? options.maxUploadBytes() : options.maxBodyBytes());
        return switch (first) {
            case "cards" -> puzzles.cards(q);
            case "moves" -> puzzles.moves(q);
            case "solve" -> search(() -> puzzles.solve(q));
            case "playout" -> search(() -> puzzles.playout(q));
            case "decide" -> search(() -> play.decide(q));
            case "bid" -> search(() -> play.bid(q));
            case "game" -> search(() -> play.newGame(q));
            case "replay" -> search(() -> replays.replay(q));
            default -> search(() -> matches.match(q));
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
                if (n - limit <= DRAIN_BYTES) {
                    // closing on unread bytes resets the connection, and the client's answer with it
                    drain(ex.getRequestBody(), new byte[8192], n);
                }
                throw new HttpError(413, "request body of " + n + " bytes is over this endpoint's limit of " + limit
                    + " bytes");
            }
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        InputStream in = ex.getRequestBody();
        try {
            for (int r; (r = in.read(chunk)) > 0; ) {
                if (buf.size() + r > limit) {
                    ex.getResponseHeaders().set("Connection", "close");
                    // read on a little, so that a client still sending the end of its body reads the
                    // answer: closing on unread bytes resets the connection, and the answer with it
                    drain(in, chunk, DRAIN_BYTES);
                    throw new HttpError(413, "request body is over this endpoint's limit of " + limit + " bytes");
                }
                buf.write(chunk, 0, r);
            }
        } catch (IOException e) {
            ex.getResponseHeaders().set("Connection", "close");
            throw new HttpError(408, "the request body stopped coming (nothing for " + READ_TIMEOUT_MS + " ms, or the "
                + "connection broke)");
        }
        return Req.parse(buf.toString(StandardCharsets.UTF_8));
    }

    /** Reads and drops at most {@code max} more bytes of {@code in}; a read that fails ends it. */
    private static void drain(InputStream in, byte[] chunk, long max) {
        try {
            long more = 0;
            for (int r; more <= max && (r = in.read(chunk)) > 0; ) {
                more += r;
            }
        } catch (IOException e) {
            // the client is gone or stopped sending: the answer goes out as it can
        }
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
        // a long path is no page: checked first, as the pattern's repetition recurses a frame a segment
        if (path.length() > 200 || !SAFE_PATH.matcher(path).matches() || path.contains("..") || path.endsWith("/")
            || path.startsWith("/parts/")) {
            throw new HttpError(404, "no page " + Req.oneLine(path));
        }
        String resource = path;
        byte[] bytes = files.computeIfAbsent(resource, this::load);
        if (bytes.length == 0) {
            files.remove(resource);
            throw new HttpError(404, "no page " + path + " (pages: /, /puzzle, /play, /replay, /report, /ladder)");
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

    /** A file of the pages' folder as served (a page in its layout, {@link Pages}); empty if absent. */
    private byte[] load(String path) {
        byte[] bytes = resource(path);
        if (bytes.length == 0 || !path.endsWith(".html")) {
            return bytes;
        }
        String page = new String(bytes, StandardCharsets.UTF_8);
        return Pages.render(new String(resource(Pages.LAYOUT), StandardCharsets.UTF_8), page)
            .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] resource(String path) {
        try (InputStream in = WebServer.class.getResourceAsStream(STATIC + path)) {
            return in == null ? new byte[0] : in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
