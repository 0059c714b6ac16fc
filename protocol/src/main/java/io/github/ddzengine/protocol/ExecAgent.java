package io.github.ddzengine.protocol;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.arena.ArenaException;

/**
 * An agent that is an external process speaking the agent protocol ({@code docs/agent-protocol.md},
 * {@link AgentProtocol}): {@code exec:COMMAND ARGS}.
 *
 * <p><b>Processes.</b> Each instance (the prototype's every {@link #copy()}) runs its own process,
 * started at its first game; the arena gives each thread its own copies, one per seat, so a match
 * on {@code t} threads runs up to {@code 3t} processes of one exec agent, each always at the same
 * seat. Requests go one at a time; the process's standard error is passed through.
 *
 * <p><b>Faults.</b> Every answer is checked against the rules. An answer that is not a JSON object
 * with the expected field, or a line longer than {@value #MAX_LINE_CHARS} characters
 * (unparsable), a move or bid that is not legal (illegal), a request not written and answered
 * within the move time-out (time-out: the request's writing is bounded too, so an agent that never
 * reads cannot block the referee), or the end of the process's output (crash) is counted in
 * {@link #faults()} (shared by all copies) and replaced by the fallback: a pass where legal,
 * otherwise the solo of the lowest card held; bid 0. After a time-out, an overlong line or a crash
 * the process is killed, the rest of that game is played by the fallback, and the process is
 * started again for the next game.
 *
 * <p><b>Answers.</b> Each request carries an {@code id}; an answer that echoes an {@code id} other
 * than the request's is dropped as stale, and once an agent has echoed one, its lines without the
 * request's {@code id} are dropped too (junk written after an answer is never taken for the next
 * one). Lines that arrive while no answer is awaited are dropped before each request.
 *
 * <p><b>Processes.</b> Killing a process kills its whole tree: its descendants, as last seen (the
 * tree is looked at every {@value #TREE_SCAN_MS} ms and at each request, so that grandchildren
 * orphaned by their parent's exit are still found). {@link #close()} on the prototype ends every
 * process of every copy ({@code bye}, then a kill of the tree after a grace period); a JVM shutdown
 * hook kills every tree left.
 */
public final class ExecAgent implements Agent, AutoCloseable {
    /** The spec prefix. */
    public static final String PREFIX = "exec:";
    /** Extra time for the first answer of a process, its start-up, by default ({@code --startup-grace-ms}). */
    public static final long STARTUP_GRACE_MS = 10_000;
    /** How long {@link #close()} waits for processes to exit after {@code bye}. */
    private static final long EXIT_GRACE_MS = 2_000;
    /** The longest protocol line read, in characters: a longer one is unparsable, its process killed. */
    public static final int MAX_LINE_CHARS = 1 << 20;
    /** Period of the scan of each live process's descendants, ms. */
    static final long TREE_SCAN_MS = 250;

    /** The per-agent fault counts, shared by the copies; thread-safe. */
    public static final class Faults {
        /** Moves or bids that broke the rules. */
        public final AtomicLong illegal = new AtomicLong();
        /** Answers that were not a JSON object with the expected field. */
        public final AtomicLong unparsable = new AtomicLong();
        /** Answers that did not come within the move time-out. */
        public final AtomicLong timeouts = new AtomicLong();
        /** Processes whose output ended. */
        public final AtomicLong crashes = new AtomicLong();
        /** Decisions made by the fallback. */
        public final AtomicLong fallbacks = new AtomicLong();
        /** Processes started again after a time-out or a crash. */
        public final AtomicLong restarts = new AtomicLong();

        /** All zero. */
        public Faults() {
        }

        /** Answers that were illegal, unparsable, late or missing. */
        public long total() {
            return illegal.get() + unparsable.get() + timeouts.get() + crashes.get();
        }
    }

