package io.github.ddzengine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as users start it: {@code java -jar tools/target/ddz.jar play --cluster local[2]}
 * finds {@code cluster/target/ddz-cluster-local.jar}, runs it in a child JVM without any JVM flag
 * of ours (its manifest opens what Spark needs) and prints the figures of the same match without
 * {@code --cluster}.
 */
class CliLaunchIT {
    @TempDir
    Path dir;

    private static String run(Path dir, String name, String... args) throws Exception {
        List<String> cli = new ArrayList<>(List.of(Jvm.java(), "-jar", Jvm.builtJar("ddz.cli.jar").toString()));
        cli.addAll(List.of(args));
        try (Jvm p = Jvm.start(name, cli, Map.of(), dir)) {
            assertEquals(0, p.await(Duration.ofMinutes(3)), p.log());
            return p.log().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow(() ->
                new AssertionError("no JSON report:\n" + p.log())) + "\n";
        }
    }

    @Test
    void ddzPlayClusterLocalGivesTheFiguresOfDdzPlay() throws Exception {
        String[] match = {"play", "--a", "greedy", "--b", "random", "--deals", "100", "--seed", "9", "--bidding", "--json"};
        Path single = dir.resolve("single.jsonl");
        String one = run(dir, "single", LocalMatchTest.concat(match, "--out", single.toString()));
        Path out = dir.resolve("out");
        String cluster = run(dir, "cluster", LocalMatchTest.concat(match, "--cluster", "local[2]", "--out", out.toString()));
        assertEquals(Cli.figures(one), Cli.figures(cluster));
        assertEquals(Files.readString(single), Cli.parts(out));
    }
}
