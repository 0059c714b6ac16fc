package io.github.ddzengine.learn;

import java.util.List;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MovePruner;
import io.github.ddzengine.mc.Playout;
import io.github.ddzengine.mc.eval.ValueNet;

/**
 * The screen of a value network before any match ({@code ddz learn screen}), on solver-labelled
 * positions it was not trained on:
 * <ol>
 *   <li>by card count and mover: how often the network's side (p &gt; 0.5) is the solver's, and
 *       its log-loss;</li>
 *   <li>on positions with a choice, per legal move (kickers thinned as the Monte Carlo agent
 *       thins them): whether the network's verdict on the position after the move agrees with the
 *       solver's, and how often the move its one-ply lookahead picks loses a won position; the same
 *       for one rollout of the Monte Carlo agent's policy ({@link McSettings#defaults()}), on the same
 *       positions and moves.</li>
 * </ol>
 */
public final class Screen {
    /** The card-count groups of the report: {@code [lo, hi]} pairs. */
    public static final int[][] GROUPS = {{3, 12}, {13, 18}, {19, 24}, {25, 30}, {31, 54}};

    /** Counts of one group and mover. */
    public static final class Cell {
        long positions;
        long right;
        double loss;
        long moves;
        long netAgree;
        long rolloutAgree;
        long won;
        long netPickLoses;
        long rolloutPickLoses;

        /** Positions screened. */
        public long positions() {
            return positions;
        }

        /** Share of positions whose side the network gets right. */
        public double accuracy() {
            return positions == 0 ? Double.NaN : (double) right / positions;
        }

        /** Mean log-loss. */
        public double logLoss() {
            return positions == 0 ? Double.NaN : loss / positions;
        }

        /** Moves judged. */
        public long moves() {
            return moves;
        }

        /** Share of moves whose verdict the network gets right. */
        public double netAgreement() {
            return moves == 0 ? Double.NaN : (double) netAgree / moves;
        }

        /** Share of moves whose verdict one rollout gets right. */
        public double rolloutAgreement() {
            return moves == 0 ? Double.NaN : (double) rolloutAgree / moves;
        }

        /** Won positions with a choice. */
        public long won() {
            return won;
        }

        /** Share of won positions where the network's pick loses. */
        public double netPickLoses() {
            return won == 0 ? Double.NaN : (double) netPickLoses / won;
        }

        /** Share of won positions where the rollout's pick (the first move it wins) loses. */
        public double rolloutPickLoses() {
            return won == 0 ? Double.NaN : (double) rolloutPickLoses / won;
        }
    }

    private final ValueNet.Evaluator net;
    private final Playout rollout;
    private final Solver solver;
    private final MoveGenerator generator;
    private final MovePruner pruner;
    private final long moveNodes;
    /** cells[group][mover]; cells[GROUPS.length][*] is every group. */
    private final Cell[][] cells = new Cell[GROUPS.length + 1][3];

    /**
     * A screen of {@code net}.
     *
     * @param rules the rules of the positions
     * @param net the network
     * @param moveNodes the node budget of the solver's per-move verdicts of one position (0: no
     *     move screen)
     */
    public Screen(Rules rules, ValueNet net, long moveNodes) {
        MinHands minHands = MinHands.of(rules);
        this.net = net.evaluator(rules, minHands);
        McSettings t = McSettings.defaults();
        this.rollout = new Playout(rules, minHands, t.rolloutFeatures(), t.rolloutSolveCards(), t.rolloutSolveNodes());
        this.solver = new Solver(rules, 8);
        this.generator = new MoveGenerator(rules);
        this.pruner = new MovePruner(rules.table());
        this.moveNodes = moveNodes;
        for (Cell[] row : cells) {
            for (int s = 0; s < 3; s++) {
                row[s] = new Cell();
            }
        }
    }

    /** The cell of card group {@code group} (an index of {@link #GROUPS}, or its length for all) and mover. */
    public Cell cell(int group, int mover) {
        return cells[group][mover];
    }

