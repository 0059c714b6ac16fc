package io.github.ddzengine.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * Thread CPU time of fixed-worlds decisions of several Monte Carlo settings, interleaved, over
 * information sets of {@code rule} self-play games at every stage (every third decision with two
 * or more legal moves): to set world counts of equal cost. Thread CPU time is less sensitive to
 * the machine's load than wall time but not immune (shared caches). Usage:
 * {@code McCost GAMES ROUNDS "k=v k=v" "k=v ..." ...}.
 */
public final class McCost {
    private McCost() {
    }

    public static void main(String[] args) {
        int games = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int nc = args.length - 2;
        MonteCarloAgent[] agents = new MonteCarloAgent[nc];
        for (int i = 0; i < nc; i++) {
            agents[i] = new MonteCarloAgent(McConfigs.parse(args[2 + i].trim().split("\\s+")));
        }
        Rules rules = Rules.STANDARD;
        List<InformationSet> suite = new ArrayList<>();
        GameState g = new GameState(rules);
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(77, d));
            g.start(deal);
            RuleAgent rule = new RuleAgent(rules, d);
            int k = 0;
            while (!g.isOver()) {
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                if (k++ % 3 == 0) {
                    suite.add(info);
                }
                g.play(rule.play(info));
            }
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[nc];
        long[] worlds = new long[nc];
        long[] moves = new long[nc];
        for (int r = 0; r <= rounds; r++) {
            for (int i = 0; i < suite.size(); i++) {
                for (int a = 0; a < nc; a++) {
                    long t0 = mx.getCurrentThreadCpuTime();
                    Decision dec = agents[a].decide(suite.get(i), i);
                    long t = mx.getCurrentThreadCpuTime() - t0;
                    if (r > 0) {
                        cpu[a] += t;
                        worlds[a] += dec.worlds();
                        moves[a] += dec.rolloutMoves();
                    }
                }
            }
        }
        int n = suite.size() * rounds;
        for (int a = 0; a < nc; a++) {
            System.out.printf("%-50s %8.3f ms cpu/decision  %6.0f worlds  %8.0f rollout moves  (%d decisions)%n",
                args[2 + a], cpu[a] / 1e6 / n, (double) worlds[a] / n, (double) moves[a] / n, n);
        }
    }
}
