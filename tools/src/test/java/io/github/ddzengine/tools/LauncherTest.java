package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The {@code ./ddz} launcher at the repository root (tests run in {@code tools/}). */
class LauncherTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** The commands of the launcher that run Maven, continuation lines joined; comments and echoes left out. */
    private static List<String> mavenCommands() throws Exception {
        String script = Files.readString(ROOT.resolve("ddz")).replaceAll("\\s*\\\\\\R\\s*", " ");
        return script.lines()
            .filter(l -> l.matches(".*\\bmvn -.*") && !l.strip().startsWith("#") && !l.contains("echo "))
            .toList();
    }

    @Test
    void mavenRunsWithoutJansiResetCodes() throws Exception {
        List<String> commands = mavenCommands();
        assertEquals(1, commands.size(), commands.toString());
        // the user's own MAVEN_OPTS are kept
        assertTrue(commands.get(0).contains("MAVEN_OPTS=\"${MAVEN_OPTS:+$MAVEN_OPTS }-Djansi.noreset=true\" mvn -B -q "),
            commands.get(0));
    }

    /**
     * Maven 3.8's jansi writes {@code ESC[0m} on each stream at exit even with {@code -B -q}; the
     * launcher's {@code MAVEN_OPTS} must stop it. Runs the installed Maven offline on the root POM
     * (about a second); skipped without {@code mvn} or {@code bash} on the path.
     */
    @Test
    void launchersMavenOptionsLeaveNoEscapeCodes() throws Exception {
        assumeTrue(onPath("mvn") && onPath("bash"), "mvn and bash are needed");
        Matcher opts = Pattern.compile("(MAVEN_OPTS=\"[^\"]*\") mvn ").matcher(mavenCommands().get(0));
        assertTrue(opts.find());
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", opts.group(1) + " mvn -B -q -o -N validate")
            .directory(ROOT.toFile())
            .redirectErrorStream(true);
        pb.environment().put("MAVEN_OPTS", "-Xmx256m");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains("\u001b"), "escape codes in: " + output.replace("\u001b", "ESC"));
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }
}
