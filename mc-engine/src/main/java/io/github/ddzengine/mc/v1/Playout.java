package io.github.ddzengine.mc.v1;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;

/**
 * The rollout policy: plays a perfect-information deal to the end with a fast rule policy built
 * on min-hand splits ({@link MinHands#count}, through a {@link SplitCache}). One instance per
 * thread; allocation-free after construction.
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
final class Playout {
    /** An opponent with this many cards or fewer is urgent: break combinations and bomb to stop it. */
    public static final int URGENT_CARDS = 4;

    private static final int SPRING_BIT = 1 << 10;
    private static final int SOLO = MoveType.SOLO.ordinal();
    private static final int PAIR = MoveType.PAIR.ordinal();
    private static final int BOMB = MoveType.BOMB.ordinal();
    private static final int ROCKET = MoveType.ROCKET.ordinal();

    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MovePruner pruner;
    private final SplitCache splits;
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private final long[] hands = new long[3];
    private long moves;

    /** A playout for {@code rules}, counting plays with {@code minHands} (shared, thread-safe). */
    public Playout(Rules rules, MinHands minHands) {
        this.rules = rules;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.pruner = new MovePruner(table);
        this.splits = new SplitCache(minHands, 16);
    }

    /** The rules played. */
    public Rules rules() {
        return rules;
    }

    /** The per-thread min-hand cache this playout uses (shared with the caller's candidate ordering). */
    public SplitCache splits() {
        return splits;
    }

    /** Rollout moves (plays and passes) chosen so far by {@link #run}. */
    public long moves() {
        return moves;
    }

    /** The winning seat of a {@link #run} result, 0..2. */
    public static int winner(int result) {
        return result & 3;
    }

    /** The bombs and rockets played during a {@link #run}. */
    public static int bombs(int result) {
        return (result >>> 2) & 0xFF;
    }

    /** Whether a {@link #run} ended in a spring or anti-spring (which doubles the score). */
    public static boolean spring(int result) {
        return (result & SPRING_BIT) != 0;
    }

    /**
     * Plays the deal to the end.
     *
     * @param start the hands of seats 0, 1, 2 (not modified); every hand non-empty
     * @param mover the seat to act
     * @param last the move to beat, or {@link MoveTable#PASS} when the mover leads
     * @param lastSeat the seat that played {@code last}, -1 when the mover leads
     * @param landlordPlays the landlord's non-pass plays so far (for anti-spring)
     * @param farmersPlayed whether a farmer has played a card so far (for spring)
     * @return the result: {@link #winner}, {@link #bombs}, {@link #spring}
     */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed) {
        long[] h = hands;
        h[0] = start[0];
        h[1] = start[1];
        h[2] = start[2];
        int bombs = 0;
        if (last == MoveTable.PASS) {
            lastSeat = -1;
        }
        while (true) {
            int toBeat = lastSeat < 0 || lastSeat == mover ? MoveTable.PASS : last;
            int m = choose(h, mover, toBeat, lastSeat);
            moves++;
            if (m != MoveTable.PASS) {
                h[mover] -= table.cards(m);
                int t = table.typeOrdinal(m);
                if (t == BOMB || t == ROCKET) {
                    bombs++;
                }
                if (mover == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
                if (h[mover] == 0) {
                    boolean spring = mover == 0 ? !farmersPlayed : landlordPlays == 1;
                    return mover | (Math.min(bombs, 255) << 2) | (spring ? SPRING_BIT : 0);
                }
                last = m;
                lastSeat = mover;
            }
            mover = mover == 2 ? 0 : mover + 1;
        }
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
        if (!lead && mover != 0 && lastSeat != 0) {
            return MoveTable.PASS;
        }
        n = pruner.prune(hand, buf, n);
        int now = splits.count(hand);
        int oppMin = mover == 0 ? Math.min(Cards.size(h[1]), Cards.size(h[2])) : Cards.size(h[0]);
        boolean urgent = !lead && Cards.size(h[lastSeat]) <= URGENT_CARDS;
        int best = MoveTable.PASS;
        long bestScore = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS) {
                continue;
            }
            int t = table.typeOrdinal(m);
            boolean bomb = t == BOMB || t == ROCKET;
            int after = splits.count(hand - table.cards(m));
            int rank = table.mainRank(m);
            long score;
            if (lead) {
                boolean exposed = (t == SOLO && oppMin == 1) || (t == PAIR && oppMin == 2);
                score = (exposed ? (1L << 30) + ((15 - rank) << 20) : 0) + ((long) after << 12) + (bomb ? 1 << 11 : 0)
                    + (rank << 5) + (31 - table.cardCount(m));
            } else if (!bomb) {
                if (after >= now && !urgent) {
                    continue;
                }
                score = ((long) after << 12) + (rank << 5) + (31 - table.cardCount(m));
            } else {
                if (after > 1 && !urgent) {
                    continue;
                }
                score = (1L << 30) + ((long) after << 12) + (t == ROCKET ? 16 << 5 : rank << 5);
            }
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }
}
