package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.tables.MinHandTables;
import io.github.ddzengine.tables.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code ddz tables build} (run once for the class) and {@code ddz tables info}, and the {@code --tables} mixin. */
class TablesCommandTest {
    @TempDir
    static Path built;
    private static CliRun build;

    @BeforeAll
    static void buildOnce() {
        build = CliRun.of("tables", "build", "--out", built.toString(), "--kinds", "segments");
    }

    @Test
    void buildWritesTheTablesAndSummarises() {
        List<String> lines = build.assertSuccess(); // not a terminal: no progress bar, nothing on stderr
        assertEquals(2, lines.size(), build.out());
        assertTrue(Pattern.matches("Built 1 table in " + Pattern.quote(built.toString())
            + " in \\d+\\.\\d s \\(peak heap \\d+\\.\\d MB\\)", lines.get(0)), lines.get(0));
        assertTrue(Pattern.matches("  minhands-segments\\.ddzt  segments, rules any, \\d+\\.\\d MB, content v1, "
            + "crc32c [0-9a-f]{8}, built in \\d+\\.\\d s, loaded back in \\d+ ms", lines.get(1)), lines.get(1));
        assertTrue(Files.isRegularFile(built.resolve(MinHandTables.FILE_NAME)));
    }

    @Test
    void infoListsTheBuiltTableAsOk() {
        List<String> lines = CliRun.of("tables", "info", "--tables", built.toString()).assertSuccess();
        assertEquals("Tables in " + built + " (from --tables)", lines.get(0));
        assertTrue(lines.get(1).contains("kind") && lines.get(1).contains("crc32c"), lines.get(1));
        String crc = build.outLines().get(1).replaceAll(".*crc32c ([0-9a-f]{8}).*", "$1");
        assertTrue(Pattern.matches("  minhands-segments\\.ddzt +segments +any +\\d+\\.\\d MB  v1 +" + crc + "  ok",
            lines.get(2)), lines.get(2));
        // the STANDARD solved-endgame tables were not built (--kinds segments): absent, and the fix
        assertTrue(lines.get(3).startsWith("  endgame-2seat-standard.ddzt") && lines.get(3).endsWith("absent (searched instead)"),
            lines.get(3));
        assertTrue(lines.get(4).startsWith("  endgame-3seat-standard.ddzt"), lines.get(4));
        assertTrue(lines.get(5).startsWith("Run `ddz tables build"), lines.get(5));
        assertEquals(6, lines.size(), String.join("\n", lines));
    }

    @Test
    void infoNamesAbsentAndRefusedFilesAndTheFix(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("nothing-here");
        List<String> lines = CliRun.of("tables", "info", "--tables", missing.toString()).assertSuccess();
        assertEquals("Tables in " + missing + " (from --tables): no such directory", lines.get(0));
        assertTrue(lines.get(2).endsWith("absent (computed instead)"), lines.get(2));
        assertEquals("Run `ddz tables build --out " + missing + "` to build the missing or refused tables.",
            lines.get(lines.size() - 1));

        byte[] all = Files.readAllBytes(built.resolve(MinHandTables.FILE_NAME));
        Files.write(dir.resolve(MinHandTables.FILE_NAME), java.util.Arrays.copyOf(all, all.length - 4096));
        lines = CliRun.of("tables", "info", "--tables", dir.toString()).assertSuccess();
        assertTrue(lines.get(2).contains("refused: truncated: " + (all.length - 4096) + " bytes, its header says "
            + all.length), lines.get(2));
        assertTrue(lines.get(lines.size() - 1).startsWith("Run `ddz tables build --out " + dir + "`"),
            lines.get(lines.size() - 1));
    }

    @Test
    void buildRefusesBadInputWithOneLine(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        CliRun.of("tables", "build", "--out", file.toString())
            .assertUsageError("a file", "ddz tables build: " + file + ": cannot be the tables directory: it is not a "
                + "directory");
        CliRun.of("tables", "build", "--out", file.resolve("sub").toString())
            .assertUsageError("under a file", "cannot create the tables directory");
        CliRun.of("tables", "build", "--out", dir.toString(), "--rules", "standard,bogus")
            .assertUsageError("rules", "--rules: unknown rules 'bogus'");
        CliRun.of("tables").assertUsageError("no verb", "ddz tables: missing command: build, info");
        CliRun.of("tables", "frobnicate").assertUsageError("bad verb", "ddz tables: Unmatched argument");
        assertFalse(Files.exists(file.resolve("sub")));
        CliRun.of("tables", "build", "--out", dir.toString(), "--endgame-2-cards", "7")
            .assertUsageError("2-seat cards", "--endgame-2-cards must be 1 to 6, not 7");
        CliRun.of("tables", "build", "--out", dir.toString(), "--endgame-3-cards", "0")
            .assertUsageError("3-seat cards", "--endgame-3-cards must be 1 to 3, not 0");
        CliRun.of("tables", "build", "--out", dir.toString(), "--partitions", "3")
            .assertUsageError("partitions", "--partitions needs --cluster");
    }

