package io.github.ddzengine.tools.json;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.MappedReads;
import java.io.BufferedReader;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.Tables;

/**
 * The {@code --batch} loop of every verb: reads standard input a line at a time, hands each line
 * to the verb's {@link Handler}, and writes one JSON line for each, the verb's answer or
 * {@code {"error":"line N: ..."}}. A bad line, whatever is wrong with it, gives its error line and
 * the batch goes on; so does a line whose answer fails (an internal error, a table file that
 * failed under the batch).
 *
 * <p>Input is UTF-8; a byte-order mark at its start is skipped. Error messages are one line of at
 * most {@link #MAX_ERROR_CHARS} characters (they may quote the input, and a line may be huge).
 */
public final class JsonLines {
    /** Lines between two checks of the output's error flag when the input is a long file. */
    static final int OUTPUT_CHECK = 4096;

    /** The longest error message written; a longer one is cut and ends in {@code ...}. */
    public static final int MAX_ERROR_CHARS = 300;

    private JsonLines() {
    }

    /**
     * What a verb does with one line of its batch.
     *
     * @param <Q> a line read: the question it asks
     */
    public interface Handler<Q> {
        /** What a line should be, for error messages: {@code a JSON object with "hand"}. */
        String expected();

        /**
         * Reads a line.
         *
         * @param line not blank
         * @return the question the line asks
         * @throws IllegalArgumentException if the line is bad, with a one-line message
         */
        Q read(String line);

        /** Writes the answer to a question of {@link #read} with {@code out}: one JSON line. */
        void answer(Q question, JsonLineWriter out) throws IOException;

        /**
         * Whether to flush the output after every line (for answers that take long to compute);
         * otherwise it is flushed whenever the input has no more lines ready, so a tool may hold a
         * conversation line by line while a file is still processed in large writes.
         */
        boolean flushEveryLine();

        /**
         * The tables the verb installed, to name a table file that failed under the batch
         * ({@link MappedReads}); null (the default) when it installed none.
         */
        default Tables.LoadReport tables() {
            return null;
        }
    }

    /**
     * Answers every line of {@code in} on {@code out}, then flushes {@code out}. Whatever goes
     * wrong with a line, in reading it or in answering it (an internal error, a table file that
     * failed under the batch), gives that line's error line and the batch goes on. Only a failure
     * of the output itself ends the batch early: when {@code out} is a {@link PrintWriter} whose
     * error flag is set, nothing more can be delivered, and the caller reports it
     * ({@code Ddz.run}).
     *
     * @return the number of lines read
     * @throws IOException only if reading or writing fails (bad lines give error lines)
     */
    public static <Q> long run(InputStream in, Writer out, Handler<Q> handler) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        // each answer is written to a buffer first, so that a line failing half-way leaves no half line
        CharArrayWriter buffer = new CharArrayWriter(1 << 10);
        JsonLineWriter json = new JsonLineWriter(buffer);
        long lineNo = 0;
        String line;
        while ((line = lines.readLine()) != null) {
            lineNo++;
            if (lineNo == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            String error;
            try {
                if (line.isBlank()) {
                    throw new IllegalArgumentException("empty line (expected " + handler.expected() + ")");
                }
                handler.answer(handler.read(line), json);
                error = null;
            } catch (IllegalArgumentException e) {
                error = Exits.oneLine(e.getMessage());
            } catch (RuntimeException | InternalError | StackOverflowError | OutOfMemoryError e) {
                error = failure(e, handler.tables());
            }
            if (error != null) {
                buffer.reset();
                json = new JsonLineWriter(buffer); // the generator may be inside the object that failed
                json.error("line " + lineNo + ": " + shorten(error));
            }
            buffer.writeTo(out);
            buffer.reset();
            // flushed when asked or the input has no more lines ready; the error flag is checked
            // then, and every OUTPUT_CHECK lines of a long file (checkError flushes)
            if (handler.flushEveryLine() || !lines.ready() || lineNo % OUTPUT_CHECK == 0) {
                out.flush();
                if (out instanceof PrintWriter p && p.checkError()) {
                    return lineNo; // the output is gone: Ddz.run says so
                }
            }
        }
        out.flush();
        return lineNo;
    }

    /** A line's internal failure as one line: a table error, or {@code internal error: ...}. */
    public static String failure(Throwable e, Tables.LoadReport tables) {
        String table = MappedReads.describe(e, tables);
        if (table != null) {
            return table;
        }
        if (e instanceof TableException) {
            return Exits.oneLine(e.getMessage());
        }
        return "internal error: " + Exits.oneLine(e.toString());
    }


    /** {@code message}, cut to {@link #MAX_ERROR_CHARS} characters. */
    public static String shorten(String message) {
        if (message.length() <= MAX_ERROR_CHARS) {
            return message;
        }
        int end = MAX_ERROR_CHARS - 3;
        if (Character.isHighSurrogate(message.charAt(end - 1))) {
            end--; // keep a character outside the BMP whole
        }
        return message.substring(0, end) + "...";
    }
}
