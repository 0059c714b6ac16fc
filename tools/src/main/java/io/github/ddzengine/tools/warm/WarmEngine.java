package io.github.ddzengine.tools.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The warm engine: a {@code ddz} process that stays up between commands, so that a {@code ddz
 * solve} (or {@code moves}, {@code split}) started cold is answered by code the JIT has already
 * compiled (docs/cli/warm.md). This class holds what the client ({@link WarmClient}) and the server
 * ({@link WarmServer}) share: which commands may go to it, where its socket is, and the frames they
 * exchange.
 *
 * <p><b>One source of answers.</b> The server runs the very jar and JDK of the client (both are in
 * the socket's name, with every setting that reaches a verb from outside its arguments: the tables
 * directory, the JVM options), the same {@code Ddz.run} on the client's arguments and standard
 * input; a rebuilt jar gets a new server, the old one stops when it sees its jar change. Only
 * verbs that read nothing but their arguments and standard input go to it; a command naming a file
 * or asking for a terminal dialogue runs in its own process as before.
 *
 * <p><b>Protocol</b> (a Unix-domain socket in a directory only its user can enter): the client sends
 * {@link #MAGIC}, the argument count and each argument ({@link DataOutputStream#writeUTF}), then its
 * standard input as frames (a length and the bytes; length 0 ends it); the server answers with
 * frames of a type ({@link #OUT}, {@link #ERR}, {@link #EXIT} with the exit code, {@link #BUSY} when
 * it has no room) and a length.
 */
public final class WarmEngine {
    /** Environment variable: {@code 0} keeps every command in its own process. */
    public static final String ENV = "DDZ_WARM";
    /** Environment variable: seconds the server waits for a command before it stops (default {@value #DEFAULT_IDLE_SECONDS}). */
    public static final String IDLE_ENV = "DDZ_WARM_IDLE";
    /** Seconds without a command after which the server stops. */
    public static final int DEFAULT_IDLE_SECONDS = 600;
    /** The verbs the warm engine answers. */
    public static final Set<String> VERBS = Set.of("solve", "moves", "split");
    /** The first int a client sends (the protocol's version in its low byte). */
    static final int MAGIC = 0x44445701;
    /** Frame types of the server's answer. */
    static final byte OUT = 1;
    static final byte ERR = 2;
    static final byte EXIT = 3;
    static final byte BUSY = 4;
    /** Largest frame. */
    static final int MAX_FRAME = 1 << 16;
    /** Most arguments and argument length accepted. */
    static final int MAX_ARGS = 4096;

    private WarmEngine() {
    }

    /**
     * Whether {@code args} may go to the warm engine: a verb of {@link #VERBS}, no option that names
     * a file or starts a dialogue ({@code --tables}, {@code -i}/{@code --interactive}), not switched
     * off ({@code DDZ_WARM=0}) and no {@code DDZ_DEBUG} (its stack traces are the process's own).
     */
    public static boolean eligible(String[] args, Map<String, String> env) {
        if (args.length == 0 || !VERBS.contains(args[0]) || "0".equals(env.get(ENV)) || env.get("DDZ_DEBUG") != null) {
            return false;
        }
        for (String a : args) {
            if (a.equals("-i") || a.equals("--interactive") || a.startsWith("--tables") || a.equals("--")) {
                return false;
            }
        }
        return true;
    }

    /** The server's idle time from {@code DDZ_WARM_IDLE}: 10..86,400 seconds, else the default. */
    public static int idleSeconds(Map<String, String> env) {
        try {
            int s = Integer.parseInt(env.getOrDefault(IDLE_ENV, "").trim());
            return s >= 1 && s <= 86_400 ? s : DEFAULT_IDLE_SECONDS;
        } catch (NumberFormatException e) {
            return DEFAULT_IDLE_SECONDS;
        }
    }

    /** The jar this class was loaded from, or null when it was not loaded from a jar (a build's classes). */
    public static Path jar() {
        try {
            Path p = Path.of(WarmEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p.toAbsolutePath() : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The directory of this user's warm engines: {@code $XDG_RUNTIME_DIR/ddz-warm}, else
     * {@code /tmp/ddz-warm-USER}; made with permissions 700. Null when it cannot be made or is not
     * this user's alone (another user could then reach the socket).
     */
    public static Path directory(Map<String, String> env) {
        String runtime = env.get("XDG_RUNTIME_DIR");
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        Path dir = runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))
            ? Path.of(runtime, "ddz-warm") : Path.of(System.getProperty("java.io.tmpdir", "/tmp"), "ddz-warm-" + user);
        try {
            Set<PosixFilePermission> own = PosixFilePermissions.fromString("rwx------");
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(own));
            }
            if (Files.isSymbolicLink(dir) || !Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(own)
                || !Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))) {
                return null;
            }
            return dir;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /**
     * The name of the server that answers for {@code jar} under {@code env}: an 80-bit hash of the
     * jar (its path, size and time), the JDK, the tables directory, the home directory and the JVM
     * options. Different inputs, a different server.
     */
    public static String key(Path jar, Map<String, String> env) {
        try {
            String id = jar + "\n" + Files.size(jar) + "\n" + Files.getLastModifiedTime(jar).toMillis() + "\n"
                + System.getProperty("java.home") + "\n" + System.getProperty("java.version") + "\n"
                + env.getOrDefault("DDZ_TABLES", "") + "\n" + System.getProperty("user.home") + "\n"
                + env.getOrDefault("DDZ_JAVA_OPTS", "");
            // two 64-bit FNV-1a hashes of different offsets: no cryptographic provider to load at start
            long a = 0xcbf29ce484222325L;
            long b = 0x84222325cbf29ce4L;
            for (byte x : id.getBytes(StandardCharsets.UTF_8)) {
                a = (a ^ (x & 0xFF)) * 0x100000001b3L;
                b = (b ^ (x & 0xFF)) * 0x100000001b3L + 1;
            }
            // "%016x%04x" without java.util.Formatter (its start is a cold command's cost)
            String high = Long.toHexString(a);
            String low = Long.toHexString(b & 0xFFFF);
            return "0".repeat(16 - high.length()) + high + "0".repeat(4 - low.length()) + low;
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes one frame of the server's answer. */
    static void frame(DataOutputStream out, byte type, byte[] b, int off, int len) throws IOException {
        out.writeByte(type);
        out.writeInt(len);
        out.write(b, off, len);
    }

    /** An output stream that sends what is written as frames of {@code type} (thread-safe with its siblings on one stream). */
    static OutputStream framed(DataOutputStream out, byte type) {
        return new BlockOutput() {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                synchronized (out) {
                    while (len > 0) {
                        int n = Math.min(len, MAX_FRAME);
                        frame(out, type, b, off, n);
                        off += n;
                        len -= n;
                    }
                }
            }

            @Override
            public void flush() throws IOException {
                synchronized (out) {
                    out.flush();
                }
            }
        };
    }

    /** Copies {@code in} to {@code out} as input frames, then the empty frame that ends it. */
    static void sendInput(InputStream in, DataOutputStream out) throws IOException {
        byte[] buf = new byte[MAX_FRAME];
        for (int n; (n = in.read(buf)) > 0; ) {
            out.writeInt(n);
            out.write(buf, 0, n);
            out.flush();
        }
        out.writeInt(0);
        out.flush();
    }

    /** The client's standard input as the frames {@link #sendInput} wrote, ending at the empty one. */
    static InputStream receivedInput(DataInputStream in) {
        return new BlockInput() {
            private int left;
            private boolean done;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                while (left == 0) {
                    if (done) {
                        return -1;
                    }
                    left = in.readInt();
                    if (left < 0 || left > MAX_FRAME) {
                        throw new IOException("bad input frame of " + left + " bytes");
                    }
                    if (left == 0) {
                        done = true;
                        return -1;
                    }
                }
                int n = in.read(b, off, Math.min(len, left));
                if (n < 0) {
                    throw new IOException("the client went away mid-input");
                }
                left -= n;
                return n;
            }
        };
    }

    /** The channel's reading side (reads and writes of a socket channel may run at once on two threads). */
    static InputStream input(SocketChannel ch) {
        return new BlockInput() {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : ch.read(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    /** The channel's writing side. */
    static OutputStream output(SocketChannel ch) {
        return new BlockOutput() {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
        };
    }

    /** An input stream that reads single bytes as blocks of one. */
    private abstract static class BlockInput extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }
    }

    /** An output stream that writes single bytes as blocks of one. */
    private abstract static class BlockOutput extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }
    }
}
