package io.github.ddzengine.bench;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.MovePruner;
import io.github.ddzengine.mc.Playout;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.InformationSet;

/**
 * How well one rollout of the policy judges a move, with every hand visible: positions of
 * {@code rule} self-play with {@code LO..HI} cards in all hands; per legal move (kickers thinned),
 * the rollout's outcome against the solver's verdict; and the move a one-world Monte Carlo search
 * would pick (the first that the rollout wins) against the solver. Usage:
 * {@code RolloutAccuracy GAMES LO HI FEATURES...}, each {@code F[/SOLVE_CARDS[/SOLVE_NODES]]}.
 */
public final class RolloutAccuracy {
    private RolloutAccuracy() {
    }

    private static final int SHOW = Integer.getInteger("show", 0);
    private static final int REPEATS = Integer.getInteger("repeats", 1);
    private static final int NOISE = Integer.getInteger("noise", 0);
    private static int shown;

    public static void main(String[] args) {
        int games = Integer.parseInt(args[0]);
        int lo = Integer.parseInt(args[1]);
        int hi = Integer.parseInt(args[2]);
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        int nf = args.length - 3;
        Playout[] playouts = new Playout[nf];
        for (int f = 0; f < nf; f++) {
            String[] parts = args[3 + f].split("/");
            playouts[f] = new Playout(rules, MinHands.of(rules), Integer.parseInt(parts[0]),
                parts.length > 1 ? Integer.parseInt(parts[1]) : 0, parts.length > 2 ? Long.parseLong(parts[2]) : 0);
        }
        Solver solver = new Solver(rules, 8);
        MoveGenerator gen = new MoveGenerator(rules);
        MovePruner pruner = new MovePruner(table);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[][] agree = new long[nf][3];
        long[][] won = new long[nf][3];
        long[][] blunder = new long[nf][3];
        long[] movesJudged = new long[3];
        GameState g = new GameState(rules);
        long[] h = new long[3];
        long[] after = new long[3];
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(31, d));
            g.start(deal);
            RuleAgent[] agents = {new RuleAgent(rules, d), new RuleAgent(rules, d + 1), new RuleAgent(rules, d + 2)};
            while (!g.isOver()) {
                int seat = g.toAct();
                for (int s = 0; s < 3; s++) {
                    h[s] = g.hand(s);
                }
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                if (total >= lo && total <= hi) {
                    int n = gen.answers(h[seat], g.lastMove(), moves);
                    n = pruner.prune(h[seat], moves, n);
                    Position p = Position.of(rules, h, seat, g.lastMove(), g.lastSeat());
                    if (n > 1 && solver.solveMoves(p, moves, n, wins, 0, 2_000_000)) {
                        boolean any = false;
                        for (int i = 0; i < n; i++) {
                            any |= wins[i];
                        }
                        movesJudged[seat] += n;
                        for (int f = 0; f < nf; f++) {
                            int pick = -1;
                            for (int i = 0; i < n; i++) {
                                int m = moves[i];
                                System.arraycopy(h, 0, after, 0, 3);
                                boolean win;
                                if (m != MoveTable.PASS) {
                                    after[seat] -= table.cards(m);
                                }
                                if (after[seat] == 0) {
                                    win = true;
                                } else {
                                    int last = m != MoveTable.PASS ? m : g.lastMove();
                                    int lastSeat = m != MoveTable.PASS ? seat : g.lastSeat();
                                    int wonRollouts = 0;
                                    for (int k = 0; k < REPEATS; k++) {
                                        if (NOISE > 0) {
                                            playouts[f].noise(NOISE, SplitMix64.derive(d * 7919L + i, k));
                                        }
                                        int r = playouts[f].run(after, (seat + 1) % 3, last, lastSeat, 1, true);
                                        wonRollouts += (Playout.winner(r) == 0) == (seat == 0) ? 1 : 0;
                                    }
                                    win = 2 * wonRollouts > REPEATS;
                                }
                                agree[f][seat] += win == wins[i] ? 1 : 0;
                                if (win != wins[i] && f == 0 && shown < SHOW) {
                                    shown++;
                                    System.out.printf("  %s  move %s: rollout %s, solver %s%n", p, table.format(m),
                                        win ? "win" : "loss", wins[i] ? "win" : "loss");
                                }
                                if (win && pick < 0) {
                                    pick = i;
                                }
                            }
                            if (pick < 0) {
                                pick = 0;
                            }
                            if (any) {
                                won[f][seat]++;
                                blunder[f][seat] += wins[pick] ? 0 : 1;
                            }
                        }
                    }
                }
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                g.play(agents[seat].play(info));
            }
        }
        String[] names = {"landlord", "down", "up"};
        for (int f = 0; f < nf; f++) {
            System.out.printf("features %s, %d games, %d..%d cards: %d moves, %d solver nodes, %d solved rollouts%n",
                args[3 + f], games, lo, hi, playouts[f].moves(), playouts[f].solverNodes(), playouts[f].solvedRollouts());
            for (int s = 0; s < 3; s++) {
                System.out.printf("  %-8s moves agree %.4f   won positions %6d  pick loses %.4f%n", names[s],
                    (double) agree[f][s] / movesJudged[s], won[f][s], (double) blunder[f][s] / won[f][s]);
            }
        }
    }
}
