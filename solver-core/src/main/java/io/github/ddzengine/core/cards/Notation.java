package io.github.ddzengine.core.cards;

/**
 * Card notation of {@code notation.md} section 1: parse and print card sets.
 *
 * <p>Input is case-insensitive (ASCII letters; see {@link Ascii}) and order-insensitive; spaces,
 * commas, brackets and quotes separate tokens and are otherwise ignored. A space is any Unicode
 * space ({@link #isSpace}: the ASCII blanks, the no-break spaces, the ideographic space U+3000...);
 * the other separators are {@code , [ ] ( ) { } " '} and the full-width comma {@code ，} and
 * ideographic comma {@code 、}. Any other character outside the aliases below is refused. Within a token the longest alias wins: {@code 10} and
 * {@code 0} read as {@code T}; {@code B}, {@code Y}, {@code SJ}, {@code BJ}, {@code 小王},
 * {@code 小鬼} as the small joker {@code X}; {@code R}, {@code Z}, {@code RJ}, {@code CJ},
 * {@code 大王}, {@code 大鬼} as the big joker {@code D}; {@code 王炸}, {@code 火箭},
 * {@code rocket} as both jokers. {@code BJ} and {@code RJ} are one joker only as a token of their
 * own: inside a longer token ({@code RJ8}, {@code sjrj}) they are refused as ambiguous (one joker,
 * or a joker and a jack), as are the words {@code joker} and {@code 王}.
 *
 * <p>Output is canonical: ranks ascending, one character a card, no separators
 * ({@code 33445TTKA2XD}); the empty set prints as the empty string.
 */
public final class Notation {
    /** Words that spell a pass (compared after trimming, case-insensitively). */
    private static final String[] PASS_WORDS = {"pass", "p", "-", "过", "不要", "不出"};

    /** Multi-character aliases, longest first; value = ranks they stand for (or -1: ambiguous). */
    private static final String[] WORDS = {"rocket", "joker", "10", "sj", "bj", "rj", "cj",
        "小王", "小鬼", "大王", "大鬼", "王炸", "火箭", "王"};
    private static final long[] WORD_CARDS = {Cards.ROCKET, -1, Cards.of(Rank.TEN, 1),
        Cards.of(Rank.SMALL_JOKER, 1), Cards.of(Rank.SMALL_JOKER, 1),
        Cards.of(Rank.BIG_JOKER, 1), Cards.of(Rank.BIG_JOKER, 1),
        Cards.of(Rank.SMALL_JOKER, 1), Cards.of(Rank.SMALL_JOKER, 1),
        Cards.of(Rank.BIG_JOKER, 1), Cards.of(Rank.BIG_JOKER, 1), Cards.ROCKET, Cards.ROCKET, -1};

    /** Most cards a hand can hold (the landlord's 17 + 3). */
    public static final int MAX_HAND = 20;

    private Notation() {
    }

