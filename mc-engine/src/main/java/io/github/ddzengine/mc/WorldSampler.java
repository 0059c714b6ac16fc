package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Seat;

/**
 * Deals the cards a seat cannot see ({@link InformationSet#unseen()}) to the two other seats:
 * each gets exactly {@link InformationSet#cardsLeft} cards, the landlord keeps the kitty cards it
 * has not played ({@link InformationSet#unplayedKitty()}), and a {@link Prior} reweights the
 * uniform deal by rejection.
 *
 * <p>Immutable once built for a decision, and safe to share between threads: each call writes
 * into caller-owned arrays and allocates nothing. World {@code w} of a decision with seed
 * {@code s} is dealt from the stream {@link Rng#derive(long, long) derive(s, w)}, so a decision's
 * worlds depend only on its seed and their indices, never on the thread that deals them.
 */
public final class WorldSampler {
    /** The length of the {@code int[]} scratch buffer {@link #deal} needs. */
    public static final int SCRATCH = 54;
    /** Deals tried per world before the most likely one seen so far is taken. */
    public static final int MAX_ATTEMPTS = 64;

    private final int viewer;
    private final long ownHand;
    /** The other two seats: {@code first} gets the cards drawn first. */
    private final int first;
    private final int second;
    private final int firstNeeds;
    private final long firstFixed;
    private final long secondFixed;
    /** Ranks of the cards to deal, one entry per card, ascending. */
    private final int[] pool;
    private final Prior.Likelihood likelihood;
    /** The one deal of {@link #known}: the two other seats' hands, or null for sampling. */
    private long[] knownHands;

    /**
     * A sampler for the worlds of {@code info}.
     *
     * @param prior how the play reweights the worlds; {@link Prior#UNIFORM} for none
     * @throws IllegalStateException if the information set's counts do not add up (a bug in the
     *     information set, since it validates its input)
     */
    public WorldSampler(InformationSet info, Prior prior) {
        this.viewer = info.seat();
        this.ownHand = info.hand();
        this.first = (viewer + 1) % 3;
        this.second = (viewer + 2) % 3;
        long fixed = viewer == Seat.LANDLORD ? 0 : info.unplayedKitty();
        this.firstFixed = first == Seat.LANDLORD ? fixed : 0;
        this.secondFixed = second == Seat.LANDLORD ? fixed : 0;
        long unseen = info.unseen();
        this.firstNeeds = info.cardsLeft(first) - Cards.size(firstFixed);
        int secondNeeds = info.cardsLeft(second) - Cards.size(secondFixed);
        if (firstNeeds < 0 || secondNeeds < 0 || firstNeeds + secondNeeds != Cards.size(unseen)) {
            throw new IllegalStateException("unseen cards (" + Cards.size(unseen) + ") do not match the counts "
                + firstNeeds + " + " + secondNeeds);
        }
        this.pool = new int[Cards.size(unseen)];
        int k = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = Cards.count(unseen, r); c > 0; c--) {
                pool[k++] = r;
            }
        }
        this.likelihood = prior.bind(info);
    }

    /**
     * A sampler whose every world is the true deal {@code hands} (an open-hand agent's): it is
     * {@link #isDetermined() determined} and {@link #deal} returns those hands.
     *
     * @param hands the hands of seats 0, 1, 2 now
     * @throws IllegalStateException if the hands do not fit {@code info}: the viewer's is not its
     *     hand, or the other two do not hold exactly the cards it cannot see (and the landlord the
     *     kitty cards it has not played)
     */
    public static WorldSampler known(InformationSet info, long[] hands) {
        WorldSampler s = new WorldSampler(info, Prior.UNIFORM);
        long others = Cards.add(hands[s.first], hands[s.second]);
        long expected = Cards.add(info.unseen(), Cards.add(s.firstFixed, s.secondFixed));
        if (hands[s.viewer] != s.ownHand || !Cards.isValid(others) || others != expected
            || Cards.size(hands[s.first]) != info.cardsLeft(s.first) || !Cards.contains(hands[s.first], s.firstFixed)
            || !Cards.contains(hands[s.second], s.secondFixed)) {
            throw new IllegalStateException("the known hands do not fit the information set of seat " + s.viewer);
        }
        s.knownHands = hands.clone();
        return s;
    }

    /** The seed of world {@code world} of a decision seeded with {@code decisionSeed}. */
    public static long worldSeed(long decisionSeed, int world) {
        return Rng.derive(decisionSeed, world);
    }

    /** Number of hidden cards dealt per world. */
    public int hiddenCards() {
        return pool.length;
    }

    /** Whether every world is the same (at most one seat's cards are unknown, so the counts fix the deal). */
    public boolean isDetermined() {
        return knownHands != null || firstNeeds == 0 || firstNeeds == pool.length;
    }

    /**
     * Deals one world.
     *
     * @param rng the dealing stream, reseeded here to {@code worldSeed}
     * @param worldSeed the world's seed ({@link #worldSeed})
     * @param scratch a buffer of at least {@link #SCRATCH} ints, overwritten
     * @param hands receives the hands of seats 0, 1, 2 (length at least 3); the viewer's is its own hand
     * @return the number of deals tried (1 with the uniform prior; up to {@link #MAX_ATTEMPTS} by
     *     rejection, the prior's {@link Prior.Likelihood#resample()} count by resampling)
     */
    public int deal(Rng rng, long worldSeed, int[] scratch, long[] hands) {
        rng.reseed(worldSeed);
        hands[viewer] = ownHand;
        if (knownHands != null) {
            hands[first] = knownHands[first];
            hands[second] = knownHands[second];
            return 1;
        }
        int n = pool.length;
        int resample = likelihood.isUniform() ? 0 : likelihood.resample();
        double total = 0;
        long bestFirst = 0;
        long bestSecond = 0;
        double bestWeight = -1;
        for (int attempt = 1; ; attempt++) {
            System.arraycopy(pool, 0, scratch, 0, n);
            long a = firstFixed;
            // partial Fisher-Yates: the first firstNeeds slots become the first seat's cards
            for (int i = 0; i < firstNeeds; i++) {
                int j = i + rng.nextInt(n - i);
                int t = scratch[j];
                scratch[j] = scratch[i];
                scratch[i] = t;
                a += Cards.of(t, 1);
            }
            long b = secondFixed;
            for (int i = firstNeeds; i < n; i++) {
                b += Cards.of(scratch[i], 1);
            }
            hands[first] = a;
            hands[second] = b;
            if (likelihood.isUniform()) {
                return attempt;
            }
            double w = likelihood.weight(hands);
            if (resample > 0) {
                // one pass of weighted reservoir selection: deal i is kept with probability w_i / sum w
                total += w;
                if (attempt == 1 || w > 0 && rng.nextDouble() * total < w) {
                    bestFirst = a;
                    bestSecond = b;
                }
                if (attempt == resample) {
                    hands[first] = bestFirst;
                    hands[second] = bestSecond;
                    return attempt;
                }
                continue;
            }
            if (rng.nextDouble() < w) {
                return attempt;
            }
            if (w > bestWeight) {
                bestWeight = w;
                bestFirst = a;
                bestSecond = b;
            }
            if (attempt == MAX_ATTEMPTS) {
                hands[first] = bestFirst;
                hands[second] = bestSecond;
                return attempt;
            }
        }
    }
}
