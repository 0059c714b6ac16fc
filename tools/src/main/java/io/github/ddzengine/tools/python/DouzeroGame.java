package io.github.ddzengine.tools.python;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;

/**
 * One game of DouZero's environment ({@code ddz_engine.douzero_env.DouZeroEnv}) with DouZero's
 * observation made by the engine: for the player to act, {@code x_no_action} (319 values for the
 * landlord, 430 for a farmer), {@code z} (the last 15 actions, 810 values) and, for each legal
 * action (each card set once), its 54 values and its move id; the layout is the one
 * {@code ddz_engine.douzero_env.observation} writes (which the Python tests check against
 * DouZero's own encoder; this one is checked against that). Made by {@link
 * PythonBridge#douzeroGame}; the JPype backend calls it directly, the answers in four buffers of its
 * memory ({@link #attach}); the child process reaches it through {@code {"op":"env_douzero",...}}.
 *
 * <p>Games have no bidding: seat 0 is the landlord with the kitty, to lead. The answer of
 * {@link #reset}, {@link #step} and {@link #answer} is {@code 4 * k + seat} ({@code k} legal
 * actions) while the game goes on, {@link RlcardGame#LANDLORD_WON} or {@link
 * RlcardGame#FARMERS_WON} once it is over, or minus the bytes the actions' buffer would need when it
 * is too small (nothing written: attach a larger one and call {@link #answer}). One thread at a
 * time.
 */