    @Test
    void smallerEndgameTablesBuildAndLoad(@TempDir Path dir) {
        List<String> lines = CliRun.of("tables", "build", "--out", dir.toString(), "--kinds", "endgame-2,endgame-3",
            "--endgame-2-cards", "3", "--endgame-3-cards", "2").assertSuccess();
        // 784^2 (hands up to 3 cards) and 3 x 134^3 (up to 2) entries of 2 bits, and the header
        assertTrue(lines.get(1).startsWith("  endgame-2seat-standard.ddzt  endgame-2, rules standard, 0.2 MB,"),
            lines.get(1));
        assertTrue(lines.get(2).startsWith("  endgame-3seat-standard.ddzt  endgame-3, rules standard, 1.8 MB,"),
            lines.get(2));
        List<String> info = CliRun.of("tables", "info", "--tables", dir.toString()).assertSuccess();
        assertTrue(info.stream().anyMatch(l -> l.contains("endgame-2seat-standard.ddzt") && l.endsWith("ok")),
            String.join("\n", info));
    }

    @Test
    void rulesListAcceptsAllAndCommas() {
        CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.create();
        assertEquals(List.of(Preset.values()), TablesCommand.Build.presets(spec, "all"));
        assertEquals(List.of(Preset.RLCARD, Preset.STANDARD), TablesCommand.Build.presets(spec, "rlcard, standard,rlcard"));
    }

    /** A verb that uses the tables, as other verbs do: the mixin, loaded at start. */
    @Command(name = "probe")
    static final class Probe implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        TablesOption tables = new TablesOption();

        @Override
        public Integer call() {
            Tables.LoadReport r = tables.report(Preset.STANDARD);
            spec.commandLine().getOut().println(r.loaded() + " loaded, segment table "
                + (MinHands.of(Rules.STANDARD, r.engineTables()).splitTable() != null));
            return 0;
        }
    }

    private static CliRun probe(String... args) {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(new byte[0]));
        CommandLine p = new CommandLine(new Probe());
        p.setExecutionExceptionHandler(Ddz::internalError);
        cl.addSubcommand(p);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of("probe"));
        all.addAll(List.of(args));
        int code = cl.execute(all.toArray(String[]::new));
        return new CliRun(code, out.toString(), err.toString());
    }

    @Test
    void tablesOptionLoadsPresentTablesAndIgnoresMissingOnes(@TempDir Path empty) {
        assertEquals(List.of("0 loaded, segment table false"), probe("--tables", empty.toString()).assertSuccess());
        assertEquals(List.of("1 loaded, segment table true"), probe("--tables", built.toString()).assertSuccess());
        assertEquals(List.of("0 loaded, segment table false"), probe("--tables", empty.toString()).assertSuccess(),
            "nothing stays behind from the run before");
    }

    @Test
    void tablesOptionStopsOnACorruptFileWithExitCode2(@TempDir Path dir) throws IOException {
        byte[] all = Files.readAllBytes(built.resolve(MinHandTables.FILE_NAME));
        all[all.length / 3] ^= 1;
        Path file = dir.resolve(MinHandTables.FILE_NAME);
        Files.write(file, all);
        CliRun r = probe("--tables", dir.toString());
        r.assertUsageError("corrupt", "ddz probe: " + file + ": body checksum mismatch");
        assertTrue(r.err().strip().endsWith("; run `ddz tables build --out " + dir + "` to rebuild it"), r.err());
    }

    @Test
    void progressBarsOnlyOnATerminalOutsideCi() {
        assertTrue(ProgressBars.wanted(true, null));
        assertTrue(ProgressBars.wanted(true, "false"));
        assertFalse(ProgressBars.wanted(true, "true"));
        assertFalse(ProgressBars.wanted(true, "TRUE"));
        assertFalse(ProgressBars.wanted(false, null));
    }

    @Test
    void progressBarsDrawEachStep() {
        List<String> frames = new ArrayList<>();
        ProgressBars bars = new ProgressBars(frames::add);
        bars.start("demo: search", 200, "segments");
        bars.advance(100);
        bars.advance(200);
        bars.start("demo: write", 3_000_000, "bytes");
        bars.advance(3_000_000);
        bars.finish();
        assertTrue(frames.stream().anyMatch(f -> f.contains("demo: search") && f.contains("200/200 segments")),
            String.join("\n", frames));
        assertTrue(frames.stream().anyMatch(f -> f.contains("demo: write") && f.contains("3/3 MB")),
            String.join("\n", frames));
    }
}
