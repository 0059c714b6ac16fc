package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import org.junit.jupiter.api.Test;

/** Cases of the greedy heuristic, worked out by hand. */
class GreedyAgentTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable TABLE = RULES.table();
    private static final GreedyAgent AGENT = new GreedyAgent(RULES);

    private static String lead(String hand) {
        return TABLE.format(AGENT.choose(Notation.parseCards(hand), 0, MoveTable.PASS, -1, 17));
    }

    private static String follow(String hand, int seat, String last, int lastSeat, int opponentCards) {
        return TABLE.format(AGENT.choose(Notation.parseCards(hand), seat, TABLE.parseMove(last), lastSeat, opponentCards));
    }

    @Test
    void leadsTheMoveThatLeavesTheFewestPlays() {
        assertEquals("34567", lead("345679")); // leaves 9: one play
        assertEquals("333444", lead("3334447")); // 333444+7 empties; 3334447 is the whole hand
        assertEquals("3", lead("3K")); // both leave one play: the lower rank
        assertEquals("8888", lead("8888")); // out at once, bomb or not
        assertEquals("3", lead("38888")); // the bomb is kept: 3 leaves one play (8888), as 8 (3888) and 8883 (8) would, at a lower rank
    }

    @Test
    void keepsBombsUnlessAnOpponentIsAboutToWin() {
        // 35555 needs two plays; the bomb would leave one, but it is kept
        assertEquals("pass", follow("35555", 1, "K", 0, 10));
        assertEquals("5555", follow("35555", 1, "K", 0, 3));
        assertEquals("pass", follow("3XD", 0, "K", 2, 10));
        assertEquals("XD", follow("3XD", 0, "K", 2, 2));
    }

    @Test
    void neverBeatsThePartnersPlayExceptToGoOut() {
        assertEquals("pass", follow("3QQ", 2, "TT", 1, 10));
        assertEquals("QQ", follow("3QQ", 2, "TT", 0, 10)); // the landlord's TT: QQ leaves one play
        assertEquals("QQ", follow("QQ", 2, "TT", 1, 10)); // out at once
        assertEquals("pass", follow("3QQ", 1, "TT", 2, 1)); // even with the landlord about to win
    }

    @Test
    void answersOnlyWithAMoveOfAnOptimalSplit() {
        assertEquals("K", follow("345678K", 1, "9", 0, 10));
        assertEquals("pass", follow("3456789", 1, "5", 0, 10)); // any answer breaks the straight
        // unless the landlord is about to win: then the best answer, 9, which keeps 345678
        assertEquals("9", follow("3456789", 1, "5", 0, 2));
    }

    @Test
    void playsLegalMovesThroughWholeGames() {
        for (long seed = 0; seed < 20; seed++) {
            Deal d = Deal.random(seed);
            GameState g = new GameState(RULES);
            g.start(d.hand(0) + d.kitty(), d.hand(1), d.hand(2));
            while (!g.isOver()) {
                int m = AGENT.play(InformationSet.view(g, d.kitty(), 1));
                assertTrue(g.isLegal(m), "seed " + seed + ": " + TABLE.format(m));
                g.play(m);
            }
        }
    }
}
