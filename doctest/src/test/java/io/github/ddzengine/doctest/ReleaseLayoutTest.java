package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * What a release is made of (docs/releasing.md) stays whole: the BOM pins every published module
 * at the reactor's version, the Windows launcher passes the same JVM flags as {@code ./ddz}, and
 * the package phase left the versioned jar with a SHA-256 that matches it.
 */
class ReleaseLayoutTest {
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>(ddz-[a-z-]+)</artifactId>");
    private static final Pattern VERSION = Pattern.compile("<version>([^<$]+)</version>");

    private static String read(String file) throws IOException {
        return Files.readString(Markdown.ROOT.resolve(file));
    }

    /** The reactor's version: the parent pom's first own version element. */
    static String version() throws IOException {
        String pom = read("pom.xml");
        Matcher m = VERSION.matcher(pom.substring(pom.indexOf("<artifactId>ddz-parent</artifactId>")));
        assertTrue(m.find(), "pom.xml: no version");
        return m.group(1);
    }

    /** The modules that publish jars: every module but the BOM, the benchmarks and the doc tests. */
    private static TreeSet<String> publishedArtifacts() throws IOException {
        TreeSet<String> out = new TreeSet<>();
        Matcher mods = Pattern.compile("<module>([^<]+)</module>").matcher(read("pom.xml"));
        while (mods.find()) {
            String pom = read(mods.group(1) + "/pom.xml");
            String own = pom.substring(pom.indexOf("</parent>") + 1);
            Matcher a = ARTIFACT.matcher(own);
            if (pom.contains("<parent>") && a.find()
                    && !a.group(1).equals("ddz-bench") && !a.group(1).equals("ddz-doctest")) {
                out.add(a.group(1));
            }
        }
        return out;
    }

    @Test
    void bomPinsEveryPublishedModuleAtTheReactorsVersion() throws IOException {
        String bom = read("bom/pom.xml");
        Matcher v = VERSION.matcher(bom);
        assertTrue(v.find());
        assertEquals(version(), v.group(1), "bom/pom.xml's version must be the parent's");
        TreeSet<String> listed = new TreeSet<>();
        Matcher a = ARTIFACT.matcher(bom.substring(bom.lastIndexOf("<dependencyManagement>")));
        while (a.find()) {
            listed.add(a.group(1));
        }
        assertEquals(publishedArtifacts(), listed, "bom/pom.xml must list every published module");
    }

    /** The JVM flags of a {@code flags=(...)} array in the ddz script. */
    private static String shellFlags(String ddz, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*" + name + "=\\(([^)]*)\\)").matcher(ddz);
        assertTrue(m.find(), "ddz: no " + name + "=(...)");
        return m.group(1).strip();
    }

    @Test
    void windowsLauncherPassesTheSameFlags() throws IOException {
        String ddz = read("ddz");
        String cmd = read("ddz.cmd");
        List<String> missing = new ArrayList<>();
        for (String[] pair : new String[][] {
                {shellFlags(ddz, "flags"), "-jar \"%DDZ_JAR%\" %*"},
                {shellFlags(ddz, "bzflags"), "-cp \"%DDZ_JAR%\" io.github.ddzengine.tools.botzone.BotzoneMain"}}) {
            String line = "\"%DDZ_JAVA%\" " + pair[0] + " %DDZ_JAVA_OPTS% " + pair[1];
            if (!cmd.contains(line)) {
                missing.add(line);
            }
        }
        assertTrue(missing.isEmpty(), "ddz.cmd must run java as ./ddz does: missing " + missing);
        assertTrue(cmd.contains("\r\n"), "ddz.cmd must have CRLF line ends (.gitattributes)");
    }

    @Test
    void packageLeftTheVersionedJarAndItsChecksum() throws IOException, NoSuchAlgorithmException {
        String jar = "ddz-" + version() + ".jar";
        Path dir = Markdown.ROOT.resolve("target/release");
        Path file = dir.resolve(jar);
        assertTrue(Files.isRegularFile(file), file + " is missing (tools' package phase makes it)");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        String expected = HexFormat.of().formatHex(sha.digest()) + "  " + jar + "\n";
        assertEquals(expected, Files.readString(dir.resolve(jar + ".sha256")).replace("\r\n", "\n"));
    }
}