    /** Whether {@code text} spells a pass ({@code pass}, {@code p}, {@code -}, {@code 过}, {@code 不要}, {@code 不出}). */
    public static boolean isPass(String text) {
        String t = Ascii.lower(stripSeparators(text));
        for (String w : PASS_WORDS) {
            if (t.equals(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Parses a card set (possibly empty).
     *
     * @param text cards in any accepted spelling
     * @return the card set in the layout of {@link Cards}
     * @throws NotationException on an unknown character or word, an ambiguous joker word, more
     *     than four cards of a rank or more than one of a joker; the message names the token and
     *     its 1-based position
     */
    public static long parseCards(String text) {
        if (text == null) {
            throw new NotationException("no cards given");
        }
        String lower = Ascii.lower(text); // same length as text: positions stay the user's
        long cards = 0;
        int i = 0;
        int n = lower.length();
        while (i < n) {
            char c = lower.charAt(i);
            if (isSeparator(c)) {
                i++;
                continue;
            }
            long add = -2;
            int len = 1;
            for (int w = 0; w < WORDS.length; w++) {
                if (lower.startsWith(WORDS[w], i)) {
                    add = WORD_CARDS[w];
                    len = WORDS[w].length();
                    if (add == -1) {
                        throw new NotationException("ambiguous joker word '" + text.substring(i, i + len)
                            + "' at position " + (i + 1) + " in \"" + text
                            + "\": write X (small joker) or D (big joker)");
                    }
                    if ((WORDS[w].equals("bj") || WORDS[w].equals("rj")) && !standsAlone(lower, i, len)) {
                        // B and R are jokers too: inside a longer token "RJ8" is the big joker and an 8,
                        // or the big joker, a jack and an 8
                        String joker = WORDS[w].equals("bj") ? "X" : "D";
                        throw new NotationException("ambiguous '" + text.substring(i, i + len) + "' at position "
                            + (i + 1) + " in \"" + text + "\": one joker or a joker and a jack; write " + joker
                            + " for the joker alone, or " + joker + "J for a joker and a jack");
                    }
                    break;
                }
            }
            if (add == -2) {
                int rank = rankOfChar(c);
                if (rank < 0) {
                    int cp = text.codePointAt(i);
                    // a non-ASCII look-alike (the Kelvin sign, a full-width letter) is named by its code point
                    throw new NotationException("unknown card '" + new String(Character.toChars(cp)) + "'"
                        + (cp > 0x7E ? String.format(" (U+%04X)", cp) : "")
                        + " at position " + (i + 1) + " in \"" + text
                        + "\" (cards are 3-9 T J Q K A 2 X D)");
                }
                add = Cards.of(rank, 1);
            }
            cards = addChecked(cards, add, text, i + 1);
            i += len;
        }
        return cards;
    }

    /** Whether {@code lower[i, i+len)} is a whole token: separators (or the ends) on both sides. */
    private static boolean standsAlone(String lower, int i, int len) {
        return (i == 0 || isSeparator(lower.charAt(i - 1)))
            && (i + len == lower.length() || isSeparator(lower.charAt(i + len)));
    }

    /**
     * Parses a hand: a card set of 1 to {@code maxCards} cards.
     *
     * @throws NotationException as {@link #parseCards}, or if the hand is empty or larger than
     *     {@code maxCards}
     */
    public static long parseHand(String text, int maxCards) {
        long cards = parseCards(text);
        int size = Cards.size(cards);
        if (size == 0) {
            throw new NotationException("empty hand \"" + text + "\": a hand holds 1 to " + maxCards + " cards");
        }
        if (size > maxCards) {
            throw new NotationException("\"" + text + "\" has " + size + " cards: a hand holds 1 to "
                + maxCards + " cards");
        }
        return cards;
    }

    /** The canonical text of a card set: ranks ascending, one character a card. */
    public static String format(long cards) {
        StringBuilder sb = new StringBuilder(Cards.size(cards));
        appendTo(sb, cards);
        return sb.toString();
    }

    /** Appends the canonical text of {@code cards} to {@code sb}. */
    public static void appendTo(StringBuilder sb, long cards) {
        for (int r = 0; r < Rank.COUNT; r++) {
            int k = Cards.count(cards, r);
            char s = Rank.symbol(r);
            for (int j = 0; j < k; j++) {
                sb.append(s);
            }
        }
    }

    private static long addChecked(long cards, long add, String text, int position) {
        for (int r = 0; r < Rank.COUNT; r++) {
            int k = Cards.count(add, r);
            if (k == 0) {
                continue;
            }
            int total = Cards.count(cards, r) + k;
            int max = Rank.isJoker(r) ? 1 : 4;
            if (total > max) {
                String what = Rank.isJoker(r)
                    ? "more than one " + (r == Rank.SMALL_JOKER ? "small joker X" : "big joker D")
                    : "more than four " + Rank.symbol(r) + "s";
                throw new NotationException(what + " (at position " + position + ") in \"" + text + "\"");
            }
            cards += Cards.of(r, k);
        }
        return cards;
    }

    private static int rankOfChar(char c) {
        switch (c) {
            case '0':
            case 't':
                return Rank.TEN;
            case 'j':
                return 8;
            case 'q':
                return 9;
            case 'k':
                return 10;
            case 'a':
                return Rank.ACE;
            case '2':
                return Rank.TWO;
            case 'x':
            case 'b':
            case 'y':
                return Rank.SMALL_JOKER;
            case 'd':
            case 'r':
            case 'z':
                return Rank.BIG_JOKER;
            default:
                if (c >= '3' && c <= '9') {
                    return c - '3';
                }
                return -1;
        }
    }

    static boolean isSeparator(char c) {
        return isSpace(c) || c == ',' || c == '[' || c == ']' || c == '(' || c == ')'
            || c == '{' || c == '}' || c == '"' || c == '\'' || c == '，' || c == '、';
    }

    /**
     * Whether {@code c} is a space of our notation: the ASCII blanks (space, tab, line feed,
     * vertical tab, form feed, carriage return) and every Unicode space separator, line separator
     * and paragraph separator ({@link Character#isSpaceChar}: the no-break spaces U+00A0, U+2007
     * and U+202F and the ideographic space U+3000 included). Cards ignore spaces; the fields of a
     * position are separated by them.
     */
    public static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r') || Character.isSpaceChar(c);
    }

    private static String stripSeparators(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isSeparator(c)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
