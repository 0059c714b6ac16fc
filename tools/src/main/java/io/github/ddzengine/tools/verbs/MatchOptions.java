package io.github.ddzengine.tools.verbs;

import java.nio.file.Path;

import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.tools.cli.Bounds;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of a duplicate match that {@code ddz play} and {@code ddz ladder} share, with their
 * one set of bounds ({@link Limits}): the deals (how many, from which deal, from which seed or
 * file), the bidding, the worker threads and the answer time of {@code exec:} agents. A picocli
 * mixin; {@link #check} refuses a value out of bounds as a usage error.
 */
final class MatchOptions {
    @Option(names = "--deals", paramLabel = "N",
        description = "Number of deals (each played twice; a ladder plays them against each baseline), 1.."
            + Limits.MAX_DEALS + "; default 1000, or every deal of --deals-file.")
    Integer deals;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Seed of the deals and of every agent's random choices (default 1).")
    long seed;

    @Option(names = "--from", paramLabel = "K", defaultValue = "0",
        description = "Start at deal K (0-based) of the match (or of --deals-file): plays deals K..K+N-1 exactly as "
            + "the whole match plays them, so that ranges played one after another give its games (default 0).")
    int from;

    @Option(names = "--bidding", description = "Start each game with a bidding (rules.md section 6); the landlord-side "
        + "agent bids for every position. Without it position 0 is the landlord with base 1.")
    boolean bidding;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads, 1.." + Limits.MAX_MATCH_THREADS
        + " (default: the number of cores).")
    Integer threads;

    @Option(names = "--deals-file", paramLabel = "FILE", description = "Play the deals of FILE, one a line.")
    Path dealsFile;

    @Option(names = "--move-timeout-ms", paramLabel = "MS", defaultValue = "10000",
        description = "Longest time to write a request to an exec: agent and read its answer (default 10000; a "
            + "process's first answer gets --startup-grace-ms more). A late agent is killed with every process it "
            + "started, its move replaced by the fallback and the process restarted for the next game.")
    long moveTimeoutMs;

    /**
     * Refuses a value out of its bounds: {@code --deals}, {@code --from}, {@code --move-timeout-ms}.
     *
     * @throws picocli.CommandLine.ParameterException {@code OPTION must be MIN..MAX, not VALUE}
     */
    void check(CommandSpec spec) {
        Bounds.check(spec, "--move-timeout-ms", moveTimeoutMs, 1, Limits.MAX_AGENT_TIMEOUT_MS, null);
        if (deals != null) {
            Bounds.check(spec, "--deals", deals, 1, Limits.MAX_DEALS, null);
        }
        Bounds.check(spec, "--from", from, 0, Limits.MAX_DEALS - 1, null);
    }

    /**
     * The worker threads: {@code --threads}, by default one a core up to {@link Limits#MAX_MATCH_THREADS}.
     *
     * @throws picocli.CommandLine.ParameterException for a value out of {@code 1..MAX_MATCH_THREADS}
     */
    int threads(CommandSpec spec) {
        return threads == null ? Math.min(Limits.MAX_MATCH_THREADS, Runtime.getRuntime().availableProcessors())
            : Bounds.check(spec, "--threads", threads, 1, Limits.MAX_MATCH_THREADS, null);
    }

    /**
     * The deals to play.
     *
     * @throws IllegalArgumentException for a deals file that cannot be read, or a range beyond it
     */
    DealRange range() {
        return DealRange.of(deals, from, dealsFile, seed);
    }
}
