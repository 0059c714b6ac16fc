package io.github.ddzengine.protocol;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
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
 * with the expected field (unparsable), a move or bid that is not legal (illegal), no answer within
 * the move time-out (time-out: the process is killed), or the end of the process's output (crash)
 * is counted in {@link #faults()} (shared by all copies) and replaced by the fallback: a pass where
 * legal, otherwise the solo of the lowest card held; bid 0. After a time-out or a crash the rest of
 * that game is played by the fallback, and the process is started again for the next game.
 *
 * <p>{@link #close()} on the prototype ends every process of every copy ({@code bye}, then a kill
 * after a grace period); a JVM shutdown hook kills what is left.
 */
public final class ExecAgent implements Agent, AutoCloseable {
    /** The spec prefix. */
    public static final String PREFIX = "exec:";
    /** Extra time for the first answer of a process: its start-up. */
    public static final long STARTUP_GRACE_MS = 10_000;
    /** How long {@link #close()} waits for processes to exit after {@code bye}. */
    private static final long EXIT_GRACE_MS = 2_000;

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
        final Faults faults = new Faults();
        final Set<Proc> live = ConcurrentHashMap.newKeySet();
        final Thread killer;

        Shared(String spec, List<String> command, Rules rules, long timeoutMs) {
            this.spec = spec;
            this.command = command;
            this.rules = rules;
            this.timeoutMs = timeoutMs;
            this.killer = new Thread(() -> live.forEach(p -> p.process.destroyForcibly()), "ddz-exec-kill");
            Runtime.getRuntime().addShutdownHook(killer);
        }
    }

    /** One running process: its input, and its output lines as they come (a reader thread). */
    private static final class Proc {
        /** Put on the queue when the process's output ends. */
        static final String EOF = new String("<end of output>");

        final Process process;
        final Writer in;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        boolean helloSent;
        boolean answered;
        /** Killed after a time-out ({@link Process#isAlive()} may stay true for a moment after the kill). */
        boolean killed;

        Proc(Process process) {
            this.process = process;
            this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // the process went away: same as the end of its output
                } finally {
                    lines.add(EOF);
                }
            }, "ddz-exec-reader");
            reader.setDaemon(true);
            reader.start();
        }

        void send(String line) throws IOException {
            in.write(line);
            in.write('\n');
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

    private ExecAgent(Shared shared) {
        this.shared = shared;
        this.table = shared.rules.table();
        this.generator = new MoveGenerator(shared.rules);
    }

    /**
     * The agent of {@code spec}, {@code exec:COMMAND ARGS} (words split at blanks; single or double
     * quotes group words, a backslash escapes the next character). No process starts until a game.
     *
     * @param moveTimeoutMs the longest wait for an answer, ms (the first answer of a process gets
     *     {@link #STARTUP_GRACE_MS} more)
     * @throws IllegalArgumentException if the command is empty or its quotes do not close
     */
    public static ExecAgent of(String spec, Rules rules, long moveTimeoutMs) {
        if (!spec.startsWith(PREFIX)) {
            throw new IllegalArgumentException("an external agent is exec:COMMAND, not '" + spec + "'");
        }
        List<String> command = split(spec.substring(PREFIX.length()));
        if (command.isEmpty()) {
            throw new IllegalArgumentException("agent '" + spec + "': no command after exec:");
        }
        return new ExecAgent(new Shared(spec, command, rules, moveTimeoutMs));
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
        ProcessBuilder pb = new ProcessBuilder(shared.command).redirectError(ProcessBuilder.Redirect.INHERIT);
        try {
            proc = new Proc(pb.start());
        } catch (IOException e) {
            proc = null;
            throw new ArenaException("agent " + shared.spec + ": cannot start " + shared.command.get(0) + ": "
                + JsonFields.oneLine(e.getMessage()), e);
        }
        shared.live.add(proc);
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
        try {
            if (!p.helloSent) {
                p.send(AgentProtocol.hello(shared.rules, seat));
                p.helloSent = true;
            }
            if (seedPending) {
                p.send(AgentProtocol.game(gameSeed));
                seedPending = false;
            }
            p.send(request);
            p.in.flush();
        } catch (IOException e) {
            return failed(shared.faults.crashes);
        }
        String line;
        try {
            line = p.lines.poll(shared.timeoutMs + (p.answered ? 0 : STARTUP_GRACE_MS), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ArenaException("agent " + shared.spec + ": interrupted while waiting for an answer", e);
        }
        if (line == null) {
            p.killed = true;
            p.process.destroyForcibly();
            return failed(shared.faults.timeouts);
        }
        if (line == Proc.EOF) {
            p.lines.add(Proc.EOF); // keep the mark: startGame sees the process is gone
            return failed(shared.faults.crashes);
        }
        p.answered = true;
        return line;
    }

    private String failed(AtomicLong counter) {
        counter.incrementAndGet();
        failedThisGame = true;
        return null;
    }

    /** Ends a process: {@code bye} and its input closed; killed if it is still there after the grace. */
    private void end(Proc p) {
        shared.live.remove(p);
        sayBye(p);
        waitOrKill(p, System.nanoTime() + EXIT_GRACE_MS * 1_000_000L);
    }

    private static void sayBye(Proc p) {
        try {
            p.send(AgentProtocol.bye());
            p.in.close();
        } catch (IOException e) {
            // already gone
        }
    }

    private static void waitOrKill(Proc p, long deadline) {
        try {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !p.process.waitFor(left, TimeUnit.NANOSECONDS)) {
                p.process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the processes of this agent and of every copy: {@code bye} to each, then those still
     * running after {@value #EXIT_GRACE_MS} ms are killed.
     */
    @Override
    public void close() {
        List<Proc> procs = new ArrayList<>(shared.live);
        shared.live.removeAll(procs);
        for (Proc p : procs) {
            sayBye(p);
        }
        long deadline = System.nanoTime() + EXIT_GRACE_MS * 1_000_000L;
        for (Proc p : procs) {
            waitOrKill(p, deadline);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shared.killer);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
    }
}
