package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** The deterministic work budget: the prefix rule of {@link Effort#merge} and effort-mode decisions. */
class EffortTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final Effort.Weights UNIT = new Effort.Weights(1, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    @Test
    void mergeCountsTheWorldsInIndexOrderUntilTheBudgetIsReached() {
        // worlds 0..9 of cost 1 each (unit weights: one per world), spread over two ledgers out of
        // order, and a budget of 4: exactly worlds 0..3 count, whatever else was evaluated
        Effort.Ledger a = new Effort.Ledger();
        Effort.Ledger b = new Effort.Ledger();
        a.begin(2);
        b.begin(2);
        int[] order = {5, 0, 2, 7, 1, 3, 9, 4, 8, 6};
        for (int k = 0; k < order.length; k++) {
            int w = order[k];
            (k % 2 == 0 ? a : b).record(w, 1, 40, 16, 0, 0, 0, 0, false, new long[] {w, 1}, new long[] {10L * w, -1});
        }
        Effort.Meter meter = new Effort.Meter(4, UNIT);
        Effort.Totals t = Effort.merge(new Effort.Ledger[] {a, b}, new boolean[] {true, true}, meter, 2);
        assertEquals(4, t.worlds());
        assertArrayEquals(new long[] {0 + 1 + 2 + 3, 4}, t.wins());
        assertArrayEquals(new long[] {60, -4}, t.scores());
        assertEquals(4, t.counts().work());
        // a budget never reached counts every world
        t = Effort.merge(new Effort.Ledger[] {a, b}, new boolean[] {true, true}, new Effort.Meter(100, UNIT), 2);
        assertEquals(10, t.worlds());
        // without a limit every recorded world of the ledgers used counts
        t = Effort.merge(new Effort.Ledger[] {a, b}, new boolean[] {true, false}, Effort.UNLIMITED, 2);
        assertEquals(5, t.worlds());
    }

    @Test
    void aMissingWorldInsideTheBudgetIsABug() {
        Effort.Ledger a = new Effort.Ledger();
        a.begin(1);
        a.record(0, 1, 10, 1, 1, 1, 0, 0, false, new long[] {1}, new long[] {1});
        a.record(2, 1, 10, 1, 1, 1, 0, 0, false, new long[] {1}, new long[] {1});
        assertThrows(IllegalStateException.class, () -> Effort.merge(new Effort.Ledger[] {a}, new boolean[] {true},
            new Effort.Meter(3, UNIT), 1));
    }

    @Test
    void costIsTheWeightedCount() {
        Effort.Weights w = new Effort.Weights(1000, 300, 200, 100, 10, 5, 7, 2000, 130, 9);
        assertEquals(1000 + 2 * 300 + 3 * 200 + 90 * 100 + 400 * (10 + 30 * 5) + 400 / 3 * 30 * 7,
            w.cost(2, 30, 3, 90, 400, 0, 0));
        assertEquals(1000 + 300 + 2000 + 50 * 130, w.cost(1, 12, 0, 0, 0, 50, 0));
        assertEquals(1000 + 4 * 9, w.cost(0, 0, 0, 0, 0, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> new Effort.Weights(-1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Effort.Meter(0, UNIT));
        assertEquals(2_000_000, Effort.Meter.ofMicros(2).budget());
        Effort.Meter m = new Effort.Meter(2, UNIT);
        assertFalse(m.exhausted());
        m.charge(1, 10, 0, 0, 0, 0, 0);
        assertFalse(m.exhausted());
        m.charge(1, 10, 0, 0, 0, 0, 0);
        assertTrue(m.exhausted());
        assertFalse(Effort.UNLIMITED.exhausted());
    }

    @Test
    void effortDecisionsAreTheSameOnAnyThreadCountAndSpendTheBudget() {
        long effort = 3_000; // 3 ms-equivalents: a few dozen worlds
        MonteCarloAgent one = new MonteCarloAgent(McSettings.defaults().withEffort(effort));
        MonteCarloAgent two = new MonteCarloAgent(McSettings.defaults().withEffort(effort).withThreads(2));
        MonteCarloAgent three = new MonteCarloAgent(McSettings.defaults().withEffort(effort).withThreads(3));
        try (one; two; three) {
            SplittableRandom random = new SplittableRandom(5);
            for (int trial = 0; trial < 30; trial++) {
                RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(60));
                InformationSet info = g.info(RULES, true, 1);
                Decision a = one.decide(info, trial);
                Decision b = two.decide(info, trial);
                Decision c = three.decide(info, trial);
                for (Decision d : new Decision[] {b, c}) {
                    assertEquals(a.worlds(), d.worlds(), "trial " + trial);
                    assertEquals(a.counts(), d.counts(), "trial " + trial);
                    assertEquals(a.candidates(), d.candidates());
                    for (int k = 0; k < a.candidates(); k++) {
                        assertEquals(a.candidate(k), d.candidate(k), "trial " + trial);
                        assertEquals(a.wins(k), d.wins(k), "trial " + trial);
                        assertEquals(a.meanScore(k), d.meanScore(k), "trial " + trial);
                    }
                    assertFalse(d.budgetCut());
                }
                if (a.worlds() > 1 && !new WorldSampler(info, Prior.UNIFORM).isDetermined()) {
                    assertTrue(a.work() >= effort * 1_000_000, "trial " + trial + ": the budget is spent: " + a.counts());
                }
            }
        }
    }

    @Test
    void effortAndWorldsAreExclusive() {
        assertThrows(IllegalArgumentException.class,
            () -> McSettings.defaults().withWorlds(10).withEffort(100));
        assertThrows(IllegalArgumentException.class, () -> McSettings.defaults().withEffort(-1));
    }
}
