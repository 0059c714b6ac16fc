package io.github.ddzengine.tools;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.github.ddzengine.tools.verbs.QuickSolve;
import io.github.ddzengine.tools.warm.WarmClient;

/**
 * The jar's entry point ({@code java -jar ddz.jar}, the {@code ddz} launcher): {@code solve},
 * {@code moves} and {@code split} go to the warm engine when one runs for this jar (where none
 * does, one is started for the next command once they have answered: by the launcher after this
 * process has ended when it says so in {@link WarmClient#START_ENV}, else by this process;
 * docs/cli/warm.md); a plain
 * {@code solve [POSITION] [--json]} that no warm engine answers runs here without the command-line
 * framework ({@link QuickSolve}); everything else runs here through it ({@link Ddz#run}). This
 * class loads no command-line framework, so a command the warm engine answers costs the caller a
 * JVM start and little more.
 */
public final class Main {
    private Main() {
    }

    /**
     * Runs {@code ddz args} and exits with its exit code.
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        InputStream in = standardInputIsTheJvms() ? InputStream.nullInputStream() : System.in;
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        OutputStream err = new FileOutputStream(FileDescriptor.err);
        Map<String, String> env = System.getenv();
        // the launcher saw no warm engine and starts one itself once this process has ended
        boolean launcherStarts = WarmClient.LAUNCHER_STARTS.equals(env.get(WarmClient.START_ENV));
        int code = launcherStarts ? -1 : WarmClient.run(args, in, out, err, env);
        if (code < 0) {
            int here = QuickSolve.run(args, out, err);
            if (here < 0) {
                here = Ddz.run(in, out, err, args);
            }
            if (code == WarmClient.NO_SERVER) {
                // after the answer is written: a server warming up would share the processors with it
                WarmClient.startServer(env);
            }
            code = here;
        }
        System.exit(code);
    }

    /**
     * Whether this process was started with its standard input closed ({@code <&-}): the JVM's
     * first file then took descriptor 0, so that {@code System.in} reads the JDK's {@code
     * lib/modules} or a jar, and the coach would play moves out of it. Such input counts as empty.
     * Linux only ({@code /proc/self/fd/0}); elsewhere false.
     */
    public static boolean standardInputIsTheJvms() {
        try {
            Path fd0 = Path.of("/proc/self/fd/0");
            if (!Files.isSymbolicLink(fd0)) {
                return false;
            }
            Path target = Files.readSymbolicLink(fd0);
            String name = target.getFileName() == null ? "" : target.getFileName().toString();
            Path home = Path.of(System.getProperty("java.home", "/nonexistent")).toRealPath();
            return target.startsWith(home) || name.endsWith(".jar") || name.endsWith(".jsa") || name.endsWith(".aot");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

}
