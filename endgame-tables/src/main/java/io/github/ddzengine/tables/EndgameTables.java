package io.github.ddzengine.tables;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        int threads = Runtime.getRuntime().availableProcessors();
        EndgameTable probe = EndgameTable.wrap(preset, seats, maxCards,
            ByteBuffer.allocate((int) EndgameTable.bodyBytes(seats, maxCards)));
        progress.start(file.getFileName() + ": solve", probe.handCount(), "hands");
        EndgameTable table = EndgameTable.build(preset, seats, maxCards, threads, progress::advance);
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
