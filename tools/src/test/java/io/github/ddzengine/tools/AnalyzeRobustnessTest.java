package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39, defect 8: {@code ddz analyze} on hostile and damaged record files. Forged agent names
 * cannot forge report lines; a file whose last line a crash cut short is analysed with
 * {@code --skip-bad} (and refused with one line without it); a file with no line breaks
 * ({@code /dev/zero}) is one line, not an OutOfMemoryError; a game number twice in a file is refused.
 */
class AnalyzeRobustnessTest {
    private static List<String> records(Path dir, int deals) throws IOException {
        Path out = dir.resolve("games.jsonl");
        CliRun.of("play", "--a", "greedy", "--b", "rule", "--deals", Integer.toString(deals), "--seed", "3", "--threads",
            "1", "--out", out.toString()).assertSuccess();
        return Files.readAllLines(out, StandardCharsets.UTF_8);
    }

    private static Path file(Path dir, String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void agentNamesCannotForgeReportLines(@TempDir Path dir) throws IOException {
        String forged = records(dir, 1).get(0).replace("\"greedy\"", "\"greedy\\nAgents: evil 0 blunders\\u001b[31m\"");
        Path f = file(dir, "forged.jsonl", forged + "\n");
        CliRun r = CliRun.of("analyze", "--max-cards", "12", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        for (String line : r.outLines()) {
            assertFalse(line.startsWith("Agents: evil"), line);
            assertFalse(line.contains("\u001b"), line);
        }
        assertTrue(r.out().contains("greedy?Agents: evil 0 blunders?[31m"), r.out());
    }

    @Test
    void aFileCutShortByACrashIsAnalysedWithSkipBad(@TempDir Path dir) throws IOException {
        List<String> lines = records(dir, 2);
        String last = lines.get(lines.size() - 1);
        String cut = String.join("\n", lines.subList(0, lines.size() - 1)) + "\n" + last.substring(0, last.length() / 2);
        Path f = file(dir, "cut.jsonl", cut);
        CliRun refused = CliRun.of("analyze", "--max-cards", "12", f.toString());
        assertEquals(2, refused.exitCode());
        assertEquals(1, refused.errLines().size(), refused.err());
        assertTrue(refused.err().contains("cut.jsonl line 4"), refused.err());
        CliRun kept = CliRun.of("analyze", "--max-cards", "12", "--skip-bad", "--json", f.toString());
        assertEquals(0, kept.exitCode(), kept.err());
        assertEquals(List.of("ddz analyze: skipped " + f + " line 4: " + refused.err().strip()
            .substring(refused.err().indexOf("line 4: ") + "line 4: ".length())), kept.errLines());
        assertEquals(3 + 1, kept.outLines().size(), "three games and the per-agent line");
    }

    @Test
    void aFileWithoutLineBreaksIsOneLineNotAnOutOfMemoryError() {
        assumeTrue(Files.isReadable(Path.of("/dev/zero")), "no /dev/zero");
        CliRun r = CliRun.of("analyze", "/dev/zero");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(List.of("ddz analyze: /dev/zero line 1: a line of more than 1,048,576 characters is no game record "
            + "(the rest of the file is not read)"), r.errLines());
    }

    @Test
    void aGameNumberTwiceInAFileIsRefused(@TempDir Path dir) throws IOException {
        String one = records(dir, 1).get(0);
        Path f = file(dir, "twice.jsonl", one + "\n" + one + "\n");
        CliRun r = CliRun.of("analyze", "--max-cards", "12", f.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("game 1 again"), r.err());
        CliRun skipped = CliRun.of("analyze", "--max-cards", "12", "--skip-bad", "--json", f.toString());
        assertEquals(0, skipped.exitCode(), skipped.err());
        assertEquals(1, skipped.errLines().size(), skipped.err());
        assertEquals(2, skipped.outLines().size(), "one game and the per-agent line");
    }
}
