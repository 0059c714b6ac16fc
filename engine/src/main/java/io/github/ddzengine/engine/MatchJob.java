package io.github.ddzengine.engine;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

import io.github.ddzengine.core.util.Version;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.protocol.GameRecords;
import io.github.ddzengine.tables.Tables;

/**
 * A {@code ddz play} match as a value that can travel to another machine: the rules, the two
 * agent specs, the bidding flag, the seed, the deals (a count of generated deals or the deals of a
 * file), the tables directory and the exec agents' time-outs. Any process can play any range of its
 * deals ({@link #play}); because every game is seeded by (seed, deal, side), the ranges played
 * anywhere and put back in order ({@link #stats}) give the games and figures of the whole match
 * played by {@code ddz play} on one machine. A distributed match ({@link ClusterRunner}) plays one
 * range per task.
 *
 * <p>Immutable and {@link Serializable}: it holds strings and numbers only, and each
 * {@link #play} builds its rules, tables and agents afresh in the process that runs it.
 */
public final class MatchJob implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Counts of one agent's exec faults, in {@link #faultCounts} order (all zero for built-in agents). */
    public static final int FAULT_KINDS = 6;

    /**
     * The tables loaded in this process by directory and preset, so that the tasks an executor runs
     * map each file once (a cache of immutable values, not a setting: each task passes its tables to
     * the agents it makes).
     */
    private static final Map<String, EngineTables> LOADED = new ConcurrentHashMap<>();

    private final String preset;
    private final int banMask;
    private final String agentA;
    private final String agentB;
    private final boolean bidding;
    private final long seed;
    private final int deals;
    private final String[] dealTexts;
    private final String tables;
    private final long moveTimeoutMs;
    private final long startupGraceMs;

    /**
     * A match.
     *
     * @param rules the rules
     * @param agentA agent A's spec as {@code ddz play --a} takes it
     * @param agentB agent B's spec
     * @param bidding whether games start with a bidding
     * @param seed the match seed
     * @param deals the number of generated deals (ignored when {@code fromFile} is not null)
     * @param fromFile the deals to play in order, or null for generated deals
     * @param tables the tables directory each process installs from, or null for its default
     *     ({@code $DDZ_TABLES}, else {@code ~/.cache/ddz/tables} of the process's user)
     * @param moveTimeoutMs the longest wait for an exec agent's answer
     * @param startupGraceMs the extra time for the first answer of each exec agent process
     */
    public MatchJob(Rules rules, String agentA, String agentB, boolean bidding, long seed, int deals, List<Deal> fromFile,
                    Path tables, long moveTimeoutMs, long startupGraceMs) {
        this.preset = rules.preset().id();
        this.banMask = rules.banMask();
        this.agentA = agentA;
        this.agentB = agentB;
        this.bidding = bidding;
        this.seed = seed;
        this.dealTexts = fromFile == null ? null : fromFile.stream().map(Deal::toString).toArray(String[]::new);
        this.deals = fromFile == null ? deals : fromFile.size();
        this.tables = tables == null ? null : tables.toString();
        this.moveTimeoutMs = moveTimeoutMs;
        this.startupGraceMs = startupGraceMs;
    }

    /** The number of deals (each played twice). */
    public int deals() {
        return deals;
    }

    /**
     * What one range of deals gave.
     *
     * @param from the first deal of the range (0-based)
     * @param to one past its last deal
     * @param outcomes per game in match order, two a deal: {@code multiplier << 8 | bombsAndRockets << 1 | landlordWon}
     * @param records the games as {@code ddz play --out} writes them, one JSON line each (without
     *     the line break), or an empty list when not asked for
     * @param faultsA agent A's exec faults: illegal, unparsable, time-outs, crashes, fallbacks, restarts
     * @param faultsB agent B's
     */
    public record Part(int from, int to, long[] outcomes, List<String> records, long[] faultsA, long[] faultsB)
        implements Serializable {
        private static final long serialVersionUID = 1L;

        /** This part without its records (what the driver needs for the statistics). */
        public Part withoutRecords() {
            return new Part(from, to, outcomes, List.of(), faultsA, faultsB);
        }
    }

    /**
     * Plays deals {@code from} to {@code to - 1} on one thread in this process, with the tables
     * of the job's directory (loaded once per process).
     *
     * @param records whether to return the game records as JSON lines
     * @return the range's outcomes, records and faults
     * @throws IllegalArgumentException if the range is not within the match
     * @throws io.github.ddzengine.mc.arena.ArenaException if an agent fails or plays illegally
     * @throws io.github.ddzengine.tables.TableException if a table file cannot be used
     */
    public Part play(int from, int to, boolean records) {
        if (from < 0 || to < from || to > deals) {
            throw new IllegalArgumentException("deals " + from + " to " + to + " are not within a match of " + deals);
        }
        Rules rules = Rules.of(Preset.parse(preset), banMask);
        Path dir = Tables.directory(tables == null ? null : Path.of(tables));
        EngineTables engineTables = LOADED.computeIfAbsent(dir.toAbsolutePath() + "|" + preset,
            k -> Tables.load(dir, rules.preset()).engineTables());
        Agent a = null;
        Agent b = null;
        try {
            DdzEngine engine = DdzEngine.of(rules).withTables(engineTables).withExecTimeouts(moveTimeoutMs, startupGraceMs);
            Workspace w = engine.workspace();
            String specA = engine.canonicalSpec(agentA);
            String specB = engine.canonicalSpec(agentB);
            a = w.agent(agentA, rules);
            b = w.agent(agentB, rules);
            long[] outcomes = new long[2 * (to - from)];
            List<String> lines = records ? new ArrayList<>(2 * (to - from)) : List.of();
            int[] n = new int[1];
            Match.Listener listener = (game, aIsLandlord) -> {
                outcomes[n[0]++] = outcome(game.landlordWins(), game.bombs() + game.rockets(), game.multiplier());
                if (records) {
                    lines.add(GameRecords.toJson(game.withProvenance(specA, specB, aIsLandlord, Version.engine())));
                }
            };
            IntFunction<Deal> dealOf = dealTexts == null ? i -> Match.generatedDeal(seed, i) : i -> Deal.parse(dealTexts[i]);
            new Match(rules, a, b, bidding).run(from, to, dealOf, seed, 1, listener);
            return new Part(from, to, outcomes, lines, faultCounts(a), faultCounts(b));
        } finally {
            if (a != null) {
                a.close();
            }
            if (b != null) {
                b.close();
            }
        }
    }

    /**
     * An agent's exec faults: illegal moves, unparsable answers, time-outs, crashes, fallbacks and
     * restarts, in this order ({@link #FAULT_KINDS} counts; all zero for a built-in agent).
     */
    public static long[] faultCounts(Agent agent) {
        if (agent instanceof ExecAgent e) {
            ExecAgent.Faults f = e.faults();
            return new long[] {f.illegal.get(), f.unparsable.get(), f.timeouts.get(), f.crashes.get(), f.fallbacks.get(),
                f.restarts.get()};
        }
        return new long[FAULT_KINDS];
    }

    static long outcome(boolean landlordWon, int bombsAndRockets, long multiplier) {
        return multiplier << 8 | (long) bombsAndRockets << 1 | (landlordWon ? 1 : 0);
    }

    /**
     * The statistics of a whole match from its parts, fed to {@link MatchStats.Builder} game by
     * game in match order exactly as {@code ddz play} feeds it, so the figures are the same to the
     * last bit.
     *
     * @param a agent A's name
     * @param b agent B's name
     * @param parts the parts, each range following the one before, from deal 0 to the last
     * @param seconds the wall time to report
     * @throws IllegalArgumentException if the parts do not cover the deals in order
     */
    public static MatchStats stats(String a, String b, List<Part> parts, double seconds) {
        MatchStats.Builder stats = new MatchStats.Builder(a, b);
        int next = 0;
        for (Part p : parts) {
            if (p.from() != next || p.outcomes().length != 2 * (p.to() - p.from())) {
                throw new IllegalArgumentException("parts out of order: deals " + p.from() + " to " + p.to()
                    + " after deal " + next);
            }
            long[] o = p.outcomes();
            for (int g = 0; g < o.length; g++) {
                stats.add((o[g] & 1) != 0, (int) (o[g] >>> 1 & 0x7F), o[g] >>> 8, g % 2 == 0);
            }
            next = p.to();
        }
        return stats.build(seconds);
    }

    /** The exec faults of A (or B) summed over the parts. */
    public static long[] faults(List<Part> parts, boolean ofA) {
        long[] sum = new long[FAULT_KINDS];
        for (Part p : parts) {
            long[] f = ofA ? p.faultsA() : p.faultsB();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += f[i];
            }
        }
        return sum;
    }

    @Override
    public String toString() {
        return "MatchJob[" + agentA + " vs " + agentB + ", " + deals + " deals, seed " + seed + ", rules " + preset
            + (banMask != 0 ? " bans " + banMask : "") + (bidding ? ", bidding" : "")
            + (dealTexts != null ? ", deals file" : "") + "]";
    }
}
