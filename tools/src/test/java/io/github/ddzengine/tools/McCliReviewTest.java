package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** Help texts of every verb, and bad input to move and play: one line, exit 2, no stack trace. */
class McCliReviewTest {
    /** Every verb path, nested ones included ({@code tables build}). */
    private static List<String[]> verbs(CommandLine cl, List<String> prefix, List<String[]> out) {
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (e.getValue().getCommandSpec().name().equals(e.getKey())) { // skip aliases
                List<String> path = new ArrayList<>(prefix);
                path.add(e.getKey());
                out.add(path.toArray(new String[0]));
                verbs(e.getValue(), path, out);
            }
        }
        return out;
    }

    @Test
    void everyHelpTextRendersWithoutPicocliFormatWarnings() {
        List<String[]> all = verbs(Ddz.commandLine(System.in), new ArrayList<>(), new ArrayList<>());
        assertTrue(all.size() >= 8, "verbs found: " + all.size());
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            // picocli reports a description it cannot format on System.err, not on the command's writer
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            for (String[] verb : all) {
                String[] args = java.util.Arrays.copyOf(verb, verb.length + 1);
                args[verb.length] = "--help";
                CliRun run = CliRun.of(args);
                String what = String.join(" ", verb);
                assertEquals(0, run.exitCode(), what + ": " + run.err());
                assertFalse(run.out().contains("%n") || run.out().contains("%%"), what + ": " + run.out());
                assertTrue(run.out().startsWith("Usage: ddz " + what), what + ": " + run.out());
            }
        } finally {
            System.setErr(saved);
        }
        String warnings = captured.toString(StandardCharsets.UTF_8);
        assertFalse(warnings.contains("picocli WARN"), warnings);
    }

    @Test
    void aKittyTheLandlordCannotHoldIsAnInputError() {
        // the landlord has 2 cards left after 18 played but never played the kitty's 2, X and D
        CliRun.of("move", "--hand", "66778899TTJJQQKKA", "--seat", "1", "--history", "3456789TJQKA,pass,pass,334455",
            "--kitty", "2XD", "--worlds", "4").assertUsageError("kitty", "kitty");
    }

    @Test
    void anUnwritableRecordFileIsAnInputErrorWithoutAnExceptionName() {
        CliRun.of("play", "--a", "rule", "--b", "random", "--deals", "1", "--out", "/nonexistent-dir/games.jsonl")
            .assertUsageError("--out", "cannot write");
    }

    @Test
    void aBidAfterAThreeIsAnInputError() {
        CliRun.of("bid", "--hand", "3345567899JQKA22D", "--seat", "1", "--bids", "3", "--worlds", "10")
            .assertUsageError("bid after a 3", "ended with a 3");
        CliRun.of("bid", "--hand", "3345567899JQKA22D", "--seat", "2", "--bids", "0,3", "--worlds", "10")
            .assertUsageError("bid after a 3", "ended with a 3");
    }
}
