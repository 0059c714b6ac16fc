package io.github.ddzengine.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;

/**
 * The application layer under every front door: a thread's workspace keeps its engine objects and
 * hands the same ones back, keys Monte Carlo agents by settings and preset, takes its defaults from
 * the engine, and changes no answer by reuse.
 */
class WorkspaceTest {
    private final DdzEngine engine = DdzEngine.standard();

    @Test
    void aThreadGetsItsOwnWorkspaceAndKeepsIt() throws Exception {
        Workspace mine = engine.workspace();
        assertSame(mine, engine.workspace());
        assertSame(mine.solver(Rules.STANDARD), mine.solver(Rules.STANDARD));
        assertNotSame(mine.solver(Rules.STANDARD), mine.solver(Rules.of(Preset.DOUZERO)));
        assertSame(mine.generator(Rules.STANDARD), mine.generator(Rules.STANDARD));
        assertSame(mine.distance(Rules.STANDARD), mine.distance(Rules.STANDARD));
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Workspace theirs = other.submit(engine::workspace).get();
            assertNotSame(mine, theirs);
            assertNotSame(mine.solver(Rules.STANDARD), other.submit(() -> theirs.solver(Rules.STANDARD)).get());
        } finally {
            other.shutdown();
        }
        assertNotSame(mine, engine.withSolverMegabytes(4).workspace(), "an engine of other settings has its own");
    }

    @Test
    void agentsAreKeptBySettingsAndPreset() {
        try (Workspace w = engine.newWorkspace()) {
            McSettings a = engine.mcSettings(Rules.STANDARD).worlds(50).build();
            MonteCarloAgent first = w.mc(a, Rules.STANDARD);
            assertSame(first, w.mc(engine.mcSettings(Rules.STANDARD).worlds(50).build(), Rules.STANDARD),
                "equal settings built twice give the kept agent");
            assertNotSame(first, w.mc(engine.mcSettings(Rules.STANDARD).worlds(51).build(), Rules.STANDARD));
            McSettings plain = McSettings.builder().worlds(50).build();
            assertNotSame(w.mc(plain, Rules.STANDARD), w.mc(plain, Rules.of(Preset.DOUZERO)),
                "an agent is kept with its preset's tables");
        }
    }

    @Test
    void settingsStartFromTheEngine() {
        McSettings s = engine.withBudgetMillis(80).withThreads(2).withWorlds(7).mcSettings(Rules.STANDARD).build();
        assertEquals(80, s.budgetMillis());
        assertEquals(2, s.threads());
        assertEquals(7, s.worlds());
        assertNotNull(s.leaf(), "mc's defaults for the standard rules carry the leaf model");
        assertEquals(McSettings.defaults(Rules.STANDARD).leaf(), s.leaf());
        assertEquals(McSettings.DEFAULT_BUDGET_MILLIS, engine.mcSettings(Rules.STANDARD).build().budgetMillis());
    }

    @Test
    void reuseChangesNoAnswer() {
        Position p = Position.parse("448999TJJQQAD/336688TAA22X 0", Rules.STANDARD);
        Workspace w = engine.newWorkspace();
        var first = w.solver(Rules.STANDARD).solve(p, true, 0, 0);
        var again = w.solver(Rules.STANDARD).solve(p, true, 0, 0);
        assertEquals(first.nodes(), again.nodes());
        assertEquals(first.verdict(), again.verdict());
        assertEquals(engine.solve("448999TJJQQAD/336688TAA22X 0"), engine.solve("448999TJJQQAD/336688TAA22X 0"));
    }

    @Test
    void tablesOfEveryPresetFromADirectory(@TempDir Path dir) {
        EngineTables given = EngineTables.NONE.withSplit(null);
        DdzEngine e = DdzEngine.standard().withTables(given).withTableDirectory(dir);
        assertSame(given, e.tables(Preset.STANDARD), "tables given stay");
        assertNotNull(e.tables(Preset.DOUZERO), "an empty directory gives none, not an error");
        assertSame(e.tables(Preset.DOUZERO), e.tables(Preset.DOUZERO), "loaded once");
        assertSame(EngineTables.NONE, DdzEngine.standard().tables(Preset.DOUZERO));
    }

    @Test
    void agentsOfTheRegistryWithDefaults() {
        DdzEngine e = engine.withAgentDefaults("mc", Map.of("worlds", "20"));
        try (Agent a = e.workspace().agent("rule", Rules.STANDARD)) {
            assertEquals("rule", a.name());
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> e.workspace().agent("nosuch", Rules.STANDARD));
        assertTrue(bad.getMessage().contains("nosuch"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> engine.withExecTimeouts(0, 0));
    }

    @Test
    void limitsRefuseATableTheHeapCannotHold() {
        assertEquals(null, Limits.checkSolverMegabytes("--tt-mb", 16));
        assertTrue(Limits.checkSolverMegabytes("--tt-mb", 0).startsWith("--tt-mb must be at least 1"));
        long heap = Runtime.getRuntime().maxMemory() >> 20;
        assertTrue(Limits.checkSolverMegabytes("--tt-mb", (int) heap).contains("does not fit"));
    }
}
