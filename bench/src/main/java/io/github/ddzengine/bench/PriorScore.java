package io.github.ddzengine.bench;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.PassPrior;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.SoloPassPrior;
import io.github.ddzengine.mc.WorldSampler;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.GreedyAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * How well a world prior locates the hidden cards: self-play games of one baseline ({@code rule}
 * or {@code greedy}); at every decision with hidden cards split between two seats, {@code WORLDS}
 * sampled worlds give each hidden card's estimated probability of being with the first other
 * seat; the Brier score against where it is (lower is better; the uniform prior is the reference).
 * Usage: {@code PriorScore rule|greedy GAMES WORLDS}.
 */
public final class PriorScore {
    private PriorScore() {
    }

    public static void main(String[] args) {
        String who = args[0];
        int games = Integer.parseInt(args[1]);
        int worlds = Integer.parseInt(args[2]);
        Rules rules = Rules.STANDARD;
        Prior[] priors = {Prior.UNIFORM, new SoloPassPrior(), new PassPrior(), new PassPrior(0.1, 0.1),
            new PassPrior(0.05, 0.3), new SoloPassPrior(0.1)};
        String[] names = {"uniform", "solo-pass", "pass", "pass 0.1/0.1", "pass 0.05/0.3", "solo-pass 0.1"};
        double[] brier = new double[priors.length];
        long cards = 0;
        GameState g = new GameState(rules);
        Rng rng = new Rng(1);
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] hands = new long[3];
        int[] atFirst = new int[15];
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(3, d));
            g.start(Cards.add(deal.hand(0), deal.kitty()), deal.hand(1), deal.hand(2));
            Agent[] a = new Agent[3];
            for (int s = 0; s < 3; s++) {
                a[s] = who.equals("rule") ? new RuleAgent(rules, d * 3L + s) : new GreedyAgent(rules);
            }
            while (!g.isOver()) {
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                int seat = info.seat();
                int first = (seat + 1) % 3;
                long unseen = info.unseen();
                if (Cards.size(unseen) > 0 && g.historyLength() > 0) {
                    for (int p = 0; p < priors.length; p++) {
                        WorldSampler ws = new WorldSampler(info, priors[p]);
                        if (ws.isDetermined()) {
                            continue;
                        }
                        java.util.Arrays.fill(atFirst, 0);
                        for (int w = 0; w < worlds; w++) {
                            ws.deal(rng, WorldSampler.worldSeed(d * 1000L + g.historyLength(), w), scratch, hands);
                            for (int r = 0; r < 15; r++) {
                                atFirst[r] += Cards.count(hands[first], r);
                            }
                        }
                        long truth = g.hand(first);
                        for (int r = 0; r < 15; r++) {
                            int k = Cards.count(unseen, r);
                            if (k == 0) {
                                continue;
                            }
                            // each of the k hidden cards of rank r: estimated share at the first seat
                            double est = (double) atFirst[r] / worlds / k;
                            double real = (double) Cards.count(truth, r) / k;
                            // Brier over the k cards (exchangeable): k * E[(est - x)^2] with x in {0,1}, mean real
                            brier[p] += k * (real * (1 - est) * (1 - est) + (1 - real) * est * est);
                            if (p == 0) {
                                cards += k;
                            }
                        }
                    }
                }
                g.play(a[seat].play(info));
            }
        }
        for (int p = 0; p < priors.length; p++) {
            System.out.printf("%-16s Brier %.5f per hidden card%n", names[p], brier[p] / cards);
        }
    }
}