    /** What the prototype and its copies share. */
    private static final class Shared {
        final String spec;
        final List<String> command;
        final Rules rules;
        final long timeoutMs;
        final long startupGraceMs;
        final Faults faults = new Faults();
        final Set<Proc> live = ConcurrentHashMap.newKeySet();
        final Thread killer;
        /** Scans the trees of the live processes; started with the first process. */
        private ScheduledExecutorService scanner;

        Shared(String spec, List<String> command, Rules rules, long timeoutMs, long startupGraceMs) {
            this.spec = spec;
            this.command = command;
            this.rules = rules;
            this.timeoutMs = timeoutMs;
            this.startupGraceMs = startupGraceMs;
            this.killer = new Thread(() -> live.forEach(Proc::killTree), "ddz-exec-kill");
            Runtime.getRuntime().addShutdownHook(killer);
        }

        synchronized void startScanner() {
            if (scanner == null) {
                scanner = Executors.newSingleThreadScheduledExecutor(daemon("ddz-exec-tree"));
                scanner.scheduleWithFixedDelay(() -> live.forEach(Proc::scanTree), TREE_SCAN_MS, TREE_SCAN_MS,
                    TimeUnit.MILLISECONDS);
            }
        }

        synchronized void stopScanner() {
            if (scanner != null) {
                scanner.shutdownNow();
                scanner = null;
            }
        }
    }

