package io.github.ddzengine.core.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.github.ddzengine.core.rules.Preset;

/**
 * The precomputed tables an engine object uses: one immutable value that a
 * {@link io.github.ddzengine.core.solve.Solver}, a {@link io.github.ddzengine.core.split.MinHands}
 * counter and the agents receive at construction. Tables change speed, never an answer: a solver
 * with endgame oracles reaches the same verdicts in fewer nodes, a counter with a split table the
 * same counts in fewer steps.
 *
 * <p>{@link #NONE} (no table: everything is searched) is the default everywhere. The
 * {@code endgame-tables} module loads what a tables directory holds
 * ({@code Tables.load(dir, preset).engineTables()}); {@link #withSplit} and {@link #withEndgame}
 * make a new value from an old one. Several values live side by side in one JVM: two solvers with
 * different tables do not see each other's.
 *
 * @param split the min-hand split table, or null for none
 * @param endgames the endgame oracles, at most one per preset and seat count (copied; no nulls)
 */
public record EngineTables(SplitTable split, List<EndgameOracle> endgames) {
    /** No tables: every count and every position is searched. */
    public static final EngineTables NONE = new EngineTables(null, List.of());

    /**
     * @throws NullPointerException if {@code endgames} is null or holds a null
     * @throws IllegalArgumentException if two oracles share a preset and seat count, or an
     *     oracle's seats are not 2 or 3
     */
    public EngineTables {
        endgames = List.copyOf(endgames);
        for (int i = 0; i < endgames.size(); i++) {
            EndgameOracle a = endgames.get(i);
            if (a.seats() != 2 && a.seats() != 3) {
                throw new IllegalArgumentException("an endgame oracle has 2 or 3 seats, not " + a.seats());
            }
            for (int j = 0; j < i; j++) {
                EndgameOracle b = endgames.get(j);
                if (a.preset() == b.preset() && a.seats() == b.seats()) {
                    throw new IllegalArgumentException("two endgame oracles of " + a.preset().id() + " with "
                        + a.seats() + " seats");
                }
            }
        }
    }

    /** This value with {@code table} as its split table (null: none). */
    public EngineTables withSplit(SplitTable table) {
        return new EngineTables(table, endgames);
    }

    /** This value with {@code oracle} added, replacing the one of the same preset and seat count if any. */
    public EngineTables withEndgame(EndgameOracle oracle) {
        Objects.requireNonNull(oracle, "oracle");
        List<EndgameOracle> out = new ArrayList<>(endgames.size() + 1);
        for (EndgameOracle e : endgames) {
            if (e.preset() != oracle.preset() || e.seats() != oracle.seats()) {
                out.add(e);
            }
        }
        out.add(oracle);
        return new EngineTables(split, out);
    }

    /**
     * The endgame oracle of a preset and seat count.
     *
     * @param seats 2 or 3
     * @return the oracle, or null if this value has none
     */
    public EndgameOracle endgame(Preset preset, int seats) {
        for (EndgameOracle e : endgames) {
            if (e.preset() == preset && e.seats() == seats) {
                return e;
            }
        }
        return null;
    }

    /** Whether this value holds no table at all. */
    public boolean isEmpty() {
        return split == null && endgames.isEmpty();
    }

    /** A few words: {@code no tables}, or {@code split table, endgames standard/2 standard/3}. */
    @Override
    public String toString() {
        if (isEmpty()) {
            return "no tables";
        }
        StringBuilder sb = new StringBuilder(split != null ? "split table" : "no split table");
        if (!endgames.isEmpty()) {
            sb.append(", endgames");
            for (EndgameOracle e : endgames) {
                sb.append(' ').append(e.preset().id()).append('/').append(e.seats());
            }
        }
        return sb.toString();
    }
}
