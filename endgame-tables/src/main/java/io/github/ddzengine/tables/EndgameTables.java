package io.github.ddzengine.tables;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * Solved-endgame tables on disk, one file per preset and seat count:
 * {@code endgame-2seat-PRESET.ddzt} and {@code endgame-3seat-PRESET.ddzt}, kinds
 * {@link TableKind#ENDGAME_TWO_SEATS} and {@link TableKind#ENDGAME_THREE_SEATS}.
 *
 * <p>Dimensions: {@code seats}, {@code max_cards} (largest hand covered), {@code entries}. One
 * section, {@code bits}: the body of {@link EndgameTable} (two bits an entry). Loading maps it and
 * wraps the view ({@link EndgameTable#wrap}); a {@link Solver} of the preset uses it when its
 * {@link EngineTables} hold it ({@link #addTo}).
 */
public final class EndgameTables implements TableProvider {
    /** The two-seat provider. */
    public static final EndgameTables TWO_SEATS = new EndgameTables(EndgameTable.TWO_SEATS);
    /** The three-seat provider. */
    public static final EndgameTables THREE_SEATS = new EndgameTables(EndgameTable.THREE_SEATS);

    private final int seats;
    private final int maxCards;

    private EndgameTables(int seats) {
        this(seats, EndgameTable.defaultMaxCards(seats));
    }

    /** A provider of smaller tables (tests). */
    EndgameTables(int seats, int maxCards) {
        this.seats = seats;
        this.maxCards = maxCards;
    }

    /**
     * A provider of tables of {@code seats} seats and hands up to {@code maxCards} cards (the
     * engine loads any size the format allows; {@link #TWO_SEATS} and {@link #THREE_SEATS} are the
     * sizes {@code ddz tables build} builds).
     *
     * @throws IllegalArgumentException if {@code seats} is not 2 or 3 or {@code maxCards} not 1..8
     */
    public static EndgameTables of(int seats, int maxCards) {
        EndgameTable.bodyBytes(seats, maxCards); // checks both
        return new EndgameTables(seats, maxCards);
    }

    /** The seat count of this provider's tables, 2 or 3. */
    public int seats() {
        return seats;
    }

    /** The largest hand of this provider's tables, cards. */
    public int maxCards() {
        return maxCards;
    }

    /**
     * Solves every entry of an endgame table's body: on this machine's threads
     * ({@link #threads}), or elsewhere, for example by ranges of outer hands on a cluster
     * ({@link EndgameTable#solveRange}, {@link EndgameTable#assemble}). Every way gives the same
     * body, byte for byte.
     */
    public interface Builder {
        /**
         * The solved table.
         *
         * @param handsDone called now and then with the number of outer hands solved (out of
         *     {@link EndgameTable#handCount(int, int)}), from any thread
         */
        EndgameTable build(Preset preset, int seats, int maxCards, LongConsumer handsDone);
    }

    /** The builder on {@code threads} threads of this JVM ({@link EndgameTable#build}). */
    public static Builder threads(int threads) {
        return (preset, seats, maxCards, handsDone) -> EndgameTable.build(preset, seats, maxCards, threads, handsDone);
    }

    @Override
    public TableKind kind() {
        return seats == 2 ? TableKind.ENDGAME_TWO_SEATS : TableKind.ENDGAME_THREE_SEATS;
    }

    @Override
    public String fileName(Preset preset) {
        return "endgame-" + seats + "seat-" + preset.id() + TableFile.EXTENSION;
    }

    @Override
    public TableFile.Header build(Path file, Preset preset, BuildProgress progress) {
        return build(file, preset, progress, threads(Runtime.getRuntime().availableProcessors()));
    }

    /**
     * {@link #build(Path, Preset, BuildProgress)} with the entries solved by {@code builder}: the
     * same file, byte for byte, whatever the builder.
     *
     * @throws TableException if the file cannot be written
     */
    public TableFile.Header build(Path file, Preset preset, BuildProgress progress, Builder builder) {
        progress.start(file.getFileName() + ": solve", EndgameTable.handCount(seats, maxCards), "hands");
        EndgameTable table = builder.build(preset, seats, maxCards, progress::advance);
        progress.finish();
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("seats", (long) seats);
        dims.put("max_cards", (long) maxCards);
        dims.put("entries", table.entries());
        List<TableFile.Content> contents = List.of(TableFile.Content.bytes("bits", table.body()));
        progress.start(file.getFileName() + ": write", TableFile.bodyLength(contents), "bytes");
        TableFile.Header h = TableFile.write(file, kind(), preset.id(), dims, contents, progress::advance);
        progress.finish();
        return h;
    }

    @Override
    public void validate(TableFile file, Preset preset) {
        table(file, preset);
    }

    @Override
    public EngineTables addTo(EngineTables into, TableFile file, Preset preset) {
        return into.withEndgame(table(file, preset));
    }

    @Override
    public String describe(TableFile file) {
        return String.format(Locale.ROOT, "%,d solved %d-seat leads, hands up to %d cards", file.dimension("entries"),
            seats, file.dimension("max_cards"));
    }

    /** The table over a file's mapped section, its dimensions checked. */
    static EndgameTable table(TableFile f, Preset preset) {
        long s = f.dimension("seats");
        long maxCards = f.dimension("max_cards");
        if (s != 2 && s != 3 || maxCards < 1 || maxCards > 8) {
            throw TableException.refused(f.path(), "impossible dimensions: seats " + s + ", max_cards " + maxCards);
        }
        int kindSeats = f.header().kind() == TableKind.ENDGAME_THREE_SEATS ? 3 : 2;
        if (s != kindSeats) {
            throw TableException.refused(f.path(), "seats " + s + " disagree with its kind " + f.header().kindName());
        }
        try {
            EndgameTable t = EndgameTable.wrap(preset, (int) s, (int) maxCards, f.bytes("bits"));
            if (t.entries() != f.dimension("entries")) {
                throw TableException.refused(f.path(), "entries " + f.dimension("entries") + " disagree with the "
                    + "dimensions (" + t.entries() + ")");
            }
            return t;
        } catch (IllegalArgumentException e) {
            throw TableException.refused(f.path(), e.getMessage());
        }
    }
}
