package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;

/**
 * The rollout policy: the move a seat plays in a rollout ({@link Playout}), a fast rule policy
 * built on min-hand splits ({@link io.github.ddzengine.core.split.MinHands#count}, through a
 * {@link SplitCache}), and its feature bits. One instance per thread (inside its playout);
 * allocation-free after construction.
 *
 * <h2>Policy ({@link #choose})</h2>
 * <ol>
 *   <li>A move that empties the hand is played.</li>
 *   <li>A farmer passes on the other farmer's move.</li>
 *   <li>Kicker variants are thinned to the cheapest per main part ({@link MovePruner}).</li>
 *   <li>Leading: the move that leaves the fewest plays ({@code count(hand - move)}); ties go to
 *       non-bombs, then the lowest main rank, then the most cards. When an opponent holds one
 *       card, solos are led last and then the highest; when an opponent holds two, the same for pairs.</li>
 *   <li>Following an opponent: the lowest non-bomb answer that is part of a min-hand split
 *       ({@code count(hand - move) < count(hand)}), or any non-bomb answer (fewest plays left
 *       first) when the opponent who played is down to {@link #URGENT_CARDS} cards or fewer. A bomb
 *       or the rocket only when nothing else qualifies and it leaves at most one play, or the
 *       opponent is down to {@link #URGENT_CARDS}. Otherwise pass.</li>
 * </ol>
 */
public final class RolloutPolicy {
    /** An opponent with this many cards or fewer is urgent: break combinations and bomb to stop it. */
    public static final int URGENT_CARDS = 4;

    /**
     * Feature: a move nobody on the other side can beat that leaves a hand going out in one play
     * is played (a farmer plays it on its partner's move too).
     */
    public static final int WIN_IN_TWO = 1;
    /**
     * Feature (with {@link #WIN_IN_TWO}): also a move nobody on the other side can beat after which
     * the hand goes out in at most {@link #SURE_WIN_PLAYS} plays, each but the last one nobody on the
     * other side can beat.
     */
    public static final int SURE_WIN = 16;
    /** Feature: landlord_up answers the landlord with moves that leave as many plays. */
    public static final int UP_EVEN = 32;
    /** Feature: a seat fights for the trick when an opponent needs at most two plays. */
    public static final int URGENT_TWO = 64;
    /** Feature: the landlord answers a farmer of at most three plays with moves that leave as many. */
    public static final int LANDLORD_EVEN = 128;
    /**
     * Feature (with {@link #WIN_IN_TWO} and {@link #SURE_WIN}): a farmer leads a move its partner
     * takes with a move the landlord cannot beat, after which the partner goes out in plays the
     * landlord cannot beat but the last (landlord_up's lead must also be one the landlord cannot
     * beat): feeding a partner with a sure win, not only a partner whose hand is one combination.
     */
    public static final int FEED_SURE = 256;
    /**
     * Feature: landlord_up overtakes landlord_down's move when the landlord's hand is one
     * combination that beats it, with the lowest answer that hand does not beat (a block).
     */
    public static final int BLOCK_SHORT = 512;
    /** The most plays left that {@link #SURE_WIN} looks through. */
    public static final int SURE_WIN_PLAYS = 4;
    /** Feature: a seat also fights for the trick when an opponent's whole hand is one combination. */
    public static final int URGENT_COUNT = 2;
    /**
     * Feature: a lead is exposed when an opponent whose whole hand is one combination beats it with
     * that hand (instead of: solos against one card, pairs against two).
     */
    public static final int SAFE_LEADS = 4;
    /**
     * Feature: a farmer whose partner's hand is one combination leads something the partner goes
     * out on; landlord_down lets the landlord's move run when landlord_up goes out on it.
     */
    public static final int FEED_PARTNER = 8;
    /**
     * The features of a playout made without any ({@link Playout#Playout(Rules, io.github.ddzengine.core.split.MinHands)}): none, the first
     * policy ({@code mc-v1}'s). The agent's rollouts take theirs from {@link McSettings#rolloutFeatures()}.
     */
    public static final int DEFAULT = 0;

