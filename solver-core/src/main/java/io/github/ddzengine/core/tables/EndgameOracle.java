package io.github.ddzengine.core.tables;

import io.github.ddzengine.core.rules.Preset;

/**
 * Exact verdicts of small lead positions that a {@link io.github.ddzengine.core.solve.Solver}
 * probes instead of searching them: the contract of a solved-endgame table (the files of
 * {@code ddz tables build}, loaded by the {@code endgame-tables} module) or of any other source
 * of perfect-information verdicts. A solver receives its oracles in an {@link EngineTables} value.
 *
 * <p>The solver asks only about positions of this oracle's {@link #preset()} without bans and
 * {@link #seats()} seats, in which the mover leads and every hand holds at most
 * {@link #maxHandCards()} cards, and only in the solver's normal form (its transposition key:
 * ranks nobody holds removed, the rest relabelled downwards). Each position asked is a real
 * position with the same verdict as the one searched, so any exact verdict is a correct answer; a
 * table need only hold the positions it can be asked about. The tables of {@code ddz tables
 * build} hold the positions that {@link io.github.ddzengine.core.solve.Solver#solveNormalLead}
 * solves. Implementations must be thread-safe (many solvers share one) and allocation-free in
 * {@link #probe}: it sits on the solver's hot path.
 */
public interface EndgameOracle {
    /** The preset whose verdicts the oracle holds (positions with bans never ask it). */
    Preset preset();

    /** The seat count of the positions it holds: 2 (two-player puzzles) or 3 (landlord against two farmers). */
    int seats();

    /** The largest hand it covers, in cards (1 or more): the solver never asks about a larger one. */
    int maxHandCards();

    /**
     * The verdict of a lead position.
     *
     * @param mover the seat that leads: 0 or 1 with two seats, 0 (the landlord) to 2 with three
     * @param h0 seat 0's hand ({@link io.github.ddzengine.core.cards.Cards} layout), at most
     *     {@link #maxHandCards()} cards
     * @param h1 seat 1's hand, likewise
     * @param h2 seat 2's hand, likewise; 0 with two seats
     * @return 1 if the mover's side wins, 0 if it loses, -1 if the oracle does not hold the position
     *     (the solver then searches it)
     */
    int probe(int mover, long h0, long h1, long h2);
}
