package io.github.ddzengine.core.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Locale;
import java.util.SplittableRandom;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;

/**
 * Building blocks of the fuzz tests of every parser: hostile characters, mutations of valid text,
 * respellings of valid cards, and the one-line check of error messages. Trials run through
 * {@link Property#forAll}, so a failure prints its seed and how to replay it alone.
 *
 * <p>The default run is short (a few seconds a parser, inside {@code mvn -B verify});
 * {@code -Dddz.fuzz=K} multiplies every fuzz test's trials by {@code K} for a long campaign.
 */
public final class Fuzz {
    /** Characters that have broken or could break a parser: case-mapping traps, odd spaces and digits, JSON and notation punctuation. */
    private static final String HOSTILE = "\u212A\u0130\u0131\u017F\u00DF\u00A0\u2007\u202F\u3000\u200B\uFEFF\u0301"
        + "\u0660\u0663\u0669\uFF10\uFF13\uFF2B\uFF4B\u0000\u0001\u001C\u001F\u007F\u0085\u2028\u2029\t\r\n\u000B\f"
        + "\"\\{}[]:,@/-.+eE0123456789 TJQKAXDtjqkaxdBbRrYyZzPp\u5C0F\u5927\u738B\u9B3C\u70B8\u706B\u7BAD\u8FC7\u4E0D"
        + "\u8981\u51FA\uFF0C\u3001'()_:";
    /** A character outside the Basic Multilingual Plane, as its surrogate pair. */
    private static final String ASTRAL = "\uD83C\uDCCF";

    private Fuzz() {
    }

    /**
     * The number of trials of a fuzz test: {@code base} times {@code -Dddz.fuzz} (default 1).
     *
     * @param base the trials of the default run
     */
    public static int trials(int base) {
        return Math.max(1, base * Integer.getInteger("ddz.fuzz", 1));
    }

    /** A hostile character: a case-mapping trap, an odd space or digit, punctuation, a lone surrogate, or any char. */
    public static String hostile(SplittableRandom r) {
        int k = r.nextInt(20);
        if (k == 0) {
            return r.nextBoolean() ? "\uD800" : "\uDC00"; // a lone surrogate
        }
        if (k == 1) {
            return ASTRAL;
        }
        if (k == 2) {
            return String.valueOf((char) r.nextInt(0x10000));
        }
        return String.valueOf(HOSTILE.charAt(r.nextInt(HOSTILE.length())));
    }

