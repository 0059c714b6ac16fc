package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Solved-endgame tables through real files: small tables (hands up to 3 cards), same code path. */
class EndgameTablesTest {
    private static final EndgameTables SMALL = new EndgameTables(2, 3);

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void build() {
        file = dir.resolve(SMALL.fileName(Preset.STANDARD));
        SMALL.build(file, Preset.STANDARD, BuildProgress.NONE);
    }

    @Test
    void aLoadedFileAnswersTheSolversLeadsWithTheSameVerdicts() {
        Position p = Position.parse("347/TJ 0", Rules.STANDARD);
        Position q = Position.parse("33KK/44AA 1", Rules.STANDARD); // hands above the table: searched
        Solver plain = new Solver(Rules.STANDARD, 4);
        boolean pWins = plain.solve(p, false, 0, 0).moverWins();
        boolean qWins = plain.solve(q, false, 0, 0).moverWins();
        TableFile f = TableFile.open(file, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id()).orElseThrow();
        EngineTables tables = SMALL.addTo(EngineTables.NONE, f, Preset.STANDARD);
        String what = SMALL.describe(f);
        assertTrue(what.contains("2-seat") && what.contains("up to 3 cards"), what);
        Solver solver = new Solver(Rules.STANDARD, 4, tables);
        SolveResult r = solver.solve(p, false, 0, 0);
        assertEquals(pWins, r.moverWins());
        assertTrue(solver.endgameHits() > 0, "the table answered a lead");
        assertEquals(qWins, solver.solve(q, false, 0, 0).moverWins());
        plain.solve(p, false, 0, 0);
        assertEquals(0, plain.endgameHits(), "the solver made without tables stays without");
    }

    @Test
    void aCorruptByteIsRefusedWithTheFix(@TempDir Path other) throws IOException {
        byte[] all = Files.readAllBytes(file);
        all[all.length - 100] ^= 1;
        Path bad = other.resolve(file.getFileName());
        Files.write(bad, all);
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(bad, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id()));
        TableFileTest.assertOneLine(e, bad, "checksum");
        assertTrue(e.getMessage().contains("ddz tables build"), e.getMessage());
    }

    @Test
    void anotherPresetsFileIsRefused() {
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(file, TableKind.ENDGAME_TWO_SEATS, Preset.RLCARD.id()));
        assertTrue(e.getMessage().contains("standard"), e.getMessage());
    }

    @Test
    void aTruncatedFileIsRefused(@TempDir Path other) throws IOException {
        byte[] all = Files.readAllBytes(file);
        Path bad = other.resolve(file.getFileName());
        Files.write(bad, java.util.Arrays.copyOf(all, all.length - 64));
        TableException e = assertThrows(TableException.class,
            () -> TableFile.open(bad, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id()));
        TableFileTest.assertOneLine(e, bad, "truncated");
    }

    @Test
    void loadingADirectoryFindsItForItsPresetOnly() throws IOException {
        // the small table sits under the two-seat file name: Tables.load finds it (the three-seat
        // file is absent: skipped)
        Tables.LoadReport report = Tables.load(dir, Preset.STANDARD);
        assertTrue(report.toString().contains("endgame"), report.toString());
        EngineTables tables = report.engineTables();
        assertEquals(1, tables.endgames().size());
        assertEquals(3, tables.endgame(Preset.STANDARD, 2).maxHandCards());
        assertEquals(null, tables.endgame(Preset.STANDARD, 3));
        assertTrue(Tables.load(dir, Preset.RLCARD).engineTables().isEmpty(), "another preset's file is not looked for");
    }
}
