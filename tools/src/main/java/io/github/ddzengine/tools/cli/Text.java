package io.github.ddzengine.tools.cli;

/** Text from input (a record's agent names, a line typed) made safe to print in a text report. */
public final class Text {
    private Text() {
    }

    /**
     * {@code s} with every control character and line or paragraph separator as {@code ?}: one
     * printed line stays one line, and no escape sequence reaches the terminal.
     *
     * @param s any text
     * @return the printable text, as long as {@code s}
     */
    public static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            sb.append(Character.isISOControl(ch) || ch == '\u2028' || ch == '\u2029' ? '?' : ch);
        }
        return sb.toString();
    }
}
