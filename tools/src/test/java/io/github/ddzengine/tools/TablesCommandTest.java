package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.verbs.TablesCommand;
import io.github.ddzengine.tools.cli.ProgressBars;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.python.PythonBridge;
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

    /**
     * {@code --tables} naming a file says so instead of "no such directory", and a verb refuses it
     * instead of computing silently; a FIFO in place of a table file hangs nothing (issue 21,
     * defects 9 and 16).
     */
    @Test
    void aFileOrAFifoWhereTablesBelongIsNamedAndHangsNothing(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertEquals("Tables in " + file + " (from --tables): not a directory",
            CliRun.of("tables", "info", "--tables", file.toString()).assertSuccess().get(0));
        CliRun.of("solve", "3/4 0", "--tables", file.toString()).assertUsageError("a file",
            "ddz solve: " + file + ": not a directory (the tables directory holds the table files)");
        Path fifo = dir.resolve("fifo");
        Files.createDirectory(fifo);
        Process mk = new ProcessBuilder("mkfifo", fifo.resolve(MinHandTables.FILE_NAME).toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo is needed");
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            List<String> info = CliRun.of("tables", "info", "--tables", fifo.toString()).assertSuccess();
            assertTrue(info.get(2).endsWith("refused: not a regular file (a FIFO, socket or device)"), info.get(2));
            CliRun.of("solve", "3/4 0", "--tables", fifo.toString()).assertUsageError("fifo",
                "ddz solve: " + fifo.resolve(MinHandTables.FILE_NAME) + ": not a regular file (a FIFO, socket or device)");
        });
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
        p.setExecutionExceptionHandler(Exits::internalError);
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

    /**
     * A table file truncated in place under a running batch (issue 21, defect 8): the reads of its
     * vanished pages fail, and each such line gets a one-line table error naming the file while the
     * batch goes on to its end (before: an InternalError trace and the rest of the batch lost). In
     * a separate JVM, which maps the file and is then given the lines one by one.
     */
    @Test
    void aTableTruncatedUnderABatchGivesOneLineErrorsAndTheBatchGoesOn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(MinHandTables.FILE_NAME);
        Files.copy(built.resolve(MinHandTables.FILE_NAME), file);
        ProcessBuilder pb = new ProcessBuilder(Jvm.command(Ddz.class.getName(), "split", "--batch", "--tables",
            dir.toString()));
        truncateUnder(pb, file, h -> "{\"hand\":\"" + h + "\"}", i -> "{\"error\":\"line " + i + ": reading the table file "
            + file + " failed: it was changed or truncated while in use");
    }

    /**
     * The same for the child process of the Python package ({@link PythonBridge#main}), which reads
     * the tables of {@code $DDZ_TABLES}: each request that reads the vanished pages gets a one-line
     * error and the process goes on (before: an InternalError trace ended it, and the Python side saw
     * a crash).
     */
    @Test
    void aTableTruncatedUnderThePythonBridgeGivesOneLineErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(MinHandTables.FILE_NAME);
        Files.copy(built.resolve(MinHandTables.FILE_NAME), file);
        ProcessBuilder pb = new ProcessBuilder(Jvm.command(PythonBridge.class.getName()));
        pb.environment().put(Tables.ENV, dir.toString());
        truncateUnder(pb, file, h -> "{\"op\":\"split\",\"hand\":\"" + h + "\"}",
            i -> "{\"error\":\"reading a table file failed: it was changed or truncated while in use");
    }

    /**
     * Starts {@code pb}, asks it for one split (the table is mapped), truncates {@code file} in
     * place and asks four more: each answer is a split or an error line that starts with
     * {@code error.apply(line number)}, at least one is an error, the process ends at the end of its
     * input with exit code 0 and writes nothing on standard error.
     */
    private static void truncateUnder(ProcessBuilder pb, Path file, java.util.function.Function<String, String> request,
                                      java.util.function.IntFunction<String> error) throws Exception {
        Process p = pb.start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8));
            java.io.Writer in = new java.io.OutputStreamWriter(p.getOutputStream(), java.nio.charset.StandardCharsets.UTF_8);
            java.util.concurrent.CompletableFuture<String> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            in.write(request.apply("3456789TJQKA") + "\n");
            in.flush();
            assertEquals("{\"min_hands\":1,\"split\":[\"3456789TJQKA\"]}", out.readLine());
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(4096); // in place: the mapping of the running process loses its pages
            }
            String[] hands = {"34567789TJQQKA", "3345566778899TT", "445566789TJQKA2", "33445566"};
            for (String h : hands) {
                in.write(request.apply(h) + "\n");
            }
            in.close();
            List<String> rest = new ArrayList<>();
            for (String l; (l = out.readLine()) != null; ) {
                rest.add(l);
            }
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the process did not end");
            assertEquals(0, p.exitValue(), err.get() + rest);
            assertEquals(hands.length, rest.size(), rest.toString());
            int errors = 0;
            for (int i = 0; i < rest.size(); i++) {
                String l = rest.get(i);
                if (l.startsWith("{\"error\":")) {
                    errors++;
                    assertTrue(l.startsWith(error.apply(i + 2)), l);
                } else {
                    assertTrue(l.startsWith("{\"min_hands\":"), l);
                }
            }
            assertTrue(errors >= 1, rest.toString());
            assertEquals("", err.get(), "nothing on standard error, no trace");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
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
