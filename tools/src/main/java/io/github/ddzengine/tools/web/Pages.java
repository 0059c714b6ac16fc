package io.github.ddzengine.tools.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pages of {@code ddz web} in one layout: a page file ({@code tools/src/main/web/NAME.html})
 * holds its own content only, after a first line {@code <!-- page title="T" script="S" tab="B" ...
 * -->}; the head, the header with its tabs and the closing tags are {@code parts/layout.html}'s,
 * written once for every page. The layout's {@code {{title}}} becomes {@code T}, {@code {{script}}}
 * {@code S} (the page's module {@code /js/S.js}), each {@code {{on:X}}} {@code  class="on"} where
 * {@code X} is {@code B} (the page's tab; empty for none) and nothing elsewhere, and {@code {{body}}}
 * the rest of the page file.
 */
final class Pages {
    /** The layout's path below the pages' folder; not a page itself (the server answers 404). */
    static final String LAYOUT = "/parts/layout.html";
    private static final Pattern HEAD = Pattern.compile(
        "<!-- page title=\"([^\"<>]*)\" script=\"([a-z0-9-]+)\" tab=\"([a-z]*)\"[^\n]*-->\n");
    private static final Pattern TAB = Pattern.compile("\\{\\{on:([a-z]+)}}");

    private Pages() {
    }

    /**
     * The page as served: {@code page} in {@code layout}, or {@code page} unchanged where it does
     * not start with the page line.
     */
    static String render(String layout, String page) {
        Matcher m = HEAD.matcher(page);
        if (!m.lookingAt()) {
            return page;
        }
        String tab = m.group(3);
        String chrome = layout.replace("{{title}}", m.group(1)).replace("{{script}}", m.group(2));
        chrome = TAB.matcher(chrome).replaceAll(t -> t.group(1).equals(tab) ? " class=\"on\"" : "");
        int at = chrome.indexOf("{{body}}");
        return chrome.substring(0, at) + page.substring(m.end()) + chrome.substring(at + "{{body}}".length());
    }
}
