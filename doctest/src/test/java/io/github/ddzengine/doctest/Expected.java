package io.github.ddzengine.doctest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The expected output of a sample and how it matches what the command printed.
 *
 * <p>Lines are compared whole, after trailing blanks are removed from every line and trailing empty
 * lines from the end. Three masks stand for what legitimately varies between runs:
 * <ul>
 *   <li>{@code [N]}: one number ({@code 148.1}, {@code 53,579}, {@code -0.25}, {@code 1e-05});
 *   <li>{@code [..]}: any text within the line, possibly none;
 *   <li>a line of only {@code ...}: any number of whole lines, possibly none.
 * </ul>
 */
final class Expected {
    static final String NUMBER = "[N]";
    static final String TEXT = "[..]";
    static final String LINES = "...";

    private static final Pattern MASK = Pattern.compile("\\[N]|\\[\\.\\.]");
    private static final String NUMBER_RE = "-?\\d[\\d,]*(?:\\.\\d+)?(?:[eE][-+]?\\d+)?";

    private Expected() {
    }

    /** Output lines as compared: {@code \r} removed, trailing blanks of each line and trailing empty lines dropped. */
    static List<String> normalize(String text) {
        List<String> lines = new ArrayList<>();
        for (String l : text.replace("\r", "").split("\n", -1)) {
            lines.add(l.stripTrailing());
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** Expected lines as compared (the same normalisation as the output). */
    static List<String> normalize(List<String> lines) {
        return normalize(String.join("\n", lines));
    }

    /** Whether one expected line (masks allowed) matches one output line. */
    static boolean lineMatches(String expected, String actual) {
        if (expected.indexOf('[') < 0) {
            return expected.equals(actual);
        }
        return regex(expected).matcher(actual).matches();
    }

    private static Pattern regex(String expected) {
        StringBuilder re = new StringBuilder();
        Matcher m = MASK.matcher(expected);
        int at = 0;
        while (m.find()) {
            re.append(Pattern.quote(expected.substring(at, m.start())));
            re.append(m.group().equals(NUMBER) ? NUMBER_RE : ".*?");
            at = m.end();
        }
        re.append(Pattern.quote(expected.substring(at)));
        return Pattern.compile(re.toString());
    }

    /**
     * Where the output first departs from the expected lines.
     *
     * @return null when they match; otherwise a message naming the first differing line
     */
    static Mismatch compare(List<String> expected, List<String> actual) {
        if (matches(expected, 0, actual, 0)) {
            return null;
        }
        // the first difference, line by line, up to the first "..." line
        int n = 0;
        while (n < expected.size() && n < actual.size() && !expected.get(n).equals(LINES)
            && lineMatches(expected.get(n), actual.get(n))) {
            n++;
        }
        String exp = n < expected.size() ? expected.get(n) : "(end of the expected output)";
        String act = n < actual.size() ? actual.get(n) : "(end of the output)";
        if (n < expected.size() && expected.get(n).equals(LINES)) {
            return new Mismatch(n, "no match for the lines after the '...' at output line " + (n + 1), exp, act);
        }
        return new Mismatch(n, "output line " + (n + 1) + " differs", exp, act);
    }

    /**
     * The first difference.
     *
     * @param index the 0-based output line
     * @param what a one-line description
     * @param expected the expected line there
     * @param actual the output line there
     */
    record Mismatch(int index, String what, String expected, String actual) {
        @Override
        public String toString() {
            return what + "\n  expected: " + expected + "\n  actual:   " + actual;
        }
    }

    private static boolean matches(List<String> e, int i, List<String> a, int j) {
        if (i == e.size()) {
            return j == a.size();
        }
        if (e.get(i).equals(LINES)) {
            for (int k = j; k <= a.size(); k++) {
                if (matches(e, i + 1, a, k)) {
                    return true;
                }
            }
            return false;
        }
        return j < a.size() && lineMatches(e.get(i), a.get(j)) && matches(e, i + 1, a, j + 1);
    }

    /**
     * The expected lines rewritten to the actual output (update mode): a line that matched is kept
     * as written (with its masks); a line that did not is replaced by the output's. Returns null when
     * the expected lines hold a {@code ...} line (such a sample is fixed by hand).
     */
    static List<String> rewrite(List<String> expected, List<String> actual) {
        if (expected.contains(LINES)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < actual.size(); i++) {
            if (i < expected.size() && lineMatches(expected.get(i), actual.get(i))) {
                out.add(expected.get(i));
            } else {
                out.add(actual.get(i));
            }
        }
        return out;
    }
}
