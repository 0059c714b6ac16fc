package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.agents.RuleAgent;
import org.junit.jupiter.api.Test;

/**
 * The decision-level sure win ({@link McSettings#surePlays()}, {@link Playout#sureMoves}): the issue's
 * endgame shapes by hand, and on positions of {@code rule} self-play every move it keeps checked
 * against the exact open-hand solver on the true deal (a sure win must be a solved win), and the
 * agent's move one of them.
 */
class SureMoveTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable TABLE = RULES.table();

    private static String sure(String hand, String toBeat, String pool, int maxCards, int plays) {
        Playout p = new Playout(RULES, MinHands.of(RULES), 0);
        long h = Notation.parseCards(hand);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = new MoveGenerator(RULES).answers(h, toBeat == null ? MoveTable.PASS : TABLE.parseMove(toBeat), buf);
        int[] out = new int[n];
        int k = p.sureMoves(h, buf, n, Notation.parseCards(pool), maxCards, plays, out);
        return k == 0 ? "pass" : TABLE.format(out[0]);
    }

    @Test
    void theIssuesLandlordTakesTheTrickWithItsJoker() {
        // the landlord holds A and the big joker against a farmer's A: D then A goes out
        assertEquals("D", sure("AD", "A", "3456789TJQK2X", 8, 1));
        // a bomb in the pool beats D: not sure while a seat may hold four cards, sure when none can
        assertEquals("pass", sure("AD", "A", "3333456789TJQK2X", 8, 1));
        assertEquals("D", sure("AD", "A", "3333456789TJQK2X", 3, 1));
    }

    @Test
    void theRestGoesOutThroughUnbeatableLeads() {
        // after D the rest AKK is two plays: KK nobody beats (one 2, no AA), then A goes out
        assertEquals("D", sure("AKKD", "Q", "3456789TJQ2X", 8, 2));
        assertEquals("pass", sure("AKKD", "Q", "3456789TJQ2X", 8, 1), "two plays left, one allowed");
        // with 22 in the pool KK can be beaten, and A by a 2: no sure line
        assertEquals("pass", sure("AKKD", "Q", "3456789TJQ22X", 8, 4));
        // a lead: D or KK first, the other next, then A
        String lead = sure("AKKD", null, "3456789TJQ2X", 8, 2);
        assertTrue(lead.equals("D") || lead.equals("KK"), lead);
    }

    @Test
    void aRocketNeedsTwoCardsInOneHand() {
        assertEquals("pass", sure("22K", "AA", "XD3", 2, 1));
        assertEquals("22", sure("22K", "AA", "XD3", 1, 1));
    }

    @Test
    void theSettingIsBounded() {
        assertEquals(0, McSettings.defaults().surePlays());
        assertEquals(3, McSettings.builder().surePlays(3).build().surePlays());
        assertEquals(3, McSettings.builder().surePlays(3).rolloutFeatures(1023).halvingRounds(2).build().surePlays());
        assertThrows(IllegalArgumentException.class,
            () -> McSettings.builder().surePlays(McSettings.MAX_SURE_PLAYS + 1).build());
        assertThrows(IllegalArgumentException.class, () -> McSettings.builder().surePlays(-1).build());
    }

    /**
     * Every sure move taken on positions of up to 30 cards of {@code rule} self-play wins open-hand
     * (the solver on the true deal), for every seat; and the lever does fire.
     */
    @Test
    void everySureMoveIsASolvedWin() {
        MonteCarloAgent agent = new MonteCarloAgent(McSettings.builder().worlds(4)
            .surePlays(McSettings.MAX_SURE_PLAYS).build());
        Solver solver = new Solver(RULES, 4);
        MoveGenerator gen = new MoveGenerator(RULES);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[] h = new long[3];
        int fired = 0;
        int[] firedBySeat = new int[3];
        GameState g = new GameState(RULES);
        for (int d = 0; d < 120; d++) {
            Deal deal = Deal.random(SplitMix64.derive(77, d));
            g.start(deal);
            RuleAgent[] agents = {new RuleAgent(RULES, d), new RuleAgent(RULES, d + 1), new RuleAgent(RULES, d + 2)};
            agent.startGame(d);
            while (!g.isOver()) {
                int seat = g.toAct();
                for (int s = 0; s < 3; s++) {
                    h[s] = g.hand(s);
                }
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                if (total <= 30) {
                    int[] sure = agent.sureMoves(info, McSettings.MAX_SURE_PLAYS);
                    if (sure.length > 0) {
                        int n = gen.answers(h[seat], g.lastMove(), moves);
                        Position p = Position.of(RULES, h, seat, g.lastMove(), g.lastSeat());
                        assertTrue(solver.solveMoves(p, moves, n, wins, 0, 5_000_000), "solved, deal " + d);
                        for (int m : sure) {
                            boolean won = false;
                            for (int i = 0; i < n; i++) {
                                won |= moves[i] == m && wins[i];
                            }
                            assertTrue(won, "deal " + d + ": sure move " + TABLE.format(m) + " of "
                                + Cards.size(h[seat]) + " cards loses open-hand");
                        }
                        int played = agent.play(info);
                        assertTrue(java.util.Arrays.stream(sure).anyMatch(x -> x == played), "deal " + d + ": "
                            + TABLE.format(played) + " is not a sure move");
                        fired++;
                        firedBySeat[seat]++;
                    }
                }
                g.play(agents[seat].play(info));
            }
        }
        assertTrue(fired >= 30, "sure moves found: " + fired);
        for (int s = 0; s < 3; s++) {
            assertTrue(firedBySeat[s] > 0, "seat " + s + " sure moves: " + firedBySeat[s]);
        }
    }
}
