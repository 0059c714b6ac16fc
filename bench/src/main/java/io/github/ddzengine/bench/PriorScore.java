package io.github.ddzengine.bench;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.PassPrior;
import io.github.ddzengine.mc.PolicyPrior;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.SoloPassPrior;
import io.github.ddzengine.mc.WorldSampler;
import io.github.ddzengine.mc.agents.AgentSpecs;

/**
 * How well a world prior locates the hidden cards: self-play games of one agent (any spec of
 * {@code ddz play}: {@code rule}, {@code greedy}, {@code mc-v1:worlds=20}, ...); at every decision
 * with hidden cards split between two seats, {@code WORLDS} sampled worlds give each hidden card's
 * estimated probability of being with the first other seat; the Brier score against where it is
 * (lower is better; the uniform prior is the reference), and the mean deals tried per world.
 * Usage: {@code PriorScore AGENT GAMES WORLDS [PRIOR...]}, a prior being {@code uniform},
 * {@code solo-pass[:BETA]}, {@code pass[:SOLO/PAIR]} or {@code policy[:PS/PH/PP/F/L[/K]]}
 * ({@link PolicyPrior}'s five factors and resampling count); without priors the first six of the log.
 */
public final class PriorScore {
    private PriorScore() {
    }

    static Prior prior(String spec) {
        String[] p = spec.split(":", 2);
        String[] v = p.length > 1 ? p[1].split("/") : new String[0];
        double[] f = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = Double.parseDouble(v[i]);
        }
        return switch (p[0]) {
            case "uniform" -> Prior.UNIFORM;
            case "solo-pass" -> f.length == 0 ? new SoloPassPrior() : new SoloPassPrior(f[0]);
            case "pass" -> f.length == 0 ? new PassPrior() : new PassPrior(f[0], f[1]);
            case "policy" -> f.length == 0 ? new PolicyPrior() : new PolicyPrior(f[0], f[1], f[2], f[3], f[4],
                f.length > 5 ? (int) f[5] : PolicyPrior.DEFAULT_RESAMPLE);
            default -> throw new IllegalArgumentException("unknown prior " + spec);
        };
    }

    public static void main(String[] args) {
        String who = args[0];
        int games = Integer.parseInt(args[1]);
        int worlds = Integer.parseInt(args[2]);
        Rules rules = Rules.STANDARD;
        List<String> names = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            names.add(args[i]);
        }
        if (names.isEmpty()) {
            names = List.of("uniform", "solo-pass", "pass", "pass:0.1/0.1", "pass:0.05/0.3", "solo-pass:0.1");
        }
        Prior[] priors = new Prior[names.size()];
        for (int p = 0; p < priors.length; p++) {
            priors[p] = prior(names.get(p));
        }
        double[] brier = new double[priors.length];
        long[] attempts = new long[priors.length];
        double[] logGain = new double[priors.length];
        long decisions = 0;
        Rng uni = new Rng(2);
        long[] trueHands = new long[3];
        long dealt = 0;
        long cards = 0;
        GameState g = new GameState(rules);
        Rng rng = new Rng(1);
        int[] scratch = new int[WorldSampler.SCRATCH];
        long[] hands = new long[3];
        int[] atFirst = new int[15];
        AgentSpecs specs = AgentSpecs.builtIn();
        Agent proto = specs.parse(who, rules);
        Agent[] a = new Agent[3];
        for (int s = 0; s < 3; s++) {
            a[s] = proto.copy();
        }
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(3, d));
            g.start(deal);
            for (int s = 0; s < 3; s++) {
                a[s].startGame(SplitMix64.derive(d, s));
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
                            attempts[p] += ws.deal(rng, WorldSampler.worldSeed(d * 1000L + g.historyLength(), w), scratch,
                                hands);
                            for (int r = 0; r < 15; r++) {
                                atFirst[r] += Cards.count(hands[first], r);
                            }
                        }
                        if (p == 0) {
                            dealt += worlds;
                            decisions++;
                        }
                        // log of the truth's weight over the mean weight of uniform worlds: how much
                        // more likely the model finds the true deal than a world it knows nothing of
                        Prior.Likelihood lik = priors[p].bind(info);
                        WorldSampler flat = new WorldSampler(info, Prior.UNIFORM);
                        double mean = 0;
                        for (int w = 0; w < worlds; w++) {
                            flat.deal(uni, WorldSampler.worldSeed(d * 7919L + g.historyLength(), w), scratch, hands);
                            mean += lik.weight(hands);
                        }
                        mean /= worlds;
                        for (int s2 = 0; s2 < 3; s2++) {
                            trueHands[s2] = g.hand(s2);
                        }
                        double wt = lik.weight(trueHands);
                        logGain[p] += mean > 0 ? Math.log(Math.max(wt, 1e-300) / mean) : 0;
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
            System.out.printf("%-28s Brier %.5f per hidden card, %.2f deals a world, log(truth / mean) %+.4f a decision%n",
                names.get(p), brier[p] / cards, (double) attempts[p] / dealt, logGain[p] / decisions);
        }
        for (Agent x : a) {
            x.close();
        }
    }
}
