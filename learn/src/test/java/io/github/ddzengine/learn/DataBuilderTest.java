package io.github.ddzengine.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.tables.BuildProgress;

/** Labelled positions: reproducible on any thread count, labels the solver's, the file read back. */
class DataBuilderTest {
    private static final Rules RULES = Rules.STANDARD;

    static byte[] build(int games, long seed, int threads, List<String> agents) throws IOException {
        DataBuilder.Settings s = new DataBuilder.Settings(RULES, games, seed, agents, 8, 20, 20, 2, 200_000,
            threads, "test");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DataBuilder(s, AgentSpecs.builtIn(), EngineTables.NONE).run(out, BuildProgress.NONE);
        return out.toByteArray();
    }

    @Test
    void theSameSeedGivesTheSameFileOnOneAndThreeThreads() throws IOException {
        List<String> agents = List.of("rule", "greedy", "random", "mc:effort=500");
        byte[] one = build(12, 5, 1, agents);
        byte[] three = build(12, 5, 3, agents);
        assertArrayEquals(one, three);
        assertTrue(one.length > 200, new String(one, StandardCharsets.UTF_8));
        byte[] other = build(12, 6, 1, agents);
        assertTrue(!java.util.Arrays.equals(one, other), "another seed, other games");
    }

    /** Every label is the verdict of a full solve of the position (with its principal line), from the landlord side's view. */
    @Test
    void labelsAreTheSolversVerdictForTheLandlordSide(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("d.txt");
        Files.write(file, build(10, 9, 2, List.of("rule", "random")));
        DataFile.Contents c = DataFile.read(file);
        assertEquals(RULES, c.rules());
        assertTrue(c.positions().size() >= 20, "positions: " + c.positions().size());
        Solver solver = new Solver(RULES, 8);
        int landlordWins = 0;
        for (LabelledPosition lp : c.positions()) {
            Position p = lp.position();
            assertTrue(lp.cards() >= 8 && lp.cards() <= 20);
            SolveResult r = solver.solve(p, false, 0, 0);
            boolean landlord = r.moverWins() == (p.mover() == 0);
            assertEquals(landlord ? 1 : 0, lp.landlordWins(), p.toString());
            landlordWins += lp.landlordWins();
        }
        assertTrue(landlordWins > 0 && landlordWins < c.positions().size(), "both results occur");
    }

    /** Above the solver's cards, a position is labelled by the result of its game. */
    @Test
    void largerPositionsTakeTheirGamesResult(@TempDir Path dir) throws IOException {
        DataBuilder.Settings s = new DataBuilder.Settings(RULES, 6, 3, List.of("rule", "greedy"), 8, 54, 16, 1,
            200_000, 2, "test");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        new DataBuilder(s, AgentSpecs.builtIn(), EngineTables.NONE).run(out, BuildProgress.NONE);
        Path file = dir.resolve("d.txt");
        Files.write(file, out.toByteArray());
        List<LabelledPosition> all = DataFile.read(file).positions();
        int game = -1;
        int result = -1;
        boolean anySolved = false;
        boolean anyGame = false;
        for (LabelledPosition lp : all) {
            assertEquals(lp.cards() <= 16, lp.solved(), lp.position().toString());
            if (!lp.solved()) {
                anyGame = true;
                assertEquals(0, lp.nodes());
                if (lp.game() == game) {
                    assertEquals(result, lp.landlordWins(), "one result a game");
                }
                game = lp.game();
                result = lp.landlordWins();
            } else {
                anySolved = true;
            }
        }
        assertTrue(anySolved && anyGame);
    }

    @Test
    void badSettingsAndAgentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new DataBuilder.Settings(RULES, 0, 1, List.of("rule"), 8,
            20, 20, 1, 1, 1, "x"));
        assertThrows(IllegalArgumentException.class, () -> new DataBuilder.Settings(RULES, 1, 1, List.of("rule"), 30,
            20, 20, 1, 1, 1, "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DataBuilder(
            new DataBuilder.Settings(RULES, 1, 1, List.of("nosuch"), 8, 20, 20, 1, 1, 1, "x"), AgentSpecs.builtIn(),
            EngineTables.NONE));
        assertTrue(e.getMessage().contains("nosuch"), e.getMessage());
    }

    @Test
    void badFilesAreRefusedWithTheirLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, "hello\n");
        assertEquals(f + " line 1: not a ddz-learn positions file (it starts with '# ddz-learn positions 1')",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage());
        Files.writeString(f, "# ddz-learn positions 2\n");
        assertEquals(f + " line 1: format '2', this engine reads 1",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage());
        Files.writeString(f, "# ddz-learn positions 1\n# rules standard\n1\t33/44/55 0\t0\n");
        assertEquals(f + " line 3: 5 tab-separated fields expected, found 3",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage());
        Files.writeString(f, "# ddz-learn positions 1\n# rules standard\n2\t33/44/55 0\t0\t1\tsolver\n");
        assertEquals(f + " line 3: the label is 0 or 1, not '2'",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage());
        Files.writeString(f, "# ddz-learn positions 1\n# rules standard\n1\t33/44/55 9\t0\t1\tsolver\n");
        String m = assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage();
        assertTrue(m.startsWith(f + " line 3: "), m);
        Files.writeString(f, "# ddz-learn positions 1\n# rules standard\n1\t33/44 0\t0\t1\tsolver\n");
        assertEquals(f + " line 3: a three-seat position expected: '33/44 0'",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(f)).getMessage());
        assertEquals(dir.resolve("none") + ": no such file",
            assertThrows(IllegalArgumentException.class, () -> DataFile.read(dir.resolve("none"))).getMessage());
    }
}
