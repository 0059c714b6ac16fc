package io.github.ddzengine.tools.cli;

import io.github.ddzengine.core.util.Version;

import picocli.CommandLine.IVersionProvider;

/** {@code ddz --version}: the engine's version ({@link Version}) and the JVM. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            "ddz " + Version.get(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
