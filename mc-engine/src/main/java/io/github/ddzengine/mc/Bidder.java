package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.eval.ValueNet;

/**
 * Bidding by estimated win rate: deals the 37 cards a bidder cannot see into a kitty and two
 * farmer hands ({@link #worlds()} times, each world from its own seed), gives the bidder the
 * landlord's seat with the kitty, plays each world out with the {@link Playout} policy and counts
 * the landlord's wins. The estimate comes with a 95% Wilson score interval.
 *
 * <p>The bid is the highest level whose threshold the estimate reaches: {@code bid3} or more bids
 * 3, {@code bid2} bids 2, {@code bid1} bids 1, below that 0; a level not above the highest bid so
 * far becomes 0 (no bid). The defaults (0.20, 0.32, 0.48) are tuned by the points of
 * {@code --bidding} matches against {@code rule} and {@code greedy} (bench {@code BidTuning 400 11 2
 * 60000}, {@code docs/strength.md}): the estimate is a rollout-policy self-play win rate, and the
 * agent wins more of its landlord games than its rollouts predict, so it pays to bid higher than the
 * first guess (0.50, 0.58, 0.66: +0.99 points a match game against {@code rule} [0.73, 1.24] on the
 * holdout deals, +0.37 [-0.12, 0.86] against {@code greedy}). The bidding position does not change
 * the estimate (the landlord always leads); it matters only through the earlier bids.
 *
 * <p>Under a budget ({@link #estimate(Playout, long, long, long, Effort.Meter)}) the worlds stop at
 * a deadline or when their counted work ({@link Effort}) reaches an effort budget, whichever the
 * caller gives, after at least one world: {@link MonteCarloAgent#bid} gives a bid the budget of a
 * move. The effort budget is deterministic (the same bid on any load); the clock is not.
 *
 * <p>With a leaf model ({@link #estimate(Playout, long, long, long, Effort.Meter, ValueNet.Evaluator)},
 * which {@link MonteCarloAgent#bid} passes where its settings have one for the rules), a world is
 * worth {@code leafMix} percent of the model's landlord win probability of the dealt position (the
 * landlord to lead) and the rest of its rollout's result, as a world of a move is
 * ({@link McSettings#leafMix()}); the thresholds are the same.
 *
 * <p>Immutable and thread-safe; the estimates use the caller's playout.
 *
 * @param bid1 lowest win rate that bids 1
 * @param bid2 lowest win rate that bids 2
 * @param bid3 lowest win rate that bids 3
 * @param worlds worlds sampled per estimate (at most, under a budget)
 * @param leafMix the leaf model's share of a world's value, percent, 0..100 (0: rollouts alone),
 *     where an estimate is given a model
 */
public record Bidder(double bid1, double bid2, double bid3, int worlds, int leafMix) {
    /**
     * The leaf model's share of a bid estimate's world when none is given, percent: kept by
     * duplicate matches with bidding against the rollouts alone (docs/log/strength-log.md, "The leaf
     * model in the bid estimate").
     */
    public static final int DEFAULT_LEAF_MIX = 50;

    /** Default thresholds (0.20, 0.32, 0.48, tuned by matches), 1,000 worlds, the default leaf mix. */
    public Bidder() {
        this(0.20, 0.32, 0.48, 1000);
    }

    /** A bidder with the default leaf mix ({@link #DEFAULT_LEAF_MIX}). */
    public Bidder(double bid1, double bid2, double bid3, int worlds) {
        this(bid1, bid2, bid3, worlds, DEFAULT_LEAF_MIX);
    }

    /**
     * This bidder with another number of worlds an estimate.
     *
     * @param worlds worlds sampled per estimate, at least 1
     * @return the bidder
     * @throws IllegalArgumentException for fewer than 1 world
     */
    public Bidder withWorlds(int worlds) {
        return new Bidder(bid1, bid2, bid3, worlds, leafMix);
    }

    /**
     * This bidder with another leaf mix.
     *
     * @param percent the leaf model's share of a world, 0..100
     * @throws IllegalArgumentException outside 0..100
     */
    public Bidder withLeafMix(int percent) {
        return new Bidder(bid1, bid2, bid3, worlds, percent);
    }