    /** Random text of up to {@code maxLength} hostile characters. */
    public static String text(SplittableRandom r, int maxLength) {
        int n = r.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(hostile(r));
        }
        return sb.toString();
    }

    /**
     * {@code s} changed in one to four places: a hostile character inserted or put in place of
     * one, a character or a slice deleted, a slice repeated, the text cut short.
     */
    public static String mutate(SplittableRandom r, String s) {
        StringBuilder sb = new StringBuilder(s);
        for (int m = 1 + r.nextInt(4); m > 0; m--) {
            int at = sb.length() == 0 ? 0 : r.nextInt(sb.length() + 1);
            switch (r.nextInt(6)) {
                case 0 -> sb.insert(at, hostile(r));
                case 1 -> {
                    if (at < sb.length()) {
                        sb.replace(at, at + 1, hostile(r));
                    }
                }
                case 2 -> {
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                }
                case 3 -> {
                    int end = Math.min(sb.length(), at + r.nextInt(8));
                    sb.insert(at, sb.substring(at, end));
                }
                case 4 -> {
                    int end = Math.min(sb.length(), at + r.nextInt(8));
                    sb.delete(at, end);
                }
                default -> sb.setLength(at);
            }
        }
        return sb.toString();
    }

    /** A separator of card text: a space of any kind, a comma, a bracket, a quote, or nothing. */
    public static String separator(SplittableRandom r) {
        return separator(r, true);
    }

    private static String separator(SplittableRandom r, boolean spaces) {
        String[] seps = {"", "", "", " ", ",", ", ", "\u00A0", "\u3000", "\t", "[", "]", "\"", "'", "\uFF0C", "\u3001",
            "(", ")", "{", "}", "\u202F"};
        String s;
        do {
            s = seps[r.nextInt(seps.length)];
        } while (!spaces && s.chars().anyMatch(c -> io.github.ddzengine.core.cards.Notation.isSpace((char) c)));
        return s;
    }

    /**
     * {@code cards} spelled another way that {@code notation.md} section 1 accepts: any order, any
     * ASCII case, separators anywhere between cards, and the aliases ({@code 10} or {@code 0} for
     * T; B, Y, SJ, BJ, 小王, 小鬼 for X; R, Z, RJ, CJ, 大王, 大鬼 for D; 王炸, 火箭, rocket for both).
     */
    public static String respell(SplittableRandom r, long cards) {
        return respell(r, cards, true);
    }

    /**
     * {@link #respell(SplittableRandom, long)}, with or without spaces among the separators (a
     * field of a position holds none: spaces separate the fields).
     */
    public static String respell(SplittableRandom r, long cards, boolean spaces) {
        java.util.List<String> tokens = new java.util.ArrayList<>();
        boolean rocket = Cards.count(cards, Rank.SMALL_JOKER) == 1 && Cards.count(cards, Rank.BIG_JOKER) == 1
            && r.nextBoolean();
        for (int rank = 0; rank < Rank.COUNT; rank++) {
            if (rocket && Rank.isJoker(rank)) {
                continue;
            }
            for (int k = Cards.count(cards, rank); k > 0; k--) {
                tokens.add(spell(r, rank));
            }
        }
        if (rocket) {
            String[] words = {"\u738B\u70B8", "\u706B\u7BAD", "rocket", "ROCKET", "Rocket"};
            tokens.add(words[r.nextInt(words.length)]);
        }
        for (int i = tokens.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            String t = tokens.get(i);
            tokens.set(i, tokens.get(j));
            tokens.set(j, t);
        }
        StringBuilder sb = new StringBuilder();
        String previous = null;
        for (String t : tokens) {
            // a letter alias next to another letter may read as a word (B then J is BJ): keep them apart
            String sep = separator(r, spaces);
            if (sb.length() > 0 && sep.isEmpty() && (Character.isLetter(sb.charAt(sb.length() - 1))
                || jokerWord(t) || jokerWord(previous))) {
                sep = ","; // BJ and RJ are one joker only as a token of their own
            }
            previous = t;
            sb.append(sep).append(t);
        }
        return sb.append(separator(r, spaces)).toString();
    }

    /** Whether a spelling is BJ or RJ, which must stand alone. */
    private static boolean jokerWord(String t) {
        return t != null && (t.equalsIgnoreCase("bj") || t.equalsIgnoreCase("rj"));
    }

    private static String spell(SplittableRandom r, int rank) {
        String[] options;
        if (rank == Rank.TEN) {
            options = new String[] {"T", "t", "10", "0"};
        } else if (rank == Rank.SMALL_JOKER) {
            options = new String[] {"X", "x", "B", "b", "Y", "SJ", "sj", "Bj", "\u5C0F\u738B", "\u5C0F\u9B3C"};
        } else if (rank == Rank.BIG_JOKER) {
            options = new String[] {"D", "d", "R", "r", "Z", "RJ", "cj", "CJ", "\u5927\u738B", "\u5927\u9B3C"};
        } else {
            char c = Rank.symbol(rank);
            options = new String[] {String.valueOf(c), String.valueOf(c).toLowerCase(Locale.ROOT)};
        }
        return options[r.nextInt(options.length)];
    }

    /**
     * Asserts an error message is one line: not null, not blank, no line break of any kind.
     *
     * @param what the case, for the failure message
     */
    public static void assertOneLine(String message, String what) {
        assertNotNull(message, what + ": a message");
        assertFalse(message.isBlank(), what + ": a blank message");
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            assertFalse(c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029',
                what + ": a line break in the message: " + message);
        }
    }
}
