package io.github.ddzengine.tools.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.tools.CliRun;

/**
 * The warm engine in one process: a server on a socket of a temporary directory, commands sent by
 * the client's relay, each answer (output, errors, exit code) compared with the same command run
 * in place; streamed standard input; the controls; the idle stop. (The whole path, launcher and
 * background start included, is checked on the built jar by the doctest module's WarmEngineTest.)
 */
class WarmEngineTest {
    private static final String POSITION = "448999TJJQQAD/336688TAA22X 0";

    @TempDir
    Path dir;

    /** A server on a socket of {@link #dir}, serving on a thread of its own; its idle time {@code idle} s. */
    private WarmServer start(int idle) throws Exception {
        WarmServer s = new WarmServer(dir.resolve("t.sock"), idle, null);
        assertTrue(s.bind());
        Thread t = new Thread(() -> {
            try {
                s.serve();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "warm-test");
        t.setDaemon(true);
        t.start();
        return s;
    }

    /** A command sent to the server: exit code, output, errors. */
    private CliRun send(String stdin, String... args) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(dir.resolve("t.sock")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = WarmClient.relay(ch, args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), out, err);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String timeless(String s) {
        return s.replaceAll("\"time_ms\":[0-9.]+", "T").replaceAll("[0-9.]+ ms", "T");
    }

    private static void sameAnswer(CliRun here, CliRun warm) {
        assertEquals(here.exitCode(), warm.exitCode(), warm.err());
        assertEquals(timeless(here.out()), timeless(warm.out()));
        assertEquals(here.err(), warm.err());
    }

    @Test
    void answersAsTheCommandRunInPlace() throws Exception {
        WarmServer s = start(60);
        try {
            // three rounds: an answer that ends at once (a usage error) must reach the client whole
            // however soon the server is done with it
            for (int round = 0; round < 3; round++) {
                for (String[] args : new String[][] {{"solve", "--json", "--all", POSITION}, {"solve", POSITION},
                    {"moves", "--json", "33344456", "--last", "3335"}, {"split", "345567TTJQQQQA22X"},
                    {"solve", "--json", "33/4 9"}, {"moves", "--bogus"}, {"solve", "--version"}}) {
                    sameAnswer(CliRun.of(args), send("", args));
                }
            }
            String lines = POSITION + "\n3/4 0\nnot a position\n";
            sameAnswer(CliRun.withInput(lines, "solve", "--batch", "--json"), send(lines, "solve", "--batch", "--json"));
            // a verb the warm engine does not answer is sent back to run in place
            assertEquals(-1, send("", "play", "--a", "rule", "--b", "rule").exitCode());
        } finally {
            s.stop();
        }
    }

    @Test
    void stopsWhenIdleOrToldAndRemovesItsSocket() throws Exception {
        start(1);
        send("", "solve", POSITION);
        Path sock = dir.resolve("t.sock");
        long deadline = System.currentTimeMillis() + 20_000;
        while (Files.exists(sock) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(Files.exists(sock), "an idle server stops and removes its socket");
        WarmServer s = start(60);
        assertTrue(Files.exists(sock));
        s.stop();
        deadline = System.currentTimeMillis() + 20_000;
        while (Files.exists(sock) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(Files.exists(sock), "a stopped server removes its socket");
    }

    /** {@code tools/warm_client.py} run by the system's python3 on {@code code}; skipped where there is none. */
    private static CliRun python(String code, String... args) throws Exception {
        Path py = Path.of("/usr/bin/python3");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(py), "no /usr/bin/python3 here");
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(py.toString(), "-I", "-S", "-c",
            "import sys; sys.path.insert(0, '.'); import warm_client; " + code));
        argv.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        return new CliRun(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void thePythonClientOfTheLauncherAnswersAsTheCommandRunInPlace() throws Exception {
        WarmServer s = start(60);
        try {
            String relay = "sys.exit(warm_client.relay(sys.argv[1], sys.argv[2:]))";
            String sock = dir.resolve("t.sock").toString();
            for (String[] args : new String[][] {{"solve", "--json", POSITION}, {"moves", "33344456", "--last", "3335"},
                {"split", "345567TTJQQQQA22X"}, {"solve", "--json", "33/4 9"}, {"moves", "--bogus"}}) {
                String[] argv = new String[args.length + 1];
                argv[0] = sock;
                System.arraycopy(args, 0, argv, 1, args.length);
                sameAnswer(CliRun.of(args), python(relay, argv));
            }
            // what the engine does not answer comes back, nothing written, to run the usual way
            CliRun refused = python(relay, sock, "solve", "-i", POSITION);
            assertEquals(200, refused.exitCode());
            assertEquals("", refused.out() + refused.err());
            assertEquals(200, python(relay, dir.resolve("none.sock").toString(), "solve", POSITION).exitCode());
        } finally {
            s.stop();
        }
    }

    @Test
    void thePythonClientNamesTheEngineAsTheJvmOneAndKnowsItsVerbs() throws Exception {
        Path jar = dir.resolve("ddz.jar");
        Files.writeString(jar, "not really a jar");
        Map<String, String> env = Map.of("DDZ_TABLES", "/some/tables", "DDZ_JAVA_OPTS", "-Xmx1g");
        CliRun key = python("import os; print(warm_client.key(sys.argv[1], sys.argv[2], sys.argv[3], "
            + "{'DDZ_TABLES': '/some/tables', 'DDZ_JAVA_OPTS': '-Xmx1g'}, sys.argv[4]))", jar.toString(),
            System.getProperty("java.home"), System.getProperty("java.version"), System.getProperty("user.home"));
        assertEquals(0, key.exitCode(), key.err());
        assertEquals(WarmEngine.key(jar, env) + "\n", key.out());
        CliRun verbs = python("print(' '.join(sorted(warm_client.VERBS)))");
        assertEquals(String.join(" ", new java.util.TreeSet<>(WarmEngine.VERBS)) + "\n", verbs.out());
    }

    @Test
    void whichCommandsGoToIt() {
        Map<String, String> none = Map.of();
        assertTrue(WarmEngine.eligible(new String[] {"solve", POSITION}, none));
        assertTrue(WarmEngine.eligible(new String[] {"moves", "--batch"}, none));
        assertFalse(WarmEngine.eligible(new String[] {"solve", "-i", POSITION}, none), "a dialogue stays");
        assertFalse(WarmEngine.eligible(new String[] {"solve", "--tables", "t", POSITION}, none), "a path stays");
        assertFalse(WarmEngine.eligible(new String[] {"solve", "--tables=t", POSITION}, none));
        assertFalse(WarmEngine.eligible(new String[] {"play"}, none));
        assertFalse(WarmEngine.eligible(new String[] {}, none));
        assertFalse(WarmEngine.eligible(new String[] {"solve", POSITION}, Map.of("DDZ_WARM", "0")));
        assertFalse(WarmEngine.eligible(new String[] {"solve", POSITION}, Map.of("DDZ_DEBUG", "1")));
        assertEquals(30, WarmEngine.idleSeconds(Map.of("DDZ_WARM_IDLE", "30")));
        assertEquals(WarmEngine.DEFAULT_IDLE_SECONDS, WarmEngine.idleSeconds(Map.of("DDZ_WARM_IDLE", "soon")));
        Path d = WarmEngine.directory(Map.of("XDG_RUNTIME_DIR", dir.toString()));
        assertNotNull(d);
        assertEquals(dir.resolve("ddz-warm"), d);
    }
}
