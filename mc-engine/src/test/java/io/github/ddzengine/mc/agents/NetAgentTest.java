package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.Game;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.eval.ValueFeatures;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

/** The {@code net} agent: legal, deterministic games through the arena, and its spec. */
class NetAgentTest {
    private static final Rules RULES = Rules.STANDARD;

    static ValueNet someNet() {
        int[] widths = {ValueFeatures.SIZE, 16, 1};
        SplitMix64 rng = new SplitMix64(11);
        float[] p = new float[ValueNet.parameterCount(widths)];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) ((rng.nextLong() >>> 11) * 0x1.0p-53 - 0.5) * 0.3f;
        }
        return new ValueNet(widths, p);
    }

    private static int[][] play(Agent net) {
        Game game = new Game(RULES);
        int[][] plays = new int[6][];
        for (int d = 0; d < 6; d++) {
            Agent[] seats = d % 2 == 0
                ? new Agent[] {net, new RuleAgent(RULES, 0), new RuleAgent(RULES, 0)}
                : new Agent[] {new RuleAgent(RULES, 0), net.copy(), net.copy()};
            GameRecord r = game.play(d + 1, d + 1, "game " + (d + 1), Deal.random(SplitMix64.derive(5, d)), null, seats,
                SplitMix64.derive(6, d));
            plays[d] = r.plays();
        }
        return plays;
    }

    @Test
    void playsLegalGamesTheSameWayTwice() {
        int[][] a = play(new NetAgent(RULES, EngineTables.NONE, someNet(), 4, 100, NetAgent.DEFAULT_PRIOR, 0, 1));
        int[][] b = play(new NetAgent(RULES, EngineTables.NONE, someNet(), 4, 100, NetAgent.DEFAULT_PRIOR, 0, 1));
        for (int d = 0; d < a.length; d++) {
            assertArrayEquals(a[d], b[d], "game " + d);
        }
    }

    @Test
    void solvedWorldsPlayLegalGamesTheSameWayTwiceAndChangeThePlay() {
        int[][] a = play(new NetAgent(RULES, EngineTables.NONE, someNet(), 4, 100, NetAgent.DEFAULT_PRIOR, 24, 2000));
        int[][] b = play(new NetAgent(RULES, EngineTables.NONE, someNet(), 4, 100, NetAgent.DEFAULT_PRIOR, 24, 2000));
        int[][] unsolved = play(new NetAgent(RULES, EngineTables.NONE, someNet(), 4, 100, NetAgent.DEFAULT_PRIOR, 0, 1));
        boolean differs = false;
        for (int d = 0; d < a.length; d++) {
            assertArrayEquals(a[d], b[d], "game " + d);
            differs |= !java.util.Arrays.equals(a[d], unsolved[d]);
        }
        assertTrue(differs, "the solved endgames changed no play of six games");
    }

    @Test
    void theSpecReadsItsModelAndRefusesBadSettings(@TempDir Path dir) {
        Path file = dir.resolve("net.ddzt");
        ValueNetFile.write(file, someNet(), RULES, "test");
        Agent a = AgentSpecs.builtIn().parse("net:model=" + file + ",worlds=3", RULES);
        assertEquals("net", a.name());
        assertEquals("net", AgentSpecs.builtIn().parse("net", RULES).name()); // the bundled model
        for (io.github.ddzengine.core.rules.Preset p : new io.github.ddzengine.core.rules.Preset[] {
            io.github.ddzengine.core.rules.Preset.STANDARD, io.github.ddzengine.core.rules.Preset.DOUZERO,
            io.github.ddzengine.core.rules.Preset.RLCARD}) {
            assertEquals(ValueFeatures.SIZE, NetAgent.bundledModel(Rules.of(p)).inputs(), p.id());
            assertEquals("net", AgentSpecs.builtIn().parse("net", Rules.of(p)).name());
        }
        assertEquals(null, NetAgent.bundledModel(Rules.of(io.github.ddzengine.core.rules.Preset.STANDARD,
            io.github.ddzengine.core.rules.MoveType.TRIO_SOLO.bit())), "bans: no bundled model");
        Rules botzone = Rules.of(io.github.ddzengine.core.rules.Preset.BOTZONE);
        String m = assertThrows(IllegalArgumentException.class, () -> AgentSpecs.builtIn().parse("net", botzone))
            .getMessage();
        assertEquals("agent 'net': no model of the rules botzone is bundled: give net:model=FILE, a model file of "
            + "ddz learn train for them", m);
        m = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("net:model=" + file + ",worlds=0", RULES)).getMessage();
        assertTrue(m.contains("worlds"), m);
        m = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("net:model=" + file + ",depth=2", RULES)).getMessage();
        assertEquals("agent 'net': unknown setting 'depth' (model, worlds, evals, prior, solver, nodes)", m);
        m = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("net:model=" + file + ",prior=psychic", RULES)).getMessage();
        assertEquals("agent 'net': unknown prior 'psychic' (solo-pass, pass, policy, uniform)", m);
        m = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("net:model=" + file + ",nodes=0", RULES)).getMessage();
        assertTrue(m.contains("nodes"), m);
        m = assertThrows(IllegalArgumentException.class,
            () -> AgentSpecs.builtIn().parse("net:model=" + dir.resolve("none.ddzt"), RULES)).getMessage();
        assertEquals("agent 'net': " + dir.resolve("none.ddzt") + ": no such model file", m);
    }
}
