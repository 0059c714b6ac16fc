package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The samples of {@code docs/reliability.md}: in each plain code block, {@code $ ddz ARGS} runs a
 * verb, {@code < LINE} lines are its standard input, {@code (exit N)} its exit code (0 when
 * absent), and the other lines its output (standard output, then standard error).
 */
class ReliabilityDocsTest {
    @Test
    void theSamplesAreWhatDdzPrints() throws Exception {
        List<String> doc = Files.readAllLines(Path.of("..", "docs", "reliability.md"));
        int samples = 0;
        boolean inBlock = false;
        List<String> block = new ArrayList<>();
        for (String line : doc) {
            if (line.equals("```")) {
                if (inBlock) {
                    samples += run(block);
                    block.clear();
                }
                inBlock = !inBlock;
            } else if (inBlock) {
                block.add(line);
            }
        }
        assertTrue(samples >= 3, "samples: " + samples);
    }

    private static int run(List<String> block) {
        int n = 0;
        for (int i = 0; i < block.size(); ) {
            String command = block.get(i++);
            assertTrue(command.startsWith("$ ddz "), command);
            StringBuilder stdin = new StringBuilder();
            List<String> expected = new ArrayList<>();
            int exit = 0;
            while (i < block.size() && !block.get(i).startsWith("$ ")) {
                String l = block.get(i++);
                if (l.startsWith("< ")) {
                    stdin.append(l.substring(2)).append('\n');
                } else if (l.matches("\\(exit \\d\\)")) {
                    exit = l.charAt(6) - '0';
                } else {
                    expected.add(l);
                }
            }
            CliRun r = CliRun.withInput(stdin.toString(),
                ExecAgent.split(command.substring("$ ddz ".length())).toArray(String[]::new));
            List<String> actual = new ArrayList<>(r.outLines());
            actual.addAll(r.errLines());
            assertEquals(exit, r.exitCode(), command + ": " + r.err());
            assertEquals(expected, actual, command);
            n++;
        }
        return n;
    }
}
