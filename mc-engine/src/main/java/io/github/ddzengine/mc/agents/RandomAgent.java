package io.github.ddzengine.mc.agents;

import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;

/**
 * The {@code random} baseline of {@code agents.md}: a move drawn uniformly from the legal moves
 * (move ids of the rules' table, so a card set with two readings counts twice), pass included
 * when following; a bid drawn uniformly from the legal bids. Draws come from a
 * {@link SplitMix64} reseeded by {@link #startGame}. Allocates nothing per move.
 */
public final class RandomAgent implements Agent {
    private final Rules rules;
    private final MoveGenerator generator;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final SplitMix64 random;

    /** A random agent for {@code rules} whose draws start from {@code seed}. */
    public RandomAgent(Rules rules, long seed) {
        this.rules = rules;
        this.generator = new MoveGenerator(rules);
        this.random = new SplitMix64(seed);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public int bid(BidRequest request) {
        int high = request.highestBid();
        int k = random.nextInt(1 + 3 - high); // 0, or one of high+1 .. 3
        return k == 0 ? 0 : high + k;
    }

    @Override
    public int play(InformationSet info) {
        int n = info.leads() ? generator.leads(info.hand(), moves) : generator.answers(info.hand(), info.lastMove(), moves);
        return moves[random.nextInt(n)];
    }

    @Override
    public Agent copy() {
        return new RandomAgent(rules, 0);
    }

    @Override
    public void startGame(long seed) {
        random.reseed(seed);
    }
}
