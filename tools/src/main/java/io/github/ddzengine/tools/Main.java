package io.github.ddzengine.tools;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.ddzengine.tools.warm.WarmClient;

/**
 * The jar's entry point ({@code java -jar ddz.jar}, the {@code ddz} launcher): {@code solve},
 * {@code moves} and {@code split} go to the warm engine when one runs for this jar (and start one
 * for the next command where none does: docs/cli/warm.md); everything else, and those where no
 * warm engine answers, run here ({@link Ddz#main}). This class loads no command-line framework, so
 * a command the warm engine answers costs the caller a JVM start and little more.
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
        int code = WarmClient.run(args, in, out, err, System.getenv());
        if (code < 0) {
            Ddz.main(args);
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
