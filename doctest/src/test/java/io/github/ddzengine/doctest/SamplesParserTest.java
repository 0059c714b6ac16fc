package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The convention's parsing and masks, on hand-made text (no command runs). */
class SamplesParserTest {
    @Test
    void masksMatchWhatVariesAndNothingElse() {
        assertTrue(Expected.lineMatches("53,579 nodes, [N] ms, table hit rate 51.2%", "53,579 nodes, 148.1 ms, table hit rate 51.2%"));
        assertFalse(Expected.lineMatches("53,579 nodes, [N] ms", "53,580 nodes, 148.1 ms"));
        assertFalse(Expected.lineMatches("[N] ms", "fast ms"));
        assertTrue(Expected.lineMatches("{\"move\":[..],\"worlds\":40}", "{\"move\":\"3\",\"x\":1,\"worlds\":40}"));
        assertTrue(Expected.lineMatches("a [..] b", "a  b"));
        assertTrue(Expected.lineMatches("rate [N]", "rate 1e-05"));
        assertTrue(Expected.lineMatches("x (a.b)*", "x (a.b)*"), "regex characters are literal");
        assertNull(Expected.compare(List.of("a", "...", "z"), List.of("a", "b", "c", "z")));
        assertNull(Expected.compare(List.of("a", "...", "z"), List.of("a", "z")));
        Expected.Mismatch m = Expected.compare(List.of("a", "b", "c"), List.of("a", "x", "c"));
        assertNotNull(m);
        assertEquals(1, m.index());
        assertEquals("x", m.actual());
        assertNotNull(Expected.compare(List.of("a"), List.of("a", "extra")));
        assertEquals(List.of("a", "[N] ms", "new"), Expected.rewrite(List.of("a", "[N] ms", "old"), List.of("a", "5 ms", "new")));
        assertEquals(List.of("a", "  x"), Expected.normalize("a  \r\n  x\n\n\n"));
    }

    @Test
    void commandsCarryTheirExitCodeAndContinuations() {
        List<Shell.Command> cs = Shell.commands(List.of(
            "# a comment line",
            "./ddz bogus            # exit 2: an unknown verb",
            "./ddz move --hand 3 \\",
            "    --seat 0   # the landlord",
            "",
            "echo '# not a comment' # exit 0"), 10);
        assertEquals(3, cs.size());
        assertEquals(11, cs.get(0).line());
        assertEquals(2, cs.get(0).exitCode());
        assertEquals("./ddz bogus", cs.get(0).code());
        assertEquals(12, cs.get(1).line());
        assertEquals(0, cs.get(1).exitCode());
        assertEquals("echo '# not a comment'", cs.get(2).code());
    }

    @Test
    void commandLinesSplitIntoSimpleCommandsWithRedirections() {
        List<Shell.Simple> s = Shell.parse("zcat testdata/x.gz | DDZ_JAVA_OPTS='-Xmx1g -Da=b' ./ddz solve --batch "
            + "\"a b\" 2>/dev/null > /tmp/out && ./ddz replay games.jsonl < in.txt # done");
        assertEquals(3, s.size());
        assertEquals(List.of("zcat", "testdata/x.gz"), s.get(0).words());
        assertEquals(List.of("DDZ_JAVA_OPTS=-Xmx1g -Da=b", "./ddz", "solve", "--batch", "a b"), s.get(1).words());
        assertEquals(List.of("./ddz", "replay", "games.jsonl"), s.get(2).words());
        assertEquals("in.txt", s.get(2).input());
        assertThrows(IllegalArgumentException.class, () -> Shell.parse("echo $(date)"));
        assertThrows(IllegalArgumentException.class, () -> Shell.parse("echo 'open"));
    }

    @Test
    void theValidatorUsesTheRealParsers() {
        Validator.ddz(List.of("play", "--a", "rule", "--b", "random", "--deals", "1000"));
        assertThrows(IllegalArgumentException.class, () -> Validator.ddz(List.of("play", "--a", "rule", "--deals", "x")));
        assertThrows(IllegalArgumentException.class, () -> Validator.ddz(List.of("solve", "--bogus")));
        assertThrows(IllegalArgumentException.class, () -> Validator.ddz(List.of("bogus")));
        assertThrows(IllegalArgumentException.class, () -> Validator.ddz(List.of("moves", "--ban", "nothing")));
        Validator.jmh(List.of("SolveBenchmark", "-p", "id=V10", "-f", "1"));
        assertThrows(IllegalArgumentException.class, () -> Validator.jmh(List.of("NoSuchBenchmark")));
        assertThrows(IllegalArgumentException.class, () -> Validator.jmh(List.of("SolveBenchmark", "-p", "nope=1")));
        assertThrows(IllegalArgumentException.class, () -> Validator.jmh(List.of("SolveBenchmark", "-f", "x")));
    }

    @Test
    void bodiesAreWrappedOnTheirOwnLines() {
        String w = JavaSnippetsTest.wrap("import a.B;\n\nint x = 1;\nSystem.out.println(x);", "S1");
        String[] lines = w.split("\n");
        assertEquals("import a.B;", lines[0]);
        assertTrue(lines[2].endsWith("int x = 1;"), lines[2]);
        assertEquals("System.out.println(x);", lines[3]);
    }
}
