package io.github.ddzengine.tools.cli;

import io.github.ddzengine.core.movegen.DisplayOrder;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;

/**
 * {@code ddz solve --distance}: after the boolean solve, the winner's plays to win against the
 * most stubborn defence ({@link DistanceToWin}), per winning first move with {@code --all}, and
 * the line of best play both ways.
 */
public final class SolveDistance {
    private SolveDistance() {
    }

    /**
     * The distance of a solved position.
     *
     * @param plays the winner's plays to finish: exact, or a lower bound when not {@code exact}
     * @param exact whether {@code plays} is exact
     * @param line the winner's fastest win against the loser's most stubborn defence; null when
     *     the budget ran out first (the solve's line stands)
     * @param moves with {@code --all} the mover's winning moves in display order, else null
     * @param movePlays the plays to win after each of {@code moves} (the move counted), exact or a
     *     lower bound as {@code moveExact} says
     * @param moveExact whether each of {@code movePlays} is exact
     * @param nodes positions the distance search visited
     * @param nanos the distance search's wall time
     */
    public record Report(int plays, boolean exact, int[] line, int[] moves, int[] movePlays, boolean[] moveExact, long nodes,
                  long nanos) {
    }

    /**
     * The distance of {@code p}, whose solve {@code r} has a known verdict, within what is left of
     * {@code timeoutMillis} after the solve (0: no limit).
     */
    public static Report of(DistanceToWin dtw, Position p, SolveResult r, long timeoutMillis) {
        long start = System.nanoTime();
        long deadline = timeoutMillis > 0 ? start + timeoutMillis * 1_000_000L - r.nanos() : Long.MAX_VALUE;
        boolean landlordWins = "landlord".equals(r.winner());
        long nodes = 0;
        int[] moves = null;
        int[] movePlays = null;
        boolean[] moveExact = null;
        int[] winning = r.winningMoves();
        if (winning != null) {
            moves = DisplayOrder.sorted(p.rules().table(), winning);
            movePlays = new int[moves.length];
            moveExact = new boolean[moves.length];
            for (int i = 0; i < moves.length; i++) {
                DistanceToWin.Result m = dtw.playsAfter(p, moves[i], left(deadline), 0);
                movePlays[i] = m.plays();
                moveExact[i] = m.exact();
                nodes += m.nodes();
            }
        }
        DistanceToWin.Result root = dtw.plays(p, landlordWins, left(deadline), 0);
        nodes += root.nodes();
        int[] line = null;
        if (root.exact()) {
            line = dtw.line(p, landlordWins, root.plays(), left(deadline), 0);
            nodes += dtw.lastNodes();
        }
        return new Report(root.plays(), root.exact(), line, moves, movePlays, moveExact, nodes,
            System.nanoTime() - start);
    }

    /** Milliseconds left before {@code deadline} for a search (at least 1), or 0 for no limit. */
    private static long left(long deadline) {
        if (deadline == Long.MAX_VALUE) {
            return 0;
        }
        return Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
    }
}
