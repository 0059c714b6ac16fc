package io.github.ddzengine.tools.json;

import io.github.ddzengine.protocol.JsonFields;
import java.io.IOException;
import java.io.Writer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;

/**
 * Writes compact JSON objects, one a line, for every verb's {@code --json} and {@code --batch}
 * output: a verb writes its object with {@link #gen()} and ends it with {@link #endLine()}.
 * Flushing the underlying writer is left to the caller.
 */
public final class JsonLineWriter {
    private final Writer out;
    private final JsonGenerator gen;

    /** Writes JSON lines to {@code out}. */
    public JsonLineWriter(Writer out) throws IOException {
        this.out = out;
        this.gen = JsonFields.MAPPER.getFactory().createGenerator(out)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM)
            .setPrettyPrinter(new MinimalPrettyPrinter(""));
    }

    /** The generator to write one object with, before {@link #endLine()}. */
    public JsonGenerator gen() {
        return gen;
    }

    /** Ends the object just written with a line break. */
    public void endLine() throws IOException {
        gen.flush(); // into out only (FLUSH_PASSED_TO_STREAM is off)
        out.write('\n');
    }

    /** Flushes the lines written so far through to the underlying writer's target. */
    public void flush() throws IOException {
        out.flush();
    }

    /** Writes {@code {"error":"..."}} and a line break. */
    void error(String message) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("error", message);
        gen.writeEndObject();
        endLine();
    }
}
