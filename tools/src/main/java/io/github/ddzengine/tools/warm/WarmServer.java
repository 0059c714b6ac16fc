package io.github.ddzengine.tools.warm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.ddzengine.tools.Ddz;

/**
 * The warm engine's server ({@link WarmEngine}): warms the JIT on the built-in puzzle and a few
 * queries, listens on its socket, runs each client's command with {@code Ddz.run} on a thread of
 * its own (at most {@value #MAX_ACTIVE} at once; more are told to run in their own process), and
 * stops when no command came for its idle time, when its jar changes, or when told to
 * ({@code ddz warm stop}). After each command with none other running it collects the heap, so an
 * idle server holds little memory.
 */
public final class WarmServer {
    /** Commands run at once; a client beyond them runs its command itself. */
    static final int MAX_ACTIVE = 4;

    private final Path socket;
    private final long idleMillis;
    private final Path jar;
    private final long jarSize;
    private final long jarTime;
    private final AtomicInteger active = new AtomicInteger();
    /** Commands answered (controls not counted), and connections accepted (for thread names). */
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final long started = System.currentTimeMillis();
    private volatile long lastActivity = System.currentTimeMillis();
    private volatile ServerSocketChannel server;

    WarmServer(Path socket, int idleSeconds, Path jar) throws IOException {
        this.socket = socket;
        this.idleMillis = idleSeconds * 1000L;
        this.jar = jar;
        this.jarSize = jar == null ? -1 : Files.size(jar);
        this.jarTime = jar == null ? -1 : Files.getLastModifiedTime(jar).toMillis();
    }

    /**
     * Runs a server: {@code SOCKET IDLE_SECONDS [CLIENT_PID]}; with the pid of the client that
     * started it, it warms up only once that process has ended (at most 10 s later), so that the
     * warm-up does not share the processors with the client's exit. Exits 0 when it stops (or when
     * another server already answers on the socket).
     */
    public static void main(String[] args) throws IOException {
        WarmServer s = new WarmServer(Path.of(args[0]), Integer.parseInt(args[1]), WarmEngine.jar());
        if (args.length > 2) {
            awaitExit(Long.parseLong(args[2]), 10_000);
        }
        s.warmUp();
        if (s.bind()) {
            s.serve();
        }
        System.exit(0);
    }

