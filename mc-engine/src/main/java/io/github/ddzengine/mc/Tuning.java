package io.github.ddzengine.mc;

/**
 * The search settings of {@link MonteCarloAgent} beyond its budget: the rollout policy and how
 * worlds are evaluated. Each was chosen by duplicate matches ({@code docs/strength.md}); the
 * settings stay so that a lever can be measured against its absence.
 *
 * @param rolloutFeatures the {@link Playout} features of the rollouts (0: the first policy, {@link Playout#DEFAULT})
 * @param rolloutSolveCards a rollout reaching at most this many cards in all hands ends with the
 *     exact solver's verdict (0: never; {@link Playout#Playout(io.github.ddzengine.core.rules.Rules,
 *     io.github.ddzengine.core.split.MinHands, int, int, long)})
 * @param rolloutSolveNodes the node budget of such a solve (0: none)
 * @param halvingRounds successive halving across candidates: the decision's budget (effort, worlds
 *     or time) is split into this many rounds of consecutive world indices, and after each round but
 *     the last the worse half of the candidates still in play (by worlds won, then score, then the
 *     candidate order) is dropped, so that later worlds roll out only the contenders (0 or 1: off,
 *     every world evaluates every candidate; {@link MonteCarloAgent})
 * @param surePlays the decision-level sure win: before any world is sampled, the candidate moves
 *     that nobody can beat from the cards the mover cannot see, after which the rest of its hand
 *     goes out in at most this many plays, each but the last one nobody can beat, are the only
 *     candidates (one is played at once; among several the worlds choose, by score) (0: off; at
 *     most {@link #MAX_SURE_PLAYS}; {@link Playout#sureMoves})
 * @param replies the reply search inside each world: after the candidate move, the first seat of
 *     the other side to act tries up to this many of its replies (the rollout policy's own first,
 *     then a pass, then the cheapest others) and keeps the one whose rollout is best for its side;
 *     the candidate's result is that rollout's (0 or 1: off, one rollout a candidate; at most
 *     {@link #MAX_REPLIES}; {@link Playout#runReply}). Every reply's rollout is counted as a rollout
 *     by the effort budget. Off by default: at {@code effort=60000} against the plain search,
 *     {@code reply=4} won 0.4225 [0.3906, 0.4544] of 400 games (200 duplicate deals), and in the
 *     farmers' decisions only 0.4575 [0.4229, 0.4921] ({@code docs/strength.md})
 * @param replySides in whose decisions the reply search runs: {@link #REPLY_LANDLORD} (the
 *     landlord's: the farmers reply), {@link #REPLY_FARMERS} (the farmers': the landlord replies),
 *     or both (the default, {@link #REPLY_BOTH})
 */
