package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.OpenHandAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;
import org.junit.jupiter.api.Test;

/** The oracle: the arena shows it the true hands, and its one world is the true deal. */
class OracleAgentTest {
    private static final Rules RULES = Rules.STANDARD;

    /** An open-hand agent that checks, at every decision, that the hands it was shown are the game's. */
    private static final class Spy implements OpenHandAgent {
        private final RuleAgent play = new RuleAgent(RULES, 0);
        private long[] hands;
        int decisions;

        @Override
        public void seeHands(long landlord, long down, long up) {
            hands = new long[] {landlord, down, up};
        }

        @Override
        public String name() {
            return "spy";
        }

        @Override
        public int bid(BidRequest request) {
            return 0;
        }

        @Override
        public int play(InformationSet info) {
            assertTrue(hands != null, "shown the hands before each decision");
            assertEquals(info.hand(), hands[info.seat()]);
            for (int s = 0; s < 3; s++) {
                assertEquals(info.cardsLeft(s), Cards.size(hands[s]), "seat " + s);
            }
            assertEquals(Cards.add(info.unseen(), info.seat() == 0 ? 0 : info.unplayedKitty()),
                Cards.add(hands[(info.seat() + 1) % 3], hands[(info.seat() + 2) % 3]));
            hands = null;
            decisions++;
            return play.play(info);
        }

        @Override
        public Agent copy() {
            return new Spy();
        }
    }

    @Test
    void theArenaShowsTheTrueHandsBeforeEveryDecisionOfAnOpenHandAgent() {
        Spy spy = new Spy();
        MatchStats s = new Match(RULES, spy, new RuleAgent(RULES, 0), false).run(20, 3, 1, null);
        assertEquals(40, s.games());
    }

    @Test
    void withoutTheHandsTheOracleRefusesToPlay() {
        try (OracleAgent oracle = new OracleAgent(McSettings.defaults().withWorlds(2))) {
            RandomGames.Game g = RandomGames.play(RULES, new SplittableRandom(1), 10);
            InformationSet info = g.info(RULES, true, 1);
            assertThrows(IllegalStateException.class, () -> oracle.play(info));
            oracle.seeHands(g.hands()[0], g.hands()[1], g.hands()[2]);
            oracle.play(info);
            assertThrows(IllegalStateException.class, () -> oracle.play(info), "the hands count for one decision");
            long[] wrong = g.hands().clone();
            long t = wrong[(info.seat() + 1) % 3];
            wrong[(info.seat() + 1) % 3] = wrong[(info.seat() + 2) % 3];
            wrong[(info.seat() + 2) % 3] = t;
            if (Cards.size(wrong[(info.seat() + 1) % 3]) != Cards.size(t)) {
                oracle.seeHands(wrong[0], wrong[1], wrong[2]);
                assertThrows(IllegalStateException.class, () -> oracle.play(info), "hands that do not fit");
            }
        }
    }

    @Test
    void itsOneWorldIsTheTrueDealSolvedWhenSmall() {
        SplittableRandom random = new SplittableRandom(8);
        Solver solver = new Solver(RULES, 4);
        int checked = 0;
        try (OracleAgent oracle = new OracleAgent(McSettings.defaults().withWorlds(10))) {
            for (int trial = 0; trial < 400 && checked < 25; trial++) {
                RandomGames.Game g = RandomGames.play(RULES, random, 60 + random.nextInt(40));
                long[] h = g.hands();
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                if (total > 16) {
                    continue;
                }
                InformationSet info = g.info(RULES, true, 1);
                oracle.seeHands(h[0], h[1], h[2]);
                Decision d = oracle.decide(info, trial);
                assertEquals(10, d.worlds(), "fixed-worlds mode counts the true deal as every world");
                assertEquals(10, d.solvedWorlds(), "trial " + trial + ": the solver settles it");
                SolveResult r = solver.solve(Position.of(RULES, h, info.seat(), info.lastMove(), info.lastSeat()), true,
                    0, 0);
                int[] winning = r.winningMoves();
                boolean someCandidateWins = false;
                for (int c = 0; c < d.candidates(); c++) {
                    int m = d.candidate(c);
                    someCandidateWins |= Arrays.stream(winning).anyMatch(x -> x == m);
                }
                if (someCandidateWins) {
                    assertTrue(Arrays.stream(winning).anyMatch(x -> x == d.move()), "trial " + trial + ": a winning move");
                    assertEquals(10, d.wins(0));
                }
                checked++;
            }
        }
        assertTrue(checked >= 10, "checked " + checked);
    }
}
