package io.github.ddzengine.mc.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.OpenHandAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import org.junit.jupiter.api.Test;

/** The open-hand audit: no blunder for a solver-perfect agent, every injected blunder found. */
class OpenHandAuditTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final int MAX = 16;
    private static final OpenHandAudit.Settings SETTINGS = new OpenHandAudit.Settings(MAX, 5_000_000, 1, 4);

    /** Plays a solver's winning move whenever the open position has at most MAX cards and is won; else rule's. */
    private static final class Perfect implements OpenHandAgent {
        private final Solver solver = new Solver(RULES, 4);
        private final RuleAgent fallback = new RuleAgent(RULES, 0);
        private final long[] hands = new long[3];

        @Override
        public void seeHands(long landlord, long down, long up) {
            hands[0] = landlord;
            hands[1] = down;
            hands[2] = up;
        }

        @Override
        public String name() {
            return "perfect";
        }

        @Override
        public int bid(BidRequest request) {
            return 0;
        }

        @Override
        public int play(InformationSet info) {
            if (Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]) <= MAX) {
                SolveResult r = solver.solve(Position.of(RULES, hands, info.seat(), info.lastMove(), info.lastSeat()),
                    false, 0, 0);
                if (r.moverWins()) {
                    return r.line()[0];
                }
            }
            return fallback.play(info);
        }

        @Override
        public Agent copy() {
            return new Perfect();
        }
    }

    private static List<GameRecord> perfectGames(int deals) {
        List<GameRecord> out = new ArrayList<>();
        new Match(RULES, new Perfect(), new RuleAgent(RULES, 0), false).run(deals, 5, 2, (g, a) -> out.add(g));
        return out;
    }

    @Test
    void aSolverPerfectAgentNeverBlundersAndTheReportIsTheSameOnAnyThreadCount() {
        List<GameRecord> games = perfectGames(30);
        List<OpenHandAudit.GameAudit> one = new OpenHandAudit(SETTINGS).run(games);
        List<OpenHandAudit.GameAudit> two = new OpenHandAudit(SETTINGS.withThreads(3)).run(games);
        AuditReport report = AuditReport.of(one, SETTINGS);
        assertEquals(report.format(), AuditReport.of(two, SETTINGS).format());
        for (int i = 0; i < one.size(); i++) {
            assertEquals(one.get(i).decisions(), two.get(i).decisions(), "game " + (i + 1));
        }
        long won = 0;
        for (AuditReport.Row r : report.rows()) {
            if (r.agent().equals("perfect")) {
                assertEquals(0, r.blunders(), r.toString());
                assertEquals(0, r.unknownBefore() + r.unknownAfter(), r.toString());
                won += r.won();
            }
        }
        assertTrue(won > 50, "the perfect agent had won decisions to keep: " + won);
        assertEquals(60, report.games());
    }

    @Test
    void findingEveryWinningMoveGivesTheSameVerdictsAndTheWinningMovesIncludeEveryKeptMove() {
        OpenHandAudit.Settings all = SETTINGS.withWinningMoves(true);
        long kept = 0;
        for (GameRecord g : perfectGames(6)) {
            List<OpenHandAudit.Decision> plain = new OpenHandAudit(SETTINGS).audit(g, new Solver(RULES, 4)).decisions();
            List<OpenHandAudit.Decision> listed = new OpenHandAudit(all).audit(g, new Solver(RULES, 4)).decisions();
            assertEquals(plain.size(), listed.size());
            for (int i = 0; i < plain.size(); i++) {
                OpenHandAudit.Decision a = plain.get(i);
                OpenHandAudit.Decision b = listed.get(i);
                assertEquals(a.verdict(), b.verdict(), "game " + g.game() + " play " + a.play());
                assertEquals(a.wonBefore(), b.wonBefore());
                assertEquals(a.wonAfter(), b.wonAfter());
                assertEquals(null, a.winning());
                if (b.verdict() == OpenHandAudit.Verdict.KEPT) {
                    assertTrue(Arrays.stream(b.winning()).anyMatch(m -> m == b.move()), b.toString());
                    kept++;
                } else if (b.verdict() == OpenHandAudit.Verdict.LOST) {
                    assertEquals(0, b.winning().length);
                }
            }
        }
        assertTrue(kept > 10, "kept decisions: " + kept);
    }

    @Test
    void everyInjectedBlunderIsFoundAtItsPlay() {
        // in the perfect agent's games, replace its first won move (at most MAX cards, another move
        // that loses exists) by the losing move, play the rest with rule, and audit
        Solver solver = new Solver(RULES, 4);
        MoveGenerator gen = new MoveGenerator(RULES);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int injected = 0;
        for (GameRecord g : perfectGames(12)) {
            GameState state = new GameState(RULES);
            state.start(g.startHand(0), g.startHand(1), g.startHand(2));
            int[] plays = g.plays();
            for (int i = 0; i < plays.length; i++) {
                long[] h = {state.hand(0), state.hand(1), state.hand(2)};
                int seat = state.toAct();
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                if (total <= MAX && g.agent(seat).equals("perfect")) {
                    Position p = Position.of(RULES, h, seat, state.lastMove(), state.lastSeat());
                    SolveResult r = solver.solve(p, true, 0, 0);
                    int[] winning = r.winningMoves();
                    int n = gen.answers(h[seat], state.lastMove(), buf);
                    int losing = -1;
                    for (int k = 0; k < n && r.moverWins(); k++) {
                        int m = buf[k];
                        if (Arrays.stream(winning).noneMatch(x -> x == m)) {
                            losing = m;
                            break;
                        }
                    }
                    if (losing >= 0) {
                        int[] prefix = Arrays.copyOf(plays, i + 1);
                        prefix[i] = losing;
                        GameRecord bad = finishWithRule(g, prefix);
                        OpenHandAudit.GameAudit a = new OpenHandAudit(SETTINGS).audit(bad, new Solver(RULES, 4));
                        int play = i;
                        OpenHandAudit.Decision d = a.decisions().stream().filter(x -> x.play() == play).findFirst()
                            .orElseThrow();
                        assertEquals(OpenHandAudit.Verdict.BLUNDER, d.verdict(), "game " + g.game() + " play " + i);
                        assertEquals(losing, d.move());
                        injected++;
                        break;
                    }
                }
                state.play(plays[i]);
            }
        }
        assertTrue(injected >= 5, "blunders injected: " + injected);
    }

    @Test
    void shapesCountHighLeadsRocketSplitsAndWhatTheLoserKept() {
        // a deal whose landlord holds both jokers leads the small joker from 20 cards: a lead of a
        // joker from 12+ cards and a rocket split; rule plays on
        Deal deal = null;
        for (long seed = 1; deal == null; seed++) {
            Deal d = Deal.random(seed);
            if (Cards.contains(d.landlordHand(), Cards.ROCKET)) {
                deal = d;
            }
        }
        GameRecord start = GameRecord.replay(1, 1, RULES, deal, new int[0], new String[] {"x", "y", "y"}, playOut(deal));
        GameRecord g = finishWithRule(start, new int[] {RULES.table().parseMove("X")});
        OpenHandAudit.GameAudit a = new OpenHandAudit(SETTINGS).audit(g, new Solver(RULES, 4));
        assertTrue(a.shapes()[0].highLeads() >= 1);
        assertTrue(a.shapes()[0].rocketSplits() >= 1);
        for (int s = 0; s < 3; s++) {
            OpenHandAudit.Shapes sh = a.shapes()[s];
            assertEquals((s == 0) != g.landlordWins() ? 1 : 0, sh.lost());
            assertTrue(sh.lostHoldingControl() <= sh.lost() && sh.lostHoldingBomb() <= sh.lost());
        }
        assertTrue(Rank.TWO < Rank.SMALL_JOKER);
    }

    /** A whole game of rule agents on {@code deal}. */
    private static int[] playOut(Deal deal) {
        GameState state = new GameState(RULES);
        state.start(deal);
        RuleAgent rule = new RuleAgent(RULES, 0);
        while (!state.isOver()) {
            state.play(rule.play(InformationSet.view(state, deal.kitty(), 1)));
        }
        return state.history();
    }

    /** {@code g}'s deal with the plays {@code prefix}, then rule agents for every seat to the end. */
    private static GameRecord finishWithRule(GameRecord g, int[] prefix) {
        GameState state = new GameState(RULES);
        state.start(g.startHand(0), g.startHand(1), g.startHand(2));
        for (int m : prefix) {
            state.play(m);
        }
        RuleAgent rule = new RuleAgent(RULES, 0);
        while (!state.isOver()) {
            state.play(rule.play(InformationSet.view(state, g.deal().kitty(), 1)));
        }
        String[] agents = {g.agent(0), g.agent(1), g.agent(2)};
        return GameRecord.replay(g.game(), g.dealNumber(), RULES, g.deal(), new int[0], agents, state.history());
    }
}
