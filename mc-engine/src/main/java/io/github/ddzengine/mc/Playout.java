package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.Scoring;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;

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
public final class Playout {
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
     * The features of a playout made without any ({@link #Playout(Rules, MinHands)}): none, the first
     * policy ({@code mc-v1}'s). The agent's rollouts take theirs from {@link McSettings#rolloutFeatures()}.
     */
    public static final int DEFAULT = 0;

    private static final int SPRING_BIT = 1 << 10;
    private static final int UNFINISHED_BIT = 1 << 11;
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
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private final long[] hands = new long[3];
    private final int[] afters = new int[MoveGenerator.MAX_MOVES];
    private final int[][] depthBuffers = new int[Math.max(SURE_WIN_PLAYS, McSettings.MAX_SURE_PLAYS)][];
    private final int[] readingsA = new int[2];
    private final int[] readingsB = new int[2];
    private final int[] readingsP = new int[2];
    private final int[] readingsL = new int[2];
    private final int[] partnerMoves = new int[MoveGenerator.MAX_MOVES];
    private final int[] partnerWins = new int[MoveGenerator.MAX_MOVES];
    private final int features;
    private int stopMover;
    private int stopLast;
    private int stopLastSeat;
    private final int solveCards;
    private final long solveNodes;
    private final Solver solver;
    private long moves;
    private long solverNodes;
    private long solved;

    /** A playout for {@code rules} with the {@link #DEFAULT} features. */
    public Playout(Rules rules, MinHands minHands) {
        this(rules, minHands, DEFAULT);
    }

    /** A playout for {@code rules} with the given features and no endgame solves. */
    public Playout(Rules rules, MinHands minHands, int features) {
        this(rules, minHands, features, 0, 0);
    }

    /**
     * A playout for {@code rules}, counting plays with {@code minHands} (shared, thread-safe).
     *
     * @param features the policy's features: an or of {@link #WIN_IN_TWO}, {@link #URGENT_COUNT},
     *     {@link #SAFE_LEADS}, {@link #FEED_PARTNER}, {@link #SURE_WIN}, {@link #FEED_SURE},
     *     {@link #BLOCK_SHORT}, {@link #UP_EVEN}, {@link #URGENT_TWO}, {@link #LANDLORD_EVEN}; 0 is
     *     the first policy ({@code mc-v1}'s)
     * @param solveCards once the hands hold at most this many cards in all, the rollout ends with
     *     the exact solver's verdict ({@link Solver#solveVerdict}); 0 for never
     * @param solveNodes the node budget of such a solve (0: none); a solve that runs out of it
     *     leaves the rollout to the policy
     */
    public Playout(Rules rules, MinHands minHands, int features, int solveCards, long solveNodes) {
        this(rules, minHands, features, solveCards, solveNodes, EngineTables.NONE);
    }

    /**
     * {@link #Playout(Rules, MinHands, int, int, long)} whose endgame solver uses {@code tables}
     * (give {@code minHands} the same tables: {@link MinHands#of(Rules, EngineTables)}).
     */
    public Playout(Rules rules, MinHands minHands, int features, int solveCards, long solveNodes, EngineTables tables) {
        this.features = features;
        this.solveCards = solveCards;
        this.solveNodes = solveNodes;
        this.solver = solveCards > 0 ? new Solver(rules, 1, tables) : null;
        this.rules = rules;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.pruner = new MovePruner(table);
        this.splits = new SplitCache(minHands, 16);
    }

    /** The policy's features ({@link #Playout(Rules, MinHands, int)}). */
    public int features() {
        return features;
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

    /** Solver nodes searched so far by {@link #run}'s endgame solves, finished or not. */
    public long solverNodes() {
        return solverNodes;
    }

    /** Rollouts so far that the endgame solver ended. */
    public long solvedRollouts() {
        return solved;
    }

    /** The card total at or below which a rollout ends with an exact solve (0: never). */
    public int solveCards() {
        return solveCards;
    }

    /** The node budget of a rollout's endgame solve (0: none). */
    public long solveNodes() {
        return solveNodes;
    }

    /** The winning seat of a {@link #run} result, 0..2. */
    public static int winner(int result) {
        return result & 3;
    }

    /** The bombs and rockets played during a {@link #run}. */
    public static int bombs(int result) {
        return (result >>> 2) & 0xFF;
    }

    /** Whether a {@link #run} with a move limit stopped before the deal ended (then {@link #winner} means nothing). */
    public static boolean unfinished(int result) {
        return (result & UNFINISHED_BIT) != 0;
    }

    /** The hands where the last unfinished {@link #run} stopped (the playout's own array: read, do not keep). */
    public long[] stopHands() {
        return hands;
    }

    /** The seat to act where the last unfinished {@link #run} stopped. */
    public int stopMover() {
        return stopMover;
    }

    /** The move to beat where the last unfinished {@link #run} stopped ({@link MoveTable#PASS}: a lead). */
    public int stopLast() {
        return stopLast;
    }

    /** The seat that played {@link #stopLast()}, -1 on a lead. */
    public int stopLastSeat() {
        return stopLastSeat;
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
        return run(start, mover, last, lastSeat, landlordPlays, farmersPlayed, Integer.MAX_VALUE);
    }

    /** {@link #run(long[], int, int, int, int, boolean, int, int)} stopping after {@code maxMoves} moves whatever the cards. */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed,
                   int maxMoves) {
        return run(start, mover, last, lastSeat, landlordPlays, farmersPlayed, maxMoves, 54);
    }

    /**
     * {@link #run} that stops once it has chosen at least {@code maxMoves} moves (plays and passes)
     * and the hands hold at most {@code stopCards} cards in all, if the deal has not ended: the
     * result then has {@link #unfinished} set and {@link #bombs} so far,
     * and {@link #stopHands()}, {@link #stopMover()}, {@link #stopLast()} and {@link
     * #stopLastSeat()} give the position reached (until the next run). An endgame solve that
     * settles the deal ends it as in {@link #run}.
     *
     * @param maxMoves the least moves to choose before it may stop, 0 or more
     * @param stopCards it stops only at this many cards in all hands or fewer (54: whatever the cards)
     */
    public int run(long[] start, int mover, int last, int lastSeat, int landlordPlays, boolean farmersPlayed,
                   int maxMoves, int stopCards) {
        long[] h = hands;
        h[0] = start[0];
        h[1] = start[1];
        h[2] = start[2];
        int bombs = 0;
        if (last == MoveTable.PASS) {
            lastSeat = -1;
        }
        boolean trySolve = solveCards > 0;
        int total = trySolve || stopCards < 54 ? Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]) : 0;
        while (true) {
            int toBeat = lastSeat < 0 || lastSeat == mover ? MoveTable.PASS : last;
            if (trySolve && total <= solveCards) {
                // small enough for the exact solver: its verdict ends the rollout (no spring is
                // possible this late, and bombs still to come are not counted)
                int v = solver.solveVerdict(h, mover, toBeat, lastSeat, solveNodes);
                solverNodes += solver.lastNodes();
                if (v >= 0) {
                    solved++;
                    int winner = (v == 1) == (mover == 0) ? 0 : 1;
                    return result(winner, bombs, false);
                }
                trySolve = false; // too big for the budget: play on with the policy
            }
            if (maxMoves <= 0 && total <= stopCards) {
                stopMover = mover;
                stopLast = toBeat;
                stopLastSeat = toBeat == MoveTable.PASS ? -1 : lastSeat;
                return result(0, bombs, false) | UNFINISHED_BIT;
            }
            maxMoves--;
            int m = choose(h, mover, toBeat, lastSeat);
            moves++;
            if (m != MoveTable.PASS) {
                h[mover] -= table.cards(m);
                total -= table.cardCount(m);
                if (table.isBombOrRocket(m)) {
                    bombs++;
                }
                if (mover == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
                if (h[mover] == 0) {
                    boolean spring = Scoring.springs(mover, farmersPlayed, landlordPlays);
                    return result(mover, bombs, spring);
                }
                last = m;
                lastSeat = mover;
            }
            mover = mover == 2 ? 0 : mover + 1;
        }
    }

    /** A rollout's result as {@link #run} returns it: the winner, the bombs (at most 255), the spring bit. */
    private static int result(int winner, int bombs, boolean spring) {
        return winner | (Math.min(bombs, 255) << 2) | (spring ? SPRING_BIT : 0);
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
                    && (oppB == 0 || !generator.canBeat(oppB, m)) && (a == 1 || sureWin(hand - table.cards(m), a,
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
     * The decision-level sure win ({@link McSettings#surePlays()}): those of {@code moves} (passes
     * skipped) that nobody can beat from {@code pool}, after which the rest of {@code hand} goes out
     * in at most {@code plays} plays (by its min-hand count), each but the last one nobody can beat
     * from {@code pool} either ({@link #sureWin}); a move that empties the hand is one. The pool is
     * the union of every other seat's possible cards, so a move it cannot beat is unbeatable
     * whatever the split; only the seats' card counts are used beyond it: when no other seat holds
     * 4 cards no bomb can come from the pool, when none holds 2 no rocket.
     *
     * @param hand the mover's hand
     * @param moves legal moves of {@code hand} (the first {@code n} are read)
     * @param pool every card another seat may hold ({@link Cards} layout)
     * @param maxCards the most cards any other seat holds
     * @param plays the most plays left after the move, 0..{@link McSettings#MAX_SURE_PLAYS}
     * @param out receives the sure moves in the order of {@code moves} (room for {@code n})
     * @return how many were written to {@code out}
     */
    public int sureMoves(long hand, int[] moves, int n, long pool, int maxCards, int plays, int[] out) {
        long opp = pool;
        if (maxCards < 4) {
            for (int r = 0; r < Rank.SMALL_JOKER; r++) {
                if (Cards.count(opp, r) == 4) {
                    opp = Cards.remove(opp, Cards.of(r, 1)); // no seat holds all four
                }
            }
        }
        if (maxCards < 2 && (opp & Cards.ROCKET) == Cards.ROCKET) {
            opp = Cards.remove(opp, Cards.of(Rank.BIG_JOKER, 1));
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (m == MoveTable.PASS) {
                continue;
            }
            long rest = hand - table.cards(m);
            int a = rest == 0 ? 0 : splits.count(rest);
            if (rest == 0 || a <= plays && !generator.canBeat(opp, m) && (a == 1 || sureWin(rest, a, opp, 0L, 0))) {
                out[k++] = m;
            }
        }
        return k;
    }

    /**
     * Whether a seat leading with {@code hand} ({@code plays} = its min-hand count, at least 2)
     * goes out whatever the other side holds ({@code oppA}, {@code oppB}: 0 for none): it has a
     * lead of a min-hand split that nobody on the other side can beat, after which the same holds
     * again, down to one play.
     */
    private boolean sureWin(long hand, int plays, long oppA, long oppB, int depth) {
        int[] buf = depthBuffers[depth];
        if (buf == null) {
            buf = new int[MoveGenerator.MAX_MOVES];
            depthBuffers[depth] = buf;
        }
        int n = pruner.prune(hand, buf, generator.leads(hand, buf));
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            long rest = hand - table.cards(m);
            if (splits.count(rest) != plays - 1 || generator.canBeat(oppA, m) || oppB != 0 && generator.canBeat(oppB, m)) {
                continue;
            }
            if (plays == 2 || sureWin(rest, plays - 1, oppA, oppB, depth + 1)) {
                return true;
            }
        }
        return false;
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
                && (a == 1 || sureWin(rest, a, landlord, 0L, 0))) {
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
