package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** Successive halving across candidates ({@link McSettings#halvingRounds()}). */
class HalvingTest {
    private static final Rules RULES = Rules.STANDARD;

    private static McSettings halving(int rounds) {
        return McSettings.builder().halvingRounds(rounds).build();
    }

    private static void assertSame(Decision a, Decision d, String what) {
        assertEquals(a.worlds(), d.worlds(), what);
        assertEquals(a.counts(), d.counts(), what);
        assertEquals(a.candidates(), d.candidates(), what);
        for (int k = 0; k < a.candidates(); k++) {
            assertEquals(a.candidate(k), d.candidate(k), what);
            assertEquals(a.wins(k), d.wins(k), what);
            assertEquals(a.samples(k), d.samples(k), what);
            assertEquals(a.meanScore(k), d.meanScore(k), what);
        }
    }

    @Test
    void effortDecisionsAreTheSameOnAnyThreadCountAndDropTheWorseHalf() {
        long effort = 6_000;
        MonteCarloAgent one = new MonteCarloAgent(halving(3).withEffort(effort));
        MonteCarloAgent two = new MonteCarloAgent(halving(3).withEffort(effort).withThreads(2));
        MonteCarloAgent three = new MonteCarloAgent(halving(3).withEffort(effort).withThreads(3));
        MonteCarloAgent plain = new MonteCarloAgent(McSettings.defaults().withEffort(effort));
        int halved = 0;
        try (one; two; three; plain) {
            SplittableRandom random = new SplittableRandom(7);
            for (int trial = 0; trial < 30; trial++) {
                RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(50));
                InformationSet info = g.info(RULES, true, 1);
                Decision a = one.decide(info, trial);
                for (Decision d : new Decision[] {two.decide(info, trial), three.decide(info, trial)}) {
                    assertSame(a, d, "trial " + trial);
                    assertFalse(d.budgetCut());
                }
                Decision p = plain.decide(info, trial);
                assertEquals(p.candidates(), a.candidates());
                if (a.candidates() > 2 && !new WorldSampler(info, Prior.UNIFORM).isDetermined() && a.worlds() > 8) {
                    halved++;
                    // the survivors were evaluated in every world, the last ones dropped in fewer
                    assertEquals(a.worlds(), a.samples(0), "trial " + trial);
                    assertEquals(a.worlds(), a.samples(1), "trial " + trial);
                    assertTrue(a.samples(a.candidates() - 1) < a.worlds(), "trial " + trial);
                    // the same effort buys more worlds than without halving
                    assertTrue(a.worlds() > p.worlds(), "trial " + trial + ": " + a.worlds() + " <= " + p.worlds());
                    assertTrue(a.work() >= effort * 1_000_000, "trial " + trial + ": the budget is spent");
                    for (int k = 1; k < a.candidates(); k++) {
                        assertTrue(a.samples(k) <= a.samples(k - 1), "trial " + trial);
                    }
                }
            }
        }
        assertTrue(halved >= 10, "decisions with halving: " + halved);
    }

    @Test
    void fixedWorldsAreSplitIntoRounds() {
        MonteCarloAgent one = new MonteCarloAgent(halving(2).withWorlds(40));
        MonteCarloAgent two = new MonteCarloAgent(halving(2).withWorlds(40).withThreads(2));
        try (one; two) {
            SplittableRandom random = new SplittableRandom(11);
            for (int trial = 0; trial < 10; trial++) {
                RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(30));
                InformationSet info = g.info(RULES, true, 1);
                Decision a = one.decide(info, trial);
                assertSame(a, two.decide(info, trial), "trial " + trial);
                if (a.candidates() > 2 && !new WorldSampler(info, Prior.UNIFORM).isDetermined()) {
                    assertEquals(40, a.worlds());
                    assertEquals(20, a.samples(a.candidates() - 1));
                }
            }
        }
    }

    @Test
    void offMeansEveryCandidateInEveryWorld() {
        MonteCarloAgent off = new MonteCarloAgent(halving(1).withWorlds(20));
        MonteCarloAgent plain = new MonteCarloAgent(McSettings.defaults().withWorlds(20));
        try (off; plain) {
            SplittableRandom random = new SplittableRandom(3);
            for (int trial = 0; trial < 5; trial++) {
                InformationSet info = RandomGames.play(RULES, random, random.nextInt(30)).info(RULES, true, 1);
                Decision a = off.decide(info, trial);
                assertSame(a, plain.decide(info, trial), "trial " + trial);
                for (int k = 0; k < a.candidates(); k++) {
                    assertEquals(a.worlds(), a.samples(k));
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().halvingRounds(-1).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().halvingRounds(McSettings.MAX_HALVING_ROUNDS + 1).build());
    }
}
