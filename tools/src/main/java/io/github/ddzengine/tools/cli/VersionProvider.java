package io.github.ddzengine.tools.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/** {@code ddz --version}: the project version (filtered into a resource by Maven) and the JVM. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/io/github/ddzengine/tools/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {
            "ddz " + p.getProperty("version", "(unknown version)"),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