    /** A daemon thread factory. */
    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * One running process: its input (written by a writer thread, so that a write can be given up
     * at a deadline), its output lines as they come (a reader thread, lines capped at
     * {@value #MAX_LINE_CHARS} characters) and its tree of descendants as last seen.
     */
    private static final class Proc {
        /** Put on the queue when the process's output ends. */
        static final String EOF = new String("<end of output>");
        /** Put on the queue for a line over {@value #MAX_LINE_CHARS} characters (the rest of it is dropped). */
        static final String OVERLONG = new String("<overlong line>");

        final Process process;
        final Writer in;
        final ExecutorService writer;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        /** Every descendant seen so far: killed with the process, even once orphaned. */
        final Set<ProcessHandle> tree = ConcurrentHashMap.newKeySet();
        boolean helloSent;
        boolean answered;
        /** The agent echoed a request's id once: its lines without the id are dropped. */
        boolean echoesIds;
        /** Killed (after a time-out, an overlong line; {@link Process#isAlive()} may stay true for a moment). */
        volatile boolean killed;

        Proc(Process process) {
            this.process = process;
            this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            this.writer = Executors.newSingleThreadExecutor(daemon("ddz-exec-writer"));
            Thread reader = new Thread(this::readLines, "ddz-exec-reader");
            reader.setDaemon(true);
            reader.start();
        }

        /** The reader thread: lines as {@link java.io.BufferedReader#readLine} splits them, capped in length. */
        private void readLines() {
            try (Reader r = new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)) {
                char[] buf = new char[8192];
                StringBuilder line = new StringBuilder();
                boolean overlong = false;
                boolean afterCr = false;
                for (int n; (n = r.read(buf)) >= 0; ) {
                    for (int i = 0; i < n; i++) {
                        char c = buf[i];
                        if (c == '\n' && afterCr) {
                            afterCr = false;
                            continue; // CR LF: one line end
                        }
                        afterCr = c == '\r';
                        if (c == '\n' || c == '\r') {
                            if (!overlong) {
                                lines.add(line.toString());
                            }
                            line.setLength(0);
                            overlong = false;
                        } else if (!overlong) {
                            line.append(c);
                            if (line.length() > MAX_LINE_CHARS) {
                                lines.add(OVERLONG);
                                line.setLength(0);
                                line.trimToSize();
                                overlong = true;
                            }
                        }
                    }
                }
                if (line.length() > 0 && !overlong) {
                    lines.add(line.toString());
                }
            } catch (IOException e) {
                // the process went away: same as the end of its output
            } finally {
                lines.add(EOF);
            }
        }

        /**
         * Writes lines and flushes them, giving up at {@code deadline} (System.nanoTime).
         *
         * @return null when written, else {@code "time-out"} or {@code "crash"} (the input is closed)
         */
        String send(List<String> message, long deadline) {
            Future<?> f;
            try {
                f = writer.submit(() -> {
                    for (String l : message) {
                        in.write(l);
                        in.write('\n');
                    }
                    in.flush();
                    return null;
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                return "crash"; // killed meanwhile
            }
            try {
                f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                return null;
            } catch (TimeoutException e) {
                return "time-out";
            } catch (ExecutionException e) {
                return "crash";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ArenaException("interrupted while writing to an agent", e);
            }
        }

        /** Remembers the process's descendants as they are now. */
        void scanTree() {
            try {
                process.descendants().forEach(tree::add);
            } catch (RuntimeException e) {
                // the process table could not be read: keep what was seen
            }
        }

        /** Kills the process, its process group and every descendant seen (orphans too), and stops its writer. */
        void killTree() {
            killed = true;
            scanTree();
            ProcessGroups.kill(process.pid()); // under setsid the agent leads its own group
            process.destroyForcibly();
            for (ProcessHandle h : tree) {
                h.destroyForcibly(); // a handle of an exited process does nothing, even if its pid is reused
            }
            writer.shutdownNow();
        }
    }

    private final Shared shared;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final int[] buf = new int[MoveGenerator.MAX_MOVES];
    private Proc proc;
    /** The process failed (time-out or crash) during the current game: fallbacks until the next. */
    private boolean failedThisGame;
    private boolean seedPending;
    private long gameSeed;
    /** Requests this copy sent: the id of the next one is one more. */
    private long requests;

    private ExecAgent(Shared shared) {
        this.shared = shared;
        this.table = shared.rules.table();
        this.generator = new MoveGenerator(shared.rules);
    }

    /**
     * The agent of {@code spec}, {@code exec:COMMAND ARGS} (words split at blanks; single or double
     * quotes group words, a backslash escapes the next character). No process starts until a game.
     *
     * @param moveTimeoutMs the longest time to write a request and read its answer, ms (the first
     *     answer of a process gets {@link #STARTUP_GRACE_MS} more)
     * @throws IllegalArgumentException if the command is empty or its quotes do not close
     */
    public static ExecAgent of(String spec, Rules rules, long moveTimeoutMs) {
        return of(spec, rules, moveTimeoutMs, STARTUP_GRACE_MS);
    }

    /**
     * {@link #of(String, Rules, long)} with the start-up grace given.
     *
     * @param startupGraceMs extra time for the first answer of each process, ms
     */
    public static ExecAgent of(String spec, Rules rules, long moveTimeoutMs, long startupGraceMs) {
        if (!spec.startsWith(PREFIX)) {
            throw new IllegalArgumentException("an external agent is exec:COMMAND, not '" + spec + "'");
        }
        List<String> command = split(spec.substring(PREFIX.length()));
        if (command.isEmpty()) {
            throw new IllegalArgumentException("agent '" + spec + "': no command after exec:");
        }
        return new ExecAgent(new Shared(spec, command, rules, moveTimeoutMs, startupGraceMs));
    }

    /** Splits a command line into words (blanks separate; quotes group; backslash escapes). */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && quote != '\'' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed " + quote + " in the command '" + line + "'");
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }

    /** The command this agent runs, as words. */
    public List<String> command() {
        return List.copyOf(shared.command);
    }

    /** The fault counts of this agent and all its copies. */
    public Faults faults() {
        return shared.faults;
    }

    @Override
    public String name() {
        return shared.spec;
    }

    @Override
    public Agent copy() {
        return new ExecAgent(shared);
    }

    /**
     * Starts the process if this copy has none or its process died (a restart), and remembers the
     * seed: the {@code game} message goes out before the game's first request.
     *
     * @throws ArenaException if the command cannot be started
     */
    @Override
    public void startGame(long seed) {
        failedThisGame = false;
        seedPending = true;
        gameSeed = seed;
        if (proc != null && !proc.killed && proc.process.isAlive() && proc.lines.peek() != Proc.EOF) {
            return;
        }
        if (proc != null) {
            end(proc);
            shared.faults.restarts.incrementAndGet();
        }
        shared.startScanner();
        ProcessBuilder pb = new ProcessBuilder(ProcessGroups.detached(shared.command))
            .redirectError(ProcessBuilder.Redirect.INHERIT);
        try {
            ProcessGroups.checkExecutable(shared.command.get(0));
            proc = new Proc(pb.start());
        } catch (IOException e) {
            proc = null;
            throw new ArenaException("agent " + shared.spec + ": cannot start " + shared.command.get(0) + ": "
                + JsonFields.oneLine(e.getMessage()), e);
        }
        shared.live.add(proc);
        proc.scanTree();
    }

    @Override
    public int bid(BidRequest request) {
        String answer = ask(AgentProtocol.bid(request), request.position());
        if (answer != null) {
            JsonNode node = answerObject(answer, "bid");
            if (node != null) {
                JsonNode b = node.get("bid");
                if (b.isIntegralNumber() && Bidding.isLegal(b.intValue(), request.highestBid())) {
                    return b.intValue();
                }
                shared.faults.illegal.incrementAndGet();
            }
        }
        shared.faults.fallbacks.incrementAndGet();
        return 0;
    }

    @Override
    public int play(InformationSet info) {
        String answer = ask(AgentProtocol.play(info, generator, buf), info.seat());
        if (answer != null) {
            JsonNode node = answerObject(answer, "move");
            if (node != null) {
                int move = legalMove(info, node.get("move"));
                if (move >= 0) {
                    return move;
                }
                shared.faults.illegal.incrementAndGet();
            }
        }
        shared.faults.fallbacks.incrementAndGet();
        return fallback(info);
    }

    /**
     * The fallback move: a pass where legal (when following), otherwise the solo of the lowest card
     * held (a solo can never be banned).
     */
    static int fallback(InformationSet info) {
        if (!info.leads()) {
            return MoveTable.PASS;
        }
        int[] rs = new int[2];
        info.rules().table().classify(Cards.of(Cards.lowestRank(info.hand()), 1), rs);
        return rs[0];
    }

    /** The move of an answer if it is text naming a legal move of {@code info}, else -1. */
    private int legalMove(InformationSet info, JsonNode text) {
        if (!text.isTextual()) {
            return -1;
        }
        int move;
        try {
            move = table.parseMove(text.textValue());
        } catch (IllegalArgumentException e) {
            return -1;
        }
        if (move == MoveTable.PASS) {
            return info.leads() ? -1 : move;
        }
        boolean legal = info.rules().allows(move) && Cards.contains(info.hand(), table.cards(move))
            && (info.leads() || table.beats(move, info.lastMove()));
        return legal ? move : -1;
    }

    /** The answer as an object holding {@code field}, or null (counted as unparsable). */
    private JsonNode answerObject(String answer, String field) {
        try {
            JsonNode node = JsonFields.readObject(answer, field);
            if (node.get(field) != null) {
                return node;
            }
        } catch (IllegalArgumentException e) {
            // counted below
        }
        shared.faults.unparsable.incrementAndGet();
        return null;
    }

    /**
     * Sends a request (after the hello and the game's seed, when due) and waits for one line.
     *
     * @return the answer line, or null after a time-out or crash (counted) or when the process
     *     already failed in this game
     */
    private String ask(String request, int seat) {
        if (failedThisGame || proc == null) {
            return null;
        }
        Proc p = proc;
        p.lines.removeIf(l -> l != Proc.EOF); // lines written while no answer was awaited
        long id = ++requests;
        List<String> message = new ArrayList<>(3);
        if (!p.helloSent) {
            message.add(AgentProtocol.hello(shared.rules, seat));
        }
        if (seedPending) {
            message.add(AgentProtocol.game(gameSeed));
        }
        message.add(AgentProtocol.withId(request, id));
        // one deadline for writing the request and reading its answer
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(shared.timeoutMs
            + (p.answered ? 0 : shared.startupGraceMs));
        String sent = p.send(message, deadline);
        if (sent != null) {
            p.killTree();
            return failed(sent.equals("time-out") ? shared.faults.timeouts : shared.faults.crashes);
        }
        p.helloSent = true;
        seedPending = false;
        p.scanTree();
        while (true) {
            String line;
            try {
                line = p.lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ArenaException("agent " + shared.spec + ": interrupted while waiting for an answer", e);
            }
            if (line == null) {
                p.killTree();
                return failed(shared.faults.timeouts);
            }
            if (line == Proc.EOF) {
                p.lines.add(Proc.EOF); // keep the mark: startGame sees the process is gone
                p.killTree(); // its orphans
                return failed(shared.faults.crashes);
            }
            if (line == Proc.OVERLONG) {
                p.killTree(); // it may stream for ever
                return failed(shared.faults.unparsable);
            }
            long echoed = echoedId(line);
            if (echoed == id || echoed == NO_ID && !p.echoesIds) {
                p.echoesIds |= echoed == id;
                p.answered = true;
                return line;
            }
            // a stale answer (another id), or a line without the id from an agent that echoes ids: junk
        }
    }

    /** Marks a line without an {@code id}. */
    private static final long NO_ID = Long.MIN_VALUE;

    /** The {@code id} a line echoes (an integer field of a JSON object), or {@link #NO_ID}. */
    private static long echoedId(String line) {
        if (!line.contains("\"id\"")) {
            return NO_ID;
        }
        try {
            JsonNode id = JsonFields.readObject(line, "move").get("id");
            return id != null && id.canConvertToLong() && id.isIntegralNumber() ? id.longValue() : NO_ID;
        } catch (IllegalArgumentException e) {
            return NO_ID;
        }
    }

    private String failed(AtomicLong counter) {
        counter.incrementAndGet();
        failedThisGame = true;
        return null;
    }

    /** Ends a process: {@code bye} and its input closed; its tree killed when it exited or the grace ran out. */
    private void end(Proc p) {
        shared.live.remove(p);
        long deadline = System.nanoTime() + EXIT_GRACE_MS * 1_000_000L;
        sayBye(p, deadline);
        waitAndKill(p, deadline);
    }

    /** {@code bye} and the input closed, both given up at {@code deadline}. */
    private static void sayBye(Proc p, long deadline) {
        if (p.killed) {
            return;
        }
        p.scanTree();
        p.send(List.of(AgentProtocol.bye()), deadline);
        Future<?> close = p.writer.submit(() -> {
            p.in.close();
            return null;
        });
        try {
            close.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // gone, or stuck: killed below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // already shut down
        }
    }

    /**
     * Waits for the process to exit until {@code deadline}, then kills its tree: the process if it
     * is still there, and any descendant left behind (grandchildren that outlive it keep its
     * standard error open, and a calling pipeline would hang on them).
     */
    private static void waitAndKill(Proc p, long deadline) {
        try {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                p.process.waitFor(left, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        p.killTree();
    }

    /**
     * Ends the processes of this agent and of every copy: {@code bye} to each, then those still
     * running after {@value #EXIT_GRACE_MS} ms are killed.
     */
    @Override
    public void close() {
        List<Proc> procs = new ArrayList<>(shared.live);
        shared.live.removeAll(procs);
        long deadline = System.nanoTime() + EXIT_GRACE_MS * 1_000_000L;
        for (Proc p : procs) {
            sayBye(p, deadline);
        }
        for (Proc p : procs) {
            waitAndKill(p, deadline);
        }
        shared.stopScanner();
        try {
            Runtime.getRuntime().removeShutdownHook(shared.killer);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
    }
}
