package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * The power of the sampler's goodness-of-fit tests: the same chi-square statistics that accept
 * {@link WorldSampler} with the uniform prior must reject dealers with classic shuffle bugs. Two
 * statistics: the per-rank marginal (how many copies of each rank land in a seat, against the
 * hypergeometric law; as in {@link WorldSamplerTest}) and the joint law of the whole hidden hand
 * of one seat on a late-game set small enough to enumerate every outcome exactly (multivariate
 * hypergeometric), which also sees biases that keep the marginals right.
 */
class SamplerPowerTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final int WORLDS = 30_000;
    /** Overall significance of one statistic. */
    private static final double ALPHA = 1e-4;

    /** Deals one world into {@code hands} from world index {@code w}. */
    interface Dealer {
        void deal(int w, long[] hands);
    }

    /** The facts a dealer needs: the hidden pool, the first other seat, its needs and the landlord's fixed cards. */
    private record Setup(InformationSet info, int[] pool, int first, int second, int firstNeeds, long firstFixed,
                         long secondFixed) {
        static Setup of(InformationSet info) {
            long unseen = info.unseen();
            int[] pool = new int[Cards.size(unseen)];
            int k = 0;
            for (int r = 0; r < 15; r++) {
                for (int c = Cards.count(unseen, r); c > 0; c--) {
                    pool[k++] = r;
                }
            }
            int first = (info.seat() + 1) % 3;
            int second = (info.seat() + 2) % 3;
            long fixed = info.seat() == 0 ? 0 : info.unplayedKitty();
            long ff = first == 0 ? fixed : 0;
            long sf = second == 0 ? fixed : 0;
            return new Setup(info, pool, first, second, info.cardsLeft(first) - Cards.size(ff), ff, sf);
        }
    }

    /** The sampler itself. */
    private static Dealer real(Setup s) {
        WorldSampler sampler = new WorldSampler(s.info(), Prior.UNIFORM);
        Rng rng = new Rng(0);
        int[] scratch = new int[WorldSampler.SCRATCH];
        return (w, hands) -> sampler.deal(rng, WorldSampler.worldSeed(777, w), scratch, hands);
    }

    /** Shuffle bugs: 0 = naive swap with any slot, 1 = Sattolo (never leaves a card in place), 2 = one slot short. */
    private static Dealer buggy(Setup s, int bug) {
        Rng rng = new Rng(0);
        int[] deck = new int[s.pool().length];
        return (w, hands) -> {
            rng.reseed(WorldSampler.worldSeed(777, w));
            int n = deck.length;
            System.arraycopy(s.pool(), 0, deck, 0, n);
            long a = s.firstFixed();
            for (int i = 0; i < s.firstNeeds(); i++) {
                int j = switch (bug) {
                    case 0 -> rng.nextInt(n);
                    case 1 -> i + 1 < n ? i + 1 + rng.nextInt(n - i - 1) : i;
                    default -> i + rng.nextInt(Math.max(1, n - i - 1));
                };
                int t = deck[j];
                deck[j] = deck[i];
                deck[i] = t;
            }
            for (int i = 0; i < s.firstNeeds(); i++) {
                a += Cards.of(deck[i], 1);
            }
            long b = s.secondFixed();
            for (int i = s.firstNeeds(); i < n; i++) {
                b += Cards.of(deck[i], 1);
            }
            hands[s.info().seat()] = s.info().hand();
            hands[s.first()] = a;
            hands[s.second()] = b;
        };
    }

    /**
     * A subtly biased dealer: one world in four in which the first seat holds exactly a pair of the
     * pool's lowest rank is dealt again once (a few percent of the probability mass moved).
     */
    private static Dealer pairShy(Setup s) {
        Dealer d = real(s);
        int low = s.pool()[0];
        return (w, hands) -> {
            d.deal(w, hands);
            if (w % 4 == 0 && Cards.count(hands[s.first()] - s.firstFixed(), low) == 2) {
                d.deal(w + 10_000_000, hands);
            }
        };
    }

    /** The smallest p-value of the per-rank marginal tests times the number of ranks (Bonferroni). */
    private static double marginalP(Setup s, Dealer d) {
        int total = s.pool().length;
        int[][] counts = new int[15][5];
        long[] hands = new long[3];
        for (int w = 0; w < WORLDS; w++) {
            d.deal(w, hands);
            long hidden = hands[s.first()] - s.firstFixed();
            for (int r = 0; r < 15; r++) {
                counts[r][Cards.count(hidden, r)]++;
            }
        }
        double minP = 1;
        int tests = 0;
        for (int r = 0; r < 15; r++) {
            int k = 0;
            for (int x : s.pool()) {
                k += x == r ? 1 : 0;
            }
            if (k == 0) {
                continue;
            }
            double[] expected = new double[k + 1];
            double[] observed = new double[k + 1];
            for (int x = 0; x <= k; x++) {
                expected[x] = Stats.hypergeometric(total, s.firstNeeds(), k, x) * WORLDS;
                observed[x] = counts[r][x];
            }
            double p = chiSquareP(expected, observed);
            if (!Double.isNaN(p)) {
                minP = Math.min(minP, p);
                tests++;
            }
        }
        return Math.min(1, minP * Math.max(1, tests));
    }

    /** The p-value of the joint law of the first seat's hidden cards, every outcome enumerated. */
    private static double jointP(Setup s, Dealer d) {
        return jointP(s, d, Prior.UNIFORM.bind(s.info()));
    }

    /** As {@link #jointP(Setup, Dealer)} against the uniform law reweighted by {@code likelihood}. */
    private static double jointP(Setup s, Dealer d, Prior.Likelihood likelihood) {
        int[] k = new int[15];
        for (int x : s.pool()) {
            k[x]++;
        }
        List<Long> outcomes = new ArrayList<>();
        enumerate(k, 0, s.firstNeeds(), 0L, outcomes);
        Map<Long, Integer> index = new HashMap<>();
        double[] expected = new double[outcomes.size()];
        long pool = 0;
        for (int x : s.pool()) {
            pool += Cards.of(x, 1);
        }
        long[] world = new long[3];
        world[s.info().seat()] = s.info().hand();
        double sum = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            long o = outcomes.get(i);
            index.put(o, i);
            double log = 0;
            for (int r = 0; r < 15; r++) {
                log += Stats.logChoose(k[r], Cards.count(o, r));
            }
            world[s.first()] = o + s.firstFixed();
            world[s.second()] = pool - o + s.secondFixed();
            expected[i] = Math.exp(log) * likelihood.weight(world);
            sum += expected[i];
        }
        for (int i = 0; i < expected.length; i++) {
            expected[i] *= WORLDS / sum;
        }
        double[] observed = new double[outcomes.size()];
        long[] hands = new long[3];
        for (int w = 0; w < WORLDS; w++) {
            d.deal(w, hands);
            Integer i = index.get(hands[s.first()] - s.firstFixed());
            if (i == null) {
                return 0; // an impossible hand
            }
            observed[i]++;
        }
        return chiSquareP(expected, observed);
    }

    private static void enumerate(int[] k, int r, int left, long acc, List<Long> out) {
        if (r == 15) {
            if (left == 0) {
                out.add(acc);
            }
            return;
        }
        for (int x = 0; x <= Math.min(k[r], left); x++) {
            enumerate(k, r + 1, left - x, acc + Cards.of(r, x), out);
        }
    }

    /** Chi-square p-value, cells pooled in order of expected count until each pool expects 5 or more. */
    private static double chiSquareP(double[] expected, double[] observed) {
        Integer[] order = new Integer[expected.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(expected[x], expected[y]));
        double chi = 0;
        int cells = 0;
        double e = 0;
        double o = 0;
        for (int i = 0; i < order.length; i++) {
            e += expected[order[i]];
            o += observed[order[i]];
            if (e >= 5 || i == order.length - 1) {
                if (e > 0) {
                    chi += (o - e) * (o - e) / e;
                    cells++;
                } else if (o > 0) {
                    return 0;
                }
                e = 0;
                o = 0;
            }
        }
        return cells < 2 ? Double.NaN : Stats.chiSquareSurvival(chi, cells - 1);
    }

    /** A late-game set of landlord_down with the kitty known, 8 to 12 hidden cards. */
    private static Setup lateGame() {
        SplittableRandom random = new SplittableRandom(99);
        for (int tries = 0; tries < 20_000; tries++) {
            RandomGames.Game g = RandomGames.play(RULES, random, 90);
            if (g.mover() == 0) {
                continue;
            }
            InformationSet info = g.info(RULES, true, 1);
            Setup s = Setup.of(info);
            if (s.pool().length >= 8 && s.pool().length <= 12 && s.firstNeeds() >= 3
                && s.pool().length - s.firstNeeds() >= 3) {
                return s;
            }
        }
        throw new AssertionError("no late game found");
    }

    /** Mid-game: a few plays, kitty known, as in {@link WorldSamplerTest}. */
    private static Setup midGame() {
        return Setup.of(RandomGames.play(RULES, new SplittableRandom(31), 7).info(RULES, true, 3));
    }

    @Test
    void theSamplerPassesBothStatistics() {
        Setup mid = midGame();
        Setup late = lateGame();
        double pm = marginalP(mid, real(mid));
        double pj = jointP(late, real(late));
        assertTrue(pm > ALPHA, "marginal p " + pm);
        assertTrue(pj > ALPHA, "joint p " + pj);
    }

    /**
     * With {@link SoloPassPrior} the sampler follows the uniform law reweighted by the prior's
     * likelihood (rejection sampling), on a late game with solo passes by hidden seats where a
     * world is rarely rejected 64 times in a row (the sampler's fallback).
     */
    @Test
    void theSoloPassPriorGivesTheReweightedLaw() {
        SplittableRandom random = new SplittableRandom(123);
        int checked = 0;
        for (int tries = 0; tries < 50_000 && checked < 2; tries++) {
            RandomGames.Game g = RandomGames.play(RULES, random, 90);
            InformationSet info = g.info(RULES, true, 1);
            Setup s = Setup.of(info);
            if (s.pool().length < 8 || s.pool().length > 12 || s.firstNeeds() < 3 || s.pool().length - s.firstNeeds() < 3) {
                continue;
            }
            SoloPassPrior prior = new SoloPassPrior(0.5);
            Prior.Likelihood lik = prior.bind(info);
            if (lik.isUniform()) {
                continue;
            }
            WorldSampler sampler = new WorldSampler(info, prior);
            Rng rng = new Rng(0);
            int[] scratch = new int[WorldSampler.SCRATCH];
            int[] attempts = new int[1];
            Dealer d = (w, hands) -> attempts[0] = Math.max(attempts[0],
                sampler.deal(rng, WorldSampler.worldSeed(4242, w), scratch, hands));
            double p = jointP(s, d, lik);
            if (attempts[0] >= WorldSampler.MAX_ATTEMPTS) {
                continue; // the fallback was used: not the exact law by design
            }
            if (attempts[0] == 1) {
                continue; // the prior never rejected a world here: nothing to check
            }
            assertTrue(p > ALPHA, "solo-pass law on try " + tries + ": p " + p);
            checked++;
        }
        assertTrue(checked == 2, "late games with solo passes found: " + checked);
    }

    @Test
    void biasedDealersAreRejected() {
        Setup mid = midGame();
        Setup late = lateGame();
        String[] names = {"naive swap", "Sattolo", "one slot short"};
        StringBuilder report = new StringBuilder();
        for (int bug = 0; bug < 3; bug++) {
            double pm = marginalP(mid, buggy(mid, bug));
            double pj = jointP(late, buggy(late, bug));
            report.append(names[bug]).append(": marginal p ").append(pm).append(", joint p ").append(pj).append("; ");
            assertTrue(pj < ALPHA, names[bug] + " passes the joint test: " + report);
            assertTrue(pm < ALPHA, names[bug] + " passes the marginal test: " + report);
        }
        double pm = marginalP(mid, pairShy(mid));
        double pj = jointP(late, pairShy(late));
        report.append("pair-shy: marginal p ").append(pm).append(", joint p ").append(pj);
        assertTrue(pj < ALPHA, "the pair-shy dealer passes the joint test: " + report);
        assertTrue(pm < ALPHA, "the pair-shy dealer passes the marginal test: " + report);
    }
}
