package io.github.ddzengine.mc;

import io.github.ddzengine.mc.InformationSet;

/**
 * A Dou Dizhu player: bids with a dealt hand, then plays from what its seat knows. Used by the
 * CLI, the arena and the bot protocols. Implementations may keep per-game state but must not
 * share mutable state between instances; the arena gives each game thread its own instances
 * (see {@link #copy()}). An agent that holds threads or other resources releases them in
 * {@link #close()}; whoever makes or copies an agent closes it when done.
 */
public interface Agent extends AutoCloseable {
    /** A short name for reports: {@code random}, {@code rule}, {@code greedy}, {@code mc}. */
    String name();

    /**
     * A bid for a freshly dealt hand.
     *
     * @param request the 17 dealt cards, the bidding position and the bids made so far
     * @return 0 (no bid) or a bid 1..3 higher than every bid so far
     */
    int bid(BidRequest request);

    /**
     * The play of {@code info.seat()}, which is the seat to act.
     *
     * @return a move id of {@code info.rules().table()} that the seat holds and that is legal: a
     *     non-pass lead when {@code info.leads()}, otherwise a pass or a move that beats
     *     {@code info.lastMove()}
     */
    int play(InformationSet info);

    /**
     * A fresh agent of the same kind and settings for another thread. Random streams of the
     * copy are reseeded per game by {@link #startGame(long)}.
     */
    Agent copy();

    /**
     * Called before each game with a seed derived from the deal, so that a game's result does not
     * depend on which thread played it or on the games played before it.
     */
    default void startGame(long seed) {
    }

    /**
     * Releases what the agent holds beyond memory (the Monte Carlo agent's helper threads). Does
     * nothing by default; never throws.
     */
    @Override
    default void close() {
    }
}
