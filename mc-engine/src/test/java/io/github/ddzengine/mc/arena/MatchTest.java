package io.github.ddzengine.mc.arena;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.agents.RandomAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import org.junit.jupiter.api.Test;

class MatchTest {
    private static final Rules RULES = Rules.STANDARD;

    private static List<GameRecord> games(Match m, int deals, long seed, int threads, MatchStats[] stats) {
        List<GameRecord> out = new ArrayList<>();
        List<Boolean> sides = new ArrayList<>();
        stats[0] = m.run(deals, seed, threads, (g, aIsLandlord) -> {
            out.add(g);
            sides.add(aIsLandlord);
        });
        for (int i = 0; i < sides.size(); i++) {
            assertEquals(i % 2 == 0, sides.get(i), "game order");
            assertEquals(i + 1, out.get(i).game());
            assertEquals(i / 2 + 1, out.get(i).dealNumber());
        }
        return out;
    }

    @Test
    void sameSeedSameGamesOnAnyNumberOfThreads() {
        for (boolean bidding : new boolean[] {false, true}) {
            Match m = new Match(RULES, new RuleAgent(RULES, 0), new RandomAgent(RULES, 0), bidding);
            MatchStats[] s1 = new MatchStats[1];
            MatchStats[] s2 = new MatchStats[1];
            MatchStats[] s3 = new MatchStats[1];
            List<GameRecord> one = games(m, 150, 7, 1, s1);
            List<GameRecord> two = games(m, 150, 7, 2, s2);
            List<GameRecord> three = games(m, 150, 7, 3, s3);
            assertEquals(300, one.size());
            for (int i = 0; i < one.size(); i++) {
                assertTrue(one.get(i).sameGame(two.get(i)), "game " + (i + 1) + " differs on 2 threads");
                assertTrue(one.get(i).sameGame(three.get(i)), "game " + (i + 1) + " differs on 3 threads");
                assertEquals(bidding, one.get(i).bids().length > 0);
            }
            assertEquals(s1[0].wp(), s2[0].wp());
            assertEquals(s1[0].adp(), s3[0].adp());
            assertArrayEquals(s1[0].wpCi(), s2[0].wpCi());
            assertEquals(s1[0].landlordWp(), s3[0].landlordWp());
            // a different seed gives other deals
            List<GameRecord> other = games(m, 10, 8, 2, s2);
            assertTrue(!other.get(0).deal().equals(one.get(0).deal()));
        }
    }

    @Test
    void eachDealIsPlayedTwiceWithTheSidesSwapped() {
        Match m = new Match(RULES, new RuleAgent(RULES, 0), new RandomAgent(RULES, 0), false);
        List<GameRecord> g = games(m, 20, 3, 2, new MatchStats[1]);
        for (int d = 0; d < 20; d++) {
            GameRecord first = g.get(2 * d);
            GameRecord second = g.get(2 * d + 1);
            assertEquals(first.deal(), second.deal());
            assertEquals(Match.generatedDeal(3, d), first.deal());
            assertEquals("rule", first.agent(0));
            assertEquals("random", first.agent(1));
            assertEquals("random", second.agent(0));
            assertEquals("rule", second.agent(2));
            // every stored game replays to the same result
            GameRecord again = GameRecord.replay(first.game(), first.dealNumber(), RULES, first.deal(), first.bids(),
                new String[] {"a", "b", "c"}, first.plays());
            assertTrue(again.sameGame(first));
        }
    }

    @Test
    void playsGivenDealsInOrder() {
        List<Deal> deals = List.of(Deal.random(1), Deal.random(2), Deal.random(3));
        Match m = new Match(RULES, new RuleAgent(RULES, 0), new RuleAgent(RULES, 0), false);
        List<GameRecord> g = new ArrayList<>();
        MatchStats s = m.run(deals, 5, 2, (r, side) -> g.add(r));
        assertEquals(3, s.deals());
        assertEquals(6, s.games());
        for (int i = 0; i < 6; i++) {
            assertEquals(deals.get(i / 2), g.get(i).deal());
        }
    }

