package io.github.ddzengine.mc;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/** Seeded random games for tests: a random deal and uniformly random legal plays, stopped mid-game. */
final class RandomGames {
    /** A game in progress: the true hands now, the kitty and the history of move ids. */
    record Game(long[] hands, long kitty, int[] history) {
        int mover() {
            return history.length % 3;
        }

        /** The information set of the seat to act, with or without the kitty known. */
        InformationSet info(Rules rules, boolean kittyKnown, int bid) {
            return InformationSet.of(rules, mover(), hands[mover()], kittyKnown ? kitty : 0, bid, history);
        }
    }

    private RandomGames() {
    }

    /** Deals 20/17/17 cards (the kitty are three of the landlord's 20). */
    static long[] deal(SplittableRandom random, long[] kittyOut) {
        int[] deck = new int[54];
        int k = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = Cards.count(Cards.DECK, r); c > 0; c--) {
                deck[k++] = r;
            }
        }
        for (int i = 53; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        long[] hands = new long[3];
        for (int i = 0; i < 54; i++) {
            int seat = i < 20 ? 0 : i < 37 ? 1 : 2;
            hands[seat] += Cards.of(deck[i], 1);
            if (i < 3) {
                kittyOut[0] += Cards.of(deck[i], 1);
            }
        }
        return hands;
    }

    /**
     * A random deal played with uniformly random legal moves for up to {@code maxPlays} plays,
     * stopping before any hand empties.
     */
    static Game play(Rules rules, SplittableRandom random, int maxPlays) {
        long[] kitty = new long[1];
        long[] hands = deal(random, kitty);
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] history = new int[maxPlays];
        int n = 0;
        int last = MoveTable.PASS;
        int lastBy = -1;
        while (n < maxPlays) {
            int seat = n % 3;
            int toBeat = lastBy == seat || lastBy < 0 ? MoveTable.PASS : last;
            int count = gen.answers(hands[seat], toBeat, buf);
            int move = buf[random.nextInt(count)];
            if (move != MoveTable.PASS && table.cards(move) == hands[seat]) {
                break; // that play would end the game
            }
            history[n++] = move;
            if (move != MoveTable.PASS) {
                hands[seat] -= table.cards(move);
                last = move;
                lastBy = seat;
            }
        }
        return new Game(hands, kitty[0], Arrays.copyOf(history, n));
    }

    /**
     * A deal walked one random legal move at a time (a play preferred over a pass two times in
     * three, so that the hands shrink), for tests that stop where a position suits them.
     */
    static final class Walk {
        final long[] hands;
        private final MoveTable table;
        private final MoveGenerator gen;
        private final int[] buf = new int[MoveGenerator.MAX_MOVES];
        private final int[] history = new int[200];
        private int n;
        private int last = MoveTable.PASS;
        private int lastBy = -1;

        Walk(Rules rules, SplittableRandom random) {
            this.hands = deal(random, new long[1]);
            this.table = rules.table();
            this.gen = new MoveGenerator(rules);
        }

        /** The seat to act. */
        int seat() {
            return n % 3;
        }

        /** The cards in all hands. */
        int total() {
            return Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]);
        }

        /** The move the seat to act must beat, {@link MoveTable#PASS} on a lead. */
        int toBeat() {
            return lastBy < 0 || lastBy == seat() ? MoveTable.PASS : last;
        }

        /** The seat that played {@link #toBeat()}, -1 on a lead. */
        int toBeatSeat() {
            return toBeat() == MoveTable.PASS ? -1 : lastBy;
        }

        /** The information set of the seat to act (the landlord's kitty: {@code kitty}). */
        InformationSet info(Rules rules, long kitty) {
            return InformationSet.of(rules, seat(), hands[seat()], kitty, 1, Arrays.copyOf(history, n));
        }

        /** Plays one move; false, with nothing played, where the move drawn would empty the mover's hand. */
        boolean step(SplittableRandom random) {
            int seat = seat();
            int count = gen.answers(hands[seat], toBeat(), buf);
            int move = buf[random.nextInt(count)];
            if (move == MoveTable.PASS && count > 1 && random.nextInt(3) > 0) {
                move = buf[1 + random.nextInt(count - 1)];
            }
            if (move != MoveTable.PASS && table.cards(move) == hands[seat]) {
                return false;
            }
            history[n++] = move;
            if (move != MoveTable.PASS) {
                hands[seat] -= table.cards(move);
                last = move;
                lastBy = seat;
            }
            return true;
        }
    }
}
