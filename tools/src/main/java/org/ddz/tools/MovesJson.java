package org.ddz.tools;

import java.io.IOException;
import java.io.Writer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The JSON of {@code ddz moves}: one compact object a line, {@code {"moves":[...]}} with moves in
 * canonical notation ({@code MoveTable.format}), or {@code {"error":"..."}}.
 */
final class MovesJson {
    /** Strict reading: one value a line, no duplicate keys. Thread-safe once built. */
    static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    private final Writer out;
    private final JsonGenerator gen;

    /** Writes JSON lines to {@code out}; flushing {@code out} is left to the caller. */
    MovesJson(Writer out) throws IOException {
        this.out = out;
        this.gen = MAPPER.getFactory().createGenerator(out)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM)
            .setPrettyPrinter(new MinimalPrettyPrinter(""));
    }

    /** Writes {@code {"moves":[...]}} for the moves of the lister's last call, and a line break. */
    void moves(MoveLister lister) throws IOException {
        gen.writeStartObject();
        gen.writeArrayFieldStart("moves");
        for (int i = 0, n = lister.count(); i < n; i++) {
            gen.writeString(lister.table().format(lister.id(i)));
        }
        gen.writeEndArray();
        gen.writeEndObject();
        endLine();
    }

    /** Writes {@code {"error":"..."}} and a line break. */
    void error(String message) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("error", message);
        gen.writeEndObject();
        endLine();
    }

    private void endLine() throws IOException {
        gen.flush(); // into out only (FLUSH_PASSED_TO_STREAM is off)
        out.write('\n');
    }
}
