package io.github.ddzengine.core.cards;

/**
 * Case and digits the way every name and number of our notation is read: ASCII only. The JDK's
 * {@link String#toLowerCase} and {@link Character#isDigit} are Unicode-wide, so they would read
 * the Kelvin sign (U+212A) as {@code k}, the long s (U+017F) as {@code S} in upper case, and
 * Arabic-Indic or full-width digits as digits, and {@code İ} (U+0130) lowercases to two
 * characters. Nothing of the kind is an alias in {@code notation.md}: such text is refused as
 * unknown, like any other character that is not documented.
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
