package io.github.ddzengine.bench;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.Playout;

/**
 * Two rollout policies as open-hand players: every deal twice, policy A as the landlord against B
 * as both farmers, then B against A, every hand visible to both. Prints A's WP with a 95%
 * interval over deals, and by role. A quick screen for policy changes (a stronger open-hand
 * player is not always a better rollout policy). Usage:
 * {@code PolicyDuel DEALS FEATURES_A FEATURES_B} (features as {@code F} or {@code F/solveCards/nodes}).
 */
public final class PolicyDuel {
    private PolicyDuel() {
    }

    static Playout playout(Rules rules, String spec) {
        String[] p = spec.split("/");
        return new Playout(rules, MinHands.of(rules), Integer.parseInt(p[0]), p.length > 1 ? Integer.parseInt(p[1]) : 0,
            p.length > 2 ? Long.parseLong(p[2]) : 0);
    }

    public static void main(String[] args) {
        int deals = Integer.parseInt(args[0]);
        Rules rules = Rules.STANDARD;
        MoveTable table = rules.table();
        Playout a = playout(rules, args[1]);
        Playout b = playout(rules, args[2]);
        long[] h = new long[3];
        double sum = 0;
        double sum2 = 0;
        int landlordWins = 0;
        int farmerWins = 0;
        for (int d = 0; d < deals; d++) {
            Deal deal = Deal.random(SplitMix64.derive(1234, d));
            int dealWins = 0;
            for (int side = 0; side < 2; side++) {
                Playout landlord = side == 0 ? a : b;
                Playout farmers = side == 0 ? b : a;
                h[0] = deal.landlordHand();
                h[1] = deal.hand(1);
                h[2] = deal.hand(2);
                int mover = 0;
                int last = MoveTable.PASS;
                int lastSeat = -1;
                while (true) {
                    int toBeat = Trick.toBeat(last, lastSeat, mover);
                    int m = (mover == 0 ? landlord : farmers).choose(h, mover, toBeat, lastSeat);
                    if (m != MoveTable.PASS) {
                        h[mover] -= table.cards(m);
                        if (h[mover] == 0) {
                            break;
                        }
                        last = m;
                        lastSeat = mover;
                    }
                    mover = mover == 2 ? 0 : mover + 1;
                }
                boolean aWon = (mover == 0) == (side == 0);
                if (aWon) {
                    dealWins++;
                    if (side == 0) {
                        landlordWins++;
                    } else {
                        farmerWins++;
                    }
                }
            }
            double x = dealWins / 2.0;
            sum += x;
            sum2 += x * x;
        }
        double mean = sum / deals;
        double se = Math.sqrt((sum2 / deals - mean * mean) / (deals - 1));
        System.out.printf("A %s vs B %s, %d deals: WP %.4f [%.4f, %.4f]; A as landlord %.4f, as farmers %.4f%n", args[1],
            args[2], deals, mean, mean - 1.96 * se, mean + 1.96 * se, (double) landlordWins / deals,
            (double) farmerWins / deals);
    }
}
