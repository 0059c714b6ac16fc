package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tools.cli.Exits;

import picocli.CommandLine;

/**
 * Issue 39, defect 5: every output that cannot be written exits 4 with one line, as
 * docs/reliability.md promises: ladder records, the play report, a table file.
 */
class OutputExitCodesTest {
    @Test
    void ladderRecordsOnAFullDiskExit4(@TempDir Path dir) throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "no /dev/full");
        Files.createSymbolicLink(dir.resolve("1-random.jsonl"), full); // the file of row 1
        CliRun r = CliRun.of("ladder", "--a", "rule", "--b", "random", "--deals", "2000", "--threads", "1",
            "--out-dir", dir.toString());
        assertEquals(4, r.exitCode(), r.err());
        assertEquals(List.of("ddz ladder: cannot write " + dir.resolve("1-random.jsonl") + ": No space left on device"),
            r.errLines());
    }

    @Test
    void aReportOnAFullDiskExits4AndAMissingDirectoryBeforeTheMatch() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "no /dev/full");
        CliRun r = CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "3", "--threads", "1", "--report",
            full.toString());
        assertEquals(4, r.exitCode(), r.err());
        assertEquals(List.of("ddz play: cannot write /dev/full: No space left on device"), r.errLines());
        assertTrue(Files.exists(full), "a device is not deleted");
        CliRun missing = CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "3", "--report",
            "/nonexistent-dir/r.html");
        assertEquals(2, missing.exitCode());
        assertEquals("", missing.out(), "refused before the match");
    }

    @Test
    void aTableFileThatCannotBeWrittenExits4() {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(new byte[0]));
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        TableException full = TableException.io(Path.of("t/split.ddzt"), "cannot write the table file",
            new IOException("No space left on device"));
        assertEquals(Exits.OUTPUT, Exits.internalError(full, cl, null));
        assertTrue(err.toString().contains("cannot write the table file"), err.toString());
        TableException corrupt = TableException.refused(Path.of("t/split.ddzt"), "truncated");
        assertEquals(Exits.USAGE, Exits.internalError(corrupt, cl, null));
    }
}
