package io.github.ddzengine.mc.agents;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;

/**
 * The {@code greedy} baseline: our min-hand heuristic, deterministic.
 *
 * <ol>
 *   <li>A move that empties the hand is always played, lead or follow.</li>
 *   <li><b>Lead:</b> the move that leaves the hand with the fewest plays ({@link MinHands#count},
 *       exact); ties go to the lower main rank, then to the move with more cards.</li>
 *   <li><b>Follow:</b> a farmer never beats the
 *       other farmer's play (the partner's winning lead). Otherwise the best answer by the same
 *       order is played if it leaves fewer plays than the hand needs now (it is part of an optimal
 *       split), else the agent passes.</li>
 *   <li><b>Bombs and the rocket are kept</b> (never considered) unless an opponent is about to win
 *       (holds at most {@link #ABOUT_TO_WIN} cards) or the hand has nothing else to lead. When an
 *       opponent is about to win, the agent also answers with its best move even if that leaves
 *       as many plays as before, rather than pass.</li>
 * </ol>
 * Bids by {@link BaselineBids}. Allocates nothing per move.
 */
public final class GreedyAgent implements Agent {
    /** An opponent holding at most this many cards is about to win. */
    public static final int ABOUT_TO_WIN = 3;

    private final Rules rules;
    private final EngineTables tables;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MinHands minHands;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];

    /** A greedy agent for {@code rules}, counting plays without a split table. */
    public GreedyAgent(Rules rules) {
        this(rules, EngineTables.NONE);
    }

    /** A greedy agent for {@code rules} whose min-hand counts use the split table of {@code tables} (same moves, faster). */
    public GreedyAgent(Rules rules, EngineTables tables) {
        this.rules = rules;
        this.tables = tables;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.minHands = MinHands.of(rules, tables);
    }

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public int bid(BidRequest request) {
        return BaselineBids.bid(request);
    }

    @Override
    public int play(InformationSet info) {
        int seat = info.seat();
        int fewest = seat == Seat.LANDLORD ? Math.min(info.cardsLeft(1), info.cardsLeft(2)) : info.cardsLeft(0);
        return choose(info.hand(), seat, info.lastMove(), info.lastSeat(), fewest);
    }

    /**
     * The move of {@code seat} holding {@code hand} against {@code last} played by {@code lastSeat}
     * ({@link MoveTable#PASS} and -1 on a lead), when the opponent closest to winning holds
     * {@code opponentCards} cards.
     */
    int choose(long hand, int seat, int last, int lastSeat, int opponentCards) {
        boolean danger = opponentCards <= ABOUT_TO_WIN;
        boolean leads = last == MoveTable.PASS;
        int n = leads ? generator.leads(hand, moves) : generator.answers(hand, last, moves);
        for (int i = 0; i < n; i++) {
            if (moves[i] != MoveTable.PASS && table.cards(moves[i]) == hand) {
                return moves[i]; // out at once, bomb or not
            }
        }
        if (leads) {
            int best = best(hand, n, danger);
            return best >= 0 ? best : best(hand, n, true);
        }
        if (seat != Seat.LANDLORD && lastSeat != Seat.LANDLORD) {
            return MoveTable.PASS;
        }
        int best = best(hand, n, danger);
        if (best < 0) {
            return MoveTable.PASS;
        }
        if (danger || minHands.count(hand - table.cards(best)) < minHands.count(hand)) {
            return best;
        }
        return MoveTable.PASS;
    }

    /**
     * The best of {@code moves[0..n)} (pass skipped; bombs and the rocket only when
     * {@code bombs}): fewest plays left, then lower main rank, then more cards; -1 if none.
     */
    private int best(long hand, int n, boolean bombs) {
        int best = -1;
        int bestCount = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (m == MoveTable.PASS || (!bombs && table.isBombOrRocket(m))) {
                continue;
            }
            int count = minHands.count(hand - table.cards(m));
            if (best < 0 || count < bestCount
                || (count == bestCount && (table.mainRank(m) < table.mainRank(best)
                || (table.mainRank(m) == table.mainRank(best) && table.cardCount(m) > table.cardCount(best))))) {
                best = m;
                bestCount = count;
            }
        }
        return best;
    }

    @Override
    public Agent copy() {
        return new GreedyAgent(rules, tables);
    }
}
