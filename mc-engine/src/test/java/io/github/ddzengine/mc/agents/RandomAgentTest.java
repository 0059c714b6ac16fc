package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;
import org.junit.jupiter.api.Test;

class RandomAgentTest {
    private static final Rules RULES = Rules.STANDARD;

    @Test
    void drawsEveryLegalAnswerUniformlyPassIncluded() {
        // down answers the landlord's 3 with 4 5 6 7 8 9 X D, the bombs 6666 7777 8888, XD, or a pass
        long down = Notation.parseCards("45XD6666777788889");
        long rest = Cards.remove(Cards.DECK, down);
        long landlord = Notation.parseCards("3");
        long others = Cards.remove(rest, landlord);
        // fill the landlord to 20 and up to 17 from the rest, lowest first for the landlord
        long fill = 0;
        for (int r = 0; r < 15 && Cards.size(fill) < 19; r++) {
            int take = Math.min(19 - Cards.size(fill), Cards.count(others, r));
            fill += Cards.of(r, take);
        }
        GameState g = new GameState(RULES);
        g.start(landlord + fill, down, Cards.remove(others, fill));
        g.play(RULES.table().parseMove("3"));
        RandomAgent a = new RandomAgent(RULES, 0);
        Map<String, Integer> hits = new HashMap<>();
        a.startGame(99);
        int n = 12_000;
        for (int i = 0; i < n; i++) {
            int m = a.play(InformationSet.view(g, 0, 1));
            assertTrue(g.isLegal(m));
            hits.merge(RULES.table().format(m), 1, Integer::sum);
        }
        assertEquals(13, hits.size(), hits.toString());
        for (int c : hits.values()) {
            assertTrue(Math.abs(c - n / 13) < 170, hits.toString()); // about 6 standard deviations
        }
    }

    @Test
    void sameSeedSameGame() {
        Deal d = Deal.random(3);
        assertEquals(playOut(d, 5), playOut(d, 5));
    }

    private static String playOut(Deal d, long seed) {
        GameState g = new GameState(RULES);
        g.start(d.hand(0) + d.kitty(), d.hand(1), d.hand(2));
        RandomAgent a = new RandomAgent(RULES, 0);
        a.startGame(seed);
        StringBuilder sb = new StringBuilder();
        while (!g.isOver()) {
            int m = a.play(InformationSet.view(g, d.kitty(), 1));
            g.play(m);
            sb.append(m).append(' ');
        }
        return sb.toString();
    }

    @Test
    void bidsAreLegalAndCoverEveryChoice() {
        RandomAgent a = new RandomAgent(RULES, 4);
        long hand = Deal.random(1).hand(0);
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 400; i++) {
            int b = a.bid(BidRequest.of(RULES, hand, new int[] {1}));
            assertTrue(b == 0 || b == 2 || b == 3, "bid " + b);
            seen[b] = true;
        }
        assertTrue(seen[0] && seen[2] && seen[3]);
    }
}
