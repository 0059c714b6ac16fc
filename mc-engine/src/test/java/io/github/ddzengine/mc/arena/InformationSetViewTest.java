package io.github.ddzengine.mc.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.RandomAgent;
import org.junit.jupiter.api.Test;

/** The game loop's cheap view of a seat's information agrees with the validated constructor. */
class InformationSetViewTest {
    private static void assertSame(InformationSet want, InformationSet got, String where) {
        assertEquals(want.seat(), got.seat(), where);
        assertEquals(want.hand(), got.hand(), where);
        assertEquals(want.kitty(), got.kitty(), where);
        assertEquals(want.bid(), got.bid(), where);
        assertEquals(want.historyLength(), got.historyLength(), where);
        for (int i = 0; i < want.historyLength(); i++) {
            assertEquals(want.historyMove(i), got.historyMove(i), where);
        }
        for (int s = 0; s < 3; s++) {
            assertEquals(want.played(s), got.played(s), where);
            assertEquals(want.cardsLeft(s), got.cardsLeft(s), where);
        }
        assertEquals(want.lastMove(), got.lastMove(), where);
        assertEquals(want.lastSeat(), got.lastSeat(), where);
        assertEquals(want.leads(), got.leads(), where);
        assertEquals(want.unseen(), got.unseen(), where);
        assertEquals(want.unplayedKitty(), got.unplayedKitty(), where);
    }

    @Test
    void viewMatchesTheValidatedInformationSetAndStaysUnchanged() {
        Rules rules = Rules.STANDARD;
        RandomAgent agent = new RandomAgent(rules, 0);
        for (long seed = 0; seed < 30; seed++) {
            Deal d = Deal.random(seed);
            GameState g = new GameState(rules);
            g.start(d.hand(0) + d.kitty(), d.hand(1), d.hand(2));
            agent.startGame(seed);
            List<InformationSet> views = new ArrayList<>();
            List<InformationSet> copies = new ArrayList<>();
            while (!g.isOver()) {
                InformationSet view = InformationSet.view(g, d.kitty(), 2);
                InformationSet copy = InformationSet.of(rules, g.toAct(), g.hand(g.toAct()), d.kitty(), 2, g.history());
                assertSame(copy, view, "seed " + seed + ", play " + g.historyLength());
                views.add(view);
                copies.add(copy);
                g.play(agent.play(view));
            }
            for (int i = 0; i < views.size(); i++) {
                assertSame(copies.get(i), views.get(i), "after the game, seed " + seed + ", view " + i);
            }
            assertThrows(IllegalStateException.class, () -> InformationSet.view(g, d.kitty(), 2));
            // a new game does not touch the views of the old one
            g.start(d.hand(1) + d.kitty(), d.hand(0), d.hand(2));
            g.play(agent.play(InformationSet.view(g, d.kitty(), 2)));
            assertSame(copies.get(0), views.get(0), "after a new game, seed " + seed);
        }
    }
}
