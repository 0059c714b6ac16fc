package io.github.ddzengine.tools.json;

import io.github.ddzengine.tools.cli.MoveLister;
import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The JSON of {@code ddz moves}: {@code {"moves":[...]}} with moves in canonical notation
 * ({@code MoveTable.format}), one compact object a line.
 */
public final class MovesJson {
    private MovesJson() {
    }

    /** Writes {@code {"moves":[...]}} for the moves of the lister's last call, and a line break. */
    public static void moves(JsonLineWriter out, MoveLister lister) throws IOException {
        JsonGenerator gen = out.gen();
        gen.writeStartObject();
        gen.writeArrayFieldStart("moves");
        for (int i = 0, n = lister.count(); i < n; i++) {
            gen.writeString(lister.table().format(lister.id(i)));
        }
        gen.writeEndArray();
        gen.writeEndObject();
        out.endLine();
    }
}
