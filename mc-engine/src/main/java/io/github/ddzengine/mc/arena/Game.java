package io.github.ddzengine.mc.arena;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.IllegalMoveException;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;

/**
 * Plays one deal to the end: optional bidding, the landlord takes the kitty, the seats play in
 * turn until a hand is empty, and the result is scored. Every bid and move an agent returns is
 * checked; an illegal one (or an agent that throws) ends the game with an {@link ArenaException}
 * naming the game, the seat and the agent.
 *
 * <p>Reusable for many games, one thread at a time. Apart from the record it returns, a game
 * allocates one history array and one {@link InformationSet} per move (no history copy).
 */
public final class Game {
    private final Rules rules;
    private final GameState state;

    /** A game loop for {@code rules}. */
    public Game(Rules rules) {
        this.rules = rules;
        this.state = new GameState(rules);
    }

    /**
     * Plays {@code deal}.
     *
     * @param game the game number for the record and messages (1-based)
     * @param dealNumber the deal number for the record and messages (1-based)
     * @param label how messages name this game, e.g. {@code game 3 (deal 2, rule as landlord)}
     * @param deal the deal
     * @param bidder the agent that bids for each position in turn, or null to play without bidding
     *     (position 0 is then the landlord with base 1)
     * @param seats the agents of seats 0 (landlord), 1 (landlord_down), 2 (landlord_up); three
     *     distinct instances
     * @param seed the game's seed: agent {@code s} is started with {@code SplitMix64.derive(seed, s)}
     *     (a bidder that sits at no seat with index 3)
     * @return the record of the finished game
     * @throws ArenaException if an agent bids or plays illegally, or throws
     */
    public GameRecord play(int game, int dealNumber, String label, Deal deal, Agent bidder, Agent[] seats, long seed) {
        boolean bidderSeated = false;
        for (int s = 0; s < 3; s++) {
            seats[s].startGame(SplitMix64.derive(seed, s));
            bidderSeated |= seats[s] == bidder;
        }
        if (bidder != null && !bidderSeated) {
            bidder.startGame(SplitMix64.derive(seed, 3));
        }
        Bidding bidding = null;
        int[] bids = new int[0];
        if (bidder != null) {
            bidding = new Bidding();
            while (!bidding.isOver()) {
                int position = bidding.position();
                int[] earlier = bidding.bids();
                int bid;
                try {
                    bid = bidder.bid(BidRequest.of(rules, deal.hand(position), earlier));
                    bidding.bid(bid);
                } catch (RuntimeException e) {
                    throw new ArenaException(label + ": bidding position " + position + " (agent " + bidder.name() + "): "
                        + e.getMessage(), e);
                }
            }
            bids = bidding.bids();
        }
        int lp = bidding == null ? 0 : bidding.landlordPosition();
        int base = bidding == null ? 1 : bidding.base();
        GameRecord.start(state, deal, lp);
        while (!state.isOver()) {
            int seat = state.toAct();
            int move;
            try {
                move = seats[seat].play(InformationSet.view(state, deal.kitty(), base));
            } catch (RuntimeException e) {
                throw new ArenaException(label + ": seat " + seat + " (" + Seat.name(seat) + ", agent "
                    + seats[seat].name() + ") failed: " + e, e);
            }
            try {
                state.play(move);
            } catch (IllegalMoveException e) {
                throw new ArenaException(label + ": agent " + seats[seat].name() + " at seat " + seat + " ("
                    + Seat.name(seat) + ") returned an illegal move: " + e.getMessage(), e);
            }
        }
        String[] names = {seats[0].name(), seats[1].name(), seats[2].name()};
        return GameRecord.of(game, dealNumber, rules, deal, bids, bidding, names, state);
    }
}