    /** Plays like the rule agent, except a move id past the table at {@code badSeat}, or throws when asked. */
    private static final class Broken implements Agent {
        private final RuleAgent rule = new RuleAgent(RULES, 0);
        private final int badSeat;
        private final boolean throwing;

        Broken(int badSeat, boolean throwing) {
            this.badSeat = badSeat;
            this.throwing = throwing;
        }

        @Override
        public String name() {
            return "broken";
        }

        @Override
        public int bid(BidRequest request) {
            return 4;
        }

        @Override
        public int play(InformationSet info) {
            if (info.seat() == badSeat) {
                if (throwing) {
                    throw new IllegalStateException("out of ideas");
                }
                return RULES.table().size();
            }
            return rule.play(info);
        }

        @Override
        public Agent copy() {
            return new Broken(badSeat, throwing);
        }
    }

    @Test
    void illegalMoveStopsTheMatchNamingGameSeatAndAgent() {
        Match m = new Match(RULES, new Broken(0, false), new RuleAgent(RULES, 0), false);
        ArenaException e = assertThrows(ArenaException.class, () -> m.run(3, 1, 2, null));
        assertEquals("game 1 (deal 1, broken as landlord): agent broken at seat 0 (landlord) returned an illegal move: "
            + "seat 0 (landlord) cannot play move id " + RULES.table().size() + ": no move id " + RULES.table().size()
            + " in the standard table", e.getMessage());
        // as a farmer (landlord_up) in the second game of the first deal
        Match m2 = new Match(RULES, new Broken(2, false), new RuleAgent(RULES, 0), false);
        e = assertThrows(ArenaException.class, () -> m2.run(3, 1, 1, null));
        assertTrue(e.getMessage().startsWith("game 2 (deal 1, rule as landlord): agent broken at seat 2 (landlord_up) "
            + "returned an illegal move: seat 2 (landlord_up) cannot play move id"), e.getMessage());
        Match m3 = new Match(RULES, new Broken(1, true), new RuleAgent(RULES, 0), false);
        e = assertThrows(ArenaException.class, () -> m3.run(3, 1, 2, null));
        assertTrue(e.getMessage().startsWith("game 2 (deal 1, rule as landlord): seat 1 (landlord_down, agent broken) "
            + "failed: java.lang.IllegalStateException: out of ideas"), e.getMessage());
        Match m4 = new Match(RULES, new Broken(9, false), new RuleAgent(RULES, 0), true);
        e = assertThrows(ArenaException.class, () -> m4.run(3, 1, 2, null));
        assertTrue(e.getMessage().startsWith("game 1 (deal 1, broken as landlord): bidding position 0 (agent broken): "
            + "position 0 bid 4"), e.getMessage());
    }

    /**
     * Loose statistical sanity over 4,000 fast games: the rule agent beats random by far, and
     * playing itself the landlord wins a bit under half the games ({@code agents.md}: about 0.46).
     */
    @Test
    void baselinesBehaveAsExpected() {
        MatchStats vsRandom = new Match(RULES, new RuleAgent(RULES, 0), new RandomAgent(RULES, 0), false)
            .run(500, 11, 2, null);
        assertTrue(vsRandom.wp() > 0.85, "rule vs random WP " + vsRandom.wp());
        assertTrue(vsRandom.adp() > 1, "rule vs random ADP " + vsRandom.adp());
        MatchStats self = new Match(RULES, new RuleAgent(RULES, 0), new RuleAgent(RULES, 0), false)
            .run(2000, 12, 2, null);
        System.out.printf("rule vs rule, 4,000 games: landlord_wp %.4f, rule vs random WP %.4f%n", self.landlordWp(),
            vsRandom.wp());
        assertTrue(self.landlordWp() > 0.42 && self.landlordWp() < 0.53, "landlord_wp " + self.landlordWp());
        assertTrue(Math.abs(self.wp() - 0.5) < 0.03, "rule vs itself WP " + self.wp());
        assertTrue(self.wpCi()[0] < 0.5 && self.wpCi()[1] > 0.5, "CI " + self.wpCi()[0] + " " + self.wpCi()[1]);
    }
}
