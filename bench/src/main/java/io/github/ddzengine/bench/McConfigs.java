package io.github.ddzengine.bench;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.McSettings;

/**
 * Monte Carlo settings from {@code KEY=VALUE} words, for the development mains: the agent spec's
 * keys, read by {@link McSettings#parse} (the one reader).
 */
final class McConfigs {
    private McConfigs() {
    }

    /** The settings of {@code words} on 300 fixed worlds (unless they give a budget). */
    static McSettings parse(String[] words) {
        Map<String, String> m = map(words);
        if (!m.containsKey("effort") && !m.containsKey("budget")) {
            m.putIfAbsent("worlds", "300");
        }
        return McSettings.parse("mc", m, McSettings.KEYS, Rules.STANDARD);
    }

    /** The settings of {@code words} on the defaults. */
    static McSettings parseOnDefaults(String[] words) {
        return McSettings.parse("mc", map(words), McSettings.KEYS, Rules.STANDARD);
    }

    private static Map<String, String> map(String[] words) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String w : words) {
            if (w.isBlank()) {
                continue;
            }
            int eq = w.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("not KEY=VALUE: " + w);
            }
            m.put(w.substring(0, eq).trim(), w.substring(eq + 1).trim());
        }
        return m;
    }
}
