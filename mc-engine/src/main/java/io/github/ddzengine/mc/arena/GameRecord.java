package io.github.ddzengine.mc.arena;

import java.util.Arrays;

import io.github.ddzengine.core.game.Bidding;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.Scoring;
import io.github.ddzengine.core.rules.Rules;

/**
 * One finished game: the deal, the bids, the seating, every play and the result with its score
 * ({@code rules.md} section 6). Immutable. {@link #replay} rebuilds a record from the deal, the
 * bids and the plays alone, checking each against the rules, which is how a stored record is
 * re-validated.
 *
 * <p>Seats are those of play (0 = landlord, 1 = landlord_down, 2 = landlord_up); positions are
 * those of the deal and the bidding. Seat {@code s} holds the hand dealt to position
 * {@link #positionOfSeat(int)}, and the landlord also the kitty.
 */
public final class GameRecord {
    private final int game;
    private final int dealNumber;
    private final Rules rules;
    private final Deal deal;
    private final int[] bids;
    private final int landlordPosition;
    private final int base;
    private final String[] agents;
    private final int[] plays;
    private final int winner;
    private final int bombs;
    private final int rockets;
    private final boolean spring;
    private final boolean antiSpring;
    private final long multiplier;
    private final String[] specs;
    private final String engine;

    private GameRecord(int game, int dealNumber, Rules rules, Deal deal, int[] bids, int landlordPosition, int base,
                       String[] agents, GameState end) {
        this.game = game;
        this.dealNumber = dealNumber;
        this.rules = rules;
        this.deal = deal;
        this.bids = bids;
        this.landlordPosition = landlordPosition;
        this.base = base;
        this.agents = agents;
        this.plays = end.history();
        this.winner = end.winner();
        this.bombs = end.bombs();
        this.rockets = end.rockets();
        this.spring = end.isSpring();
        this.antiSpring = end.isAntiSpring();
        this.multiplier = end.multiplier(base);
        this.specs = null;
        this.engine = null;
    }

    private GameRecord(GameRecord r, String[] specs, String engine) {
        this.game = r.game;
        this.dealNumber = r.dealNumber;
        this.rules = r.rules;
        this.deal = r.deal;
        this.bids = r.bids;
        this.landlordPosition = r.landlordPosition;
        this.base = r.base;
        this.agents = r.agents;
        this.plays = r.plays;
        this.winner = r.winner;
        this.bombs = r.bombs;
        this.rockets = r.rockets;
        this.spring = r.spring;
        this.antiSpring = r.antiSpring;
        this.multiplier = r.multiplier;
        this.specs = specs;
        this.engine = engine;
    }

    /**
     * This record with what played it: each seat's agent as its full canonical spec
     * ({@code mc:effort=60000}, {@code AgentSpecs.canonical}) and the engine's version, so that the
     * game can be played again from its own record.
     *
     * @param specs the spec of each seat (3), or null for none
     * @param engine {@code ddz-engine VERSION}, or null
     * @return the record with them
     * @throws IllegalArgumentException if {@code specs} does not hold 3 non-null specs
     */
    public GameRecord withProvenance(String[] specs, String engine) {
        if (specs != null && (specs.length != 3 || specs[0] == null || specs[1] == null || specs[2] == null)) {
            throw new IllegalArgumentException("a spec for each of the 3 seats");
        }
        return new GameRecord(this, specs == null ? null : specs.clone(), engine);
    }

    /**
     * {@link #withProvenance} for a duplicate game between agents A and B: A's spec at the landlord
     * seat and B's at the farmers' when {@code aIsLandlord}, the other way round otherwise.
     */
    public GameRecord withProvenance(String specA, String specB, boolean aIsLandlord, String engine) {
        String landlord = aIsLandlord ? specA : specB;
        String farmers = aIsLandlord ? specB : specA;
        return withProvenance(new String[] {landlord, farmers, farmers}, engine);
    }

    /** The full spec of the agent at {@code seat}, or null when the record does not say. */
    public String spec(int seat) {
        return specs == null ? null : specs[seat];
    }

    /** The engine that played the game ({@code ddz-engine VERSION}), or null when the record does not say. */
    public String engine() {
        return engine;
    }

    /** The record of the game that {@code end} finished. */
    static GameRecord of(int game, int dealNumber, Rules rules, Deal deal, int[] bids, Bidding bidding, String[] agents,
                         GameState end) {
        int lp = bidding == null ? 0 : bidding.landlordPosition();
        int base = bidding == null ? 1 : bidding.base();
        return new GameRecord(game, dealNumber, rules, deal, bids, lp, base, agents.clone(), end);
    }

