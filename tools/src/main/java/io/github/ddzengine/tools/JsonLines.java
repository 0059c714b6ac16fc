package io.github.ddzengine.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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

/**
 * The {@code --batch} loop of every verb: reads standard input a line at a time, hands each line
 * to the verb's {@link Handler}, and writes one JSON line for each, the verb's answer or
 * {@code {"error":"line N: ..."}}. A bad line, whatever is wrong with it, gives its error line and
 * the batch goes on.
 *
 * <p>Input is UTF-8; a byte-order mark at its start is skipped. Error messages are one line of at
 * most {@link #MAX_ERROR_CHARS} characters (they may quote the input, and a line may be huge).
 */
final class JsonLines {
    /** The longest error message written; a longer one is cut and ends in {@code ...}. */
    static final int MAX_ERROR_CHARS = 300;

    private JsonLines() {
    }

    /**
     * What a verb does with one line of its batch.
     *
     * @param <Q> a line read: the question it asks
     */
    interface Handler<Q> {
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
    }

    /**
     * Answers every line of {@code in} on {@code out}, then flushes {@code out}.
     *
     * @return the number of lines read
     * @throws IOException only if reading or writing fails (bad lines give error lines)
     */
    static <Q> long run(InputStream in, Writer out, Handler<Q> handler) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        JsonLineWriter json = new JsonLineWriter(out);
        long lineNo = 0;
        String line;
        while ((line = lines.readLine()) != null) {
            lineNo++;
            if (lineNo == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            Q question = null;
            String error = null;
            try {
                if (line.isBlank()) {
                    throw new IllegalArgumentException("empty line (expected " + handler.expected() + ")");
                }
                question = handler.read(line);
            } catch (IllegalArgumentException e) {
                error = shorten(Ddz.oneLine(e.getMessage()));
            }
            if (error == null) {
                handler.answer(question, json);
            } else {
                json.error("line " + lineNo + ": " + error);
            }
            if (handler.flushEveryLine() || !lines.ready()) {
                out.flush();
            }
        }
        out.flush();
        return lineNo;
    }



    /** {@code message}, cut to {@link #MAX_ERROR_CHARS} characters. */
    static String shorten(String message) {
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
