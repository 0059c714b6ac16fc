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
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.McSettings;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.RuleAgent;

/**
 * A development open-hand audit: plays deals of a Monte Carlo agent against {@code rule} (both
 * roles) and solves every position the agent decides with at most {@code MAX} cards in all hands;
 * a blunder is a move that turns a solved win for the mover's side into a solved loss. Prints per
 * seat the won decisions, the blunders and the rate, and the passes among the blunders.
 *
 * <p>Usage: {@code McAudit DEALS SEED MAX_CARDS KEY=VALUE...} with the agent's settings as
 * {@link McConfigs#parse} reads them.
 */
public final class McAudit {
    private McAudit() {
    }

    public static void main(String[] args) {
        int deals = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        int maxCards = Integer.parseInt(args[2]);
        McSettings c = McConfigs.parse(java.util.Arrays.copyOfRange(args, 3, args.length));
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        MonteCarloAgent mc = new MonteCarloAgent(c);
        Solver solver = new Solver(rules, 8);
        MoveGenerator gen = new MoveGenerator(rules);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        boolean[] wins = new boolean[MoveGenerator.MAX_MOVES];
        long[] won = new long[3];
        long[] blunders = new long[3];
        long[] passBlunders = new long[3];
        long[] decisions = new long[3];
        long unknown = 0;
        int mcWins = 0;
        GameState g = new GameState(rules);
        long[] h = new long[3];
        for (int d = 0; d < deals; d++) {
            Deal deal = Match0.deal(seed, d);
            for (int side = 0; side < 2; side++) {
                g.start(deal);
                Agent rule = new RuleAgent(rules, 0);
                long gameSeed = SplitMix64.derive(SplitMix64.derive(seed, d), 1 + side);
                rule.startGame(gameSeed);
                mc.startGame(SplitMix64.derive(gameSeed, 7));
                while (!g.isOver()) {
                    int seat = g.toAct();
                    InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                    boolean mcSeat = (seat == 0) == (side == 0);
                    int move = mcSeat ? mc.play(info) : rule.play(info);
                    for (int s = 0; s < 3; s++) {
                        h[s] = g.hand(s);
                    }
                    int total = Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
                    if (mcSeat && total <= maxCards) {
                        Position p = Position.of(rules, h, seat, g.lastMove(), g.lastSeat());
                        int n = gen.answers(h[seat], g.lastMove(), moves);
                        if (n > 1) {
                            if (!solver.solveMoves(p, moves, n, wins, 0, 5_000_000)) {
                                unknown++;
                            } else {
                                boolean any = false;
                                boolean chosen = false;
                                for (int i = 0; i < n; i++) {
                                    any |= wins[i];
                                    if (moves[i] == move) {
                                        chosen = wins[i];
                                    }
                                }
                                decisions[seat]++;
                                if (any) {
                                    won[seat]++;
                                    if (!chosen) {
                                        blunders[seat]++;
                                        passBlunders[seat] += move == MoveTable.PASS ? 1 : 0;
                                    }
                                }
                            }
                        }
                    }
                    g.play(move);
                }
                boolean landlordWon = g.landlordWins();
                mcWins += (landlordWon == (side == 0)) ? 1 : 0;
            }
        }
        mc.close();
        System.out.printf("deals %d seed %d max %d cards, settings %s: mc won %.3f of %d games; unknown %d%n", deals,
            seed, maxCards, String.join(" ", java.util.Arrays.copyOfRange(args, 3, args.length)),
            (double) mcWins / (2 * deals), 2 * deals, unknown);
        String[] names = {"landlord", "down", "up"};
        long tw = 0;
        long tb = 0;
        for (int s = 0; s < 3; s++) {
            tw += won[s];
            tb += blunders[s];
            System.out.printf("  %-8s decisions %6d won %6d blunders %5d (%.2f%%), passes %d%n", names[s], decisions[s],
                won[s], blunders[s], 100.0 * blunders[s] / Math.max(1, won[s]), passBlunders[s]);
        }
        System.out.printf("  all      won %6d blunders %5d (%.2f%%)%n", tw, tb, 100.0 * tb / Math.max(1, tw));
    }

    /** The arena's deal derivation. */
    static final class Match0 {
        static Deal deal(long seed, int i) {
            return io.github.ddzengine.mc.arena.Match.generatedDeal(seed, i);
        }
    }
}
