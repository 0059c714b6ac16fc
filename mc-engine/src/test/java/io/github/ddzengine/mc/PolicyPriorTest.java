package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

class PolicyPriorTest {
    private static final Rules RULES = Rules.STANDARD;

    /** The landlord's 20 cards (the world hands of the tests hold none of them). */
    private static final long LANDLORD = Notation.parseCards("3334JJJQQQKKKAAA222T");

    @Test
    void eachEventDiscountsTheCardsThePolicyWouldHavePlayed() {
        MoveTable t = RULES.table();
        int three = t.parseMove("3");
        long landlordNow = LANDLORD - t.cards(three);
        // the landlord leads 3, landlord_down answers 9, landlord_up passes on its partner's 9
        InformationSet info = InformationSet.of(RULES, 0, landlordNow, 0, 1, new int[] {three, t.parseMove("9"), 0});
        PolicyPrior follow = new PolicyPrior(1, 1, 1, 0.5, 1, 8);
        // landlord_down held 445679 when it answered: loose 5, 6, 7 skipped (4 is a pair): 0.5^3
        long[] world = {landlordNow, Notation.parseCards("44567"), Notation.parseCards("88TTJ")};
        assertEquals(0.125, follow.bind(info).weight(world), 1e-12);
        // a pass on the partner's card says nothing; the landlord's own lead neither
        assertEquals(1.0, new PolicyPrior(0.1, 0.1, 0.1, 1, 0.1, 8).bind(info).weight(world), 1e-12);
        assertEquals(8, follow.bind(info).resample());

        // the landlord leads 3, both farmers pass: loose singles 4..A and the 2s and jokers held
        InformationSet passes = InformationSet.of(RULES, 0, landlordNow, 0, 1, new int[] {three, 0, 0});
        PolicyPrior pass = new PolicyPrior(0.5, 0.25, 1, 1, 1, 8);
        long[] w2 = {landlordNow, Notation.parseCards("44456"), Notation.parseCards("7789TT2X")};
        // seat 1: loose 5, 6 (0.5^2); seat 2: loose 8, 9 (0.5^2) and a 2 and a joker (0.25^2)
        assertEquals(0.0625 * 0.0625, pass.bind(passes).weight(w2), 1e-12);
    }

    @Test
    void aRankCountsOncePerSeatAndKindOfEvent() {
        MoveTable t = RULES.table();
        int three = t.parseMove("3");
        int four = t.parseMove("4");
        long now = LANDLORD - t.cards(three) - t.cards(four);
        // landlord leads 3, both pass; leads 4, both pass: two passes each on low solos
        InformationSet info = InformationSet.of(RULES, 0, now, 0, 1, new int[] {three, 0, 0, four, 0, 0});
        long[] world = {now, Notation.parseCards("55567"), Notation.parseCards("889TT")};
        // seat 1 held loose 6, 7 at both passes: counted once, 0.5^2; seat 2 loose 9: 0.5
        assertEquals(0.125, new PolicyPrior(0.5, 1, 1, 1, 1, 8).bind(info).weight(world), 1e-12);
    }

    @Test
    void resampledWorldsAreConsistentAndFavourLikelyDeals() {
        SplittableRandom random = new SplittableRandom(20261202L);
        Rng rng = new Rng(0);
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] hands = new long[3];
        Prior prior = new PolicyPrior();
        for (int trial = 0; trial < 1000; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(60));
            InformationSet info = g.info(RULES, random.nextBoolean(), 1);
            long played = Cards.add(Cards.add(info.played(0), info.played(1)), info.played(2));
            WorldSampler sampler = new WorldSampler(info, prior);
            for (int w = 0; w < 3; w++) {
                int tried = sampler.deal(rng, WorldSampler.worldSeed(trial, w), scratch, hands);
                assertTrue(tried >= 1 && tried <= WorldSampler.MAX_ATTEMPTS);
                long all = played;
                for (int s = 0; s < 3; s++) {
                    assertEquals(info.cardsLeft(s), Cards.size(hands[s]));
                    all = Cards.add(all, hands[s]);
                }
                assertEquals(Cards.DECK, all, "trial " + trial);
                assertTrue(Cards.contains(hands[0], info.unplayedKitty()));
            }
        }
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PolicyPrior(-0.1, 1, 1, 1, 1, 8));
        assertThrows(IllegalArgumentException.class, () -> new PolicyPrior(1, 1, 1, PolicyPrior.MAX_FACTOR + 1, 1, 8));
        assertThrows(IllegalArgumentException.class, () -> new PolicyPrior(1, 1, 1, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PolicyPrior(1, 1, 1, 1, 1, WorldSampler.MAX_ATTEMPTS + 1));
    }
}
