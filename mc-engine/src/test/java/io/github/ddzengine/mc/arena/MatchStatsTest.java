package io.github.ddzengine.mc.arena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** Figures of a four-game match worked out by hand. */
class MatchStatsTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable TABLE = RULES.table();
    private static final String[] NAMES = {"x", "y", "z"};

    /** A deal where position 0 holds {@code landlord20} minus the three highest cards, the kitty. */
    private static Deal deal(String landlord20, String down17) {
        long l = Notation.parseCards(landlord20);
        long kitty = 0;
        for (int r = 14, n = 0; r >= 0 && n < 3; r--) {
            int take = Math.min(3 - n, Cards.count(l, r));
            kitty += Cards.of(r, take);
            n += take;
        }
        long down = down17 == null ? 0 : Notation.parseCards(down17);
        long rest = Cards.remove(Cards.remove(Cards.DECK, l), down);
        if (down17 == null) {
            for (int r = 0; r < 15 && Cards.size(down) < 17; r++) {
                down += Cards.of(r, Math.min(17 - Cards.size(down), Cards.count(rest, r)));
            }
            rest = Cards.remove(rest, down);
        }
        return Deal.of(Cards.remove(l, kitty), down, rest, kitty);
    }

    private static GameRecord replay(Deal d, String... plays) {
        int[] ids = new int[plays.length];
        for (int i = 0; i < plays.length; i++) {
            ids[i] = TABLE.parseMove(plays[i]);
        }
        return GameRecord.replay(1, 1, RULES, d, new int[0], NAMES, ids);
    }

    @Test
    void wpAdpPointsAndSplits() {
        GameRecord spring = replay(deal("3334445556667789TTTJ", null), "3334445556667789", "p", "p", "TTTJ");
        GameRecord bombs = replay(deal("333444555678TT2222XD", null),
            "333444555678", "p", "p", "TT", "p", "p", "2222", "p", "p", "XD");
        long down = Notation.parseCards("456789TJQKA222KKK");
        long rest = Cards.remove(Cards.DECK, down);
        StringBuilder low = new StringBuilder();
        for (int r = 0, n = 0; r < 15 && n < 20; r++) {
            int take = Math.min(20 - n, Cards.count(rest, r));
            low.append(Notation.format(Cards.of(r, take)));
            n += take;
        }
        GameRecord anti = replay(deal(low.toString(), "456789TJQKA222KKK"),
            "3", "2", "p", "p", "456789TJQKA", "p", "p", "22", "p", "p", "KKK");
        assertTrue(spring.spring() && spring.multiplier() == 2);
        assertTrue(bombs.spring() && bombs.multiplier() == 8);
        assertTrue(anti.antiSpring() && anti.multiplier() == 2 && !anti.landlordWins());

        MatchStats.Builder b = new MatchStats.Builder("A", "B");
        b.add(spring, true);   // A landlord wins: ADP +2, points +4
        b.add(spring, false);  // A farmers lose: -2, points -4
        b.add(bombs, true);    // A landlord wins with a bomb and the rocket: +8, points +16
        b.add(anti, false);    // A farmers win: +2, points +4
        MatchStats s = b.build(2.0);
        assertEquals(2, s.deals());
        assertEquals(4, s.games());
        assertEquals(0.75, s.wp(), 1e-12);
        // per-deal WP 0.5 and 1.0: standard error 0.25
        assertEquals(0.75 - 1.959963984540054 * 0.25, s.wpCi()[0], 1e-9);
        // 0.75 + 1.96 * 0.25 = 1.24: a share's interval is cut at 1 (and at 0 below)
        assertEquals(1.0, s.wpCi()[1], 0);
        assertEquals(0.0, s.wpFarmerCi()[0], 0); // farmer games 0 and 1: 0.5 - 0.98 cut at 0
        assertEquals(1.0, s.wpFarmerCi()[1], 0);
        assertEquals(1.0, s.wpLandlordCi()[0], 0); // both landlord games won: no spread
        assertEquals(2.5, s.adp(), 1e-12); // per-deal ADP 0 and 5
        assertEquals(2.5 + 1.959963984540054 * 2.5, s.adpCi()[1], 1e-9);
        assertEquals(5.0, s.points(), 1e-12); // per deal (4 - 4) / 2 and (16 + 4) / 2
        assertEquals(1.0, s.wpLandlord(), 1e-12);
        assertEquals(0.5, s.wpFarmer(), 1e-12);
        assertEquals(5.0, s.adpLandlord(), 1e-12);
        assertEquals(0.0, s.adpFarmer(), 1e-12);
        assertEquals(0.75, s.landlordWp(), 1e-12);
        assertEquals(0.5, s.bombsPerGame(), 1e-12);
        assertEquals(2.0, s.gamesPerSecond(), 1e-12);
    }

    @Test
    void gamesMustComeInPairsAndOneDealHasNoInterval() {
        GameRecord spring = replay(deal("3334445556667789TTTJ", null), "3334445556667789", "p", "p", "TTTJ");
        MatchStats.Builder b = new MatchStats.Builder("A", "B");
        assertThrows(IllegalStateException.class, () -> b.add(spring, false));
        b.add(spring, true);
        b.add(spring, false);
        MatchStats s = b.build(1);
        assertEquals(0.5, s.wp());
        assertTrue(Double.isNaN(s.wpCi()[0]));
    }

    @Test
    void replayRefusesBrokenGames() {
        Deal d = deal("3334445556667789TTTJ", null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> replay(d, "3334445556667789", "p", "p"));
        assertEquals("the plays stop after 3 plays with no hand empty", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> replay(d, "3334445556667789", "p", "p", "TTTJ", "p"));
        assertTrue(e.getMessage().startsWith("play 5 comes after the game ended"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> replay(d, "3334445556667789", "XD"));
        assertTrue(e.getMessage().startsWith("play 2: seat 1 (landlord_down) cannot play XD: the hand"), e.getMessage());
    }

    /**
     * ADP is DouZero's: its evaluation adds {@code 2 * 2^bombs} to the landlord's score for a win
     * (minus for a loss) and {@code 2^bombs} per farmer side, then prints the farmers' figure
     * doubled, so either role scores {@code +-2 * 2^bombs} a game. A game with one bomb and the
     * rocket won by the landlord is +8 for the landlord's side and -8 for the farmers' side;
     * published figures such as DouZero vs random (WP 0.989, ADP 3.036) are on this scale.
     */
    @Test
    void adpIsTheDouZeroPointDifference() {
        GameRecord bombs = replay(deal("333444555678TT2222XD", null),
            "333444555678", "p", "p", "TT", "p", "p", "2222", "p", "p", "XD");
        GameRecord plain = replay(deal("3334445556667789TTTJ", null), "3334445556667789", "p", "p", "TTTJ");
        MatchStats.Builder b = new MatchStats.Builder("A", "B");
        b.add(bombs, true);   // A's landlord wins with 2 bombs/rockets: 2 * 2^2
        b.add(bombs, false);  // A's farmers lose the same game
        b.add(plain, true);   // no bomb: +2 (a spring does not count, as in DouZero)
        b.add(plain, false);  // -2
        MatchStats s = b.build(1);
        assertEquals((8.0 + 2.0) / 2, s.adpLandlord(), 1e-12);
        assertEquals((-8.0 - 2.0) / 2, s.adpFarmer(), 1e-12);
        assertEquals(0.0, s.adp(), 1e-12);
        MatchStats.Builder one = new MatchStats.Builder("A", "B");
        one.add(plain, true);
        one.add(plain, false);
        assertEquals(0.0, one.build(1).adp(), 1e-12);
        assertEquals(2.0, one.build(1).adpLandlord(), 1e-12);
    }
}