    /**
     * @throws IllegalArgumentException unless {@code 0 <= bid1 <= bid2 <= bid3 <= 1}, worlds &gt;= 1
     *     and {@code leafMix} is 0..100
     */
    public Bidder {
        if (!(0 <= bid1 && bid1 <= bid2 && bid2 <= bid3 && bid3 <= 1)) {
            throw new IllegalArgumentException("bid thresholds must rise within 0..1: " + bid1 + ", " + bid2 + ", " + bid3);
        }
        if (worlds < 1) {
            throw new IllegalArgumentException("worlds must be positive, not " + worlds);
        }
        if (leafMix < 0 || leafMix > 100) {
            throw new IllegalArgumentException("bid leaf mix must be 0..100 percent, not " + leafMix);
        }
    }

    /**
     * An estimate of the landlord win rate of a hand.
     *
     * @param winRate share of worlds the landlord won
     * @param low lower end of the 95% Wilson interval
     * @param high upper end of the 95% Wilson interval
     * @param worlds worlds played out
     * @param nanos wall time
     */
    public record Estimate(double winRate, double low, double high, int worlds, long nanos) {
    }

    /** The bid for {@code request} from an estimate seeded with {@code seed}, without precomputed tables. */
    public int bid(BidRequest request, long seed) {
        return bid(request, EngineTables.NONE, seed);
    }

    /**
     * The bid for {@code request} from an estimate seeded with {@code seed}, its playouts counting
     * with the split table of {@code tables} (the same bid, faster).
     */
    public int bid(BidRequest request, EngineTables tables, long seed) {
        return bidFor(estimate(request.rules(), tables, request.hand(), seed), request.highestBid());
    }

    /** The bid an estimate gives when the highest bid so far is {@code highest} (0..2; 3 ends the bidding). */
    public int bidFor(Estimate e, int highest) {
        int level = e.winRate() >= bid3 ? 3 : e.winRate() >= bid2 ? 2 : e.winRate() >= bid1 ? 1 : 0;
        return level > highest ? level : 0;
    }

    /** {@link #estimate(Rules, EngineTables, long, long)} without precomputed tables. */
    public Estimate estimate(Rules rules, long hand, long seed) {
        return estimate(rules, EngineTables.NONE, hand, seed);
    }

    /**
     * An estimate for a 17-card hand as the agent {@code mc} of {@code rules} makes it, without a
     * budget: a new playout for {@code rules} that counts with the split table of {@code tables}
     * (the same estimate, faster), and the leaf model {@code mc} has for those rules ({@link
     * McSettings#builder(Rules)}; none for most rules) at {@link #leafMix()} percent.
     */
    public Estimate estimate(Rules rules, EngineTables tables, long hand, long seed) {
        McSettings mc = McSettings.builder(rules).build();
        MinHands minHands = MinHands.of(rules, tables);
        ValueNet.Evaluator leaf = mc.leafFor(0, rules) ? mc.leaf().evaluator(rules, minHands) : null;
        return estimate(new Playout(rules, minHands), hand, seed, Long.MAX_VALUE, Effort.UNLIMITED, leaf);
    }

    /**
     * The landlord win rate of {@code hand} as the landlord, from {@link #worlds()} played-out worlds.
     *
     * @param playout the caller's playout (its rules are used)
     * @param hand 17 dealt cards ({@link Cards} layout)
     * @param seed world {@code w} is dealt from {@link Rng#derive(long, long) derive(seed, w)}
     * @throws IllegalArgumentException if the hand is not 17 valid cards
     */
    public Estimate estimate(Playout playout, long hand, long seed) {
        return estimate(playout, hand, seed, Long.MAX_VALUE, Effort.UNLIMITED);
    }

    /**
     * The estimate of {@link #estimate(Playout, long, long)} under a budget: worlds {@code 0, 1, ...}
     * until {@link #worlds()}, the {@code deadline} ({@link System#nanoTime}, read before each world)
     * or the {@code effort} meter (charged with each world's rollout) stops them; at least one.
     *
     * @param deadline no world starts at or after this instant; {@link Long#MAX_VALUE} for no clock
     * @param effort the work budget; {@link Effort#UNLIMITED} for none
     */
    public Estimate estimate(Playout playout, long hand, long seed, long deadline, Effort.Meter effort) {
        return estimate(playout, hand, seed, deadline, effort, null);
    }

