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
import org.junit.jupiter.api.AfterEach;
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

    @AfterEach
    void uninstall() {
        Solver.clearEndgameTables();
    }

    @Test
    void installedFileAnswersTheSolversLeadsWithTheSameVerdicts() {
        Position p = Position.parse("347/TJ 0", Rules.STANDARD);
        Position q = Position.parse("33KK/44AA 1", Rules.STANDARD); // hands above the table: searched
        Solver solver = new Solver(Rules.STANDARD, 4);
        boolean pWins = solver.solve(p, false, 0, 0).moverWins();
        boolean qWins = solver.solve(q, false, 0, 0).moverWins();
        TableFile f = TableFile.open(file, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id()).orElseThrow();
        String what = SMALL.install(f, Preset.STANDARD);
        assertTrue(what.contains("2-seat"), what);
        SolveResult r = solver.solve(p, false, 0, 0);
        assertEquals(pWins, r.moverWins());
        assertTrue(solver.endgameHits() > 0, "the table answered a lead");
        assertEquals(qWins, solver.solve(q, false, 0, 0).moverWins());
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
    void loadingADirectoryInstallsItForItsPreset() throws IOException {
        // the small table sits under the two-seat file name: Tables.load finds and installs it
        // (the three-seat file is absent: skipped)
        Tables.LoadReport report = Tables.load(dir, Preset.STANDARD);
        assertTrue(report.toString().contains("endgame"), report.toString());
    }
}
