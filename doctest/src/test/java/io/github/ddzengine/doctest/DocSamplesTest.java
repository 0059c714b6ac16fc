package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every command sample of README.md, docs/ and examples/ (the convention: {@link Samples},
 * docs/README.md): console samples are run through {@code ./ddz} and their output compared,
 * {@code sh} samples are run and their exit code checked, slow and inline ones are validated
 * without running. A failure names the file, the line and the first differing line.
 *
 * <p>With {@code -Dddz.docs.update=true} the expected output of every console sample that differs
 * is rewritten in its file (lines that still match keep their masks); the test still fails, so
 * read the diff before committing it.
 */
class DocSamplesTest {
    /** Longest run of one sample: a sample that needs longer belongs in {@code ```sh slow}. */
    static final int TIMEOUT_SECONDS = 90;
    static final boolean UPDATE = Boolean.getBoolean("ddz.docs.update");

    private static final Map<Path, List<Edit>> EDITS = new TreeMap<>();
    private static final List<String> TIMES = new ArrayList<>();
    private static double cpuAtStart;
    private static long wallAtStart;
    private static int run;
    private static int validated;

    /** A rewrite of lines {@code from..to} (1-based, inclusive; to = from - 1 inserts) of a file. */
    private record Edit(int from, int to, List<String> lines) {
    }

    @BeforeAll
    static void start() {
        cpuAtStart = Sandbox.childCpuSeconds();
        wallAtStart = System.nanoTime();
    }

    @TestFactory
    Stream<DynamicNode> samples() {
        return Markdown.selected().stream().map(DocSamplesTest::file);
    }

    private static DynamicContainer file(Path file) {
        Markdown.Doc doc = Markdown.parse(file);
        Supplier<Sandbox> sandbox = memo(() -> Sandbox.forFile(file));
        List<DynamicNode> tests = new ArrayList<>();
        for (Samples.Sample s : Samples.of(doc)) {
            String name = file + ":" + s.line() + " " + s.title();
            tests.add(DynamicTest.dynamicTest(name, () -> check(file, s, sandbox.get())));
        }
        return DynamicContainer.dynamicContainer(file.toString(), tests);
    }

    private static void check(Path file, Samples.Sample s, Sandbox sandbox) {
        String where = file + ":" + s.line();
        switch (s.kind()) {
            case MALFORMED -> fail(where + ": " + s.problem());
            case SLOW, INLINE -> {
                validated++;
                try {
                    new Validator(sandbox).validate(s.command().text());
                } catch (IllegalArgumentException e) {
                    fail(where + ": " + s.command().code() + "\n  " + e.getMessage());
                }
            }
            case SH -> {
                Sandbox.Result r = run(sandbox, s);
                if (r.exitCode() != s.command().exitCode()) {
                    fail(where + ": " + s.command().code() + "\n  " + exit(r, s) + "\n--- output:\n" + r.output());
                }
            }
            case CONSOLE -> {
                Sandbox.Result r = run(sandbox, s);
                List<String> actual = Expected.normalize(r.output());
                Expected.Mismatch m = Expected.compare(s.expected(), actual);
                if (m != null && UPDATE && r.exitCode() == s.command().exitCode()) {
                    List<String> rewritten = Expected.rewrite(s.expected(), actual);
                    if (rewritten != null) {
                        int last = s.expectedLine() + s.expected().size() - 1;
                        EDITS.computeIfAbsent(file, f -> new ArrayList<>()).add(new Edit(s.expectedLine(), last, rewritten));
                    }
                }
                if (r.exitCode() != s.command().exitCode()) {
                    fail(where + ": $ " + s.command().code() + "\n  " + exit(r, s) + "\n--- output:\n" + r.output());
                }
                if (m != null) {
                    fail(file + ":" + (s.expectedLine() + Math.min(m.index(), s.expected().size())) + ": $ "
                        + s.command().code() + "\n  " + m + "\n--- whole output:\n" + r.output());
                }
            }
            default -> throw new IllegalStateException(s.kind().toString());
        }
    }

    private static String exit(Sandbox.Result r, Samples.Sample s) {
        if (r.exitCode() == -1) {
            return "did not finish within " + TIMEOUT_SECONDS + " s (a sample that takes minutes goes in ```sh slow)";
        }
        return "exit code " + r.exitCode() + ", expected " + s.command().exitCode()
            + (s.command().exitCode() == 0 ? " (a command that must fail says so: '# exit N' after it)" : "");
    }

    private static Sandbox.Result run(Sandbox sandbox, Samples.Sample s) {
        Sandbox.Result r = sandbox.run(s.command().text(), TIMEOUT_SECONDS);
        run++;
        synchronized (TIMES) {
            TIMES.add(String.format("%6d ms  %s", r.millis(), s.command().code()));
        }
        return r;
    }

    @AfterAll
    static void finish() throws IOException {
        double cpu = Sandbox.childCpuSeconds() - cpuAtStart;
        long wall = (System.nanoTime() - wallAtStart) / 1_000_000;
        TIMES.sort(Comparator.reverseOrder());
        System.out.printf("Doc samples: %d run, %d validated, %.1f s wall, %.1f s CPU of the commands; slowest:%n",
            run, validated, wall / 1000.0, cpu);
        TIMES.stream().limit(8).forEach(t -> System.out.println("  " + t));
        for (Map.Entry<Path, List<Edit>> e : EDITS.entrySet()) {
            apply(e.getKey(), e.getValue());
            System.out.println("Rewrote the expected output of " + e.getValue().size() + " sample(s) in " + e.getKey());
        }
    }

    private static void apply(Path file, List<Edit> edits) {
        Path p = Markdown.ROOT.resolve(file);
        try {
            List<String> lines = new ArrayList<>(Files.readAllLines(p, StandardCharsets.UTF_8));
            edits.sort(Comparator.comparingInt(Edit::from).reversed());
            for (Edit e : edits) {
                for (int i = e.to(); i >= e.from(); i--) {
                    lines.remove(i - 1);
                }
                lines.addAll(e.from() - 1, e.lines());
            }
            Files.write(p, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> Supplier<T> memo(Supplier<T> s) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = s.get();
                }
                return value;
            }
        };
    }
}
