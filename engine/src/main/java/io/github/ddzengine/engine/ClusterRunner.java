package io.github.ddzengine.engine;

import java.util.List;

import io.github.ddzengine.tables.EndgameTables;

/**
 * Plays a {@code ddz play} match on a cluster: the service {@code ddz play --cluster MASTER} looks
 * for with {@link java.util.ServiceLoader}. The {@code ddz-cluster} module implements it on Apache
 * Spark; the engine and the command line know nothing of Spark. When no implementation is on the
 * class path (the plain {@code ddz.jar}), {@code ddz play --cluster} starts the {@code ddz-cluster}
 * jar in a child JVM with the same arguments instead.
 *
 * <p>An implementation splits the deals into ranges, plays each with {@link MatchJob#play} on
 * the cluster, writes the records of range {@code p} as the file {@code part-NNNNN} (five digits)
 * under the output directory, and returns the parts, records left out, in match order; the command
 * line reduces them with {@link MatchJob#stats} and prints them as {@code ddz play} does.
 *
 * <p>{@code ddz tables build --cluster MASTER} asks it for a {@link TableSession}: an
 * {@link EndgameTables.Builder} that solves each endgame table by ranges of outer hands on the
 * cluster ({@link io.github.ddzengine.tables.EndgameTable#solveRange}) and assembles the ranges
 * on the driver ({@link io.github.ddzengine.tables.EndgameTable#assemble}); the command line
 * writes the file as {@code ddz tables build} does, byte for byte.
 */
public interface ClusterRunner {
    /**
     * What a distributed match gave.
     *
     * @param parts every range's part in match order, without records
     * @param partitions the number of ranges (tasks) the deals were cut into
     * @param seconds wall time of the distributed jobs, s (the cluster's start-up left out)
     */
    record Result(List<MatchJob.Part> parts, int partitions, double seconds) {
    }

    /**
     * Plays a match.
     *
     * @param master where to run: {@code local[N]}, {@code spark://HOST:PORT}, ... (as the cluster
     *     engine names its masters)
     * @param job the match
     * @param partitions how many ranges to cut the deals into, or null for the runner's default
     * @param out the directory to write the records to (it must not exist), or null for none
     * @return the parts in match order
     * @throws IllegalArgumentException for a bad master, partition count or output directory (one line)
     * @throws io.github.ddzengine.mc.arena.ArenaException if an agent failed in every attempt
     *     the cluster made (the message names the game, the seat and the agent)
     */
    Result play(String master, MatchJob job, Integer partitions, String out);

    /**
     * A cluster context for table builds; closing it stops the context.
     */
    interface TableSession extends EndgameTables.Builder, AutoCloseable {
        /** The number of ranges (tasks) the last table built was cut into, 0 before the first. */
        int partitions();

        @Override
        void close();
    }

    /**
     * Starts a cluster context for endgame-table builds.
     *
     * @param master where to run, as for {@link #play}
     * @param partitions how many ranges to cut each table's outer hands into, or null for the
     *     runner's default
     * @throws IllegalArgumentException for a bad master (one line)
     */
    TableSession tables(String master, Integer partitions);
}
