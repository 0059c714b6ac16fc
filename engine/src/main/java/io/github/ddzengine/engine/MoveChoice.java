package io.github.ddzengine.engine;

import java.util.List;

/**
 * A Monte Carlo decision from one seat's information.
 *
 * @param move the chosen move in notation.md form
 * @param candidates every candidate the agent weighed, with its win rate, best first
 * @param worlds how many worlds were sampled
 * @param budgetCut whether the time budget ended the sampling (the result then depends on the
 *     clock; with a fixed number of worlds it depends only on the seed)
 */
public record MoveChoice(String move, List<Candidate> candidates, int worlds, boolean budgetCut) {
    /** @throws NullPointerException if {@code candidates} is null */
    public MoveChoice {
        candidates = List.copyOf(candidates);
    }
}
