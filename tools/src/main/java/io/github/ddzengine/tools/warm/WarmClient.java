package io.github.ddzengine.tools.warm;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The warm engine's client ({@link WarmEngine}): sends a command to this jar's server and relays
 * its output and exit code; where there is no server the caller runs the command itself and then
 * starts one in the background ({@link #startServer}, at most one start a minute), so no command
 * waits for a server and none shares the processor with one warming up.
 */
public final class WarmClient {
    /** Seconds between two starts of a server that did not come up. */
    static final int RESTART_SECONDS = 60;

    /**
     * What {@link #run} returns when the command is eligible but no server answers this jar: the
     * caller runs the command itself, then calls {@link #startServer} for the next one.
     */
    public static final int NO_SERVER = -2;

    /**
     * The environment variable by which the launcher tells the jar's entry point that it saw no
     * warm engine and starts one itself after the command ({@link #main}): the command then asks
     * for none and starts none.
     */
    public static final String START_ENV = "DDZ_WARM_START";
    /** {@link #START_ENV}'s value: the launcher starts the engine. */
    public static final String LAUNCHER_STARTS = "launcher";

    private WarmClient() {
    }

    /**
     * {@code start COMMAND...}: starts this jar's server ({@link #startServer}) when {@code
     * COMMAND} is one it answers ({@link WarmEngine#eligible}); the launcher runs it in the
     * background once a command that found no server has ended. Prints nothing; exits 0.
     *
     * @param args {@code start} and the command's arguments
     */
    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        if (args.length > 1 && args[0].equals("start")
            && WarmEngine.eligible(Arrays.copyOfRange(args, 1, args.length), env)) {
            startServer(env);
        }
        System.exit(0);
    }

    /**
     * Runs {@code args} on the warm engine when it is eligible ({@link WarmEngine#eligible}).
     *
     * @return the command's exit code; {@link #NO_SERVER} when no server runs for this jar; -1 when
     *     the caller must run the command itself for another reason (not eligible, the server busy or
     *     gone before any output)
     */
    public static int run(String[] args, InputStream stdin, OutputStream out, OutputStream err, Map<String, String> env) {
        if (!WarmEngine.eligible(args, env)) {
            return -1;
        }
        Path jar = WarmEngine.jar();
        Path dir = jar == null ? null : WarmEngine.directory(env);
        String key = dir == null ? null : WarmEngine.key(jar, env);
        if (key == null) {
            return -1;
        }
        Path socket = dir.resolve(key + ".sock");
        if (!Files.exists(socket)) {
            return NO_SERVER; // no socket classes to load for nothing
        }
        SocketChannel ch;
        try {
            ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.connect(UnixDomainSocketAddress.of(socket));
            } catch (IOException | RuntimeException e) {
                ch.close();
                return NO_SERVER;
            }
        } catch (IOException e) {
            return -1;
        }
        return relay(ch, args, stdin, out, err);
    }

    /** Sends the command and relays the answer; -1 when nothing came back before the server went. */
    static int relay(SocketChannel ch, String[] args, InputStream stdin, OutputStream out, OutputStream err) {
        boolean wrote = false;
        try (ch) {
            DataOutputStream to = new DataOutputStream(WarmEngine.output(ch));
            DataInputStream from = new DataInputStream(new BufferedInputStream(WarmEngine.input(ch), WarmEngine.MAX_FRAME));
            to.writeInt(WarmEngine.MAGIC);
            to.writeInt(args.length);
            for (String a : args) {
                to.writeUTF(a);
            }
            to.flush();
            if (Arrays.asList(args).contains("--batch")) {
                Thread pump = new Thread(() -> {
                    try {
                        WarmEngine.sendInput(stdin, to);
                    } catch (IOException gone) {
                        // the server ended the command
                    }
                }, "ddz-warm-input");
                pump.setDaemon(true);
                pump.start();
            } else {
                to.writeInt(0);
                to.flush();
            }
            byte[] buf = new byte[WarmEngine.MAX_FRAME];
            while (true) {
                byte type = from.readByte();
                int len = from.readInt();
                if (len < 0 || len > WarmEngine.MAX_FRAME) {
                    throw new IOException("bad frame");
                }
                from.readFully(buf, 0, len);
                switch (type) {
                    case WarmEngine.OUT -> {
                        out.write(buf, 0, len);
                        out.flush();
                        wrote = true;
                    }
                    case WarmEngine.ERR -> {
                        err.write(buf, 0, len);
                        err.flush();
                        wrote = true;
                    }
                    case WarmEngine.EXIT -> {
                        return (buf[0] & 0xFF) << 24 | (buf[1] & 0xFF) << 16 | (buf[2] & 0xFF) << 8 | buf[3] & 0xFF;
                    }
                    case WarmEngine.BUSY -> {
                        if (!wrote) {
                            return -1;
                        }
                        throw new IOException("busy");
                    }
                    default -> throw new IOException("bad frame type " + type);
                }
            }
        } catch (IOException e) {
            if (!wrote) {
                return -1;
            }
            try {
                err.write(("ddz " + args[0] + ": the warm engine stopped mid-answer; run the command again "
                    + "(DDZ_WARM=0 runs it in its own process)\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                err.flush();
            } catch (IOException ignored) {
                // nothing more to say
            }
            return 1;
        }
    }

    /**
     * Starts this jar's server in the background for the commands that follow, unless one was
     * started in the last minute: call it after a command that {@link #run} answered with
     * {@link #NO_SERVER} has written its output (the server warms its JIT for a few seconds, on the
     * processors that command would share with it). Never throws: without a server every command
     * runs in its own process.
     */
    public static void startServer(Map<String, String> env) {
        Path jar = WarmEngine.jar();
        Path dir = jar == null ? null : WarmEngine.directory(env);
        String key = dir == null ? null : WarmEngine.key(jar, env);
        if (key != null) {
            start(dir, key, jar, env);
        }
    }

    /** Starts this jar's server in the background unless one was started in the last minute. */
    static void start(Path dir, String key, Path jar, Map<String, String> env) {
        Path lock = dir.resolve(key + ".lock");
        try (FileChannel fc = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = fc.tryLock()) {
            if (held == null) {
                return; // another client is starting it
            }
            long last = Files.getLastModifiedTime(lock).toMillis();
            if (fc.size() > 0 && System.currentTimeMillis() - last < RESTART_SECONDS * 1000L) {
                return;
            }
            fc.write(java.nio.ByteBuffer.wrap(new byte[] {1}), 0);
            Files.setLastModifiedTime(lock, FileTime.fromMillis(System.currentTimeMillis()));
            List<String> cmd = new ArrayList<>();
            if (new File("/usr/bin/setsid").canExecute()) {
                // its own session: a terminal's hang-up does not reach it; -f: setsid forks and
                // exits at once, so this JVM has no child to wait for (a thread waiting for one
                // holds the JVM's exit up for 0.3 s)
                cmd.add("/usr/bin/setsid");
                cmd.add("-f");
            }
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(List.of("-XX:+UseSerialGC", "-Xms16m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-Xlog:disable",
                "-Xlog:all=warning:stderr"));
            String opts = env.getOrDefault("DDZ_JAVA_OPTS", "").trim();
            if (!opts.isEmpty()) {
                cmd.addAll(Arrays.asList(opts.split("\\s+")));
            }
            cmd.addAll(List.of("-cp", jar.toString(), WarmServer.class.getName(), dir.resolve(key + ".sock").toString(),
                String.valueOf(WarmEngine.idleSeconds(env)), String.valueOf(ProcessHandle.current().pid())));
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(key + ".log").toFile()));
            pb.redirectErrorStream(true);
            pb.start();
        } catch (IOException | RuntimeException e) {
            // no server: every command runs in its own process, as without the warm engine
        }
    }

    /**
     * Sends a control command ({@code status} or {@code stop}) to this jar's server.
     *
     * @return its answer, or null when no server runs
     */
    public static String control(String command, Map<String, String> env) {
        Path jar = WarmEngine.jar();
        Path dir = jar == null ? null : WarmEngine.directory(env);
        String key = dir == null ? null : WarmEngine.key(jar, env);
        if (key == null) {
            return null;
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(dir.resolve(key + ".sock")));
            DataOutputStream to = new DataOutputStream(WarmEngine.output(ch));
            to.writeInt(WarmEngine.MAGIC);
            to.writeInt(-1);
            to.writeUTF(command);
            to.flush();
            DataInputStream from = new DataInputStream(new BufferedInputStream(WarmEngine.input(ch)));
            StringBuilder s = new StringBuilder();
            while (true) {
                byte type = from.readByte();
                int len = from.readInt();
                byte[] b = from.readNBytes(len);
                if (type == WarmEngine.OUT) {
                    s.append(new String(b, java.nio.charset.StandardCharsets.UTF_8));
                } else {
                    return s.toString();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
