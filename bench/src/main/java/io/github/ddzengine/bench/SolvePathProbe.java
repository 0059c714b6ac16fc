package io.github.ddzengine.bench;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.Playout;

/**
 * Nodes and time of the two solver paths for Monte Carlo worlds: {@code solve} with every winning
 * move (and its line) against {@code solveMoves} on the legal moves, over positions of self-play
 * games of the rollout policy, by total cards. Usage: {@code SolvePathProbe [GAMES [MAX_CARDS [NODES]]]}.
 */
public final class SolvePathProbe {
    private SolvePathProbe() {
    }

    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int maxCards = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        long budget = args.length > 2 ? Long.parseLong(args[2]) : 0;
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        Playout p = new Playout(rules, MinHands.of(rules));
        Solver solver = new Solver(rules, 2);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[][] stat = new long[55][6];
        GameState g = new GameState(rules);
        long[] h = new long[3];
        for (int d = 0; d < games * 2; d++) {
            if (d == games) {
                for (long[] st : stat) {
                    java.util.Arrays.fill(st, 0);
                }
            }
            Deal deal = Deal.random(SplitMix64.derive(5, d % games));
            g.start(deal);
            while (!g.isOver()) {
                for (int s = 0; s < 3; s++) {
                    h[s] = g.hand(s);
                }
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                int mover = g.toAct();
                int last = g.lastMove();
                int lastSeat = g.lastSeat();
                if (total <= maxCards && total >= 12) {
                    Position pos = Position.of(rules, h, mover, last, lastSeat);
                    int n = gen.answers(h[mover], last, buf);
                    long t0 = System.nanoTime();
                    SolveResult r = solver.solve(pos, true, 0, budget);
                    long t1 = System.nanoTime();
                    long nodes2 = solver.solveMoves(pos, buf, n, wins, 0, budget) ? solver.lastNodes() : -1;
                    long t2 = System.nanoTime();
                    long[] st = stat[total];
                    st[0]++;
                    st[1] += r.isKnown() ? r.nodes() : budget;
                    st[2] += t1 - t0;
                    st[3] += nodes2 < 0 ? budget : nodes2;
                    st[4] += t2 - t1;
                    if (r.isKnown() && nodes2 >= 0) {
                        int[] wm = r.winningMoves();
                        for (int i = 0; i < n; i++) {
                            boolean w = false;
                            for (int x : wm) {
                                w |= x == buf[i];
                            }
                            if (w != wins[i]) {
                                throw new AssertionError("verdict differs at " + pos + " move " + table.format(buf[i]));
                            }
                        }
                    }
                }
                int toBeat = Trick.toBeat(last, lastSeat, mover);
                g.play(p.choose(h, mover, toBeat, lastSeat));
            }
        }
        for (int c = 12; c <= maxCards; c++) {
            long[] st = stat[c];
            if (st[0] > 0) {
                System.out.printf("%2d cards: %4d positions  solve %9.0f nodes %7.3f ms   solveMoves %9.0f nodes %7.3f ms%n", c,
                    st[0], (double) st[1] / st[0], st[2] / 1e6 / st[0], (double) st[3] / st[0], st[4] / 1e6 / st[0]);
            }
        }
    }
}
