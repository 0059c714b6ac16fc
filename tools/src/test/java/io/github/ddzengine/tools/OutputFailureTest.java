package io.github.ddzengine.tools;

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
    private static final class FullDisk extends OutputStream {
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
}
