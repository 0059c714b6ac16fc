package io.github.ddzengine.mc;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * The sure-win analysis: whether a hand goes out whatever the other side holds, lead by lead, each
 * lead one nobody can beat. Used by the rollout policy ({@link RolloutPolicy#SURE_WIN}, {@link
 * RolloutPolicy#FEED_SURE}) and by the decision-level sure win ({@link McSettings#surePlays()}).
 * One instance per thread (it shares its owner's move generator and min-hand cache);
 * allocation-free once its per-depth buffers exist.
 */
final class SureWin {
    private final MoveTable table;
    private final MoveGenerator generator;
    private final MovePruner pruner;
    private final SplitCache splits;
    private final int[][] depthBuffers =
        new int[Math.max(RolloutPolicy.SURE_WIN_PLAYS, McSettings.MAX_SURE_PLAYS) + 1][];

    SureWin(MoveTable table, MoveGenerator generator, MovePruner pruner, SplitCache splits) {
        this.table = table;
        this.generator = generator;
        this.pruner = pruner;
        this.splits = splits;
    }

    /**
     * The decision-level sure win ({@link McSettings#surePlays()}): those of {@code moves} (passes
     * skipped) that nobody can beat from {@code pool}, after which the rest of {@code hand} goes out
     * in at most {@code plays} plays (by its min-hand count), each but the last one nobody can beat
     * from {@code pool} either ({@link #wins}); a move that empties the hand is one. The pool is
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
    int sureMoves(long hand, int[] moves, int n, long pool, int maxCards, int plays, int[] out) {
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
            if (rest == 0 || a <= plays && !generator.canBeat(opp, m) && (a == 1 || wins(rest, a, opp, 0L, 0))) {
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
    boolean wins(long hand, int plays, long oppA, long oppB, int depth) {
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
            if (plays == 2 || wins(rest, plays - 1, oppA, oppB, depth + 1)) {
                return true;
            }
        }
        return false;
    }

}
