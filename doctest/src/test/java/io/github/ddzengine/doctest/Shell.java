package io.github.ddzengine.doctest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shell text as the samples write it: commands with continuation lines and trailing comments, the
 * {@code # exit N} marker, and the words of a command (quotes, backslashes, pipes, redirections)
 * for the commands that are validated rather than run.
 */
final class Shell {
    /** The exit-code marker at the start of a trailing comment: {@code # exit 2: why}. */
    private static final Pattern EXIT = Pattern.compile("^exit (\\d+)\\b");

    private Shell() {
    }

    /**
     * One command of a sample.
     *
     * @param line the 1-based line of the file where it starts
     * @param text the command as bash runs it (continuation lines joined, the comment kept)
     * @param exitCode the exit code it must give: 0, or the number of a {@code # exit N} comment
     */
    record Command(int line, String text, int exitCode) {
        /** The command without its trailing comment. */
        String code() {
            return withoutComment(text);
        }
    }

    /** The command starting with {@code first} (the first line of it, at file line {@code line}). */
    static Command command(int line, String text) {
        String comment = comment(text);
        Matcher m = EXIT.matcher(comment == null ? "" : comment.strip());
        return new Command(line, text, m.find() ? Integer.parseInt(m.group(1)) : 0);
    }

    /** Whether a line continues on the next one (ends in an unescaped backslash). */
    static boolean continues(String line) {
        String s = line.stripTrailing();
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1 && comment(s) == null;
    }

    /** Joins a line ending in a backslash with the next one. */
    static String join(String line, String next) {
        String s = line.stripTrailing();
        return s.substring(0, s.length() - 1) + "\\\n" + next;
    }

    /**
     * The commands of an {@code sh} block: one a line, continuation lines joined; blank lines and
     * lines that are only a comment are skipped.
     *
     * @param firstLine the file's line of the block's first content line
     */
    static List<Command> commands(List<String> lines, int firstLine) {
        List<Command> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank() || l.strip().startsWith("#")) {
                continue;
            }
            int start = i;
            String text = l;
            while (continues(text) && i + 1 < lines.size()) {
                text = join(text, lines.get(++i));
            }
            out.add(command(firstLine + start, text));
        }
        return out;
    }

    /** The trailing comment of a command (after an unquoted {@code #} that starts a word), or null. */
    static String comment(String text) {
        int at = commentStart(text);
        return at < 0 ? null : text.substring(at + 1);
    }

    /** The command without its trailing comment, stripped. */
    static String withoutComment(String text) {
        int at = commentStart(text);
        return (at < 0 ? text : text.substring(0, at)).strip();
    }

    private static int commentStart(String s) {
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                }
            } else if (c == '\\') {
                i++;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A simple command of a command line: its words (quotes removed) and its input redirection.
     *
     * @param words the words, environment assignments included
     * @param input the file of a {@code <} redirection, or null
     */
    record Simple(List<String> words, String input) {
    }

    /**
     * Splits a command line into its simple commands (at {@code |}, {@code &&}, {@code ||} and
     * {@code ;}); output redirections are dropped, an input redirection is kept.
     *
     * @throws IllegalArgumentException for what cannot be validated without running it: command
     *     substitution, unbalanced quotes, a here-document
     */
    static List<Simple> parse(String commandLine) {
        String s = withoutComment(commandLine).replace("\\\n", " ");
        List<Simple> out = new ArrayList<>();
        List<String> words = new ArrayList<>();
        String input = null;
        String pendingRedirect = null;
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : 0;
            if (quote == '\'') {
                if (c == 0) {
                    throw new IllegalArgumentException("unbalanced quote in: " + commandLine);
                }
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
                continue;
            }
            if (quote == '"') {
                if (c == 0) {
                    throw new IllegalArgumentException("unbalanced quote in: " + commandLine);
                }
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < s.length() && "\"\\$`".indexOf(s.charAt(i + 1)) >= 0) {
                    w.append(s.charAt(++i));
                } else if (c == '$' || c == '`') {
                    throw new IllegalArgumentException("a substitution cannot be validated without running: " + commandLine);
                } else {
                    w.append(c);
                }
                continue;
            }
            boolean end = c == 0 || Character.isWhitespace(c) || c == '|' || c == '&' || c == ';' || c == '<'
                || c == '>';
            if (end) {
                if (w != null) {
                    String word = w.toString();
                    w = null;
                    if (pendingRedirect != null) {
                        if (pendingRedirect.equals("<")) {
                            input = word;
                        }
                        pendingRedirect = null;
                    } else {
                        words.add(word);
                    }
                }
                if (c == '<' && i + 1 < s.length() && s.charAt(i + 1) == '<') {
                    throw new IllegalArgumentException("a here-document cannot be validated: " + commandLine);
                }
                if (c == '<' || c == '>') {
                    // an fd number before > or < (2>, 1>) was read as a word: drop it
                    if (i > 0 && Character.isDigit(s.charAt(i - 1)) && !words.isEmpty()
                        && words.get(words.size() - 1).matches("\\d")) {
                        words.remove(words.size() - 1);
                    }
                    if (i + 1 < s.length() && s.charAt(i + 1) == '>') {
                        i++;
                    }
                    if (i + 1 < s.length() && s.charAt(i + 1) == '&') {
                        // >&2, 2>&1: the target is an fd, not a file
                        i++;
                        while (i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                            i++;
                        }
                    } else {
                        pendingRedirect = c == '<' ? "<" : ">";
                    }
                } else if (c == '|' || c == '&' || c == ';' || c == 0) {
                    if (c == '&' && i + 1 < s.length() && s.charAt(i + 1) == '>') {
                        pendingRedirect = ">";
                        i++;
                        continue;
                    }
                    if (i + 1 < s.length() && (s.charAt(i + 1) == c)) {
                        i++;
                    }
                    if (!words.isEmpty()) {
                        out.add(new Simple(List.copyOf(words), input));
                    }
                    words.clear();
                    input = null;
                }
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\' && i + 1 < s.length()) {
                w.append(s.charAt(++i));
            } else if (c == '$' && i + 1 < s.length() && (s.charAt(i + 1) == '(' || Character.isLetter(s.charAt(i + 1)))
                || c == '`') {
                throw new IllegalArgumentException("a substitution cannot be validated without running: " + commandLine);
            } else {
                w.append(c);
            }
        }
        if (pendingRedirect != null) {
            throw new IllegalArgumentException("a redirection without its file: " + commandLine);
        }
        return out;
    }
}