public final class DouzeroGame {
    /** Values of a landlord's {@code x_no_action}. */
    public static final int LANDLORD_X = 319;
    /** Values of a farmer's {@code x_no_action}. */
    public static final int FARMER_X = 430;
    /** Values of {@code z}: 15 actions of 54. */
    public static final int Z_BYTES = 15 * RlcardCodec.CARDS;

    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final GameState state;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] legal = new int[MoveGenerator.MAX_MOVES];
    private int legalCount;
    /** Another reading of the same cards for each move id (-1: none), and marks of the moves generated now. */
    private final int[] twin;
    private final boolean[] generated;
    private final byte[] x = new byte[FARMER_X];
    private final byte[] z = new byte[Z_BYTES];
    private byte[] actions = new byte[64 * RlcardCodec.CARDS];
    private int xSize;
    /** Bombs and rockets played so far, counted by {@link #observe}. */
    private int bombs;
    private int code;
    private ByteBuffer xOut;
    private ByteBuffer zOut;
    private ByteBuffer actionsOut;
    private ByteBuffer movesOut;
    private Deal deal;

    DouzeroGame(Rules rules, MoveGenerator generator) {
        this.rules = rules;
        this.table = rules.table();
        this.generator = generator;
        this.state = new GameState(rules);
        this.generated = new boolean[table.size()];
        this.twin = new int[table.size()];
        Arrays.fill(twin, -1);
        java.util.Map<Long, Integer> first = new java.util.HashMap<>();
        for (int m = 1; m < table.size(); m++) {
            Integer other = first.putIfAbsent(table.cards(m), m);
            if (other != null) {
                twin[m] = other;
                twin[other] = m;
            }
        }
    }

    /**
     * Where each answer goes, from index 0: {@code x} the {@code x_no_action} bytes, {@code z}
     * the {@value #Z_BYTES} bytes of {@code z}, {@code actions} 54 bytes a legal action, {@code
     * moves} each legal action's move id (32-bit ints in the platform's byte order).
     *
     * @throws IllegalArgumentException for an {@code x}, {@code z} or {@code moves} buffer too small
     *     ({@value #FARMER_X}, {@value #Z_BYTES}, {@code 4 * MAX_MOVES} bytes)
     */
    public void attach(ByteBuffer x, ByteBuffer z, ByteBuffer actions, ByteBuffer moves) {
        if (x.capacity() < FARMER_X || z.capacity() < Z_BYTES || moves.capacity() < 4 * MoveGenerator.MAX_MOVES) {
            throw new IllegalArgumentException("buffers too small: x " + x.capacity() + ", z " + z.capacity()
                + ", moves " + moves.capacity() + " bytes");
        }
        xOut = x;
        zOut = z;
        actionsOut = actions;
        movesOut = moves.duplicate().order(ByteOrder.nativeOrder());
    }

    /**
     * A new game: {@code deal} ({@code HAND0/HAND1/HAND2/KITTY}), or without one the deal of
     * {@code seed} (as {@code env_reset} deals it).
     *
     * @return the landlord's first answer (see the class comment)
     * @throws IllegalArgumentException for a deal that cannot be read
     */
    public int reset(long seed, String deal) {
        Deal d;
        try {
            d = deal == null ? Deal.random(SplitMix64.derive(seed, 0)) : Deal.parse(deal);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("deal: " + e.getMessage(), e);
        }
        this.deal = d;
        state.start(d);
        encode(-1);
        return answer();
    }

    /**
     * Plays legal action {@code index} of the last answer for the player to act.
     *
     * @return the next answer (see the class comment)
     * @throws IllegalArgumentException for an index out of the legal actions, or a game over or not started
     */
    public int step(int index) {
        if (deal == null || state.isOver()) {
            throw new IllegalArgumentException(deal == null ? "no game: reset first" : "the game is over: reset for a new one");
        }
        if (index < 0 || index >= legalCount) {
            throw new IllegalArgumentException("action " + index + " is not one of the " + legalCount + " legal actions");
        }
        int seat = state.toAct();
        state.play(legal[index]);
        encode(seat);
        return answer();
    }

    /** The state's observation and legal actions, of the player to act or of {@code mover} once over. */
    private void encode(int mover) {
        int seat = state.isOver() ? mover : state.toAct();
        legalCount = 0;
        if (!state.isOver()) {
            int n = generator.answers(state.hand(seat), state.leads() ? MoveTable.PASS : state.lastMove(), moves);
            for (int i = 0; i < n; i++) {
                generated[moves[i]] = true;
            }
            for (int i = 0; i < n; i++) {
                int m = moves[i];
                int t = m == MoveTable.PASS ? -1 : twin[m];
                // one action a card set: of two readings both legal, the trio chain (as DouZero reads a played one)
                if (t >= 0 && generated[t] && (table.type(m) != MoveType.TRIO_CHAIN && table.type(t) == MoveType.TRIO_CHAIN
                    || table.type(m) == table.type(t) && t < m)) {
                    continue;
                }
                legal[legalCount++] = m;
            }
            for (int i = 0; i < n; i++) {
                generated[moves[i]] = false;
            }
        }
        if (actions.length < legalCount * RlcardCodec.CARDS) {
            actions = new byte[Math.max(2 * actions.length, legalCount * RlcardCodec.CARDS)];
        }
        Arrays.fill(actions, 0, legalCount * RlcardCodec.CARDS, (byte) 0);
        for (int i = 0; i < legalCount; i++) {
            RlcardCodec.cards(cardsOf(legal[i]), actions, i * RlcardCodec.CARDS);
        }
        observe(seat);
        code = state.isOver() ? (state.landlordWins() ? RlcardGame.LANDLORD_WON : RlcardGame.FARMERS_WON)
            : 4 * legalCount + seat;
    }

    private long cardsOf(int move) {
        return move == MoveTable.PASS ? 0 : table.cards(move);
    }

    /** {@code x_no_action} and {@code z} of {@code seat}. */
    private void observe(int seat) {
        int n = state.historyLength();
        long played0 = 0;
        long played1 = 0;
        long played2 = 0;
        long lastAction0 = 0;
        long lastAction1 = 0;
        long lastAction2 = 0;
        bombs = 0;
        for (int i = 0; i < n; i++) {
            int m = state.historyMove(i);
            long c = cardsOf(m);
            switch (i % 3) {
                case 0 -> {
                    played0 = Cards.add(played0, c);
                    lastAction0 = c;
                }
                case 1 -> {
                    played1 = Cards.add(played1, c);
                    lastAction1 = c;
                }
                default -> {
                    played2 = Cards.add(played2, c);
                    lastAction2 = c;
                }
            }
            if (m != MoveTable.PASS && table.isBombOrRocket(m)) {
                bombs++;
            }
        }
        long last = 0;
        if (n > 0) { // the move to beat, looking back over one pass
            last = cardsOf(state.historyMove(n - 1));
            if (last == 0 && n > 1) {
                last = cardsOf(state.historyMove(n - 2));
            }
        }
        long others = 0;
        for (int p = 0; p < 3; p++) {
            if (p != seat) {
                others = Cards.add(others, state.hand(p));
            }
        }
        xSize = seat == 0 ? LANDLORD_X : FARMER_X;
        Arrays.fill(x, 0, xSize, (byte) 0);
        int at = RlcardCodec.cards(state.hand(seat), x, 0);
        at = RlcardCodec.cards(others, x, at);
        if (seat == 0) {
            at = RlcardCodec.cards(last, x, at);
            at = RlcardCodec.cards(played2, x, at);
            at = RlcardCodec.cards(played1, x, at);
            at = RlcardCodec.oneHot(Cards.size(state.hand(2)), 17, x, at);
            at = RlcardCodec.oneHot(Cards.size(state.hand(1)), 17, x, at);
        } else {
            int mate = 3 - seat;
            at = RlcardCodec.cards(played0, x, at);
            at = RlcardCodec.cards(mate == 1 ? played1 : played2, x, at);
            at = RlcardCodec.cards(last, x, at);
            at = RlcardCodec.cards(lastAction0, x, at);
            at = RlcardCodec.cards(mate == 1 ? lastAction1 : lastAction2, x, at);
            at = RlcardCodec.oneHot(Cards.size(state.hand(0)), 20, x, at);
            at = RlcardCodec.oneHot(Cards.size(state.hand(mate)), 17, x, at);
        }
        x[at + Math.min(bombs, 14)] = 1;
        at += 15;
        if (at != xSize) {
            throw new IllegalStateException("x_no_action of " + at + " values, not " + xSize);
        }
        Arrays.fill(z, (byte) 0);
        for (int k = n - 15, row = 0; k < n; k++, row++) { // the last 15 actions, empty before the first
            if (k >= 0) {
                RlcardCodec.cards(cardsOf(state.historyMove(k)), z, row * RlcardCodec.CARDS);
            }
        }
    }

    /**
     * Writes the last answer into the attached buffers.
     *
     * @return its code, or minus the bytes the actions' buffer needs when it is too small (nothing written)
     */
    public int answer() {
        if (xOut == null) {
            return code;
        }
        int bytes = legalCount * RlcardCodec.CARDS;
        if (bytes > actionsOut.capacity()) {
            return -bytes;
        }
        xOut.put(0, x, 0, xSize);
        zOut.put(0, z, 0, Z_BYTES);
        actionsOut.put(0, actions, 0, bytes);
        for (int i = 0; i < legalCount; i++) {
            movesOut.putInt(4 * i, legal[i]);
        }
        return code;
    }

    /** Bombs and rockets played so far. */
    public int bombs() {
        return bombs;
    }

    /** The game as {@code env_reset} answers it (hands, history, legal moves...: {@link Environments#state}). */
    public String stateJson() {
        if (deal == null) {
            throw new IllegalArgumentException("no game: reset first");
        }
        return Environments.state(0, rules, deal, state, generator);
    }

    /** The last answer's observation: {@code x_no_action}, {@code z} and the actions' values, for the JSON path. */
    byte[] x() {
        return Arrays.copyOf(x, xSize);
    }

    byte[] z() {
        return z.clone();
    }

    byte[] actionValues() {
        return Arrays.copyOf(actions, legalCount * RlcardCodec.CARDS);
    }

    int[] legalMoves() {
        return Arrays.copyOf(legal, legalCount);
    }
}
