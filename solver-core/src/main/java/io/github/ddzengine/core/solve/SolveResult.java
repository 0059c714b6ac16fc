package io.github.ddzengine.core.solve;

/**
 * The outcome of {@link Solver#solve}. Move ids refer to the position's rules' move table.
 */
public final class SolveResult {
    /** Verdict of a solve. */
    public enum Verdict {
        /** The mover's side can force a win. */
        WIN,
        /** Every move of the mover's side loses against perfect play. */
        LOSS,
        /** The time or node budget ran out first. */
        UNKNOWN
    }

    private final Verdict verdict;
    private final boolean moverIsLandlord;
    private final int[] winningMoves;
    private final int[] line;
    private final long nodes;
    private final long nanos;
    private final long tableProbes;
    private final long tableHits;

    SolveResult(Verdict verdict, boolean moverIsLandlord, int[] winningMoves, int[] line, long nodes, long nanos,
                long tableProbes, long tableHits) {
        this.verdict = verdict;
        this.moverIsLandlord = moverIsLandlord;
        this.winningMoves = winningMoves;
        this.line = line;
        this.nodes = nodes;
        this.nanos = nanos;
        this.tableProbes = tableProbes;
        this.tableHits = tableHits;
    }

    /** The verdict for the mover's side. */
    public Verdict verdict() {
        return verdict;
    }

    /** Whether the search finished (the verdict is WIN or LOSS). */
    public boolean isKnown() {
        return verdict != Verdict.UNKNOWN;
    }

    /** Whether the mover's side wins; false also when unknown. */
    public boolean moverWins() {
        return verdict == Verdict.WIN;
    }

    /** {@code "landlord"} or {@code "farmers"}: the side that wins with perfect play; null when unknown. */
    public String winner() {
        if (verdict == Verdict.UNKNOWN) {
            return null;
        }
        return (verdict == Verdict.WIN) == moverIsLandlord ? "landlord" : "farmers";
    }

    /**
     * Every first move of the mover that keeps a forced win (empty when the mover loses), when all
     * were asked for; null otherwise or when unknown. A copy.
     */
    public int[] winningMoves() {
        return winningMoves == null ? null : winningMoves.clone();
    }

    /**
     * A principal variation from the position to the end of the game: the winner's moves win,
     * the loser's moves are its first legal choice. Empty when unknown. A copy.
     */
    public int[] line() {
        return line.clone();
    }

    /** Search nodes visited (positions entered), principal-variation search included. */
    public long nodes() {
        return nodes;
    }

    /** Wall time of the solve in nanoseconds. */
    public long nanos() {
        return nanos;
    }

    /** Wall time of the solve in milliseconds (fractional). */
    public double millis() {
        return nanos / 1e6;
    }

    /** Transposition-table lookups (for {@link RootParallelSolver}'s totals). */
    long tableProbes() {
        return tableProbes;
    }

    /** Transposition-table lookups that found their position. */
    long tableHits() {
        return tableHits;
    }

    /** Share of transposition-table lookups that found their position, 0..1. */
    public double tableHitRate() {
        return tableProbes == 0 ? 0 : (double) tableHits / tableProbes;
    }
}
