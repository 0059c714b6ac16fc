package io.github.ddzengine.tools.python;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * One game of RLCard's Dou Dizhu environment ({@code ddz_engine.rlcard_env.RLCardEnv}) played in
 * RLCard's action ids, each state answered as RLCard encodes it: the observation of the player to
 * act ({@link RlcardCodec}) and its legal action ids. Made by {@link PythonBridge#rlcardGame}; the
 * JPype backend calls it directly, the observation and the ids written into two buffers of the
 * caller's memory ({@link #attach}), so that a step costs one call and no text; the process backend
 * reaches the same methods through {@code {"op":"env_rlcard",...}}.
 *
 * <p>Games have no bidding: seat 0 is the landlord, with the kitty, to lead, as in RLCard's game.
 * The answer of {@link #reset}, {@link #step} and {@link #observe} is a code: {@code 4 * k + seat}
 * while the game goes on ({@code seat} to act, {@code k} legal ids, at least 1), {@link #LANDLORD_WON}
 * or {@link #FARMERS_WON} once it is over (the observation is then the last mover's, no ids). One
 * thread at a time.
 */
public final class RlcardGame {
    /** The code of a game the landlord won. */
    public static final int LANDLORD_WON = -1;
    /** The code of a game the farmers won. */
    public static final int FARMERS_WON = -2;
    /** Most values of an observation ({@value RlcardCodec#FARMER_SIZE}, a farmer's). */
    public static final int OBSERVATION_BYTES = RlcardCodec.FARMER_SIZE;
    /** Bytes of the legal ids' buffer: a 32-bit int in the platform's order for each possible move. */
    public static final int LEGAL_BYTES = 4 * MoveGenerator.MAX_MOVES;

    private final MoveTable table;
    private final MoveGenerator generator;
    private final RlcardCodec codec;
    private final int[] idsByMove;
    private final GameState state;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private int moveCount;
    private final int[] legal = new int[MoveGenerator.MAX_MOVES];
    private int legalCount;
    private final boolean[] seen;
    private final byte[] observation = new byte[OBSERVATION_BYTES];
    private int observationSize;
    private ByteBuffer observationOut;
    private ByteBuffer legalOut;
    private Deal deal;

    RlcardGame(Rules rules, MoveGenerator generator, RlcardCodec codec) {
        this.table = rules.table();
        this.generator = generator;
        this.codec = codec;
        this.idsByMove = codec.idsByMove(table);
        this.state = new GameState(rules);
        this.seen = new boolean[codec.size()];
    }

    /**
     * Where each answer's observation and legal ids are copied too, from index 0: {@code
     * observation} gets {@value RlcardCodec#LANDLORD_SIZE} or {@value RlcardCodec#FARMER_SIZE} bytes
     * of 0 and 1, {@code legal} the ids as 32-bit ints in the platform's byte order (NumPy's
     * {@code int32} on the same machine).
     *
     * @param observation at least {@link #OBSERVATION_BYTES} bytes
     * @param legal at least {@link #LEGAL_BYTES} bytes
     * @throws IllegalArgumentException for a buffer too small
     */
    public void attach(ByteBuffer observation, ByteBuffer legal) {
        if (observation.capacity() < OBSERVATION_BYTES || legal.capacity() < LEGAL_BYTES) {
            throw new IllegalArgumentException("buffers of at least " + OBSERVATION_BYTES + " and " + LEGAL_BYTES
                + " bytes needed, not " + observation.capacity() + " and " + legal.capacity());
        }
        this.observationOut = observation;
        this.legalOut = legal.duplicate().order(ByteOrder.nativeOrder());
    }

    /**
     * A new game: {@code deal} ({@code HAND0/HAND1/HAND2/KITTY}, our or RLCard's notation), or
     * without one the deal of {@code seed} (as {@code env_reset} deals it).
     *
     * @return the code of the landlord's first state (see the class comment)
     * @throws IllegalArgumentException for a deal that cannot be read
     */
    public int reset(long seed, String deal) {
        Deal d;
        if (deal == null) {
            d = Deal.random(SplitMix64.derive(seed, 0));
        } else {
            try {
                d = Deal.parse(deal.replace('B', 'X').replace('R', 'D'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("deal: " + e.getMessage(), e);
            }
        }
        return reset(d);
    }

    /** A new game of deal {@code d}; the code of the landlord's first state. */
    int reset(Deal d) {
        this.deal = d;
        state.start(d);
        return answer(-1);
    }

    /**
     * Plays an RLCard action id for the player to act.
     *
     * @return the code of the next state (see the class comment)
     * @throws IllegalArgumentException for an id that is not legal now (the game is left as it
     *     was), or a game over or not started
     */
    public int step(int actionId) {
        int move = moveOf(actionId);
        if (move < 0) {
            throw new IllegalArgumentException(whyNot(actionId));
        }
        return play(move);
    }

    /** Our legal move of an RLCard action id now, or -1 (none, or no game in play). */
    int moveOf(int actionId) {
        if (deal == null || state.isOver()) {
            return -1;
        }
        for (int i = 0; i < moveCount; i++) {
            if (idsByMove[moves[i]] == actionId) {
                return moves[i];
            }
        }
        return -1;
    }

    /** Why {@code actionId} cannot be played now (it cannot: {@link #moveOf} said -1). */
    String whyNot(int actionId) {
        if (deal == null || state.isOver()) {
            return deal == null ? "no game: reset first" : "the game is over: reset for a new one";
        }
        String cards = actionId < 0 || actionId >= codec.size() ? ""
            : codec.cards(actionId) == 0 ? " (pass)" : " (" + Notation.format(codec.cards(actionId)) + ")";
        return "action " + actionId + cards + " is not legal for player " + state.toAct() + " now";
    }

    /** Plays a legal move of ours ({@link #moveOf}); the code of the next state. */
    int play(int move) {
        int seat = state.toAct();
        state.play(move);
        return answer(seat);
    }

    /** The state's answer: the legal moves and observation of the player to act, or of {@code mover} once over. */
    private int answer(int mover) {
        if (state.isOver()) {
            moveCount = 0;
            legalCount = 0;
            write(mover);
            return state.landlordWins() ? LANDLORD_WON : FARMERS_WON;
        }
        int seat = state.toAct();
        moveCount = generator.answers(state.hand(seat), state.leads() ? MoveTable.PASS : state.lastMove(), moves);
        legalCount = RlcardCodec.legalIds(idsByMove, moves, moveCount, legal, seen);
        if (legalOut != null) {
            for (int i = 0; i < legalCount; i++) {
                legalOut.putInt(4 * i, legal[i]);
            }
        }
        write(seat);
        return 4 * legalCount + seat;
    }

    private void write(int seat) {
        observationSize = RlcardCodec.observe(state, seat, table, observation);
        if (observationOut != null) {
            observationOut.put(0, observation, 0, observationSize);
        }
    }

    /**
     * The observation of any player now (the legal ids are left as they are).
     *
     * @param seat 0 (the landlord), 1 or 2
     * @return its size, {@value RlcardCodec#LANDLORD_SIZE} or {@value RlcardCodec#FARMER_SIZE}
     * @throws IllegalArgumentException for another seat or before a game
     */
    public int observe(int seat) {
        if (deal == null || seat < 0 || seat > 2) {
            throw new IllegalArgumentException(deal == null ? "no game: reset first" : "seat must be 0, 1 or 2, not " + seat);
        }
        write(seat);
        return observationSize;
    }

    /** The game's deal as it was dealt, {@code HAND0/HAND1/HAND2/KITTY} in our notation (null before a game). */
    public String deal() {
        return deal == null ? null : deal.toString();
    }

    /** The last answer's legal ids, {@link #legalCount()} of them from index 0 (not a copy: read only). */
    int[] legalArray() {
        return legal;
    }

    int legalCount() {
        return legalCount;
    }

    /** The last answer's observation, {@link #observationSize()} values from index 0 (not a copy: read only). */
    byte[] observationArray() {
        return observation;
    }

    int observationSize() {
        return observationSize;
    }
}
