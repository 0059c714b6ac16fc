package io.github.ddzengine.mc;

/**
 * An agent that plays with every hand visible (the {@code oracle}, the ceiling of what inference
 * can reach). The arena ({@link io.github.ddzengine.mc.arena.Game}) tells such an agent the true
 * hands right before each of its decisions, and tells them to no other agent: a normal agent sees
 * only its {@link io.github.ddzengine.mc.InformationSet}. Outside the arena (a bot protocol, the
 * command line's single decisions) nobody calls {@link #seeHands}, and an open-hand agent refuses
 * to play.
 */
public interface OpenHandAgent extends Agent {
    /**
     * The hands of seats 0 (landlord), 1 (landlord_down) and 2 (landlord_up) now, just before the
     * next {@link #play} of this agent ({@link io.github.ddzengine.core.cards.Cards} layout).
     */
    void seeHands(long landlord, long down, long up);
}