    /**
     * Screens every position of {@code positions}.
     *
     * @param moves whether to screen their moves too (when the screen has a move budget)
     */
    public void add(List<LabelledPosition> positions, boolean moves) {
        int[] ids = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[] h = new long[3];
        for (LabelledPosition lp : positions) {
            Position p = lp.position();
            int group = group(lp.cards());
            int mover = p.mover();
            for (int s = 0; s < 3; s++) {
                h[s] = p.hand(s);
            }
            float z = net.logit(h[0], h[1], h[2], mover, p.lastMove(), p.lastSeat());
            double loss = Trainer.loss(z, lp.landlordWins());
            boolean right = (z > 0) == (lp.landlordWins() == 1);
            for (Cell c : new Cell[] {cells[group][mover], cells[GROUPS.length][mover]}) {
                c.positions++;
                c.right += right ? 1 : 0;
                c.loss += loss;
            }
            if (moves && moveNodes > 0) {
                screenMoves(p, h, group, ids, wins);
            }
        }
    }

    private void screenMoves(Position p, long[] h, int group, int[] moves, boolean[] wins) {
        int mover = p.mover();
        int n = generator.answers(h[mover], p.lastMove(), moves);
        n = pruner.prune(h[mover], moves, n);
        if (n < 2 || !solver.solveMoves(p, moves, n, wins, 0, moveNodes)) {
            return;
        }
        boolean any = false;
        int netPick = -1;
        double best = -1;
        int rolloutPick = -1;
        long netAgree = 0;
        long rolloutAgree = 0;
        long[] after = new long[3];
        for (int i = 0; i < n; i++) {
            any |= wins[i];
            Position next = p.after(moves[i]);
            double netWin;
            boolean rolloutWin;
            if (next == null) { // the move empties the mover's hand
                netWin = 1;
                rolloutWin = true;
            } else {
                double landlord = ValueNet.sigmoid(net.logit(next.hand(0), next.hand(1), next.hand(2), next.mover(),
                    next.lastMove(), next.lastSeat()));
                netWin = mover == 0 ? landlord : 1 - landlord;
                for (int s = 0; s < 3; s++) {
                    after[s] = next.hand(s);
                }
                int r = rollout.run(after, next.mover(), next.lastMove(), next.isLead() ? -1 : next.lastSeat(), 1, true);
                rolloutWin = (Playout.winner(r) == 0) == (mover == 0);
            }
            netAgree += (netWin > 0.5) == wins[i] ? 1 : 0;
            rolloutAgree += rolloutWin == wins[i] ? 1 : 0;
            if (netWin > best) {
                best = netWin;
                netPick = i;
            }
            if (rolloutWin && rolloutPick < 0) {
                rolloutPick = i;
            }
        }
        if (rolloutPick < 0) {
            rolloutPick = 0;
        }
        for (Cell c : new Cell[] {cells[group][mover], cells[GROUPS.length][mover]}) {
            c.moves += n;
            c.netAgree += netAgree;
            c.rolloutAgree += rolloutAgree;
            if (any) {
                c.won++;
                c.netPickLoses += wins[netPick] ? 0 : 1;
                c.rolloutPickLoses += wins[rolloutPick] ? 0 : 1;
            }
        }
    }

    /** The group index of a card count. */
    static int group(int cards) {
        for (int g = 0; g < GROUPS.length; g++) {
            if (cards <= GROUPS[g][1]) {
                return g;
            }
        }
        return GROUPS.length - 1;
    }

    /** The report as a text table. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-7s %-13s %9s %8s %8s %8s %9s %8s %9s %9s%n", "cards", "mover", "positions",
            "accuracy", "logloss", "moves", "net_agree", "rollout", "net_loses", "roll_loses"));
        for (int g = 0; g <= GROUPS.length; g++) {
            for (int s = 0; s < 3; s++) {
                Cell c = cells[g][s];
                if (c.positions == 0) {
                    continue;
                }
                String cards = g == GROUPS.length ? "all" : GROUPS[g][0] + "-" + GROUPS[g][1];
                sb.append(String.format("%-7s %-13s %9d %8s %8s %8d %9s %8s %9s %9s%n", cards, Dataset.seatName(s),
                    c.positions, f(c.accuracy()), f(c.logLoss()), c.moves, f(c.netAgreement()),
                    f(c.rolloutAgreement()), f(c.netPickLoses()), f(c.rolloutPickLoses())));
            }
        }
        return sb.toString();
    }

    private static String f(double x) {
        return Double.isNaN(x) ? "-" : String.format("%.4f", x);
    }
}
