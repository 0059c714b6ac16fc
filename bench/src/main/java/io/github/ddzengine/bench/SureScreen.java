package io.github.ddzengine.bench;

import java.util.Arrays;
import java.util.Locale;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * The screen of the decision-level sure win ({@code sure=P}): on the positions of {@code rule}
 * self-play (deals {@code SplitMix64.derive(SEED, d)}, as {@link DecisionDuel}) with {@code LO..HI}
 * cards in all hands where the sure-win check finds a move, the Monte Carlo setting given (without
 * the lever) decides with the decision seed {@link DecisionDuel} uses; the solver judges its move
 * open-hand (at most 2,000,000 nodes). Elsewhere the lever changes nothing (the same decision,
 * same seed), so this counts every decision it changes: per seat and by size (at most 18 cards,
 * where worlds go to the solver, and above), the positions, those where the check fires, those
 * where the lever's move (the one sure move, or the worlds' choice among several) differs, and
 * those where the setting's own move then loses (a blunder the lever avoids; a sure move always
 * wins, {@code SureMoveTest}); also how often there were several sure moves and the worlds chose
 * another than the first in candidate order.
 *
 * <p>Usage: {@code SureScreen GAMES SEED LO HI P SPEC}, SPEC as {@link DecisionDuel} reads it
 * ({@code effort=60000} unless given).
 */
public final class SureScreen {
    private SureScreen() {
    }

    public static void main(String[] args) {
        int games = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        int lo = Integer.parseInt(args[2]);
        int hi = Integer.parseInt(args[3]);
        int plays = Integer.parseInt(args[4]);
        MonteCarloAgent mc = new MonteCarloAgent(DecisionDuel.config(args[5]));
        MonteCarloAgent lever = new MonteCarloAgent(DecisionDuel.config(args[5] + ",sure=" + plays));
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        Solver solver = new Solver(rules, 8);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        // [size bucket: 0 = at most 18 cards, 1 = above][seat]
        long[][] positions = new long[2][3];
        long[][] fired = new long[2][3];
        long[][] differ = new long[2][3];
        long[][] blunders = new long[2][3];
        long unknown = 0;
        long several = 0;
        long notFirst = 0;
        GameState g = new GameState(rules);
        long[] h = new long[3];
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(seed, d));
            g.start(deal);
            RuleAgent[] agents = {new RuleAgent(rules, d), new RuleAgent(rules, d + 1), new RuleAgent(rules, d + 2)};
            mc.startGame(SplitMix64.derive(seed ^ 0x5DEECE66DL, d));
            lever.startGame(SplitMix64.derive(seed ^ 0x5DEECE66DL, d));
            while (!g.isOver()) {
                int seat = g.toAct();
                for (int s = 0; s < 3; s++) {
                    h[s] = g.hand(s);
                }
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                int n = gen.answers(h[seat], g.lastMove(), moves);
                if (total >= lo && total <= hi && n > 1) {
                    int b = total <= 18 ? 0 : 1;
                    positions[b][seat]++;
                    int[] keep = mc.sureMoves(info, plays);
                    if (keep.length > 0) {
                        fired[b][seat]++;
                        int sure = lever.play(info);
                        int m = mc.play(info);
                        several += keep.length > 1 ? 1 : 0;
                        notFirst += sure != keep[0] ? 1 : 0;
                        if (m != sure) {
                            differ[b][seat]++;
                            Position p = Position.of(rules, h, seat, g.lastMove(), g.lastSeat());
                            if (!solver.solveMoves(p, moves, n, wins, 0, 2_000_000)) {
                                unknown++;
                            } else {
                                for (int i = 0; i < n; i++) {
                                    blunders[b][seat] += moves[i] == m && !wins[i] ? 1 : 0;
                                }
                            }
                            if (Boolean.getBoolean("sure.verbose")) {
                                System.out.printf(Locale.ROOT, "deal %d seat %d hands %s / %s / %s last %s: sure %s, mc %s%n",
                                    d, seat, Notation.format(h[0]), Notation.format(h[1]), Notation.format(h[2]),
                                    table.format(g.lastMove()), table.format(sure), table.format(m));
                            }
                        }
                    }
                }
                g.play(agents[seat].play(info));
            }
        }
        mc.close();
        lever.close();
        System.out.printf(Locale.ROOT, "sure=%d vs %s: %d games, seed %d, %d..%d cards, unknown %d; several sure moves %d,"
            + " the worlds chose another than the first %d%n", plays, args[5], games, seed, lo, hi, unknown, several,
            notFirst);
        String[] names = {"landlord", "down", "up", "all"};
        String[] sizes = {"<=18 cards", ">18 cards"};
        for (int b = 0; b < 2; b++) {
            for (int s = 0; s < 4; s++) {
                long pos = s < 3 ? positions[b][s] : Arrays.stream(positions[b]).sum();
                long f = s < 3 ? fired[b][s] : Arrays.stream(fired[b]).sum();
                long df = s < 3 ? differ[b][s] : Arrays.stream(differ[b]).sum();
                long bl = s < 3 ? blunders[b][s] : Arrays.stream(blunders[b]).sum();
                System.out.printf(Locale.ROOT, "  %-10s %-8s positions %6d sure %5d (%.2f%%) differ %4d (%.2f%%) "
                    + "blunders avoided %4d (%.2f%% of positions)%n", sizes[b], names[s], pos, f, 100.0 * f / Math.max(1, pos),
                    df, 100.0 * df / Math.max(1, pos), bl, 100.0 * bl / Math.max(1, pos));
            }
        }
    }
}
