package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code ```java} block of docs/ (and README.md, examples/) is compiled against the engine's
 * modules and run, in a JVM of its own with a time limit, from the file's scratch directory (so
 * {@code testdata/} resolves). A block is either a complete compilation unit (a {@code class},
 * {@code record}, {@code interface} or {@code enum}, run when it declares {@code main}) or a method
 * body, with {@code import} lines first, that is wrapped in a class with a {@code main} method
 * (line numbers kept, so compiler errors name the line of the Markdown file). The classes of a
 * file's earlier blocks are on the class path of its later ones. An {@code ```output} block right
 * after a java block is the exact output of its run (the masks of {@link Expected} allowed).
 */
class JavaSnippetsTest {
    private static final int TIMEOUT_SECONDS = 60;
    private static final Pattern TYPE = Pattern.compile(
        "(?m)^(?:public\\s+|final\\s+|abstract\\s+|sealed\\s+)*(class|record|interface|enum)\\s+(\\w+)");
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
        "(?m)^public\\s+(?:final\\s+|abstract\\s+|sealed\\s+)*(?:class|record|interface|enum)\\s+(\\w+)");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

    @TestFactory
    Stream<DynamicNode> snippets() {
        return Markdown.selected().stream().map(Markdown::parse).filter(d -> d.blocks().stream().anyMatch(JavaSnippetsTest::isJava))
            .map(JavaSnippetsTest::file);
    }

    private static boolean isJava(Markdown.Block b) {
        return b.language().equals("java");
    }

    private static DynamicContainer file(Markdown.Doc doc) {
        List<DynamicNode> tests = new ArrayList<>();
        List<Path> earlier = new ArrayList<>();
        Sandbox[] sandbox = new Sandbox[1];
        int n = 0;
        for (Markdown.Block b : doc.blocks()) {
            if (!isJava(b)) {
                continue;
            }
            int index = ++n;
            Markdown.Block next = doc.next(b);
            Markdown.Block output = next != null && next.language().equals("output") ? next : null;
            List<Path> before = List.copyOf(earlier);
            Path classes = Sandbox.BASE.resolve("java").resolve(slug(doc.file()) + "-" + index);
            earlier.add(classes);
            tests.add(DynamicTest.dynamicTest(b.where() + " java", () -> {
                if (sandbox[0] == null) {
                    sandbox[0] = Sandbox.forFile(Path.of(doc.file() + ".java"));
                }
                check(doc.file(), b, index, output, before, classes, sandbox[0]);
            }));
        }
        return DynamicContainer.dynamicContainer(doc.file() + " (java)", tests);
    }

    private static String slug(Path file) {
        return file.toString().replaceAll("[^A-Za-z0-9]+", "-");
    }

    private static void check(Path file, Markdown.Block b, int index, Markdown.Block output, List<Path> earlier,
                              Path classes, Sandbox sandbox) throws IOException {
        String code = String.join("\n", b.lines());
        String className;
        String source;
        boolean runnable;
        Matcher type = TYPE.matcher(code);
        if (type.find()) {
            Matcher pub = PUBLIC_TYPE.matcher(code);
            String simple = pub.find() ? pub.group(1) : type.group(2);
            Matcher pkg = PACKAGE.matcher(code);
            className = pkg.find() ? pkg.group(1) + "." + simple : simple;
            source = code;
            runnable = code.contains("static void main(");
        } else {
            className = "Snippet" + index;
            source = wrap(code, className);
            runnable = true;
        }
        Files.createDirectories(classes);
        Path src = classes.resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source, StandardCharsets.UTF_8);
        compile(file, b, src, classes, earlier);
        if (!runnable) {
            return;
        }
        List<String> cp = new ArrayList<>();
        cp.add(classes.toString());
        earlier.forEach(p -> cp.add(p.toString()));
        cp.add(classPath());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Sandbox.Result r = sandbox.run(List.of(java, "-cp", String.join(File.pathSeparator, cp), className),
            TIMEOUT_SECONDS);
        if (r.exitCode() != 0) {
            fail(b.where() + ": the snippet " + (r.exitCode() == -1 ? "ran over " + TIMEOUT_SECONDS + " s"
                : "exited with " + r.exitCode()) + "\n--- output:\n" + r.output());
        }
        if (output != null) {
            Expected.Mismatch m = Expected.compare(Expected.normalize(output.lines()), Expected.normalize(r.output()));
            if (m != null) {
                fail(file + ":" + (output.line() + 1 + m.index()) + ": the output of the snippet at line " + b.line()
                    + "\n  " + m + "\n--- whole output:\n" + r.output());
            }
        }
    }

    /**
     * A method body wrapped into a class with {@code main}, on the same lines: the imports stay where
     * they are, the class and method open on the first line of code and close on the last.
     */
    static String wrap(String code, String className) {
        String[] lines = code.split("\n", -1);
        int first = 0;
        while (first < lines.length && (lines[first].isBlank() || lines[first].startsWith("import ")
            || lines[first].startsWith("//"))) {
            first++;
        }
        if (first == lines.length) {
            throw new IllegalArgumentException("a java snippet without code");
        }
        lines[first] = "public class " + className + " { public static void main(String[] args) throws Exception { "
            + lines[first];
        lines[lines.length - 1] = lines[lines.length - 1] + "\n}}";
        return String.join("\n", lines);
    }

    private static void compile(Path file, Markdown.Block b, Path src, Path classes, List<Path> earlier) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no system Java compiler (a JDK is needed)");
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        List<String> cp = new ArrayList<>();
        earlier.forEach(p -> cp.add(p.toString()));
        cp.add(classPath());
        List<String> options = List.of("--release", "17", "-d", classes.toString(), "-cp",
            String.join(File.pathSeparator, cp), "-Xlint:all,-path,-processing,-serial", "-encoding", "UTF-8");
        StringWriter out = new StringWriter();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(out, fm, diags, options, null, fm.getJavaFileObjects(src.toFile())).call();
            List<String> problems = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR || d.getKind() == Diagnostic.Kind.WARNING
                    || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING) {
                    problems.add(file + ":" + (b.line() + d.getLineNumber()) + ": " + d.getKind().toString()
                        .toLowerCase(Locale.ROOT) + ": " + d.getMessage(Locale.ROOT));
                }
            }
            if (!ok || !problems.isEmpty()) {
                fail(b.where() + ": the java snippet does not compile cleanly\n" + String.join("\n", problems) + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The engine's class path, as Surefire gives it to this test. */
    static String classPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null ? cp : System.getProperty("java.class.path");
    }
}
