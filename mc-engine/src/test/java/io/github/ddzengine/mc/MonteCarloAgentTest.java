package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import org.junit.jupiter.api.Test;

class MonteCarloAgentTest {
    private static final Rules RULES = Rules.STANDARD;

    private static MonteCarloAgent fixed(int threads, int worlds) {
        return new MonteCarloAgent(McSettings.defaults().withThreads(threads).withWorlds(worlds));
    }

    @Test
    void decisionsAreAlwaysLegal() {
        MonteCarloAgent agent = fixed(1, 6);
        MoveGenerator gen = new MoveGenerator(RULES);
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom random = new SplittableRandom(77);
        for (int trial = 0; trial < 120; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(70));
            InformationSet info = g.info(RULES, random.nextBoolean(), 1 + random.nextInt(3));
            Decision d = agent.decide(info, trial);
            int n = gen.answers(info.hand(), info.lastMove(), legal);
            int move = d.move();
            assertTrue(Arrays.stream(legal, 0, n).anyMatch(m -> m == move),
                "trial " + trial + ": " + RULES.table().format(move) + " is not legal for " + Notation.format(info.hand()));
            assertFalse(info.leads() && move == MoveTable.PASS, "trial " + trial + ": pass on a lead");
            assertEquals(6, d.worlds(), "trial " + trial);
            assertFalse(d.budgetCut());
            for (int c = 0; c < d.candidates(); c++) {
                int cand = d.candidate(c);
                assertTrue(Arrays.stream(legal, 0, n).anyMatch(m -> m == cand), "trial " + trial + " candidate " + c);
                assertTrue(d.wins(c) >= 0 && d.wins(c) <= d.worlds());
            }
        }
    }

    @Test
    void aHandThatIsOneCombinationIsPlayedAtOnce() {
        // the landlord's 20 cards are one plane with five single wings: leading it wins now
        long hand = Notation.parseCards("333444555666777 89TJQ");
        InformationSet info = InformationSet.of(RULES, 0, hand, 0L, 1, new int[0]);
        try (MonteCarloAgent agent = new MonteCarloAgent()) {
            int move = agent.play(info);
            assertEquals(hand, RULES.table().cards(move), RULES.table().format(move));
            // Botzone: four consecutive fours with four single wings are one shuttle; the rollouts
            // alone preferred keeping bombs (a four_two_solo first)
            Rules botzone = Rules.of(io.github.ddzengine.core.rules.Preset.BOTZONE);
            long shuttle = Notation.parseCards("3333444455556666 789T");
            int m = agent.play(InformationSet.of(botzone, 0, shuttle, 0L, 1, new int[0]));
            assertEquals(shuttle, botzone.table().cards(m), botzone.table().format(m));
        }
    }

    @Test
    void fixedWorldsGiveTheSameResultOnOneAndTwoThreads() {
        MonteCarloAgent one = fixed(1, 20);
        MonteCarloAgent two = fixed(2, 20);
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 25; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, random, 3 + random.nextInt(50));
            InformationSet info = g.info(RULES, true, 2);
            Decision a = one.decide(info, 1000 + trial);
            Decision b = two.decide(info, 1000 + trial);
            assertEquals(a.move(), b.move(), "trial " + trial);
            assertEquals(a.worlds(), b.worlds());
            assertEquals(a.rollouts(), b.rollouts());
            assertEquals(a.candidates(), b.candidates());
            for (int c = 0; c < a.candidates(); c++) {
                assertEquals(a.candidate(c), b.candidate(c), "trial " + trial);
                assertEquals(a.wins(c), b.wins(c), "trial " + trial);
                assertEquals(a.meanScore(c), b.meanScore(c), "trial " + trial);
            }
            // and again on the same agent: nothing carried over between decisions
            Decision again = two.decide(info, 1000 + trial);
            assertEquals(a.move(), again.move());
            assertEquals(a.wins(0), again.wins(0));
        }
    }

    /**
     * The landlord holds nothing but its known kitty cards, so landlord_down sees every hand:
     * each world is the true deal, and the agent's per-candidate verdicts are the solver's.
     */
    @Test
    void aDeterminedLateGameGivesTheSolversExactAnswer() {
        MoveTable t = RULES.table();
        String[] plays = {"333444555", "p", "p", "6789TJQK", "789TJQKA", "p", "p", "66", "99", "p", "p",
            "TTJJQQ", "p", "p", "8", "p"};
        int[] history = new int[plays.length];
        long played = 0;
        for (int i = 0; i < plays.length; i++) {
            history[i] = t.parseMove(plays[i]);
            played += t.cards(history[i]);
        }
        long kitty = Notation.parseCards("2XD");
        long down = Notation.parseCards("577AA22");
        InformationSet info = InformationSet.of(RULES, 1, down, kitty, 3, history);
        long up = Cards.DECK - played - kitty - down;
        assertEquals(info.cardsLeft(2), Cards.size(up));
        assertTrue(new WorldSampler(info, Prior.UNIFORM).isDetermined());

        long[] truth = {kitty, down, up};
        SolveResult exact = new Solver(RULES, 4).solve(Position.of(RULES, truth, 1, info.lastMove(), info.lastSeat()),
            true, 0, 0);
        assertTrue(exact.isKnown());
        int[] winning = exact.winningMoves();
        Decision d = fixed(2, 8).decide(info, 3);
        assertEquals(8, d.solvedWorlds(), "every world goes to the solver");
        for (int c = 0; c < d.candidates(); c++) {
            int m = d.candidate(c);
            boolean wins = Arrays.stream(winning).anyMatch(x -> x == m);
            assertEquals(wins ? 1.0 : 0.0, d.winRate(c), t.format(m));
        }
        if (winning.length > 0) {
            int move = d.move();
            assertTrue(Arrays.stream(winning).anyMatch(x -> x == move), "chose " + t.format(move) + ", winning "
                + Arrays.toString(Arrays.stream(winning).mapToObj(t::format).toArray()));
        }
        // the same verdicts with the clock on (a determined set needs one world)
        Decision timed = new MonteCarloAgent(McSettings.defaults().withBudget(200)).decide(info, 4);
        assertEquals(d.move(), timed.move());
        assertEquals(1, timed.worlds());
    }

    @Test
    void aTimedDecisionStopsAndReportsItsWorlds() {
        RandomGames.Game g = RandomGames.play(RULES, new SplittableRandom(8), 4);
        InformationSet info = g.info(RULES, true, 1);
        MonteCarloAgent agent = new MonteCarloAgent(McSettings.defaults().withBudget(20).withThreads(2));
        // a cold agent on a loaded 2-core machine could finish no world in 16 ms: warm its tables and the JIT first
        agent.warmUp(info, 150);
        Decision d = agent.decide(info, 1);
        agent.close();
        assertTrue(d.worlds() > 0);
        assertTrue(d.budgetCut(), "a 20 ms budget cannot exhaust 16 million worlds");
    }

    @Test
    void candidatesAreCappedAndKeepThePass() {
        MonteCarloAgent agent = fixed(1, 1);
        SplittableRandom random = new SplittableRandom(9);
        for (int trial = 0; trial < 200; trial++) {
            RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(40));
            InformationSet info = g.info(RULES, false, 0);
            int[] c = agent.candidates(info);
            assertTrue(c.length >= 1 && c.length <= agent.settings().maxCandidates());
            assertEquals(!info.leads(), Arrays.stream(c).anyMatch(m -> m == MoveTable.PASS), "trial " + trial);
            assertEquals(c.length, Arrays.stream(c).distinct().count());
        }
    }
}
