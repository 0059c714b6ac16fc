package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

class WorldSamplerTest {
    private static final Rules RULES = Rules.STANDARD;

    @Test
    void everyWorldIsConsistentWithThePublicFacts() {
        SplittableRandom random = new SplittableRandom(20240501L);
        Rng rng = new Rng(0);
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] hands = new long[3];
        Prior[] priors = {Prior.UNIFORM, new SoloPassPrior(0.0)};
        for (int trial = 0; trial < 3000; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(60));
            boolean kittyKnown = random.nextBoolean();
            InformationSet info = g.info(RULES, kittyKnown, 1 + random.nextInt(3));
            long played = Cards.add(Cards.add(info.played(0), info.played(1)), info.played(2));
            WorldSampler sampler = new WorldSampler(info, priors[trial % 2]);
            for (int w = 0; w < 4; w++) {
                sampler.deal(rng, WorldSampler.worldSeed(trial, w), scratch, hands);
                String where = "trial " + trial + " world " + w + " history length " + g.history().length;
                assertEquals(info.hand(), hands[info.seat()], where);
                long all = played;
                for (int s = 0; s < 3; s++) {
                    assertTrue(Cards.isValid(hands[s]), where);
                    assertEquals(info.cardsLeft(s), Cards.size(hands[s]), where + " seat " + s);
                    all = Cards.add(all, hands[s]);
                }
                // no duplicates, nothing missing: hands plus played cards are exactly the deck
                assertEquals(Cards.DECK, all, where);
                if (kittyKnown) {
                    assertTrue(Cards.contains(hands[0], info.unplayedKitty()), where + ": kitty "
                        + Notation.format(info.unplayedKitty()) + " not with the landlord " + Notation.format(hands[0]));
                }
            }
        }
    }

    @Test
    void aWorldDependsOnlyOnItsSeed() {
        RandomGames.Game g = RandomGames.play(RULES, new SplittableRandom(7), 10);
        InformationSet info = g.info(RULES, true, 2);
        WorldSampler sampler = new WorldSampler(info, new SoloPassPrior());
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] a = new long[3];
        long[] b = new long[3];
        Rng rng = new Rng(1);
        sampler.deal(rng, WorldSampler.worldSeed(99, 5), scratch, a);
        for (int w = 0; w < 20; w++) {
            sampler.deal(rng, WorldSampler.worldSeed(99, w), scratch, b);
        }
        sampler.deal(new Rng(12345), WorldSampler.worldSeed(99, 5), scratch, b);
        assertEquals(a[0], b[0]);
        assertEquals(a[1], b[1]);
        assertEquals(a[2], b[2]);
    }

    /**
     * With the uniform prior, the number of copies of a rank that land in a seat follows the
     * hypergeometric law exactly: a chi-square goodness-of-fit test per rank, with a fixed seed.
     */
    @Test
    void uniformFrequenciesMatchTheExactHypergeometricLaw() {
        // landlord_down's view after a few plays, kitty known: the landlord keeps the kitty cards
        RandomGames.Game g = RandomGames.play(RULES, new SplittableRandom(31), 7);
        InformationSet info = g.info(RULES, true, 3);
        assertTrue(Cards.size(info.unplayedKitty()) > 0, "the test wants kitty cards still held");
        WorldSampler sampler = new WorldSampler(info, Prior.UNIFORM);
        long unseen = info.unseen();
        int seatA = (info.seat() + 1) % 3;
        int seatB = (info.seat() + 2) % 3;
        int total = Cards.size(unseen);
        int needA = info.cardsLeft(seatA) - (seatA == 0 ? Cards.size(info.unplayedKitty()) : 0);
        long fixedA = seatA == 0 ? info.unplayedKitty() : 0;
        int worlds = 40_000;
        int[][] counts = new int[15][5];
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] hands = new long[3];
        Rng rng = new Rng(0);
        for (int w = 0; w < worlds; w++) {
            sampler.deal(rng, WorldSampler.worldSeed(424242L, w), scratch, hands);
            for (int r = 0; r < 15; r++) {
                counts[r][Cards.count(hands[seatA] - fixedA, r)]++;
            }
        }
        int ranksTested = 0;
        for (int r = 0; r < 15; r++) {
            int k = Cards.count(unseen, r);
            if (k == 0) {
                continue;
            }
            // categories 0..k with expected counts from the hypergeometric law; pool tiny cells
            double chi = 0;
            int df = -1;
            double pooledExpected = 0;
            double pooledObserved = 0;
            for (int x = 0; x <= k; x++) {
                double p = Stats.hypergeometric(total, needA, k, x);
                double expected = p * worlds;
                pooledExpected += expected;
                pooledObserved += counts[r][x];
                if (pooledExpected >= 5 || x == k) {
                    chi += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected)
                        / Math.max(pooledExpected, 1e-9);
                    df++;
                    pooledExpected = 0;
                    pooledObserved = 0;
                }
            }
            if (df < 1) {
                continue;
            }
            double pValue = Stats.chiSquareSurvival(chi, df);
            // Bonferroni over at most 15 ranks at an overall 0.001 level
            assertTrue(pValue > 0.001 / 15, "rank " + r + " in seat " + seatA + ": chi2 " + chi + " df " + df
                + " p " + pValue + " (seat " + seatB + " gets the rest)");
            ranksTested++;
        }
        assertTrue(ranksTested >= 8, "too few ranks tested: " + ranksTested);
    }

    @Test
    void soloPassPriorDiscountsLooseHigherSingles() {
        // landlord leads 3, landlord_down passes, landlord_up passes with 17 cards: the viewer is the landlord
        MoveTable t = RULES.table();
        long[] kitty = new long[1];
        SplittableRandom random = new SplittableRandom(11);
        long[] hands = RandomGames.deal(random, kitty);
        int three = t.parseMove("3");
        if (!Cards.contains(hands[0], t.cards(three))) {
            // make sure the landlord holds a 3: swap a 3 in from another seat
            int s = Cards.count(hands[1], 0) > 0 ? 1 : 2;
            long card = Cards.of(0, 1);
            long out = Cards.of(Cards.lowestRank(hands[0] & ~0xFL), 1);
            hands[s] = hands[s] - card + out;
            hands[0] = hands[0] - out + card;
        }
        long landlordNow = hands[0] - t.cards(three);
        InformationSet info = InformationSet.of(RULES, 0, landlordNow, 0, 1, new int[] {three, 0, 0});
        Prior.Likelihood lik = new SoloPassPrior(0.5).bind(info);
        long[] world = {landlordNow, Notation.parseCards("44456"), Notation.parseCards("7789TT")};
        // seat 1 holds loose 5 and 6 above 3 (4 is a trio): 0.5^2; seat 2 holds loose 8, 9: 0.5^2
        assertEquals(0.0625, lik.weight(world), 1e-12);
        assertEquals(1.0, Prior.UNIFORM.bind(info).weight(world));
    }
}
