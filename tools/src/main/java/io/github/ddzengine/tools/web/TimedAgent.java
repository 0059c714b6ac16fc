package io.github.ddzengine.tools.web;

import org.HdrHistogram.ConcurrentHistogram;

import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;

/**
 * An agent that times every play decision of the agent it wraps into a histogram shared by all
 * its copies (nanoseconds, 3 significant digits, thread-safe); bids are not timed. Plays, bids,
 * names and seeds are the wrapped agent's, so a match plays the same games with or without it.
 */
record TimedAgent(Agent agent, ConcurrentHistogram latencies) implements Agent {
    @Override
    public String name() {
        return agent.name();
    }

    @Override
    public int bid(BidRequest request) {
        return agent.bid(request);
    }

    @Override
    public int play(InformationSet info) {
        long t0 = System.nanoTime();
        int m = agent.play(info);
        latencies.recordValue(Math.max(1, System.nanoTime() - t0));
        return m;
    }

    @Override
    public Agent copy() {
        return new TimedAgent(agent.copy(), latencies);
    }

    @Override
    public void startGame(long seed) {
        agent.startGame(seed);
    }

    @Override
    public void close() {
        agent.close();
    }
}
