package io.github.ddzengine.tools.python;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;

/**
 * {@code n} games of RLCard's environment stepped together ({@code
 * ddz_engine.rlcard_env.RLCardBatchEnv}), each a {@link RlcardGame}: one RLCard action id a slot
 * is played, and a finished game's slot at once holds the batch's next game. Game {@code g} of the
 * batch (numbered as games start: the first {@code n} at the start, in slot order, then one a slot
 * as slots finish, in slot order) is dealt from {@code SplitMix64.derive(seed, g)}: the same seed and
 * actions give the same games.
 *
 * <p>The JPype backend calls it directly ({@link PythonBridge#rlcardBatch}), the answers in four
 * buffers of its memory ({@link #attach}); the child process's {@code env_batch_reset} and
 * {@code env_batch_step} with {@code "encode":"rlcard"} answer from the same state as JSON. One
 * thread at a time.
 */
public final class RlcardBatch {
    /** The values of {@link #attach}'s info buffer a slot: game number, seat to act, legal ids. */
    public static final int SLOT_LONGS = 3;
    /** The values of an ended game in the info buffer, after the slots': slot, game number, 1 if the landlord won. */
    public static final int ENDED_LONGS = 3;

    private final long seed;
    private final RlcardGame[] games;
    private final long[] numbers;
    private final int[] codes;
    private final int[] chosen;
    private final long[] ended;
    private int endedCount;
    private long started;
    private ByteBuffer observationOut;
    private ByteBuffer legalOut;
    private ByteBuffer actionsIn;
    private ByteBuffer infoOut;

    RlcardBatch(Rules rules, MoveGenerator generator, RlcardCodec codec, int n, long seed) {
        this.seed = seed;
        this.games = new RlcardGame[n];
        this.numbers = new long[n];
        this.codes = new int[n];
        this.chosen = new int[n];
        this.ended = new long[ENDED_LONGS * n];
        for (int i = 0; i < n; i++) {
            games[i] = new RlcardGame(rules, generator, codec);
            dealNext(i);
        }
    }

    /** Slot {@code i} starts the batch's next game. */
    private void dealNext(int i) {
        numbers[i] = started;
        codes[i] = games[i].reset(Deal.random(SplitMix64.derive(seed, started)));
        started++;
    }

    /** The number of games, {@code n}. */
    public int size() {
        return games.length;
    }

    /**
     * Where the answers go (each from index 0, numbers in the platform's byte order):
     * {@code observation} gets {@link RlcardGame#OBSERVATION_BYTES} bytes a slot (the slot's
     * observation first: 790 or 901 values); {@code legal} every slot's legal ids in slot order as
     * 32-bit ints; {@code info} 64-bit values, {@link #SLOT_LONGS} a slot (game number, seat to act,
     * number of legal ids), then {@link #ENDED_LONGS} for each game that ended with the last step
     * (slot, game number, 1 if the landlord won else 0); {@link #step()} reads the actions, one
     * 32-bit RLCard id a slot, from {@code actions}.
     *
     * @throws IllegalArgumentException for a buffer too small for {@code n} games (the legal ids'
     *     buffer is checked at each answer: {@link #answer()})
     */
    public void attach(ByteBuffer observation, ByteBuffer legal, ByteBuffer actions, ByteBuffer info) {
        int n = games.length;
        if (observation.capacity() < (long) n * RlcardGame.OBSERVATION_BYTES || actions.capacity() < 4L * n
            || info.capacity() < 8L * (SLOT_LONGS + ENDED_LONGS) * n) {
            throw new IllegalArgumentException("buffers too small for " + n + " games");
        }
        observationOut = observation;
        legalOut = legal.duplicate().order(ByteOrder.nativeOrder());
        actionsIn = actions.duplicate().order(ByteOrder.nativeOrder());
        infoOut = info.duplicate().order(ByteOrder.nativeOrder());
    }

    /**
     * Plays the action ids of the attached actions buffer, one a slot.
     *
     * @return as {@link #answer()}
     * @throws IllegalArgumentException {@code actions[i]: action ID (CARDS) is not legal for player P
     *     now (game G of the batch)} for the first slot whose id is not legal (nothing is played then)
     */
    public int step() {
        for (int i = 0; i < games.length; i++) {
            chosen[i] = actionsIn.getInt(4 * i);
        }
        step(chosen);
        return answer();
    }

    /**
     * Writes the state into the attached buffers.
     *
     * @return the number of games that ended with the last step ({@code 0} after the start), or,
     *     when the legal ids' buffer is too small for them all, minus the bytes they need (nothing
     *     written: attach a larger one and call again)
     */
    public int answer() {
        int total = 0;
        for (RlcardGame g : games) {
            total += g.legalCount();
        }
        if (4L * total > legalOut.capacity()) {
            return -4 * total;
        }
        int at = 0;
        for (int i = 0; i < games.length; i++) {
            RlcardGame g = games[i];
            observationOut.put(i * RlcardGame.OBSERVATION_BYTES, g.observationArray(), 0, g.observationSize());
            int[] ids = g.legalArray();
            int k = g.legalCount();
            for (int j = 0; j < k; j++) {
                legalOut.putInt(4 * (at + j), ids[j]);
            }
            at += k;
            infoOut.putLong(8 * (SLOT_LONGS * i), numbers[i]);
            infoOut.putLong(8 * (SLOT_LONGS * i + 1), codes[i] & 3);
            infoOut.putLong(8 * (SLOT_LONGS * i + 2), k);
        }
        int base = SLOT_LONGS * games.length;
        for (int e = 0; e < ENDED_LONGS * endedCount; e++) {
            infoOut.putLong(8 * (base + e), ended[e]);
        }
        return endedCount;
    }

    /**
     * Plays {@code actionIds[i]} in slot {@code i}, each checked before any is played; a game that
     * ends is recorded ({@link #endedCount()}, {@link #ended(int)}) and its slot dealt the next game.
     *
     * @throws IllegalArgumentException for the first id that is not legal in its slot
     */
    void step(int[] actionIds) {
        for (int i = 0; i < games.length; i++) {
            int move = games[i].moveOf(actionIds[i]);
            if (move < 0) {
                throw new IllegalArgumentException("actions[" + i + "]: " + games[i].whyNot(actionIds[i]) + " (game "
                    + numbers[i] + " of the batch)");
            }
            chosen[i] = move;
        }
        endedCount = 0;
        for (int i = 0; i < games.length; i++) {
            int code = games[i].play(chosen[i]);
            if (code < 0) {
                ended[ENDED_LONGS * endedCount] = i;
                ended[ENDED_LONGS * endedCount + 1] = numbers[i];
                ended[ENDED_LONGS * endedCount + 2] = code == RlcardGame.LANDLORD_WON ? 1 : 0;
                endedCount++;
                dealNext(i);
            } else {
                codes[i] = code;
            }
        }
    }

    /** Games that ended with the last step. */
    int endedCount() {
        return endedCount;
    }

    /** Value {@code k} of the ended games' list ({@link #ENDED_LONGS} a game). */
    long ended(int k) {
        return ended[k];
    }

    /** Slot {@code i}'s game. */
    RlcardGame game(int i) {
        return games[i];
    }

    /** The number of slot {@code i}'s game in the batch. */
    long number(int i) {
        return numbers[i];
    }

    /** The seat to act in slot {@code i}. */
    int seat(int i) {
        return codes[i] & 3;
    }

    /** Slot {@code i}'s deal, {@code HAND0/HAND1/HAND2/KITTY} in our notation. */
    public String deal(int i) {
        return games[i].deal();
    }
}