    /**
     * Replays a game from its deal, bids and plays, checking every step.
     *
     * @param game the game number (1-based) for messages and the record
     * @param dealNumber the deal number (1-based)
     * @param bids the bids by position in order, or an empty array for a game without bidding
     *     (position 0 is then the landlord with base 1)
     * @param agents the agent name of each seat (for the record only)
     * @param plays the move ids of the play phase in order
     * @throws IllegalArgumentException naming the bid or play (1-based) and the reason when a bid
     *     or play is illegal, a play follows the end of the game, or the plays stop before a hand
     *     is empty
     */
    public static GameRecord replay(int game, int dealNumber, Rules rules, Deal deal, int[] bids, String[] agents,
                                    int[] plays) {
        Bidding bidding = bids.length == 0 ? null : Bidding.replay(bids);
        int lp = bidding == null ? 0 : bidding.landlordPosition();
        GameState state = start(rules, deal, lp);
        for (int i = 0; i < plays.length; i++) {
            if (state.isOver()) {
                throw new IllegalArgumentException("play " + (i + 1) + " comes after the game ended (seat "
                    + state.winner() + " emptied its hand at play " + i + ")");
            }
            try {
                state.play(plays[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("play " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        if (!state.isOver()) {
            throw new IllegalArgumentException("the plays stop after " + plays.length + " plays with no hand empty");
        }
        return of(game, dealNumber, rules, deal, bids.clone(), bidding, agents, state);
    }

    /** A game state at the start of play for {@code deal} with the landlord at {@code landlordPosition}. */
    static GameState start(Rules rules, Deal deal, int landlordPosition) {
        GameState state = new GameState(rules);
        start(state, deal, landlordPosition);
        return state;
    }

    static void start(GameState state, Deal deal, int landlordPosition) {
        state.start(deal, landlordPosition);
    }

    /** The game number in its match, 1-based. */
    public int game() {
        return game;
    }

    /** The deal number in its match, 1-based (each deal is played twice). */
    public int dealNumber() {
        return dealNumber;
    }

    public Rules rules() {
        return rules;
    }

    public Deal deal() {
        return deal;
    }

    /** The bids by position in order, empty for a game without bidding (a copy). */
    public int[] bids() {
        return bids.clone();
    }

    /** The bidding position that became the landlord (0 without bidding). */
    public int landlordPosition() {
        return landlordPosition;
    }

    /** The bidding position that plays {@code seat}. */
    public int positionOfSeat(int seat) {
        return Bidding.positionOfSeat(landlordPosition, seat);
    }

    /** The base score: the final bid, 1 without bidding or when all passed. */
    public int base() {
        return base;
    }

    /** The name of the agent at {@code seat}. */
    public String agent(int seat) {
        return agents[seat];
    }

    /** The cards {@code seat} held when play started (the landlord's include the kitty). */
    public long startHand(int seat) {
        long h = deal.hand(positionOfSeat(seat));
        return seat == 0 ? deal.landlordHand(landlordPosition) : h;
    }

    /** The move ids of the play phase, in order; play i was made by seat {@code i % 3} (a copy). */
    public int[] plays() {
        return plays.clone();
    }

    /** Number of plays, passes included. */
    public int playCount() {
        return plays.length;
    }

    /** The seat that emptied its hand. */
    public int winner() {
        return winner;
    }

    /** Whether the landlord won. */
    public boolean landlordWins() {
        return winner == 0;
    }

    /** Bombs played. */
    public int bombs() {
        return bombs;
    }

    /** Rockets played (0 or 1). */
    public int rockets() {
        return rockets;
    }

    public boolean spring() {
        return spring;
    }

    public boolean antiSpring() {
        return antiSpring;
    }

    /** base x 2^(bombs + rockets + spring + anti-spring). */
    public long multiplier() {
        return multiplier;
    }

    /** The score of {@code seat} ({@link Scoring#score}). */
    public long score(int seat) {
        return Scoring.score(seat, landlordWins(), multiplier);
    }

    /**
     * Whether this record and {@code other} describe the same game: deal, bids, plays, seating
     * and result (the agent names and numbers aside).
     */
    public boolean sameGame(GameRecord other) {
        return deal.equals(other.deal) && Arrays.equals(bids, other.bids) && Arrays.equals(plays, other.plays)
            && landlordPosition == other.landlordPosition && rules.equals(other.rules) && winner == other.winner
            && multiplier == other.multiplier;
    }
}