    /** Waits until process {@code pid} has ended, at most {@code millis} ms (no wait when it is not there). */
    static void awaitExit(long pid, long millis) {
        ProcessHandle.of(pid).ifPresent(h -> {
            try {
                h.onExit().get(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // warm up now: the client is slow to go, or cannot be watched
            }
        });
    }

    /** Runs the commands the warm engine answers until the JIT has compiled their hot code (a few seconds). */
    void warmUp() {
        // on a thread of its own, as a command runs: what its runs keep per thread goes with it
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + 4_000_000_000L;
            InputStream none = InputStream.nullInputStream();
            OutputStream sink = OutputStream.nullOutputStream();
            for (int i = 0; i < 200 && System.nanoTime() < end; i++) {
                Ddz.run(none, sink, sink, "solve", "--json");
                Ddz.run(none, sink, sink, "moves", "--json", "33344455566678TTJQQKA2", "--last", "33344456");
                Ddz.run(none, sink, sink, "split", "--json", "33344455566678TTJQQKA2");
            }
        }, "ddz-warm-up");
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.gc();
    }

    /** Binds the socket (a stale file of a dead server is removed); false when another server answers there. */
    boolean bind() throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
        if (Files.exists(socket)) {
            try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                probe.connect(address);
                return false;
            } catch (IOException deadServer) {
                Files.deleteIfExists(socket);
            }
        }
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.bind(address);
        } catch (IOException raced) {
            ch.close();
            return false;
        }
        server = ch;
        return true;
    }

    /** Accepts commands until the server stops, then removes its socket. */
    void serve() throws IOException {
        Thread watch = new Thread(this::watch, "ddz-warm-watch");
        watch.setDaemon(true);
        watch.start();
        try {
            while (true) {
                SocketChannel ch;
                try {
                    ch = server.accept();
                } catch (ClosedChannelException stopped) {
                    break;
                }
                lastActivity = System.currentTimeMillis();
                if (active.incrementAndGet() > MAX_ACTIVE) {
                    active.decrementAndGet();
                    try (ch) {
                        DataOutputStream out = new DataOutputStream(WarmEngine.output(ch));
                        WarmEngine.frame(out, WarmEngine.BUSY, new byte[0], 0, 0);
                        out.flush();
                    } catch (IOException gone) {
                        // the client will run the command itself
                    }
                    continue;
                }
                Thread t = new Thread(() -> handle(ch), "ddz-warm-" + accepted.incrementAndGet());
                t.setDaemon(true);
                t.start();
            }
        } finally {
            Files.deleteIfExists(socket);
        }
    }

    /** Stops the server when idle, when its jar changed or went, or when its socket file went. */
    private void watch() {
        while (server != null && server.isOpen()) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.currentTimeMillis();
            boolean idle = active.get() == 0 && now - lastActivity > idleMillis;
            if (idle || jarChanged() || !Files.exists(socket)) {
                stop();
            }
        }
    }

    private boolean jarChanged() {
        if (jar == null) {
            return false;
        }
        try {
            return Files.size(jar) != jarSize || Files.getLastModifiedTime(jar).toMillis() != jarTime;
        } catch (IOException gone) {
            return true;
        }
    }

    /** Stops accepting; commands running finish. */
    void stop() {
        try {
            server.close();
        } catch (IOException e) {
            // closed either way
        }
    }

    /** One client's command. */
    private void handle(SocketChannel ch) {
        try (ch) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(WarmEngine.input(ch)));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(WarmEngine.output(ch), WarmEngine.MAX_FRAME + 5));
            if (in.readInt() != WarmEngine.MAGIC) {
                return;
            }
            int argc = in.readInt();
            if (argc == -1) {
                control(in.readUTF(), out);
                return;
            }
            if (argc < 1 || argc > WarmEngine.MAX_ARGS) {
                return;
            }
            String[] args = new String[argc];
            for (int i = 0; i < argc; i++) {
                args[i] = in.readUTF();
            }
            if (!WarmEngine.eligible(args, java.util.Map.of())) {
                // the engine decides what it answers, whatever the client (the JVM's or the launcher's Python one)
                WarmEngine.frame(out, WarmEngine.BUSY, new byte[0], 0, 0);
                out.flush();
                return;
            }
            served.incrementAndGet();
            int code = Ddz.run(WarmEngine.receivedInput(in), WarmEngine.framed(out, WarmEngine.OUT),
                WarmEngine.framed(out, WarmEngine.ERR), args);
            synchronized (out) {
                out.writeByte(WarmEngine.EXIT);
                out.writeInt(4);
                out.writeInt(code);
                out.flush();
            }
            drain(ch);
        } catch (IOException | RuntimeException clientGone) {
            // a client that went away ends its command
        } finally {
            lastActivity = System.currentTimeMillis();
            if (active.decrementAndGet() == 0) {
                System.gc(); // an idle server gives its heap back
            }
        }
    }

    /**
     * Reads what the client still sends (input the command left unread) until the client closes,
     * which it does on the exit frame: a socket closed with unread input resets the connection, and
     * the client could lose the answer's last frames. A client that does not close within 5 s is cut.
     */
    private static void drain(SocketChannel ch) {
        Thread cut = new Thread(() -> {
            try {
                Thread.sleep(5000);
                ch.close();
            } catch (InterruptedException | IOException done) {
                // drained in time, or closed either way
            }
        }, "ddz-warm-drain");
        cut.setDaemon(true);
        cut.start();
        ByteBuffer buf = ByteBuffer.allocate(8192);
        try {
            while (ch.read(buf) >= 0) {
                buf.clear();
            }
        } catch (IOException closed) {
            // the client closed, or the cut did
        } finally {
            cut.interrupt();
        }
    }

    /** {@code ddz warm status} and {@code ddz warm stop}. */
    private void control(String command, DataOutputStream out) throws IOException {
        String text;
        if (command.equals("stop")) {
            text = "stopped the warm engine (pid " + ProcessHandle.current().pid() + ")\n";
            stop();
        } else {
            Runtime rt = Runtime.getRuntime();
            text = "warm engine: pid " + ProcessHandle.current().pid() + ", up " + (System.currentTimeMillis() - started) / 1000
                + " s, " + served.get() + " commands, heap " + (rt.totalMemory() >> 20) + " MiB, stops after "
                + idleMillis / 1000 + " s idle, socket " + socket + ", JDK " + System.getProperty("java.home") + " "
                + System.getProperty("java.version") + "\n";
        }
        byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        WarmEngine.frame(out, WarmEngine.OUT, b, 0, b.length);
        out.writeByte(WarmEngine.EXIT);
        out.writeInt(4);
        out.writeInt(0);
        out.flush();
    }
}
