package io.github.ddzengine.core.cards;

/**
 * Text the way our notation reads and quotes it. Case and digits: ASCII only. The JDK's
 * {@link String#toLowerCase} and {@link Character#isDigit} are Unicode-wide, so they would read
 * the Kelvin sign (U+212A) as {@code k}, the long s (U+017F) as {@code S} in upper case, and
 * Arabic-Indic or full-width digits as digits, and {@code İ} (U+0130) lowercases to two
 * characters. Nothing of the kind is an alias in {@code notation.md}: such text is refused as
 * unknown, like any other character that is not documented. Quoted input in a message:
 * {@link #visible}, so that the message stays one line.
 */
public final class Ascii {
    private Ascii() {
    }

    /** {@code c} in lower case if it is an ASCII capital letter, else {@code c}. */
    public static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    /** {@code s} with its ASCII capital letters in lower case (every other character kept; the length kept). */
    public static String lower(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                char[] a = s.toCharArray();
                for (int j = i; j < a.length; j++) {
                    a[j] = lower(a[j]);
                }
                return new String(a);
            }
        }
        return s;
    }

    /** {@code s} with its ASCII small letters in upper case (every other character kept). */
    public static String upper(String s) {
        char[] a = s.toCharArray();
        for (int j = 0; j < a.length; j++) {
            if (a[j] >= 'a' && a[j] <= 'z') {
                a[j] = (char) (a[j] - ('a' - 'A'));
            }
        }
        return new String(a);
    }

    /** Whether {@code a} and {@code b} are equal when ASCII letters are compared without case. */
    public static boolean equalsIgnoreCase(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            if (lower(a.charAt(i)) != lower(b.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code text} fit for a one-line message: every control character and line break (C0, DEL,
     * NEL, the line and paragraph separators) as a Java-style escape, a backslash, {@code u} and
     * four hex digits.
     *
     * @param text any text, or null
     * @return the text, or null
     */
    public static String visible(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || c == 0x7F || c == 0x85 || c == 0x2028 || c == 0x2029;
            if (control && sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (sb != null) {
                if (control) {
                    sb.append(String.format("\\u%04X", (int) c));
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** Whether {@code s} is one or more ASCII digits {@code 0-9}. */
    public static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
