package io.github.ddzengine.core.util;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The engine's version, the one home of it: the Maven project version of the build
 * ({@code 0.1.0-SNAPSHOT}), read from this jar's {@code version.properties}. Game records name it
 * beside the agents that played, so that a match can be reproduced from its own output.
 */
public final class Version {
    private static final String VERSION = read();

    private Version() {
    }

    /** @return the version, or {@code unknown} when the jar was built without it */
    public static String get() {
        return VERSION;
    }

    /** @return {@code ddz-engine VERSION}, as game records write it */
    public static String engine() {
        return "ddz-engine " + VERSION;
    }

    private static String read() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "unknown" : v;
    }
}
