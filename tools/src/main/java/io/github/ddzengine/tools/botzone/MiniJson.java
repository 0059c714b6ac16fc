package io.github.ddzengine.tools.botzone;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader for the one line a Botzone bot reads each turn. It exists so that a
 * cold turn loads a handful of classes instead of a JSON library (see {@link BotzoneMain}).
 *
 * <p>Values: objects as {@link LinkedHashMap} (a repeated key is an error), arrays as
 * {@link ArrayList}, strings as {@link String}, integers that fit as {@link Long}, other numbers
 * as {@link Double}, {@code true}/{@code false} as {@link Boolean}, {@code null} as null.
 */
public final class MiniJson {
    /** Deepest nesting accepted (Botzone lines nest four levels). */
    private static final int MAX_DEPTH = 64;

    private final String text;
    private int pos;

    private MiniJson(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON value that makes up the whole text (blanks around it allowed).
     *
     * @throws IllegalArgumentException naming what is wrong and the column (1-based)
     */
    public static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        p.blanks();
        Object v = p.value(0);
        p.blanks();
        if (p.pos < text.length()) {
            throw p.error("text after the JSON value");
        }
        return v;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("invalid JSON: " + what + " at column " + (pos + 1));
    }

    private void blanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                return;
            }
            pos++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Object word(String w, Object v) {
        if (!text.startsWith(w, pos)) {
            throw error("unknown word (expected " + w + ")");
        }
        pos += w.length();
        return v;
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        blanks();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            blanks();
            if (peek() != '"') {
                throw error("expected a key in quotes");
            }
            String key = string();
            blanks();
            if (peek() != ':') {
                throw error("expected ':'");
            }
            pos++;
            blanks();
            if (m.containsKey(key)) {
                throw error("duplicate key \"" + key + "\"");
            }
            m.put(key, value(depth + 1));
            blanks();
            char c = peek();
            pos++;
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array(int depth) {
        List<Object> a = new ArrayList<>();
        pos++;
        blanks();
        if (peek() == ']') {
            pos++;
            return a;
        }
        while (true) {
            blanks();
            a.add(value(depth + 1));
            blanks();
            char c = peek();
            pos++;
            if (c == ']') {
                return a;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos);
    }

    private String string() {
        pos++; // the opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = peek();
            pos++;
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = peek();
            pos++;
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    int code = 0;
                    for (int k = 0; k < 4; k++) {
                        int d = hexDigit(text.charAt(pos + k));
                        if (d < 0) {
                            throw error("bad \\u escape");
                        }
                        code = code << 4 | d;
                    }
                    sb.append((char) code);
                    pos += 4;
                }
                default -> {
                    pos -= 2;
                    throw error("bad escape '\\" + e + "'");
                }
            }
        }
    }

    /** The value of an ASCII hex digit, or -1 ({@link Integer#parseInt} would take other digits and a sign). */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** Whether {@code c} is an ASCII digit: JSON has no others ({@link Character#isDigit} takes every script's). */
    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Object number() {
        int start = pos;
        if (peekOr() == '-') {
            pos++;
        }
        int digits = pos;
        while (isDigit(peekOr())) {
            pos++;
        }
        if (pos == digits) {
            throw error("a number needs digits");
        }
        if (text.charAt(digits) == '0' && pos - digits > 1) {
            pos = digits;
            throw error("leading zero in a number");
        }
        boolean integral = true;
        if (peekOr() == '.') {
            integral = false;
            pos++;
            int frac = pos;
            while (isDigit(peekOr())) {
                pos++;
            }
            if (pos == frac) {
                throw error("digits must follow '.'");
            }
        }
        if (peekOr() == 'e' || peekOr() == 'E') {
            integral = false;
            pos++;
            if (peekOr() == '+' || peekOr() == '-') {
                pos++;
            }
            int exp = pos;
            while (isDigit(peekOr())) {
                pos++;
            }
            if (pos == exp) {
                throw error("digits must follow the exponent");
            }
        }
        String n = text.substring(start, pos);
        if (integral) {
            try {
                return Long.parseLong(n);
            } catch (NumberFormatException e) {
                // beyond a long: read as a double below
            }
        }
        return Double.parseDouble(n);
    }

    private char peekOr() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }
}
