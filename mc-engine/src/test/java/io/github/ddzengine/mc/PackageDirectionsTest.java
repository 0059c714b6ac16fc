package io.github.ddzengine.mc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The packages of the engine point one way: {@code mc} (information sets, the agent contract, the
 * Monte Carlo agent) uses none of {@code mc.agents}, {@code mc.arena}, {@code mc.v1}, which build
 * on it. Read from the compiled classes, so that only real references count (not javadoc).
 */
class PackageDirectionsTest {
    @Test
    void theBasePackageUsesNoPackageBuiltOnIt() throws IOException, URISyntaxException {
        Path dir = Path.of(Agent.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve("io/github/ddzengine/mc");
        List<String> offenders = new ArrayList<>();
        int classes = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                classes++;
                // class names in the constant pool are plain UTF-8 with slashes
                String pool = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                for (String sub : new String[] {"agents", "arena", "v1"}) {
                    if (pool.contains("io/github/ddzengine/mc/" + sub + "/")) {
                        offenders.add(f.getFileName() + " uses mc." + sub);
                    }
                }
            }
        }
        assertTrue(classes > 10, "classes read: " + classes);
        assertEquals(List.of(), offenders);
    }
}
