package io.github.ddzengine.bench;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * Where a Monte Carlo decision's time goes, by the cards left in all hands: plays {@code games}
 * deals of mc (fixed worlds) against rule in both roles and prints, per bucket of total cards,
 * decisions, mean ms, worlds solved, rollout moves per world.
 *
 * <p>Usage: {@code McProbe [WORLDS [DEALS [SOLVER_MAX_CARDS [SOLVER_NODES]]]]}.
 */
public final class McProbe {
    private McProbe() {
    }

    public static void main(String[] args) {
        int worlds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int deals = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        McSettings c = McSettings.defaults().withWorlds(worlds);
        if (args.length > 2) {
            c = c.toBuilder().solverMaxCards(Integer.parseInt(args[2])).build();
        }
        MonteCarloAgent mc = new MonteCarloAgent(c);
        Rules rules = Rules.STANDARD;
        int[] bounds = {18, 24, 30, 36, 42, 48, 54};
        long[] n = new long[bounds.length];
        long[] nanos = new long[bounds.length];
        long[] solved = new long[bounds.length];
        long[] w = new long[bounds.length];
        long[] moves = new long[bounds.length];
        long[] cands = new long[bounds.length];
        GameState g = new GameState(rules);
        for (int d = 0; d < deals; d++) {
            Deal deal = Deal.random(SplitMix64.derive(99, d));
            for (int side = 0; side < 2; side++) {
                g.start(deal);
                RuleAgent rule = new RuleAgent(rules, d);
                mc.startGame(d * 2L + side);
                while (!g.isOver()) {
                    int seat = g.toAct();
                    InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                    boolean mcSeat = (seat == 0) == (side == 0);
                    int move;
                    if (mcSeat) {
                        long t0 = System.nanoTime();
                        Decision dec = mc.decide(info, d * 1000L + g.historyLength());
                        long t = System.nanoTime() - t0;
                        move = dec.move();
                        int total = Cards.size(g.hand(0)) + Cards.size(g.hand(1)) + Cards.size(g.hand(2));
                        int b = 0;
                        while (total > bounds[b]) {
                            b++;
                        }
                        n[b]++;
                        nanos[b] += t;
                        solved[b] += dec.solvedWorlds();
                        w[b] += dec.worlds();
                        moves[b] += dec.rolloutMoves();
                        cands[b] += dec.candidates();
                    } else {
                        move = rule.play(info);
                    }
                    g.play(move);
                }
            }
        }
        System.out.printf("worlds %d, deals %d, solver up to %d cards%n", worlds, deals, c.solverMaxCards());
        int lo = 0;
        for (int b = 0; b < bounds.length; b++) {
            if (n[b] > 0) {
                System.out.printf("cards %2d-%2d: %5d decisions  %7.2f ms  cands %.1f  solved %.2f  rollout moves/world %.0f%n",
                    lo, bounds[b], n[b], nanos[b] / 1e6 / n[b], (double) cands[b] / n[b], (double) solved[b] / w[b],
                    (double) moves[b] / Math.max(1, w[b] - solved[b]));
            }
            lo = bounds[b] + 1;
        }
        mc.close();
    }
}
