package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.mc.arena.Match;

import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The deals a match verb plays ({@code ddz play}, {@code ddz ladder}): deals {@code from} to
 * {@code to - 1} of a match, either the seed's generated deals ({@link Match#generatedDeal}) or the
 * lines of a deals file. A range is played exactly as in the whole match (each deal's games keep
 * their numbers and seeds), so that ranges played one after another, or after a stopped run,
 * give the games of one match, and their records pool into its figures.
 *
 * @param from the first deal, 0-based
 * @param to one past the last deal
 * @param dealOf the deal of each index in the range
 * @param file the deals file, or null for generated deals
 */
record DealRange(int from, int to, IntFunction<Deal> dealOf, Path file) {
    /** The default number of generated deals. */
    static final int DEFAULT_DEALS = 1000;

    /** The number of deals in the range. */
    int size() {
        return to - from;
    }

    /**
     * Resolves the options {@code --deals}, {@code --from} and {@code --deals-file}.
     *
     * @param deals {@code --deals}, 1 or more, or null: 1,000 generated deals, or the rest of the file
     * @param from {@code --from}, 0 or more (checked by the caller against {@link Bounds#MAX_DEALS})
     * @param dealsFile {@code --deals-file}, or null
     * @throws IllegalArgumentException if the file cannot be read or parsed, or the range does not
     *     fit in it or in {@link Bounds#MAX_DEALS}: one line that says which
     */
    static DealRange of(Integer deals, int from, Path dealsFile, long seed) {
        if (dealsFile == null) {
            int n = deals == null ? DEFAULT_DEALS : deals;
            if ((long) from + n > Limits.MAX_DEALS) {
                throw new IllegalArgumentException("--from " + from + " with " + n + " deals passes the last deal of a "
                    + "match, " + Limits.MAX_DEALS);
            }
            return new DealRange(from, from + n, i -> Match.generatedDeal(seed, i), null);
        }
        List<Deal> all = PlayCommand.readDeals(dealsFile);
        if (from >= all.size()) {
            throw new IllegalArgumentException("--from " + from + " but the deals file " + dealsFile + " holds "
                + all.size() + " (the first is 0)");
        }
        int n = deals == null ? all.size() - from : deals;
        if ((long) from + n > all.size()) {
            throw new IllegalArgumentException("--deals " + n + (from == 0 ? "" : " from " + from) + " but the deals file "
                + dealsFile + " holds " + all.size());
        }
        return new DealRange(from, from + n, all::get, dealsFile);
    }

    /** The deals of the range in order, for a match that takes a list (a cluster job). */
    List<Deal> list() {
        Deal[] d = new Deal[size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = dealOf.apply(from + i);
        }
        return List.of(d);
    }

    /**
     * How a verb's first line names a range: {@code ""} from deal 0, else {@code ", deals K to L"}
     * (1-based, as people count).
     */
    static String label(int from, long deals) {
        return from == 0 ? "" : String.format(java.util.Locale.ROOT, ", deals %,d to %,d", from + 1L, from + deals);
    }
}
