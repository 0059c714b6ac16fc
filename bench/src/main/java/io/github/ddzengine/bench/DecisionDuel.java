package io.github.ddzengine.bench;

import java.util.Arrays;
import java.util.Locale;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * A paired screen of two Monte Carlo settings on the same imperfect-information decisions, judged
 * open-hand: positions of {@code rule} self-play (deals {@code SplitMix64.derive(SEED, d)}) with
 * {@code LO..HI} cards in all hands and at least two legal moves; each setting decides the position
 * from the mover's information set with the same decision seed; the solver then judges both moves
 * with every hand visible (at most 2,000,000 nodes a position; unknowns are skipped and counted).
 * A blunder turns a won position for the mover's side into a lost one. Prints, per seat and in all,
 * each setting's blunders per won position and, on the won positions where exactly one of the two
 * blunders, how often that is B (a sign test: above 0.5 means A is better), with a 95% interval.
 * Node and effort budgets only: the same report on any machine and load.
 *
 * <p>Usage: {@code DecisionDuel GAMES SEED LO HI A B}, where A and B are comma-separated
 * {@code KEY=VALUE} settings as {@link McConfigs#parse} reads them on top of effort mode
 * ({@code effort=60000} unless given: {@code effort=E,rollout=31,solver=20}).
 */
public final class DecisionDuel {
    private DecisionDuel() {
    }

    static McSettings config(String spec) {
        long effort = 60_000;
        java.util.List<String> words = new java.util.ArrayList<>();
        for (String w : spec.split(",")) {
            if (w.isBlank() || w.equals("mc")) {
                continue;
            }
            if (w.startsWith("effort=")) {
                effort = Long.parseLong(w.substring(7));
            } else {
                words.add(w);
            }
        }
        return McConfigs.parseOnDefaults(words.toArray(new String[0])).withEffort(effort);
    }

    public static void main(String[] args) {
        int games = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        int lo = Integer.parseInt(args[2]);
        int hi = Integer.parseInt(args[3]);
        MonteCarloAgent a = new MonteCarloAgent(config(args[4]));
        MonteCarloAgent b = new MonteCarloAgent(config(args[5]));
        Rules rules = Rules.STANDARD;
        Solver solver = new Solver(rules, 8);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[] positions = new long[3];
        long[] won = new long[3];
        long[] blunderA = new long[3];
        long[] blunderB = new long[3];
        long[] onlyA = new long[3];
        long[] onlyB = new long[3];
        long[] differ = new long[3];
        long unknown = 0;
        GameState g = new GameState(rules);
        long[] h = new long[3];
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(seed, d));
            g.start(deal);
            RuleAgent[] agents = {new RuleAgent(rules, d), new RuleAgent(rules, d + 1), new RuleAgent(rules, d + 2)};
            long gameSeed = SplitMix64.derive(seed ^ 0x5DEECE66DL, d);
            a.startGame(gameSeed);
            b.startGame(gameSeed);
            while (!g.isOver()) {
                int seat = g.toAct();
                for (int s = 0; s < 3; s++) {
                    h[s] = g.hand(s);
                }
                int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                if (total >= lo && total <= hi && gen.answers(h[seat], g.lastMove(), moves) > 1) {
                    int ma = a.play(info);
                    int mb = b.play(info);
                    Position p = Position.of(rules, h, seat, g.lastMove(), g.lastSeat());
                    int n = gen.answers(h[seat], g.lastMove(), moves);
                    if (!solver.solveMoves(p, moves, n, wins, 0, 2_000_000)) {
                        unknown++;
                    } else {
                        boolean any = false;
                        boolean wa = false;
                        boolean wb = false;
                        for (int i = 0; i < n; i++) {
                            any |= wins[i];
                            wa |= moves[i] == ma && wins[i];
                            wb |= moves[i] == mb && wins[i];
                        }
                        positions[seat]++;
                        differ[seat] += ma != mb ? 1 : 0;
                        if (any) {
                            won[seat]++;
                            blunderA[seat] += wa ? 0 : 1;
                            blunderB[seat] += wb ? 0 : 1;
                            onlyA[seat] += !wa && wb ? 1 : 0;
                            onlyB[seat] += wa && !wb ? 1 : 0;
                        }
                    }
                }
                g.play(agents[seat].play(info));
            }
        }
        a.close();
        b.close();
        System.out.printf(Locale.ROOT, "A %s vs B %s: %d games, seed %d, %d..%d cards, unknown %d%n", args[4], args[5],
            games, seed, lo, hi, unknown);
        String[] names = {"landlord", "down", "up", "all"};
        for (int s = 0; s < 4; s++) {
            long pos = s < 3 ? positions[s] : Arrays.stream(positions).sum();
            long w = s < 3 ? won[s] : Arrays.stream(won).sum();
            long ba = s < 3 ? blunderA[s] : Arrays.stream(blunderA).sum();
            long bb = s < 3 ? blunderB[s] : Arrays.stream(blunderB).sum();
            long oa = s < 3 ? onlyA[s] : Arrays.stream(onlyA).sum();
            long ob = s < 3 ? onlyB[s] : Arrays.stream(onlyB).sum();
            long df = s < 3 ? differ[s] : Arrays.stream(differ).sum();
            long k = oa + ob;
            double share = k == 0 ? Double.NaN : (double) ob / k;
            double half = k == 0 ? Double.NaN : 1.96 * Math.sqrt(share * (1 - share) / k);
            System.out.printf(Locale.ROOT,
                "  %-8s positions %6d differ %5d won %6d  blunders A %5d (%.2f%%) B %5d (%.2f%%)  only B blunders "
                    + "%.3f [%.3f, %.3f] of %d%n", names[s], pos, df, w, ba, 100.0 * ba / Math.max(1, w), bb,
                100.0 * bb / Math.max(1, w), share, share - half, share + half, k);
        }
    }
}
