package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import org.junit.jupiter.api.Test;

/**
 * The rollout policy's features ({@link Playout}) on the endgame shapes they are for, each against
 * the first policy ({@code features = 0}); and, for every feature set, legal moves on random
 * positions and the same game twice from the same deal.
 */
class PlayoutPolicyTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable TABLE = RULES.table();
    private static final int ALL = RolloutPolicy.WIN_IN_TWO | RolloutPolicy.URGENT_COUNT | RolloutPolicy.SAFE_LEADS
        | RolloutPolicy.FEED_PARTNER;

    private static long[] hands(String h0, String h1, String h2) {
        return new long[] {Notation.parseCards(h0), Notation.parseCards(h1), Notation.parseCards(h2)};
    }

    private static String choose(int features, long[] h, int mover, String toBeat, int lastSeat) {
        Playout p = new Playout(RULES, MinHands.of(RULES), features);
        int last = toBeat == null ? MoveTable.PASS : TABLE.parseMove(toBeat);
        return TABLE.format(p.choose(h, mover, last, toBeat == null ? -1 : lastSeat));
    }

    @Test
    void farmerTakesItsPartnersTrickWhenItThenGoesOut() {
        // landlord_down holds 2 + 33; landlord_up led K; the landlord cannot beat a 2 and holds no 33-beater worth it
        long[] h = hands("4567TJ", "233", "89");
        assertEquals("pass", choose(0, h, 1, "K", 2));
        assertEquals("2", choose(RolloutPolicy.WIN_IN_TWO, h, 1, "K", 2));
    }

    @Test
    void landlordTakesControlThenGoesOut() {
        // the landlord's A and D against a farmer's A... as a lead: D nobody beats, then 5 goes out
        long[] h = hands("5D", "34", "67");
        assertEquals("D", choose(RolloutPolicy.WIN_IN_TWO, h, 0, null, -1));
    }

    @Test
    void noPairIntoTwoLooseCardsNoSoloBelowThem() {
        // landlord_down holds 9T (not a pair): the first policy fears pairs against two cards and
        // breaks a pair; the feature knows 9T does not go out at once and leads a pair
        long[] h = hands("3366", "9T", "JQK");
        assertEquals("3", choose(0, h, 0, null, -1));
        assertEquals("33", choose(RolloutPolicy.SAFE_LEADS, h, 0, null, -1));
        // against a real pair, pairs are exposed
        long[] p = hands("3366", "99", "JQK");
        assertEquals("3", choose(RolloutPolicy.SAFE_LEADS, p, 0, null, -1));
    }

    @Test
    void farmerFeedsItsPartnersLastCard() {
        // landlord_down leads; landlord_up holds one Q
        long[] h = hands("AA22XD", "3KKK5", "Q");
        assertEquals("3", choose(RolloutPolicy.FEED_PARTNER, h, 1, null, -1));
    }

    @Test
    void downLetsTheLandlordsMoveRunWhenUpGoesOutOnIt() {
        long[] h = hands("8AA22", "9JJ", "T");
        assertEquals("9", choose(0, h, 1, "8", 0));
        assertEquals("pass", choose(RolloutPolicy.FEED_PARTNER, h, 1, "8", 0));
    }

    @Test
    void fightsAnOpponentWhoseHandIsOneCombination() {
        // the landlord holds a 7-card straight after its 3: landlord_down must stop it although
        // beating breaks a pair
        long[] h = hands("456789T", "55QQ", "JK");
        assertEquals("pass", choose(0, h, 1, "3", 0));
        assertEquals("5", choose(RolloutPolicy.URGENT_COUNT, h, 1, "3", 0));
    }

    @Test
    void farmerFeedsAPartnerWithASureWin() {
        // landlord_up holds D + 33: it takes any single with D (the landlord has no joker, no
        // bomb), then 33 goes out; landlord_down leads a single for it instead of its pair
        long[] h = hands("557TA2", "4499K", "D33");
        int base = ALL | RolloutPolicy.SURE_WIN;
        assertEquals("44", choose(base, h, 1, null, -1));
        assertEquals("K", choose(base | RolloutPolicy.FEED_SURE, h, 1, null, -1));
        // and landlord_up takes it
        assertEquals("D", choose(base | RolloutPolicy.FEED_SURE, h, 2, "K", 1));
    }

    @Test
    void upBlocksALandlordOnOneCard() {
        // the landlord's last card A beats landlord_down's 9: landlord_up covers it with its 2
        long[] h = hands("A", "9QQ", "256");
        int base = ALL | RolloutPolicy.SURE_WIN;
        assertEquals("pass", choose(base, h, 2, "9", 1));
        assertEquals("2", choose(base | RolloutPolicy.BLOCK_SHORT, h, 2, "9", 1));
        // a 9 the landlord's hand does not beat stays the partner's
        long[] low = hands("8", "9QQ", "256");
        assertEquals("pass", choose(base | RolloutPolicy.BLOCK_SHORT, low, 2, "9", 1));
    }

    @Test
    void legalAndDeterministicOnRandomPositions() {
        MoveGenerator gen = new MoveGenerator(RULES);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        SplittableRandom random = new SplittableRandom(5);
        int[] sets = new int[ALL + 1 + 4];
        for (int f = 0; f <= ALL; f++) {
            sets[f] = f;
        }
        int sure = ALL | RolloutPolicy.SURE_WIN;
        sets[ALL + 1] = sure;
        sets[ALL + 2] = sure | RolloutPolicy.FEED_SURE;
        sets[ALL + 3] = sure | RolloutPolicy.BLOCK_SHORT;
        sets[ALL + 4] = 1023;
        for (int features : sets) {
            Playout a = new Playout(RULES, MinHands.of(RULES), features);
            Playout b = new Playout(RULES, MinHands.of(RULES), features);
            for (int i = 0; i < 60; i++) {
                RandomGames.Game g = RandomGames.play(RULES, random, random.nextInt(40));
                long[] h = g.hands().clone();
                InformationSet info = g.info(RULES, true, 1);
                int mover = info.seat();
                int n = gen.answers(h[mover], info.lastMove(), buf);
                int m = a.choose(h, mover, info.lastMove(), info.lastSeat());
                boolean legal = false;
                for (int k = 0; k < n; k++) {
                    legal |= buf[k] == m;
                }
                assertTrue(legal, "features " + features + ": " + TABLE.format(m) + " is not legal");
                int last = info.lastMove();
                int ls = info.lastSeat();
                assertEquals(a.run(h, mover, last, ls, 1, true), b.run(h, mover, last, ls, 1, true),
                    "features " + features + ": the same rollout twice");
            }
        }
    }
}
