package io.github.ddzengine.bench;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Playout;
import io.github.ddzengine.mc.Rng;

/**
 * A fixed suite of information sets for the Monte Carlo benchmarks, built by seeded self-play of
 * the rollout policy ({@link Playout#choose}) on random deals: per game, the first decision of a
 * seat holding at most {@link #MID_CARDS} cards (mid-game) and the first of a seat holding at most
 * {@link #LATE_CARDS} (late game), with the kitty known and a bid of 1..3. Same seed, same suite.
 */
public final class McSuite {
    /** Mid-game: the mover holds at most this many cards. */
    public static final int MID_CARDS = 12;
    /** Late game: the mover holds at most this many cards. */
    public static final int LATE_CARDS = 6;

    private McSuite() {
    }

    /** {@code games} self-play games from {@code seed}, up to two information sets each. */
    public static List<InformationSet> build(Rules rules, long seed, int games) {
        return play(rules, seed, games, false);
    }

    /**
     * Every decision of {@code games} self-play games from {@code seed} (the same games as
     * {@link #build}): the decisions real games are made of, the endgame included.
     */
    public static List<InformationSet> everyDecision(Rules rules, long seed, int games) {
        return play(rules, seed, games, true);
    }

    private static List<InformationSet> play(Rules rules, long seed, int games, boolean every) {
        Playout policy = new Playout(rules, MinHands.of(rules));
        MoveTable table = rules.table();
        List<InformationSet> out = new ArrayList<>();
        Rng rng = new Rng(seed);
        for (int g = 0; g < games; g++) {
            int[] deck = Deal.shuffledDeck(rng::nextInt);
            long[] hands = new long[3];
            long kitty = 0;
            for (int i = 0; i < 54; i++) {
                hands[i < 20 ? 0 : i < 37 ? 1 : 2] += Cards.of(deck[i], 1);
                if (i < 3) {
                    kitty += Cards.of(deck[i], 1);
                }
            }
            int bid = 1 + rng.nextInt(3);
            int[] history = new int[200];
            int n = 0;
            int last = MoveTable.PASS;
            int lastSeat = -1;
            boolean mid = false;
            boolean late = false;
            while (true) {
                int mover = n % 3;
                int size = Cards.size(hands[mover]);
                boolean first = !mid && size <= MID_CARDS && size > LATE_CARDS || !late && size <= LATE_CARDS;
                if (every || first) {
                    out.add(InformationSet.of(rules, mover, hands[mover], kitty, bid, java.util.Arrays.copyOf(history, n)));
                }
                if (first) {
                    late |= size <= LATE_CARDS;
                    mid = true;
                }
                int toBeat = Trick.toBeat(last, lastSeat, mover);
                int m = policy.choose(hands, mover, toBeat, lastSeat);
                history[n++] = m;
                if (m != MoveTable.PASS) {
                    hands[mover] -= table.cards(m);
                    if (hands[mover] == 0) {
                        break;
                    }
                    last = m;
                    lastSeat = mover;
                }
            }
        }
        return out;
    }
}
