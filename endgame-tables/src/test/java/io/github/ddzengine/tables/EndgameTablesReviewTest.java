package io.github.ddzengine.tables;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.tables.EngineTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Review checks of endgame table files whose dimensions contradict their kind. */
class EndgameTablesReviewTest {
    @Test
    void aFileWhoseSeatsDisagreeWithItsKindIsRefused(@TempDir Path dir) {
        // a two-seat file (kind, name) whose dimensions describe a three-seat body: loading it
        // would hand a three-seat table to the solvers of three seats
        Path file = dir.resolve(EndgameTables.TWO_SEATS.fileName(Preset.STANDARD));
        int maxCards = 1;
        EndgameTable body = EndgameTable.wrap(Preset.STANDARD, 3, maxCards,
            ByteBuffer.allocate((int) EndgameTable.bodyBytes(3, maxCards)));
        Map<String, Long> dims = new LinkedHashMap<>();
        dims.put("seats", 3L);
        dims.put("max_cards", (long) maxCards);
        dims.put("entries", body.entries());
        TableFile.write(file, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id(), dims,
            List.of(TableFile.Content.bytes("bits", body.body())), null);
        TableFile f = TableFile.open(file, TableKind.ENDGAME_TWO_SEATS, Preset.STANDARD.id()).orElseThrow();
        TableException e = assertThrows(TableException.class, () -> EndgameTables.TWO_SEATS.addTo(EngineTables.NONE, f,
            Preset.STANDARD));
        TableFileTest.assertOneLine(e, file, "seats");
        assertThrows(TableException.class, () -> Tables.load(dir, Preset.STANDARD));
    }
}
