package io.github.ddzengine.mc;

import io.github.ddzengine.core.tables.EngineTables;

/**
 * The {@code oracle}: the Monte Carlo search of {@link MonteCarloAgent} with perfect information.
 * The arena tells it every hand ({@link OpenHandAgent}), so its one world is the true deal: a
 * determined set, evaluated once, by the exact solver whatever its size within the solver's budget
 * (in effort mode the nodes of three quarters of the effort, under the clock three quarters of the
 * time left, in fixed-worlds mode {@code 50 x solverNodes} nodes), otherwise, when the solve does not
 * finish, by one rollout per candidate in the true deal. Use it in effort mode: it then spends about
 * what {@code mc} spends at the same effort. It shows how far better worlds (inference, sampling) could take the same search: the
 * ceiling of {@code mc} with the same settings. Its bids are {@code mc}'s (it sees no hand before
 * the play).
 *
 * <p>One decision at a time; the
 * arena gives each thread its own {@link #copy()}.
 */
public final class OracleAgent implements OpenHandAgent {
    private final MonteCarloAgent search;
    private final long[] hands = new long[3];
    private boolean seen;
    private long gameSeed;

    /** An oracle searching with {@code settings} (those of {@code mc}; the prior is not used). */
    public OracleAgent(McSettings settings) {
        this(settings, EngineTables.NONE);
    }

    /** An oracle searching with {@code settings} and the precomputed {@code tables} (as {@code mc} would). */
    public OracleAgent(McSettings settings, EngineTables tables) {
        this.search = new MonteCarloAgent(settings, tables);
    }

    @Override
    public String name() {
        return "oracle";
    }

    @Override
    public void seeHands(long landlord, long down, long up) {
        hands[0] = landlord;
        hands[1] = down;
        hands[2] = up;
        seen = true;
    }

    @Override
    public void startGame(long seed) {
        gameSeed = seed;
        search.startGame(seed);
    }

    @Override
    public int bid(BidRequest request) {
        return search.bid(request);
    }

    /**
     * @throws IllegalStateException when the hands were not given before this decision (the oracle
     *     plays only in the arena), or do not fit {@code info}
     */
    @Override
    public int play(InformationSet info) {
        return decide(info, Rng.derive(gameSeed, info.historyLength())).move();
    }

    /**
     * The oracle's decision on {@code info} with the hands given by the last {@link #seeHands}.
     *
     * @throws IllegalStateException when no hands were given since the last decision, or they do
     *     not fit {@code info}
     */
    public Decision decide(InformationSet info, long seed) {
        if (!seen) {
            throw new IllegalStateException("the oracle sees every hand: it plays only in the arena (ddz play, ddz "
                + "ladder), which shows it the hands");
        }
        seen = false;
        if (hands[info.seat()] != info.hand()) {
            throw new IllegalStateException("the hands shown to the oracle do not hold its own hand");
        }
        return search.decideKnowing(info, seed, hands);
    }

    @Override
    public Agent copy() {
        return new OracleAgent(search.settings(), search.tables());
    }

    @Override
    public void close() {
        search.close();
    }
}
