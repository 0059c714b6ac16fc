package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.eval.ValueFeatures;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

/** The one settings value of the Monte Carlo agent, its spec reader, and the leaf model it carries. */
class McSettingsTest {
    private static final Rules RULES = Rules.STANDARD;

    private static Map<String, String> spec(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private static McSettings parse(String... kv) {
        return McSettings.parse("mc", spec(kv), McSettings.KEYS, RULES);
    }

    private static String refusal(String... kv) {
        return assertThrows(IllegalArgumentException.class, () -> parse(kv)).getMessage();
    }

    /** A network of one layer whose every weight is 0: it says the landlord wins with sigmoid({@code logit}). */
    static ValueNet constant(float logit) {
        int[] widths = {ValueFeatures.SIZE, 1};
        float[] p = new float[ValueNet.parameterCount(widths)];
        p[p.length - 1] = logit;
        return new ValueNet(widths, p);
    }

    /** A small network of random weights (seeded). */
    static ValueNet random(long seed) {
        int[] widths = {ValueFeatures.SIZE, 8, 1};
        float[] p = new float[ValueNet.parameterCount(widths)];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) (r.nextDouble() - 0.5) * 0.4f;
        }
        return new ValueNet(widths, p);
    }

    @Test
    void theDefaultsAreTheNamedConstants() {
        McSettings d = McSettings.defaults();
        assertEquals(McSettings.DEFAULT_BUDGET_MILLIS, d.budgetMillis());
        assertEquals(McSettings.DEFAULT_THREADS, d.threads());
        assertEquals(McSettings.DEFAULT_MAX_CANDIDATES, d.maxCandidates());
        assertEquals(McSettings.DEFAULT_SOLVER_MAX_CARDS, d.solverMaxCards());
        assertEquals(McSettings.DEFAULT_SOLVER_NODES, d.solverNodes());
        assertEquals(McSettings.DEFAULT_RESERVE_MILLIS, d.reserveMillis());
        assertEquals(McSettings.DEFAULT_ROLLOUT_FEATURES, d.rolloutFeatures());
        assertEquals(1023, d.rolloutFeatures(), "every rollout feature (docs/strength.md)");
        assertEquals(0, d.worlds());
        assertEquals(0, d.effort());
        assertEquals(0, d.halvingRounds());
        assertEquals(0, d.surePlays());
        assertNull(d.leaf());
        assertEquals(McSettings.DEFAULT_LEAF_MIX, d.leafMix());
        // the agent mc's defaults: the bundled model on the standard rules, none on others
        McSettings standard = McSettings.defaults(RULES);
        assertNotNull(standard.leaf());
        assertEquals(RULES, standard.leafRules());
        assertTrue(standard.leafFor(0, RULES));
        assertFalse(standard.leafFor(0, Rules.of(io.github.ddzengine.core.rules.Preset.DOUZERO)),
            "the standard model is not asked under other rules");
        assertNull(McSettings.defaults(Rules.of(io.github.ddzengine.core.rules.Preset.DOUZERO)).leaf());
        assertNull(parse("model", "none").leaf());
        assertNotNull(parse().leaf());
        assertFalse(d.deterministic());
        assertTrue(d.withEffort(60_000).deterministic());
    }

    @Test
    void theBuilderKeepsEverySettingAndChecksOnce() {
        McSettings s = McSettings.builder().budget(200).threads(3).maxCandidates(9).solverMaxCards(12).solverNodes(77)
            .rolloutFeatures(31).rolloutSolveCards(8).rolloutSolveNodes(500).halvingRounds(2).surePlays(3)
            .leafPlies(4).build();
        assertEquals(s, s.toBuilder().build());
        assertEquals(200, s.budgetMillis());
        assertEquals(4, s.leafPlies());
        // a budget below the reserve shrinks the reserve to a quarter of it
        assertEquals(2, McSettings.defaults().withBudget(8).reserveMillis());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().threads(0).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().threads(65).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().maxCandidates(1).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().worlds(3).effort(5).build());
        assertThrows(IllegalArgumentException.class,
            () -> McSettings.builder().leafPlies(McSettings.MAX_LEAF_PLIES + 1).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().prior(null).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().leafCards(55).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().leafMix(101).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().leafSides(0).build());
    }

    @Test
    void theSpecReaderReadsEveryKey() {
        McSettings s = parse("budget", "30", "threads", "2", "effort", "900", "prior", "uniform", "rollout", "0",
            "solver", "12", "nodes", "900", "candidates", "5", "rsolve", "9", "rnodes", "500", "halving", "2",
            "sure", "4", "plies", "3", "leaf-cards", "30", "leaf-mix", "40", "leaf-sides", "2", "bid-worlds", "20", "bid-mix", "30");
        assertEquals(30, s.budgetMillis());
        assertEquals(2, s.threads());
        assertEquals(900, s.effort());
        assertEquals(Prior.UNIFORM, s.prior());
        assertEquals(0, s.rolloutFeatures());
        assertEquals(12, s.solverMaxCards());
        assertEquals(900, s.solverNodes());
        assertEquals(5, s.maxCandidates());
        assertEquals(20, s.bidder().worlds());
        assertEquals(30, s.bidder().leafMix());
        assertEquals(9, s.rolloutSolveCards());
        assertEquals(500, s.rolloutSolveNodes());
        assertEquals(2, s.halvingRounds());
        assertEquals(4, s.surePlays());
        assertEquals(3, s.leafPlies());
        assertEquals(30, s.leafCards());
        assertEquals(40, s.leafMix());
        assertEquals(McSettings.SIDE_FARMERS, s.leafSides());
        assertEquals(20, s.bidder().worlds());
        assertTrue(parse("prior", "pass").prior() instanceof PassPrior);
        assertTrue(parse("prior", "policy").prior() instanceof PolicyPrior);
        for (String key : McSettings.KEYS) {
            assertTrue(key.equals(key.toLowerCase(java.util.Locale.ROOT)), key);
        }
    }

    @Test
    void badSettingsAreOneLineNamingTheKey() {
        assertEquals("agent 'mc': worlds must be a positive integer, not '0'", refusal("worlds", "0"));
        assertEquals("agent 'mc': budget must be a positive integer, not '٣'", refusal("budget", "٣"));
        assertEquals("agent 'mc': budget must be 1..600000, not '600001'", refusal("budget", "600001"));
        assertEquals("agent 'mc': threads must be 1..64, not '99'", refusal("threads", "99"));
        assertEquals("agent 'mc': effort must be a positive integer, not '99999999999999'",
            refusal("effort", "99999999999999"));
        assertEquals("agent 'mc': halving must be 0..8, not '9'", refusal("halving", "9"));
        assertEquals("agent 'mc': plies must be 0..60, not '61'", refusal("plies", "61"));
        assertEquals("agent 'mc': candidates must be 2..1000, not '1'", refusal("candidates", "1"));
        assertEquals("agent 'mc': worlds and effort are exclusive (give one)", refusal("worlds", "5", "effort", "5"));
        assertTrue(refusal("speed", "1").startsWith("agent 'mc': unknown setting 'speed' (budget, threads, "));
        assertEquals("agent 'mc-v1': unknown setting 'sure' (budget, threads)", assertThrows(
            IllegalArgumentException.class,
            () -> McSettings.parse("mc-v1", spec("sure", "1"), List.of("budget", "threads"), RULES)).getMessage());
        String missing = refusal("model", "/nonexistent/net.ddzt");
        assertTrue(missing.startsWith("agent 'mc': ") && !missing.contains("\n"), missing);
        assertTrue(refusal("model", "").startsWith("agent 'mc': model= needs a file"));
    }

    @Test
    void aModelFileBecomesTheLeaf(@TempDir Path dir) {
        Path file = dir.resolve("net" + ValueNetFile.EXTENSION);
        ValueNetFile.write(file, random(3), RULES, "test");
        McSettings s = parse("model", file.toString(), "worlds", "4");
        assertNotNull(s.leaf());
        assertEquals(8, s.leaf().widths()[1]);
    }

    @Test
    void theLeafModelValuesEachCandidate() {
        // a model that gives the landlord 3 to 1 whatever the position: every candidate of the
        // landlord's first lead (54 cards, no solve, no end in 0 plies) is worth 0.75, its mean
        // score (2 x 0.75 - 1) x 2 = 1 for the landlord's stake of 2
        McSettings s = McSettings.builder().worlds(6).leaf(constant((float) Math.log(3))).leafMix(100).build();
        InformationSet info = RandomGames.play(RULES, new SplittableRandom(11), 0).info(RULES, false, 0);
        try (MonteCarloAgent agent = new MonteCarloAgent(s)) {
            Decision d = agent.decide(info, 5);
            assertEquals(6, d.worlds());
            for (int i = 0; i < d.candidates(); i++) {
                assertEquals(0.75, d.winRate(i), 1e-9);
                assertEquals(1.0, d.meanScore(i), 1e-4);
                assertEquals(5, d.wins(i), "4.5 worlds of 6, rounded");
            }
            assertEquals(6L * d.candidates(), d.counts().features()[9], "one leaf evaluation a candidate a world");
        }
    }

    @Test
    void aMixedLeafAddsTheModelToAWholeRollout() {
        // half the constant 0.75 and half the rollout's 0 or 1: each world is worth 0.375 or 0.875
        McSettings s = McSettings.builder().worlds(6).leaf(constant((float) Math.log(3))).leafMix(50).build();
        InformationSet info = RandomGames.play(RULES, new SplittableRandom(12), 0).info(RULES, false, 0);
        try (MonteCarloAgent agent = new MonteCarloAgent(s)) {
            Decision d = agent.decide(info, 5);
            for (int i = 0; i < d.candidates(); i++) {
                double twelfths = (d.winRate(i) - 0.375) * 12;
                assertEquals(Math.rint(twelfths), twelfths, 1e-6, "candidate " + i + ": " + d.winRate(i));
                assertTrue(d.winRate(i) >= 0.375 - 1e-9 && d.winRate(i) <= 0.875 + 1e-9);
            }
            assertEquals(6L * d.candidates(), d.counts().features()[9], "one leaf evaluation a candidate a world");
        }
    }

    @Test
    void theLeafSidesChooseWhoseDecisionsUseTheModel() {
        McSettings farmers = McSettings.builder().leaf(constant(0)).leafSides(McSettings.SIDE_FARMERS).build();
        assertFalse(farmers.leafFor(0));
        assertTrue(farmers.leafFor(1) && farmers.leafFor(2));
        McSettings landlord = farmers.toBuilder().leafSides(McSettings.SIDE_LANDLORD).build();
        assertTrue(landlord.leafFor(0));
        assertFalse(landlord.leafFor(2));
        assertFalse(McSettings.defaults().leafFor(0), "no model, no leaf");
        // the landlord's decision without the model: whole rollouts, counted in the leaf's unit
        InformationSet info = RandomGames.play(RULES, new SplittableRandom(11), 0).info(RULES, false, 0);
        try (MonteCarloAgent agent = new MonteCarloAgent(farmers.withWorlds(4))) {
            Decision d = agent.decide(info, 5);
            assertEquals(0, d.counts().features()[9]);
            for (int i = 0; i < d.candidates(); i++) {
                assertEquals(Math.rint(d.winRate(i) * 4), d.winRate(i) * 4, 1e-9, "whole worlds won");
            }
        }
    }

    @Test
    void leafDecisionsAreTheSameOnAnyThreadCount() {
        ValueNet net = random(7);
        for (int variant = 0; variant < 3; variant++) {
            McSettings s = McSettings.builder().effort(2_000).leaf(net).leafPlies(variant == 1 ? 3 : 0)
                .leafCards(variant == 1 ? 30 : 54).leafMix(variant == 2 ? 40 : 100).build();
            try (MonteCarloAgent one = new MonteCarloAgent(s); MonteCarloAgent two = new MonteCarloAgent(s.withThreads(2))) {
                SplittableRandom random = new SplittableRandom(9);
                for (int trial = 0; trial < 20; trial++) {
                    RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(40));
                    InformationSet info = g.info(RULES, true, 1);
                    Decision a = one.decide(info, trial);
                    Decision b = two.decide(info, trial);
                    assertEquals(a.counts(), b.counts(), "trial " + trial);
                    for (int k = 0; k < a.candidates(); k++) {
                        assertEquals(a.candidate(k), b.candidate(k), "trial " + trial);
                        assertEquals(a.winRate(k), b.winRate(k), "trial " + trial);
                        assertTrue(a.winRate(k) >= 0 && a.winRate(k) <= 1);
                    }
                    if (a.candidates() > 1 && a.solvedWorlds() < a.worlds()) {
                        assertTrue(a.counts().features()[9] > 0, "trial " + trial + ": the leaf was asked");
                    }
                }
            }
        }
    }

    @Test
    void aMoveLimitStopsTheRolloutWhereTheLeafTakesOver() {
        Playout p = new Playout(RULES, io.github.ddzengine.core.split.MinHands.of(RULES), 1023);
        long[] hands = new long[3];
        SplittableRandom r = new SplittableRandom(4);
        for (int trial = 0; trial < 50; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, r, 0);
            hands[0] = g.hands()[0];
            hands[1] = g.hands()[1];
            hands[2] = g.hands()[2];
            int full = p.run(hands, 0, MoveTable.PASS, -1, 0, false);
            int none = p.run(hands, 0, MoveTable.PASS, -1, 0, false, 0);
            assertTrue(Playout.unfinished(none));
            assertEquals(0, p.stopMover());
            assertEquals(MoveTable.PASS, p.stopLast());
            assertEquals(-1, p.stopLastSeat());
            int many = p.run(hands, 0, MoveTable.PASS, -1, 0, false, 1000);
            assertFalse(Playout.unfinished(many));
            assertEquals(full, many, "a limit the game never reaches changes nothing");
            int two = p.run(hands, 0, MoveTable.PASS, -1, 0, false, 2);
            assertTrue(Playout.unfinished(two));
            assertEquals(2, p.stopMover(), "after two moves landlord_up acts");
            long left = Long.bitCount(p.stopHands()[0]) + Long.bitCount(p.stopHands()[1])
                + Long.bitCount(p.stopHands()[2]);
            assertTrue(left < 54, "the landlord's lead left the hands");
            int late = p.run(hands, 0, MoveTable.PASS, -1, 0, false, 0, 30);
            if (Playout.unfinished(late)) {
                long cards = Long.bitCount(p.stopHands()[0]) + Long.bitCount(p.stopHands()[1])
                    + Long.bitCount(p.stopHands()[2]);
                assertTrue(cards <= 30 && cards > 30 - 20, "stopped at the first position of 30 cards or fewer: "
                    + cards);
            }
        }
    }
}
