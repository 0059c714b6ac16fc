package io.github.ddzengine.doctest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The command samples of a Markdown file, by the convention of {@code docs/README.md}:
 * <ul>
 *   <li>{@code ```console}: {@code $ COMMAND} lines, each followed by its exact output (standard
 *       output and error as a terminal shows them), masks allowed ({@link Expected}); run and
 *       compared;
 *   <li>{@code ```sh}: one command a line (continuations with {@code \}); each is run and must
 *       exit 0, or the code of a trailing {@code # exit N} comment; output not compared;
 *   <li>{@code ```sh slow}: commands that take minutes or write outside the repository; validated
 *       without running ({@link Validator});
 *   <li>inline code in the prose that starts with {@code ./ddz }, {@code java -jar },
 *       {@code java -cp } or {@code mvn }: validated like a slow command;
 *   <li>{@code ```java} (and the {@code ```output} block after one): {@link JavaSnippetsTest}.
 * </ul>
 * Any other block that holds a line starting with {@code ./ddz } or {@code $ } is an error: a
 * command sample must be in a checked block.
 */
final class Samples {
    /** How a sample is checked. */
    enum Kind { CONSOLE, SH, SLOW, INLINE, MALFORMED }

    /** Info strings of the blocks that are not shell samples (and are not scanned for commands). */
    private static final Set<String> DATA = Set.of("java", "output", "json", "jsonl", "python", "xml", "md", "markdown",
        "properties", "csv", "diff");
    private static final Pattern COMMAND_LINE = Pattern.compile("^\\s*(\\$ |\\./ddz\\b)");
    private static final Pattern INLINE_COMMAND = Pattern.compile("^(\\./ddz |java -jar |java -cp |mvn ).*");

    private Samples() {
    }

    /**
     * One checked sample.
     *
     * @param kind how it is checked
     * @param line the file line of its command (or of the problem, for {@link Kind#MALFORMED})
     * @param command the command (null for {@link Kind#MALFORMED})
     * @param expected the expected output lines ({@link Kind#CONSOLE}), else empty
     * @param expectedLine the file line of the first expected output line
     * @param problem what is wrong with a {@link Kind#MALFORMED} sample
     */
    record Sample(Kind kind, int line, Shell.Command command, List<String> expected, int expectedLine,
                  String problem) {
        String title() {
            return switch (kind) {
                case CONSOLE -> "$ " + command.code();
                case SH -> "sh: " + command.code();
                case SLOW -> "slow (validated): " + command.code();
                case INLINE -> "inline (validated): " + command.code();
                case MALFORMED -> "malformed: " + problem;
            };
        }
    }

    /** The samples of a parsed file, in the order of their lines. */
    static List<Sample> of(Markdown.Doc doc) {
        List<Sample> out = new ArrayList<>();
        for (Markdown.Block b : doc.blocks()) {
            String lang = b.language();
            List<String> flags = b.flags();
            if (lang.equals("console")) {
                if (!flags.isEmpty()) {
                    out.add(malformed(b.line(), "unknown console block flags " + flags
                        + " (a console sample is always run; commands too slow to run go in ```sh slow)"));
                } else {
                    console(b, out);
                }
            } else if (lang.equals("sh")) {
                boolean slow = flags.equals(List.of("slow"));
                if (!flags.isEmpty() && !slow) {
                    out.add(malformed(b.line(), "unknown sh block flags " + flags + " (```sh or ```sh slow)"));
                    continue;
                }
                for (Shell.Command c : Shell.commands(b.lines(), b.line() + 1)) {
                    if (c.code().startsWith("$ ")) {
                        out.add(malformed(c.line(), "a $ prompt in a sh block: commands with their output go in "
                            + "```console"));
                    } else {
                        out.add(new Sample(slow ? Kind.SLOW : Kind.SH, c.line(), c, List.of(), 0, null));
                    }
                }
            } else if (lang.equals("bash") || lang.equals("shell") || lang.equals("zsh") || lang.equals("shell-session")) {
                out.add(malformed(b.line(), "```" + lang + " is not checked: use ```sh (run), ```sh slow (validated) "
                    + "or ```console (run, output compared)"));
            } else if (!DATA.contains(lang)) {
                for (int i = 0; i < b.lines().size(); i++) {
                    if (COMMAND_LINE.matcher(b.lines().get(i)).find()) {
                        out.add(malformed(b.lineOf(i), "a command in an unchecked ```" + b.info() + " block: use "
                            + "```console, ```sh or ```sh slow (docs/README.md)"));
                        break;
                    }
                }
            }
        }
        for (Markdown.Span s : doc.spans()) {
            if (INLINE_COMMAND.matcher(s.code()).matches()) {
                out.add(new Sample(Kind.INLINE, s.line(), Shell.command(s.line(), s.code()), List.of(), 0, null));
            }
        }
        out.sort(Comparator.comparingInt(Sample::line));
        return out;
    }

    private static Sample malformed(int line, String problem) {
        return new Sample(Kind.MALFORMED, line, null, List.of(), 0, problem);
    }

    /** The {@code $ COMMAND} samples of a console block, each with the lines up to the next {@code $ }. */
    private static void console(Markdown.Block b, List<Sample> out) {
        List<String> lines = b.lines();
        int i = 0;
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        if (i < lines.size() && !lines.get(i).startsWith("$ ")) {
            out.add(malformed(b.lineOf(i), "a console block starts with a '$ ' command line"));
            return;
        }
        while (i < lines.size()) {
            int start = i;
            String text = lines.get(i).substring(2);
            while (Shell.continues(text) && i + 1 < lines.size()) {
                String next = lines.get(++i);
                text = Shell.join(text, next.startsWith("> ") ? next.substring(2) : next);
            }
            i++;
            int expectedStart = i;
            List<String> expected = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).startsWith("$ ")) {
                expected.add(lines.get(i));
                i++;
            }
            Shell.Command c = Shell.command(b.lineOf(start), text);
            out.add(new Sample(Kind.CONSOLE, c.line(), c, Expected.normalize(expected), b.lineOf(expectedStart), null));
        }
    }
}
