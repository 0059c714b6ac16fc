package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Output that cannot be written (a full disk, a closed pipe) is never lost silently: every verb
 * ends with one line {@code ddz VERB: cannot write ...} and exit code 4 (issue 21, defect 4).
 */
class OutputFailureTest {
    /** A device that is always full, as {@code /dev/full}. */
    static final class FullDisk extends OutputStream {
        long bytesTried;

        @Override
        public void write(int b) throws IOException {
            bytesTried++;
            throw new IOException("No space left on device");
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            bytesTried += len;
            throw new IOException("No space left on device");
        }
    }

    /** An input that counts what was read of it. */
    private static final class Counting extends ByteArrayInputStream {
        Counting(byte[] b) {
            super(b);
        }

        int consumed() {
            return pos;
        }
    }

    private record Run(int exitCode, List<String> errLines) {
    }

    @Test
    void gameRecordsThatCannotBeWrittenStopTheMatch() {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full");
        CliRun r = CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "3000", "--threads", "1", "--out",
            "/dev/full");
        assertEquals(4, r.exitCode(), r.err());
        assertEquals(List.of("ddz play: cannot write /dev/full: No space left on device"), r.errLines());
        assertEquals("", r.out());
    }

    /** The real thing: a whole process writing into {@code /dev/full}. */
    @Test
    void aProcessWritingIntoDevFullExitsWithOneLine() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "no /dev/full");
        Jvm.Result moves = Jvm.run(60, "{\"hand\":\"33\"}\n", full, Ddz.class.getName(), "moves", "--batch");
        assertEquals(4, moves.exitCode(), moves.err());
        assertEquals(List.of("ddz moves: cannot write standard output: No space left on device"), moves.errLines());
        Jvm.Result bot = Jvm.run(60, "{\"requests\":[{\"own\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],\"bid\":[]}]}\n",
            full, io.github.ddzengine.tools.botzone.BotzoneMain.class.getName(), "--agent", "rule");
        assertEquals(4, bot.exitCode(), bot.err());
        assertEquals(List.of("ddz botzone: cannot write standard output: No space left on device"), bot.errLines());
    }

    /** Runs {@code ddz args} in-process with standard output on a full disk. */
    private static Run intoFullDisk(InputStream in, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Ddz.run(in, new FullDisk(), err, args);
        return new Run(code, err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Each verb that writes standard output: one line naming the verb and the reason, exit 4. */
    @Test
    void everyVerbSaysItsOutputWasLost(@TempDir Path dir) {
        Path games = dir.resolve("games.jsonl");
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "2", "--seed", "5", "--out", games.toString())
            .assertSuccess();
        String serve = String.join("\n",
            "{\"type\":\"hello\",\"protocol\":1,\"rules\":\"standard\",\"seat\":0}",
            "{\"type\":\"game\",\"seed\":9}",
            "{\"type\":\"bid\",\"seat\":0,\"hand\":\"3456789TJQKA2XD33\",\"bids\":[]}",
            "{\"type\":\"bye\"}") + "\n";
        List<String[]> runs = List.of(
            new String[] {"moves", "33344456"},
            new String[] {"moves", "--batch"},
            new String[] {"solve", "3/4 0"},
            new String[] {"solve", "--batch"},
            new String[] {"split", "5789TJAA"},
            new String[] {"split", "--batch"},
            new String[] {"tables", "info", "--tables", dir.resolve("no-tables").toString()},
            new String[] {"replay", games.toString()},
            new String[] {"play", "--a", "rule", "--b", "random", "--deals", "2", "--threads", "1"},
            new String[] {"serve", "--agent", "rule"});
        for (String[] args : runs) {
            String verb = args[0].equals("tables") ? "tables info" : args[0];
            String input = args[0].equals("serve") ? serve
                : args[0].equals("solve") ? "{\"position\":\"3/4 0\"}\n"
                : args[0].equals("split") ? "{\"hand\":\"5789TJAA\"}\n" : "{\"hand\":\"33\"}\n";
            Run r = intoFullDisk(text(input), args);
            assertEquals(Exits.OUTPUT, r.exitCode(), String.join(" ", args) + ": " + r.errLines());
            assertEquals(List.of("ddz " + verb + ": cannot write standard output: No space left on device"),
                r.errLines(), String.join(" ", args));
        }
    }

    /** A batch whose output is gone stops reading its input: nothing more can be delivered. */
    @Test
    void aBatchStopsReadingOnceItsOutputIsGone() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            lines.append("{\"hand\":\"33\"}\n");
        }
        byte[] batch = lines.toString().getBytes(StandardCharsets.UTF_8);
        Counting in = new Counting(batch);
        Run r = assertTimeoutPreemptively(Duration.ofSeconds(60),
            () -> intoFullDisk(in, "moves", "--batch"));
        assertEquals(Exits.OUTPUT, r.exitCode(), r.errLines().toString());
        assertEquals(List.of("ddz moves: cannot write standard output: No space left on device"), r.errLines());
        assertTrue(in.consumed() < batch.length / 4, "read " + in.consumed() + " of " + batch.length + " bytes");
    }

    /** A closed pipe (| head) is the reader's choice: exit 4, but no message. */
    @Test
    void aClosedPipeIsQuiet() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        OutputStream closedPipe = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        int code = Ddz.run(new ByteArrayInputStream(new byte[0]), closedPipe, err, "moves", "33344456");
        assertEquals(Exits.OUTPUT, code);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
}
