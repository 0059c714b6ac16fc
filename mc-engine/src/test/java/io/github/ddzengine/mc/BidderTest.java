package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

class BidderTest {
    private static final Rules RULES = Rules.STANDARD;
    private final Bidder bidder = new Bidder(0.5, 0.58, 0.66, 300);

    @Test
    void strongHandsBidThreeAndWeakHandsPass() {
        Bidder.Estimate strong = bidder.estimate(RULES, Notation.parseCards("22XDAAAKKKKQQQJJ3"), 1);
        Bidder.Estimate weak = bidder.estimate(RULES, Notation.parseCards("334568TJQ3468TJQ5"), 1);
        assertTrue(strong.winRate() > 0.75, "strong " + strong);
        assertTrue(weak.winRate() < strong.winRate() - 0.3, "weak " + weak + " strong " + strong);
        assertEquals(3, bidder.bidFor(strong, 0));
        assertTrue(bidder.bidFor(weak, 0) < 3);
        assertEquals(300, strong.worlds());
    }

    @Test
    void theIntervalIsWilsonsAndTheEstimateReproduces() {
        long hand = Notation.parseCards("3345567899JQKA22D");
        Bidder.Estimate a = bidder.estimate(RULES, hand, 42);
        Bidder.Estimate b = bidder.estimate(RULES, hand, 42);
        assertEquals(a.winRate(), b.winRate());
        assertTrue(a.low() <= a.winRate() && a.winRate() <= a.high());
        // Wilson 95% half-width for n = 300 is at most 1.96 * sqrt(0.25 / 300) ~ 0.0566
        assertTrue(a.high() - a.low() <= 2 * 0.0566 + 1e-9, a.toString());
        assertTrue(a.high() - a.low() > 0.02, a.toString());
    }

    @Test
    void aBudgetStopsTheWorldsAnEffortBudgetReproducibly() {
        long hand = Notation.parseCards("3345567899JQKA22D");
        Playout p = new Playout(RULES, io.github.ddzengine.core.split.MinHands.of(RULES));
        Bidder many = new Bidder(0.5, 0.58, 0.66, 100_000);
        Bidder.Estimate a = many.estimate(p, hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(2_000));
        Bidder.Estimate b = many.estimate(p, hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(2_000));
        Bidder.Estimate c = many.estimate(p, hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(8_000));
        assertEquals(a.worlds(), b.worlds());
        assertEquals(a.winRate(), b.winRate());
        assertTrue(a.worlds() > 1 && a.worlds() < c.worlds() && c.worlds() < 100_000, a + " " + c);
        // a deadline already passed still gives one world
        assertEquals(1, many.estimate(p, hand, 7, System.nanoTime() - 1, Effort.UNLIMITED).worlds());
        // the agent in effort mode bids the same on any load; in fixed-worlds mode with the bidder's worlds
        BidRequest r = BidRequest.of(RULES, hand, new int[0]);
        MonteCarloAgent effort = new MonteCarloAgent(McSettings.defaults().withEffort(2_000));
        assertEquals(a.worlds(), effort.estimateBid(r, 7).worlds());
        MonteCarloAgent fixed = new MonteCarloAgent(McSettings.builder().worlds(3)
            .bidder(new Bidder(0.5, 0.58, 0.66, 250)).build());
        assertEquals(250, fixed.estimateBid(r, 7).worlds());
    }

    @Test
    void aBidMustBeatTheHighestSoFar() {
        Bidder.Estimate mid = new Bidder.Estimate(0.6, 0.55, 0.65, 1000, 0);
        assertEquals(2, bidder.bidFor(mid, 0));
        assertEquals(2, bidder.bidFor(mid, 1));
        assertEquals(0, bidder.bidFor(mid, 2));
        MonteCarloAgent agent = new MonteCarloAgent(McSettings.defaults());
        int bid = agent.bid(BidRequest.of(RULES, Notation.parseCards("22XDAAAKKKKQQQJJ3"), new int[] {2}));
        assertEquals(3, bid);
        assertThrows(IllegalArgumentException.class, () -> new Bidder(0.6, 0.5, 0.7, 10));
    }

    /**
     * With a leaf model a world is worth the mix of the model's landlord win probability and its
     * rollout's result: the estimates of mixes 0, 50 and 100 on the same worlds are linear in the
     * mix, 0 is the rollouts' estimate, and the agent bids with its settings' model.
     */
    @Test
    void aLeafModelMixesIntoEachWorld() {
        long hand = Notation.parseCards("3345567899JQKA22D");
        McSettings standard = McSettings.builder(RULES).build();
        io.github.ddzengine.mc.eval.ValueNet.Evaluator leaf = standard.leaf().evaluator(RULES,
            io.github.ddzengine.core.split.MinHands.of(RULES));
        Playout p = new Playout(RULES, io.github.ddzengine.core.split.MinHands.of(RULES));
        Bidder.Estimate plain = bidder.estimate(p, hand, 5);
        Bidder.Estimate none = bidder.withLeafMix(0).estimate(p, hand, 5, Long.MAX_VALUE, Effort.UNLIMITED, leaf);
        Bidder.Estimate half = bidder.withLeafMix(50).estimate(p, hand, 5, Long.MAX_VALUE, Effort.UNLIMITED, leaf);
        Bidder.Estimate model = bidder.withLeafMix(100).estimate(p, hand, 5, Long.MAX_VALUE, Effort.UNLIMITED, leaf);
        assertEquals(plain.winRate(), none.winRate());
        assertEquals(plain.winRate(), bidder.withLeafMix(50).estimate(p, hand, 5).winRate(), "no model: rollouts");
        assertEquals((plain.winRate() + model.winRate()) / 2, half.winRate(), 1e-9);
        assertTrue(model.winRate() > 0 && model.winRate() < 1 && model.winRate() != plain.winRate(), model.toString());
        assertTrue(half.low() <= half.winRate() && half.winRate() <= half.high(), half.toString());
        // the model's evaluations are counted: fewer worlds in the same effort
        Bidder many = bidder.withWorlds(100_000);
        int without = many.estimate(p, hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(4_000)).worlds();
        int with = many.estimate(p, hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(4_000), leaf).worlds();
        assertTrue(with < without, with + " worlds with the model, " + without + " without");
        // the agent of the standard rules bids with its model, at the default mix
        assertEquals(Bidder.DEFAULT_LEAF_MIX, standard.bidder().leafMix());
        MonteCarloAgent agent = new MonteCarloAgent(McSettings.builder(RULES).effort(4_000).build());
        Bidder.Estimate e = agent.estimateBid(BidRequest.of(RULES, hand, new int[0]), 7);
        Bidder.Estimate expected = standard.bidder().estimate(new Playout(RULES, io.github.ddzengine.core.split.MinHands.of(RULES)),
            hand, 7, Long.MAX_VALUE, Effort.Meter.ofMicros(4_000), leaf);
        assertEquals(expected.worlds(), e.worlds());
        assertEquals(expected.winRate(), e.winRate());
        assertThrows(IllegalArgumentException.class, () -> bidder.withLeafMix(101));
    }
}
