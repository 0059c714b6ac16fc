package io.github.ddzengine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.junit.jupiter.api.Test;

/**
 * The solver's bench signature, as Stockfish's {@code bench}: {@link SolveNodes}' positions (the
 * shared positions but the 17 v 17 deals, and 8 seeded random deals of each shape) solved to
 * completion, their node counts in all checked against the numbers kept here. Node counts are
 * exact on every machine; a change that moves them (move ordering, pruning, keying) updates the
 * numbers and says why in its commit message, with a {@code Bench:} line giving the new pair.
 */
class NodeSignatureTest {
    /** Nodes of the shared positions (73 of them). */
    static final long SHARED_NODES = 2_016_319;
    /** Nodes of the random deals of seed 11, 8 a shape (40 of them). */
    static final long RANDOM_NODES = 4_257_950;

    @Test
    void nodeCountsMatchTheSignature() throws IOException {
        SolveNodes.Signature s = SolveNodes.signature(11, 8, 0, false);
        assertEquals(73, s.shared.count);
        assertEquals(40, s.random.count);
        assertEquals(SHARED_NODES + " + " + RANDOM_NODES, s.shared.total + " + " + s.random.total,
            "the solver's node-count signature moved: update NodeSignatureTest and say why (Bench: line)");
    }
}
