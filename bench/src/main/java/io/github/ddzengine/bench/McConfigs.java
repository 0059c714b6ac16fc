package io.github.ddzengine.bench;

import io.github.ddzengine.mc.MonteCarloAgent;

/** Monte Carlo settings from {@code KEY=VALUE} words, for the development mains. */
final class McConfigs {
    private McConfigs() {
    }

    static MonteCarloAgent.Config parse(String[] words) {
        return parse(MonteCarloAgent.Config.defaults().withWorlds(300), words);
    }

    /** {@code base} with the settings of {@code words}. */
    static MonteCarloAgent.Config parse(MonteCarloAgent.Config base, String[] words) {
        MonteCarloAgent.Config c = base;
        for (String w : words) {
            int eq = w.indexOf('=');
            String k = w.substring(0, eq);
            String v = w.substring(eq + 1);
            switch (k) {
                case "worlds" -> c = c.withWorlds(Integer.parseInt(v));
                case "candidates" -> c = c.withMaxCandidates(Integer.parseInt(v));
                case "solver" -> c = c.withSolverMaxCards(Integer.parseInt(v));
                case "nodes" -> c = c.withSolverNodes(Long.parseLong(v));
                case "rollout" -> c = c.withTuning(c.tuning().withRolloutFeatures(Integer.parseInt(v)));
                case "rsolve" -> c = c.withTuning(c.tuning().withRolloutSolve(Integer.parseInt(v),
                    c.tuning().rolloutSolveNodes()));
                case "rnodes" -> c = c.withTuning(c.tuning().withRolloutSolve(c.tuning().rolloutSolveCards(),
                    Long.parseLong(v)));
                case "halving" -> c = c.withTuning(c.tuning().withHalvingRounds(Integer.parseInt(v)));
                case "sure" -> c = c.withTuning(c.tuning().withSurePlays(Integer.parseInt(v)));
                case "reply" -> c = c.withTuning(c.tuning().withReplies(Integer.parseInt(v)));
                case "rsides" -> c = c.withTuning(c.tuning().withReplySides(Integer.parseInt(v)));
                default -> throw new IllegalArgumentException("unknown setting " + k);
            }
        }
        return c;
    }
}
