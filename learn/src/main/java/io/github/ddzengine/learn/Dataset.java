package io.github.ddzengine.learn;

import java.util.List;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.eval.ValueFeatures;

/**
 * Labelled positions encoded for training: each position's {@link ValueFeatures} kept sparse (the
 * indices and values of its non-zero features), its label, card count, mover and game.
 */
public final class Dataset {
    final int size;
    /** Sample {@code s}'s features are {@code index/value[start[s] .. start[s+1])}. */
    final int[] start;
    final short[] index;
    final float[] value;
    final float[] label;
    final int[] cards;
    final byte[] mover;
    final int[] game;

    private Dataset(int size, int[] start, short[] index, float[] value, float[] label, int[] cards, byte[] mover,
                    int[] game) {
        this.size = size;
        this.start = start;
        this.index = index;
        this.value = value;
        this.label = label;
        this.cards = cards;
        this.mover = mover;
        this.game = game;
    }

    /** Encodes {@code positions} (three-seat positions of {@code rules}). */
    public static Dataset of(Rules rules, List<LabelledPosition> positions) {
        ValueFeatures f = new ValueFeatures(rules, MinHands.of(rules));
        float[] x = new float[ValueFeatures.SIZE];
        int n = positions.size();
        int[] start = new int[n + 1];
        short[] index = new short[Math.max(16, n * 64)];
        float[] value = new float[index.length];
        float[] label = new float[n];
        int[] cards = new int[n];
        byte[] mover = new byte[n];
        int[] game = new int[n];
        int at = 0;
        for (int s = 0; s < n; s++) {
            LabelledPosition lp = positions.get(s);
            Position p = lp.position();
            f.encode(p.hand(0), p.hand(1), p.hand(2), p.mover(), p.lastMove(), p.lastSeat(), x);
            for (int i = 0; i < ValueFeatures.SIZE; i++) {
                if (x[i] != 0f) {
                    if (at == index.length) {
                        index = java.util.Arrays.copyOf(index, index.length * 2);
                        value = java.util.Arrays.copyOf(value, value.length * 2);
                    }
                    index[at] = (short) i;
                    value[at] = x[i];
                    at++;
                }
            }
            start[s + 1] = at;
            label[s] = lp.landlordWins();
            cards[s] = lp.cards();
            mover[s] = (byte) p.mover();
            game[s] = lp.game();
        }
        return new Dataset(n, start, index, value, label, cards, mover, game);
    }

    /** The number of positions. */
    public int size() {
        return size;
    }

    /** The seat name of a mover. */
    static String seatName(int seat) {
        return Seat.name(seat);
    }
}