public record Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes, int halvingRounds,
                     int surePlays, int replies, int replySides) {
    /**
     * The chosen settings: every rollout feature, 1023: {@link Playout#WIN_IN_TWO},
     * {@link Playout#URGENT_COUNT}, {@link Playout#SAFE_LEADS}, {@link Playout#FEED_PARTNER},
     * {@link Playout#SURE_WIN}, the answers {@link Playout#EXP_UP_EVEN}, {@link Playout#EXP_URGENT2},
     * {@link Playout#EXP_LANDLORD_EVEN}, and the farmers' {@link Playout#FEED_SURE} and
     * {@link Playout#BLOCK_SHORT}. At {@code effort=60000}, against the features 31 (the default
     * before): 400 duplicate deals (seeds 61-64), WP 0.524 [0.5015, 0.546], ADP +0.16 [+0.02,
     * +0.31]; the confirmation seeds 63 and 64 alone: WP 0.515 [0.4825, 0.5475]
     * ({@code docs/strength.md}). The features 31 against the features 15: 200 deals, WP 0.575
     * [0.543, 0.607]; the features 15 against {@code mc-v1} (features 0): 400 deals, WP 0.561
     * [0.537, 0.586]. Bids keep the first policy's estimates, on which the
     * {@link Bidder}'s thresholds were tuned.
     */
    public static final Tuning DEFAULT = new Tuning(Playout.WIN_IN_TWO | Playout.URGENT_COUNT | Playout.SAFE_LEADS
        | Playout.FEED_PARTNER | Playout.SURE_WIN | Playout.EXP_UP_EVEN | Playout.EXP_URGENT2
        | Playout.EXP_LANDLORD_EVEN | Playout.FEED_SURE | Playout.BLOCK_SHORT, 0, 0);

    /** The settings of the agent frozen as {@code mc-v1}. */
    public static final Tuning V1 = new Tuning(0, 0, 0);

    /**
     * @throws IllegalArgumentException if a setting is negative
     */
    public Tuning {
        if (rolloutFeatures < 0 || rolloutSolveCards < 0 || rolloutSolveNodes < 0 || halvingRounds < 0
            || surePlays < 0 || replies < 0) {
            throw new IllegalArgumentException("search settings are not negative");
        }
        if (replySides < 1 || replySides > REPLY_BOTH) {
            throw new IllegalArgumentException("reply sides must be 1..3, not " + replySides);
        }
        if (halvingRounds > MAX_HALVING_ROUNDS) {
            throw new IllegalArgumentException("halving rounds must be 0.." + MAX_HALVING_ROUNDS + ", not " + halvingRounds);
        }
        if (surePlays > MAX_SURE_PLAYS) {
            throw new IllegalArgumentException("sure plays must be 0.." + MAX_SURE_PLAYS + ", not " + surePlays);
        }
        if (replies > MAX_REPLIES) {
            throw new IllegalArgumentException("replies must be 0.." + MAX_REPLIES + ", not " + replies);
        }
    }

    /** {@link #replySides()}: the reply search in the landlord's decisions. */
    public static final int REPLY_LANDLORD = 1;
    /** {@link #replySides()}: the reply search in the farmers' decisions. */
    public static final int REPLY_FARMERS = 2;
    /** {@link #replySides()}: the reply search in every decision. */
    public static final int REPLY_BOTH = 3;

    /** Whether the reply search runs in the decisions of {@code seat}. */
    public boolean repliesFor(int seat) {
        return replies > 1 && (replySides & (seat == 0 ? REPLY_LANDLORD : REPLY_FARMERS)) != 0;
    }

    /** Settings with the reply search in every decision. */
    public Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes, int halvingRounds,
                  int surePlays, int replies) {
        this(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, surePlays, replies, REPLY_BOTH);
    }

    /** The most replies the reply search ({@link #replies()}) tries. */
    public static final int MAX_REPLIES = Playout.MAX_REPLIES;

    /** Settings without the reply search. */
    public Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes, int halvingRounds,
                  int surePlays) {
        this(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, surePlays, 0);
    }

    /** The most plays left that the decision-level sure win ({@link #surePlays()}) looks through. */
    public static final int MAX_SURE_PLAYS = 8;

    /** Settings with successive halving and without the decision-level sure win. */
    public Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes, int halvingRounds) {
        this(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, 0);
    }

    /** The most rounds of successive halving (16 candidates halve to 2 in three). */
    public static final int MAX_HALVING_ROUNDS = 8;

    /** Settings without successive halving. */
    public Tuning(int rolloutFeatures, int rolloutSolveCards, long rolloutSolveNodes) {
        this(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, 0);
    }

    /** These settings with the rollout features {@code f}. */
    public Tuning withRolloutFeatures(int f) {
        return new Tuning(f, rolloutSolveCards, rolloutSolveNodes, halvingRounds, surePlays, replies, replySides);
    }

    /** These settings with rollouts ending in an exact solve at {@code cards} cards, {@code nodes} nodes at most. */
    public Tuning withRolloutSolve(int cards, long nodes) {
        return new Tuning(rolloutFeatures, cards, nodes, halvingRounds, surePlays, replies, replySides);
    }

    /** These settings with {@code rounds} rounds of successive halving across candidates (0 or 1: off). */
    public Tuning withHalvingRounds(int rounds) {
        return new Tuning(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, rounds, surePlays, replies, replySides);
    }

    /** These settings with the decision-level sure win through {@code plays} plays (0: off). */
    public Tuning withSurePlays(int plays) {
        return new Tuning(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, plays, replies, replySides);
    }

    /** These settings with the reply search over at most {@code k} replies (0 or 1: off). */
    public Tuning withReplies(int k) {
        return new Tuning(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, surePlays, k, replySides);
    }

    /** These settings with the reply search in the decisions of {@code sides} ({@link #replySides()}). */
    public Tuning withReplySides(int sides) {
        return new Tuning(rolloutFeatures, rolloutSolveCards, rolloutSolveNodes, halvingRounds, surePlays, replies, sides);
    }
}