    private static final int SOLO = MoveType.SOLO.ordinal();
    private static final int PAIR = MoveType.PAIR.ordinal();
    private static final int ROCKET = MoveType.ROCKET.ordinal();

    private final Rules rules;
    private final Rng noiseRng = new Rng(0);
    private int noise;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MovePruner pruner;
    private final SplitCache splits;
    private final SureWin sure;
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private final int[] afters = new int[MoveGenerator.MAX_MOVES];
    private final int[] readingsA = new int[2];
    private final int[] readingsB = new int[2];
    private final int[] readingsP = new int[2];
    private final int[] readingsL = new int[2];
    private final int[] partnerMoves = new int[MoveGenerator.MAX_MOVES];
    private final int[] partnerWins = new int[MoveGenerator.MAX_MOVES];
    private final int features;

    /**
     * The policy for {@code rules} with the given features, counting plays with {@code splits}
     * (the owner's per-thread cache).
     *
     * @param features an or of the feature bits of this class; 0 is the first policy ({@code mc-v1}'s)
     */
    RolloutPolicy(Rules rules, SplitCache splits, int features) {
        this.rules = rules;
        this.features = features;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.pruner = new MovePruner(table);
        this.splits = splits;
        this.sure = new SureWin(table, generator, pruner, splits);
    }

    /** The policy's features. */
    int features() {
        return features;
    }

    /** The sure-win analysis this policy uses. */
    SureWin sureWin() {
        return sure;
    }

