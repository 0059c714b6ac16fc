package io.github.ddzengine.bench;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.AgentSpecs;

/**
 * The empirical policy behind {@link io.github.ddzengine.mc.PolicyPrior}'s events: self-play games
 * of one agent spec; for each kind of event, how often the seat did it as a function of {@code n},
 * the count of loose cards the prior's card-economy policy would have preferred (the events'
 * definitions are the prior's). The ratio of the rate at {@code n = 1} to the rate at {@code n = 0}
 * is the factor a likelihood model of that agent would use. Usage: {@code PolicyFit AGENT GAMES}.
 */
public final class PolicyFit {
    private PolicyFit() {
    }

    private static final String[] KINDS = {"pass on solo / loose singles above", "pass on solo, n=0 / 2s+jokers above",
        "pass on pair / loose pairs above", "solo answer x / loose singles skipped", "pair answer x / loose pairs skipped",
        "solo lead x / loose singles below", "pair lead x / loose pairs below",
        "solo answer x in 3..T / skipped", "solo answer x in J..A / skipped", "solo answer x 2, jokers / skipped",
        "solo lead x in 3..T / below", "solo lead x in J..A / below", "solo lead x 2, jokers / below"};
    private static final int N = 5;

    public static void main(String[] args) {
        String who = args[0];
        int games = Integer.parseInt(args[1]);
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        long[][] did = new long[KINDS.length][N];
        long[][] could = new long[KINDS.length][N];
        Agent proto = AgentSpecs.builtIn().parse(who, rules);
        Agent[] a = {proto.copy(), proto.copy(), proto.copy()};
        GameState g = new GameState(rules);
        for (int d = 0; d < games; d++) {
            Deal deal = Deal.random(SplitMix64.derive(5, d));
            g.start(deal);
            for (int s = 0; s < 3; s++) {
                a[s].startGame(SplitMix64.derive(d, s));
            }
            while (!g.isOver()) {
                InformationSet info = InformationSet.view(g, deal.kitty(), 1);
                int seat = info.seat();
                long h = info.hand();
                int move = a[seat].play(info);
                long ones = Cards.ranksExactly(h, 1);
                long twos = Cards.ranksExactly(h, 2);
                if (info.leads()) {
                    MoveType t = table.type(move);
                    int x = table.mainRank(move);
                    // every loose single (pair) held is an option to lead; n = loose ones below it
                    for (int k = 1; k <= 2; k++) {
                        long set = k == 1 ? ones : twos;
                        MoveType want = k == 1 ? MoveType.SOLO : MoveType.PAIR;
                        for (int r = 0; r < Rank.COUNT; r++) {
                            if ((set & Cards.of(r, 1)) == 0) {
                                continue;
                            }
                            int lim = Math.min(r, Rank.TWO);
                            int n = lim > 0 ? Long.bitCount(set & Cards.run(0, lim, 1)) : 0;
                            n = Math.min(n, N - 1);
                            could[4 + k][n]++;
                            int band = r <= Rank.TEN ? 0 : r <= Rank.ACE ? 1 : 2;
                            if (k == 1) {
                                could[10 + band][n]++;
                            }
                            if (t == want && x == r) {
                                did[4 + k][n]++;
                                if (k == 1) {
                                    did[10 + band][n]++;
                                }
                            }
                        }
                    }
                } else {
                    int last = info.lastMove();
                    boolean opponent = (seat == 0) != (info.lastSeat() == 0);
                    MoveType lt = table.type(last);
                    int r = table.mainRank(last);
                    if (opponent && lt == MoveType.SOLO) {
                        if (r < Rank.ACE) {
                            int n = Math.min(N - 1, Long.bitCount(ones & Cards.run(r + 1, Rank.ACE - r, 1)));
                            could[0][n]++;
                            did[0][n] += move == MoveTable.PASS ? 1 : 0;
                            if (n == 0) {
                                long high = 0;
                                for (int q = Math.max(r + 1, Rank.TWO); q < Rank.COUNT; q++) {
                                    high += Cards.count(h, q) > 0 ? 1 : 0;
                                }
                                int m = (int) Math.min(N - 1, high);
                                could[1][m]++;
                                did[1][m] += move == MoveTable.PASS ? 1 : 0;
                            }
                        }
                    } else if (opponent && lt == MoveType.PAIR && r < Rank.ACE) {
                        int n = Math.min(N - 1, Long.bitCount(twos & Cards.run(r + 1, Rank.ACE - r, 1)));
                        could[2][n]++;
                        did[2][n] += move == MoveTable.PASS ? 1 : 0;
                    }
                    if (lt == MoveType.SOLO || lt == MoveType.PAIR) {
                        int k = lt == MoveType.SOLO ? 1 : 2;
                        long set = k == 1 ? ones : twos;
                        boolean answered = move != MoveTable.PASS && table.type(move) == lt;
                        int x = answered ? table.mainRank(move) : -1;
                        // options: every rank above r held at least k times (the answer's rank among them)
                        long held = Cards.ranksAtLeast(h, k);
                        if (answered) {
                            for (int q = r + 1; q < Rank.COUNT; q++) {
                                if ((held & Cards.of(q, 1)) == 0) {
                                    continue;
                                }
                                int top = Math.min(q, Rank.TWO);
                                int n = top > r + 1 ? Long.bitCount(set & Cards.run(r + 1, top - r - 1, 1)) : 0;
                                n = Math.min(n, N - 1);
                                could[2 + k][n]++;
                                did[2 + k][n] += q == x ? 1 : 0;
                                if (k == 1) {
                                    int band = q <= Rank.TEN ? 0 : q <= Rank.ACE ? 1 : 2;
                                    could[7 + band][n]++;
                                    did[7 + band][n] += q == x ? 1 : 0;
                                }
                            }
                        }
                    }
                }
                g.play(move);
            }
        }
        for (int k = 0; k < KINDS.length; k++) {
            StringBuilder sb = new StringBuilder(String.format("%-40s", KINDS[k]));
            for (int n = 0; n < N; n++) {
                sb.append(String.format("  n=%d %6d/%-6d %.3f", n, did[k][n], could[k][n],
                    could[k][n] == 0 ? 0.0 : (double) did[k][n] / could[k][n]));
            }
            System.out.println(sb);
        }
        for (Agent x : a) {
            x.close();
        }
    }
}
