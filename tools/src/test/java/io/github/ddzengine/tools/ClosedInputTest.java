package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Issue 39, defect 9: started with standard input closed ({@code <&-}), the JVM's own first file
 * took descriptor 0 and the coach played "moves" read out of the JDK's {@code lib/modules}. Such
 * input now counts as empty: the session ends at once with "End of input.".
 */
class ClosedInputTest {
    @Test
    void aClosedStandardInputIsEmptyInput() throws IOException, InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")) && Files.isExecutable(Path.of("/bin/bash")),
            "Linux with bash");
        List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c", "exec \"$0\" \"$@\" <&-"));
        cmd.addAll(Jvm.command(Ddz.class.getName(), "coach", "4QQ/8 0"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.strip().endsWith("End of input."), out);
        assertFalse(out.contains("The game is over"), "no move was read: " + out);
        assertFalse(out.contains("Not a move"), "no line was read: " + out);
    }
}