    /**
     * The policy's move for {@code mover} (see the class comment).
     *
     * @param h the hands of seats 0, 1, 2
     * @param toBeat the move to beat, or {@link MoveTable#PASS} to lead
     * @param lastSeat the seat that played {@code toBeat} (ignored when leading)
     * @return a legal move id
     */
    public int choose(long[] h, int mover, int toBeat, int lastSeat) {
        long hand = h[mover];
        int[] buf = buffer;
        int n = generator.answers(hand, toBeat, buf);
        for (int i = 0; i < n; i++) {
            if (table.cards(buf[i]) == hand) {
                return buf[i];
            }
        }
        boolean lead = toBeat == MoveTable.PASS;
        boolean partnerMove = !lead && mover != 0 && lastSeat != 0;
        if (partnerMove && (features & WIN_IN_TWO) == 0) {
            return MoveTable.PASS;
        }
        n = pruner.prune(hand, buf, n);
        long oppA = mover == 0 ? h[1] : h[0];
        long oppB = mover == 0 ? h[2] : 0L;
        int[] after = afters;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            after[i] = m == MoveTable.PASS ? -1 : splits.count(hand - table.cards(m));
        }
        if ((features & WIN_IN_TWO) != 0) {
            // a move nobody on the other side can beat, and what is left goes out in one play (or,
            // with SURE_WIN, in plays nobody can beat but the last)
            boolean deep = (features & SURE_WIN) != 0;
            for (int i = 0; i < n; i++) {
                int m = buf[i];
                int a = after[i];
                if ((a == 1 || deep && a > 1 && a <= SURE_WIN_PLAYS) && !generator.canBeat(oppA, m)
                    && (oppB == 0 || !generator.canBeat(oppB, m)) && (a == 1 || sure.wins(hand - table.cards(m), a,
                    oppA, oppB, 0))) {
                    return m;
                }
            }
            if (partnerMove) {
                if ((features & BLOCK_SHORT) != 0 && mover == 2) {
                    return block(h[0], toBeat, buf, n, after);
                }
                return MoveTable.PASS;
            }
        }
        int partner = mover == 0 ? -1 : 3 - mover;
        // opponents (and the partner) that go out in one play: their whole hand is one combination
        int oneA = 0;
        int oneB = 0;
        if ((features & (SAFE_LEADS | URGENT_COUNT)) != 0) {
            oneA = oneCombination(oppA, readingsA);
            oneB = oppB == 0 ? 0 : oneCombination(oppB, readingsB);
        }
        if (lead && partner > 0 && (features & FEED_PARTNER) != 0) {
            int fed = feed(h, mover, partner, buf, n, after);
            if (fed != MoveTable.PASS) {
                return fed;
            }
            if ((features & (FEED_SURE | SURE_WIN | WIN_IN_TWO)) == (FEED_SURE | SURE_WIN | WIN_IN_TWO)) {
                fed = feedSure(h, mover, partner, buf, n, after);
                if (fed != MoveTable.PASS) {
                    return fed;
                }
            }
        }
        if (!lead && mover == 1 && lastSeat == 0 && (features & FEED_PARTNER) != 0
            && beatsWith(readingsP, oneCombination(h[2], readingsP), toBeat)) {
            return MoveTable.PASS; // landlord_up goes out on the landlord's move: let it
        }
        int now = splits.count(hand);
        int oppMin = mover == 0 ? Math.min(Cards.size(h[1]), Cards.size(h[2])) : Cards.size(h[0]);
        boolean urgent = !lead && Cards.size(h[lastSeat]) <= URGENT_CARDS;
        if (!lead && (features & URGENT_COUNT) != 0) {
            urgent |= oneA > 0 || oneB > 0;
        }
        if (!lead && (features & URGENT_TWO) != 0) {
            urgent |= splits.count(oppA) <= 2 || oppB != 0 && splits.count(oppB) <= 2;
        }
        // answers that leave as many plays as before are allowed (break-even beats)
        boolean even = !lead && ((features & UP_EVEN) != 0 && mover == 2 && lastSeat == 0
            || (features & LANDLORD_EVEN) != 0 && mover == 0 && splits.count(h[lastSeat]) <= 3);
        boolean safe = (features & SAFE_LEADS) != 0;
        int best = MoveTable.PASS;
        long bestScore = Long.MAX_VALUE;
        int second = MoveTable.PASS;
        long secondScore = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS) {
                continue;
            }
            int t = table.typeOrdinal(m);
            boolean bomb = table.isBombOrRocket(m);
            int a = after[i];
            int rank = table.mainRank(m);
            long score;
            if (lead) {
                boolean exposed = safe ? beatsWith(readingsA, oneA, m) || beatsWith(readingsB, oneB, m)
                    : (t == SOLO && oppMin == 1) || (t == PAIR && oppMin == 2);
                score = (exposed ? (1L << 30) + ((15 - rank) << 20) : 0) + ((long) a << 12) + (bomb ? 1 << 11 : 0)
                    + (rank << 5) + (31 - table.cardCount(m));
            } else if (!bomb) {
                if ((even ? a > now : a >= now) && !urgent) {
                    continue;
                }
                score = ((long) a << 12) + (rank << 5) + (31 - table.cardCount(m));
            } else {
                if (a > 1 && !urgent) {
                    continue;
                }
                score = (1L << 30) + ((long) a << 12) + (t == ROCKET ? 16 << 5 : rank << 5);
            }
            if (score < bestScore) {
                secondScore = bestScore;
                second = best;
                bestScore = score;
                best = m;
            } else if (score < secondScore) {
                secondScore = score;
                second = m;
            }
        }
        if (noise > 0) {
            // the policy's second choice now and then (a pass when following and there is none)
            if (best != MoveTable.PASS && (!lead || second != MoveTable.PASS) && noiseRng.nextInt(1000) < noise) {
                return second;
            }
        }
        return best;
    }

    /**
     * Sets the rollouts' noise: with probability {@code permille / 1000} a choice of the policy's
     * main order (not a finishing or feeding move) is replaced by its second choice (a pass when
     * following with only one answer); the draws come from a stream reseeded here.
     *
     * @param permille 0 (deterministic, the default) .. 1000
     * @param seed the stream's seed
     */
    public void noise(int permille, long seed) {
        noise = permille;
        noiseRng.reseed(seed);
    }

    /**
     * A farmer's lead that its partner, whose hand is one combination, beats with its whole hand
     * and so goes out (landlord_up's lead must also be one the landlord, who plays in between,
     * cannot beat): the best such lead by the lead order, or a pass if there is none or the
     * partner's hand is not one combination.
     */
    private int feed(long[] h, int mover, int partner, int[] buf, int n, int[] after) {
        int oneP = oneCombination(h[partner], readingsP);
        if (oneP == 0) {
            return MoveTable.PASS;
        }
        int best = MoveTable.PASS;
        long bestScore = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS || !beatsWith(readingsP, oneP, m)
                || mover == 2 && generator.canBeat(h[0], m)) {
                continue;
            }
            long score = leadScore(after[i], m);
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /**
     * The lead order of the feeding and blocking answers (lower first): fewer combinations left
     * after the move ({@code afterCombos}), then a lower main rank, then more cards.
     */
    private long leadScore(int afterCombos, int m) {
        return ((long) afterCombos << 12) + (table.mainRank(m) << 5) + (31 - table.cardCount(m));
    }

    /**
     * {@link #FEED_SURE}: a farmer's lead that its partner takes with a move the landlord cannot
     * beat, after which the partner's rest goes out in at most {@link #SURE_WIN_PLAYS} plays, each
     * but the last one the landlord cannot beat (landlord_up's lead must also be one the landlord
     * cannot beat): the best such lead by the lead order, or a pass if there is none.
     */
    private int feedSure(long[] h, int mover, int partner, int[] buf, int n, int[] after) {
        long landlord = h[0];
        int wins = partnerWins(h[partner], landlord);
        if (wins == 0) {
            return MoveTable.PASS;
        }
        int best = MoveTable.PASS;
        long bestScore = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS || mover == 2 && generator.canBeat(landlord, m)) {
                continue;
            }
            boolean taken = false;
            for (int j = 0; j < wins && !taken; j++) {
                taken = table.beats(partnerWins[j], m);
            }
            if (!taken) {
                continue;
            }
            long score = leadScore(after[i], m);
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /**
     * The moves of a farmer's hand {@code hp} that, taking a trick, win the game: the landlord
     * cannot beat them and the rest goes out in at most {@link #SURE_WIN_PLAYS} plays, each but the
     * last one the landlord cannot beat; into {@link #partnerWins}, their number (0 unless the hand
     * needs 2 to {@code SURE_WIN_PLAYS + 1} plays).
     */
    private int partnerWins(long hp, long landlord) {
        int cp = splits.count(hp);
        if (cp < 2 || cp > SURE_WIN_PLAYS + 1) {
            return 0;
        }
        int[] pm = partnerMoves;
        int k = pruner.prune(hp, pm, generator.leads(hp, pm));
        int wins = 0;
        for (int i = 0; i < k; i++) {
            int q = pm[i];
            long rest = hp - table.cards(q);
            int a = splits.count(rest);
            if (a >= 1 && a <= SURE_WIN_PLAYS && !generator.canBeat(landlord, q)
                && (a == 1 || sure.wins(rest, a, landlord, 0L, 0))) {
                partnerWins[wins++] = q;
            }
        }
        return wins;
    }

    /**
     * {@link #BLOCK_SHORT}: landlord_up on landlord_down's move; when the {@code landlord}'s hand is
     * one combination that beats it, the lowest answer (non-bombs first) that hand does not beat,
     * else a pass.
     */
    private int block(long landlord, int toBeat, int[] buf, int n, int[] after) {
        int k = oneCombination(landlord, readingsL);
        if (k == 0 || !beatsWith(readingsL, k, toBeat)) {
            return MoveTable.PASS;
        }
        int best = MoveTable.PASS;
        long bestScore = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS || beatsWith(readingsL, k, m)) {
                continue;
            }
            long score = (table.isBombOrRocket(m) ? 1L << 30 : 0) + leadScore(after[i], m);
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /**
     * The readings of {@code hand} as one combination the rules allow, into {@code out}; their
     * number, 0 when the hand is not one combination.
     */
    private int oneCombination(long hand, int[] out) {
        if (hand == 0 || splits.count(hand) != 1) {
            return 0;
        }
        int k = table.classify(hand, out);
        int kept = 0;
        for (int i = 0; i < k; i++) {
            if (rules.allows(out[i])) {
                out[kept++] = out[i];
            }
        }
        return kept;
    }

    /** Whether one of the first {@code k} readings beats {@code move}. */
    private boolean beatsWith(int[] readings, int k, int move) {
        for (int i = 0; i < k; i++) {
            if (table.beats(readings[i], move)) {
                return true;
            }
        }
        return false;
    }
}
