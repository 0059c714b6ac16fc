package io.github.ddzengine.doctest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The parts of a Markdown file the documentation tests read: fenced code blocks (with their info
 * string and line numbers) and the inline code spans of the prose.
 */
final class Markdown {
    /** A fence opening or closing a code block: its indentation, the fence and the info string. */
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})(.*)$");
    /** An inline code span: a run of backticks, the code, the same run of backticks. */
    private static final Pattern SPAN = Pattern.compile("(`+)(.+?)(?<!`)\\1(?!`)");

    /** The repository root (the parent of this module), from the {@code ddz.root} property. */
    static final Path ROOT = Path.of(System.getProperty("ddz.root", "..")).toAbsolutePath().normalize();

    private Markdown() {
    }

    /**
     * A fenced code block.
     *
     * @param file the file, relative to the repository root
     * @param line the 1-based line of the opening fence
     * @param info the info string after the fence, trimmed ({@code "console"}, {@code "sh slow"}...)
     * @param lines the content lines, the fence's indentation removed
     * @param end the 1-based line of the closing fence
     */
    record Block(Path file, int line, String info, List<String> lines, int end) {
        /** The first word of the info string: the language. */
        String language() {
            String[] w = info.split("\\s+", 2);
            return w[0];
        }

        /** The words of the info string after the language. */
        List<String> flags() {
            String[] w = info.trim().split("\\s+");
            return w.length <= 1 ? List.of() : List.of(w).subList(1, w.length);
        }

        /** The file's line of content line {@code i} (0-based). */
        int lineOf(int i) {
            return line + 1 + i;
        }

        String where() {
            return file + ":" + line;
        }
    }

    /**
     * An inline code span of the prose.
     *
     * @param file the file, relative to the repository root
     * @param line the 1-based line where the span starts
     * @param code the span's code
     */
    record Span(Path file, int line, String code) {
    }

    /**
     * A parsed Markdown file.
     *
     * @param file the file, relative to the repository root
     * @param lines every line of the file
     * @param blocks its fenced code blocks, in order
     * @param spans the inline code spans outside them, in order
     */
    record Doc(Path file, List<String> lines, List<Block> blocks, List<Span> spans) {
        /** The block that follows {@code b} with nothing but blank lines between, or null. */
        Block next(Block b) {
            int i = blocks.indexOf(b);
            if (i < 0 || i + 1 >= blocks.size()) {
                return null;
            }
            Block n = blocks.get(i + 1);
            for (int l = b.end(); l < n.line() - 1; l++) {
                if (!lines.get(l).isBlank()) {
                    return null;
                }
            }
            return n;
        }
    }

    /** The checked documentation: README.md, then docs/ and examples/ (every .md below them), sorted. */
    static List<Path> files() {
        List<Path> files = new ArrayList<>();
        files.add(Path.of("README.md"));
        for (String dir : List.of("docs", "examples")) {
            Path d = ROOT.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.walk(d)) {
                    s.filter(p -> p.toString().endsWith(".md")).map(ROOT::relativize).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return files;
    }

    /**
     * The files whose samples run: {@link #files()}, or those whose path contains the value of the
     * system property {@code ddz.docs.only} (e.g. {@code -Dddz.docs.only=docs/cli/solve.md}) when set.
     */
    static List<Path> selected() {
        String only = System.getProperty("ddz.docs.only", "");
        return files().stream().filter(f -> only.isEmpty() || f.toString().contains(only)).toList();
    }

    /** Parses {@code file} (relative to the repository root). */
    static Doc parse(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(ROOT.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        List<Span> spans = new ArrayList<>();
        StringBuilder para = new StringBuilder();
        List<Integer> paraStarts = new ArrayList<>(); // offset in para of each line start
        int paraLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            Matcher open = FENCE.matcher(l);
            if (open.matches() && !(open.group(2).startsWith("`") && open.group(3).contains("`"))) {
                spans(file, para, paraStarts, paraLine, spans);
                para.setLength(0);
                paraStarts.clear();
                int indent = open.group(1).length();
                String fence = open.group(2);
                List<String> content = new ArrayList<>();
                int j = i + 1;
                for (; j < lines.size(); j++) {
                    Matcher close = FENCE.matcher(lines.get(j));
                    if (close.matches() && close.group(2).charAt(0) == fence.charAt(0)
                        && close.group(2).length() >= fence.length() && close.group(3).isBlank()) {
                        break;
                    }
                    String c = lines.get(j);
                    int k = 0;
                    while (k < indent && k < c.length() && c.charAt(k) == ' ') {
                        k++;
                    }
                    content.add(c.substring(k));
                }
                blocks.add(new Block(file, i + 1, open.group(3).trim(), List.copyOf(content), j + 1));
                i = j;
            } else if (l.isBlank()) {
                spans(file, para, paraStarts, paraLine, spans);
                para.setLength(0);
                paraStarts.clear();
            } else {
                if (para.length() == 0) {
                    paraLine = i + 1;
                } else {
                    para.append(' ');
                }
                paraStarts.add(para.length());
                para.append(l.strip());
            }
        }
        spans(file, para, paraStarts, paraLine, spans);
        return new Doc(file, List.copyOf(lines), List.copyOf(blocks), List.copyOf(spans));
    }

    /** Adds the code spans of one paragraph (its lines joined by spaces). */
    private static void spans(Path file, CharSequence para, List<Integer> starts, int firstLine, List<Span> out) {
        Matcher m = SPAN.matcher(para);
        while (m.find()) {
            int line = firstLine;
            for (int k = 1; k < starts.size() && starts.get(k) <= m.start(); k++) {
                line = firstLine + k;
            }
            out.add(new Span(file, line, m.group(2).strip()));
        }
    }
}