    /**
     * The estimate of {@link #estimate(Playout, long, long, long, Effort.Meter)} with a leaf model:
     * each world is worth {@link #leafMix()} percent of {@code leaf}'s landlord win probability of
     * the dealt position and the rest of its rollout's win (the win rate is then the mean of those
     * values, its interval the Wilson interval of that mean over the worlds); the effort meter is
     * also charged an evaluation a world.
     *
     * @param leaf the leaf model's evaluator for the playout's rules, or null (or a mix of 0): rollouts alone
     */
    public Estimate estimate(Playout playout, long hand, long seed, long deadline, Effort.Meter effort,
                             ValueNet.Evaluator leaf) {
        if (!Cards.isValid(hand) || Cards.size(hand) != 17) {
            throw new IllegalArgumentException("a bidding hand has 17 cards, not " + Cards.size(hand));
        }
        long start = System.nanoTime();
        long unseen = Cards.remove(Cards.DECK, hand);
        int[] pool = new int[37];
        int k = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = Cards.count(unseen, r); c > 0; c--) {
                pool[k++] = r;
            }
        }
        int[] deck = new int[37];
        long[] hands = new long[3];
        Rng rng = new Rng(0);
        ValueNet.Evaluator model = leafMix == 0 ? null : leaf;
        double share = leafMix / 100.0;
        int wins = 0;
        double mixed = 0;
        int played = 0;
        for (int w = 0; w < worlds; w++) {
            if (w > 0 && (effort.exhausted() || deadline != Long.MAX_VALUE && System.nanoTime() >= deadline)) {
                break;
            }
            rng.reseed(Rng.derive(seed, w));
            System.arraycopy(pool, 0, deck, 0, 37);
            for (int i = 0; i < 20; i++) {
                int j = i + rng.nextInt(37 - i);
                int t = deck[j];
                deck[j] = deck[i];
                deck[i] = t;
            }
            // deck[0..2] kitty, deck[3..19] landlord_down, deck[20..36] landlord_up
            long landlord = hand;
            long down = 0;
            long up = 0;
            for (int i = 0; i < 3; i++) {
                landlord += Cards.of(deck[i], 1);
            }
            for (int i = 3; i < 20; i++) {
                down += Cards.of(deck[i], 1);
            }
            for (int i = 20; i < 37; i++) {
                up += Cards.of(deck[i], 1);
            }
            hands[0] = landlord;
            hands[1] = down;
            hands[2] = up;
            long moves = playout.moves();
            long lookups = playout.splits().lookups();
            long nodes = playout.solverNodes();
            boolean won = Playout.winner(playout.run(hands, 0, MoveTable.PASS, -1, 0, false)) == 0;
            if (won) {
                wins++;
            }
            if (model != null) {
                double p = ValueNet.sigmoid(model.logit(hands[0], hands[1], hands[2], 0, MoveTable.PASS, -1));
                mixed += share * p + (1 - share) * (won ? 1 : 0);
            }
            played++;
            effort.charge(1, 54, 1, playout.moves() - moves, playout.splits().lookups() - lookups,
                playout.solverNodes() - nodes, model == null ? 0 : 1);
        }
        long nanos = System.nanoTime() - start;
        return model == null ? estimate(wins, played, nanos) : estimate(mixed / played, played, nanos);
    }

    /** The estimate of {@code wins} landlord wins in {@code worlds} worlds, with its Wilson interval. */
    static Estimate estimate(int wins, int worlds, long nanos) {
        return estimate((double) wins / worlds, worlds, nanos);
    }

    /** The estimate of a mean value {@code p} over {@code worlds} worlds, with its Wilson interval. */
    private static Estimate estimate(double p, int worlds, long nanos) {
        double z = 1.959963984540054;
        double z2n = z * z / worlds;
        double centre = (p + z2n / 2) / (1 + z2n);
        double half = z * Math.sqrt(p * (1 - p) / worlds + z2n / (4.0 * worlds)) / (1 + z2n);
        return new Estimate(p, Math.max(0, centre - half), Math.min(1, centre + half), worlds, nanos);
    }
}
