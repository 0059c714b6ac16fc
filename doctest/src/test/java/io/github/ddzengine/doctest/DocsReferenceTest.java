package io.github.ddzengine.doctest;

import io.github.ddzengine.tools.Ddz;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;


import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The documentation as a whole: the front page stays short, every verb of the command line has a
 * reference page that names each of its options, and relative links lead to files and headings that exist.
 */
class DocsReferenceTest {
    /** The README is a front page: at most this many lines (issue 15). */
    static final int README_MAX_LINES = 250;
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void readmeIsAShortFrontPage() {
        int n = Markdown.parse(Path.of("README.md")).lines().size();
        assertTrue(n <= README_MAX_LINES, "README.md has " + n + " lines, more than " + README_MAX_LINES
            + ": move reference material to docs/");
    }

    /**
     * Every verb (picocli's registry, subcommands of subcommands included) has a page under
     * docs/cli/ with a heading that names it ({@code # `ddz solve`}), and that page mentions every
     * option of the verb.
     */
    @Test
    void everyVerbHasAReferencePageNamingEachOption() {
        CommandLine top = Ddz.commandLine(new ByteArrayInputStream(new byte[0]));
        List<Markdown.Doc> pages = new ArrayList<>();
        for (Path f : Markdown.files()) {
            if (f.startsWith("docs/cli")) {
                pages.add(Markdown.parse(f));
            }
        }
        List<String> problems = new ArrayList<>();
        verbs(top, problems, pages);
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    private static void verbs(CommandLine cl, List<String> problems, List<Markdown.Doc> pages) {
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            CommandLine verb = e.getValue();
            String name = verb.getCommandSpec().qualifiedName();
            Markdown.Doc page = null;
            for (Markdown.Doc d : pages) {
                for (String l : d.lines()) {
                    if (l.startsWith("#") && l.contains("`" + name + "`")) {
                        page = d;
                    }
                }
            }
            if (page == null) {
                problems.add("no page under docs/cli/ has a heading naming `" + name + "`");
            } else {
                String text = String.join("\n", page.lines());
                for (OptionSpec o : verb.getCommandSpec().options()) {
                    if (o.hidden() || o.usageHelp() || o.versionHelp()) {
                        continue;
                    }
                    if (!text.contains(o.longestName())) {
                        problems.add(page.file() + ": `" + name + "` has the option " + o.longestName()
                            + ", which the page does not mention");
                    }
                }
            }
            verbs(verb, problems, pages);
        }
    }

    @Test
    void anchorsAreGitHubs() {
        Set<String> a = anchors(Markdown.parse(Path.of("docs/README.md")));
        assertTrue(a.contains("samples-that-stay-true") && a.contains("console-run-output-compared")
            && a.contains("sh-slow-validated-not-run") && !a.contains("samples that stay true"), a.toString());
    }

    @Test
    void relativeLinksLeadToFiles() {
        List<String> problems = new ArrayList<>();
        for (Path f : Markdown.files()) {
            Markdown.Doc d = Markdown.parse(f);
            for (int i = 0; i < d.lines().size(); i++) {
                Matcher m = LINK.matcher(d.lines().get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("[a-z]+:.*")) {
                        continue;
                    }
                    if (target.startsWith("#")) {
                        if (!anchors(d).contains(target.substring(1))) {
                            problems.add(f + ":" + (i + 1) + ": the link " + target + " names no heading of " + f);
                        }
                        continue;
                    }
                    String path = target.replaceAll("#.*", "");
                    Path resolved = Markdown.ROOT.resolve(f).getParent().resolve(path).normalize();
                    if (!Files.exists(resolved)) {
                        problems.add(f + ":" + (i + 1) + ": the link " + target + " leads nowhere");
                    } else if (target.contains("#") && path.endsWith(".md")) {
                        String anchor = target.substring(target.indexOf('#') + 1);
                        Path linked = Markdown.ROOT.relativize(resolved);
                        if (!anchors(Markdown.parse(linked)).contains(anchor)) {
                            problems.add(f + ":" + (i + 1) + ": the link " + target + " names no heading of " + linked);
                        }
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The anchors GitHub gives the headings of a file (lower case, punctuation dropped, blanks as '-'). */
    static Set<String> anchors(Markdown.Doc d) {
        Set<String> out = new HashSet<>();
        boolean[] fenced = new boolean[d.lines().size() + 2];
        for (Markdown.Block b : d.blocks()) {
            for (int l = b.line(); l <= b.end() && l < fenced.length; l++) {
                fenced[l] = true;
            }
        }
        for (int i = 0; i < d.lines().size(); i++) {
            String l = d.lines().get(i);
            if (!fenced[i + 1] && l.matches("#{1,6} .*")) {
                String base = l.replaceFirst("#+ ", "").strip().toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                String a = base;
                for (int k = 1; !out.add(a); k++) {
                    a = base + "-" + k;
                }
            }
        }
        return out;
    }
}
