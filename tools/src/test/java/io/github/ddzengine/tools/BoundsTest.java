package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every count and time option is bounded, and a value outside its bounds is refused with one line
 * and exit code 2 (issue 21, defects 5 and 7): before, {@code --timeout-ms 9223372036854} wrapped
 * the solver's deadline (verdict unknown after 4,096 nodes), {@code ddz play --threads 100000}
 * ended in an OutOfMemoryError trace, {@code ddz move --worlds 2000000000} or {@code --warmup-ms
 * 2000000000} ran for days.
 */
class BoundsTest {
    private static final String HAND = "3445667899TJQKA2XD2A";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "solve --timeout-ms 9223372036854 3/4 0    | ddz solve: --timeout-ms must be 0..2592000000 (0: no limit), not 9223372036854",
        "play --a rule --b rule --threads 100000    | ddz play: --threads must be 1..256, not 100000",
        "play --a rule --b rule --deals 1000000000  | ddz play: --deals must be 1..100000000, not 1000000000",
        "play --a rule --b rule --move-timeout-ms 9223372036854775807 | ddz play: --move-timeout-ms must be 1..86400000, not 9223372036854775807",
        "move --hand " + HAND + " --seat 0 --worlds 2000000000 | ddz move: --worlds must be 0..10000000 (0: the time budget decides), not 2000000000",
        "move --hand " + HAND + " --seat 0 --warmup-ms 2000000000 | ddz move: --warmup-ms must be 0..600000 (0: none), not 2000000000",
        "move --hand " + HAND + " --seat 0 --budget-ms 2000000000 | ddz move: --budget-ms must be 5..600000, not 2000000000",
        "move --hand " + HAND + " --seat 0 --threads 1000 | ddz move: --threads must be 0..64 (0: one per core), not 1000",
        "bid --hand 3345567899JQKA22D --worlds 2000000000 | ddz bid: --worlds must be 1..10000000, not 2000000000",
        "serve --budget-ms 2000000000               | ddz serve: --budget-ms must be 1..600000, not 2000000000",
        "botzone --budget-ms 2000000000             | ddz botzone: --budget-ms must be 1..600000, not 2000000000",
        "play --a mc:worlds=2000000000 --b rule     | ddz play: agent 'mc': worlds must be 1..10000000, not '2000000000'",
        "play --a mc:budget=9999999 --b rule        | ddz play: agent 'mc': budget must be 1..600000, not '9999999'",
        "play --a rule --b rule --threads 99999999999 | ddz play: Invalid value for option '--threads': '99999999999' is not an int (-2147483648..2147483647)",
    })
    void aValueOutOfBoundsIsOneLineAndExitCode2(String args, String message) {
        List<String> words = new java.util.ArrayList<>(List.of(args.split(" ")));
        if (words.get(0).equals("solve")) { // the position is one argument
            words.set(words.size() - 2, words.get(words.size() - 2) + " " + words.remove(words.size() - 1));
        }
        CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.of(words.toArray(String[]::new)));
        r.assertUsageError(args, message);
        if (!message.contains("agent '")) {
            assertEquals(message + "; see '" + message.substring(0, message.indexOf(':')) + " --help'", r.err().strip());
        }
    }

    @Test
    void theLongestTimeOutStillSolves() {
        List<String> out = CliRun.of("solve", "3558TJJ2X/67TTKAA 0 88@1", "--timeout-ms", "2592000000", "--json")
            .assertSuccess();
        assertTrue(out.get(0).contains("\"timed_out\":false"), out.get(0));
    }

    @Test
    void aBatchLineWithAnOverflowingTimeOutIsRefused() {
        List<String> out = CliRun.withInput("{\"position\":\"3558TJJ2X/67TTKAA 0 88@1\",\"timeout_ms\":9223372036854}\n"
                + "{\"position\":\"3558TJJ2X/67TTKAA 0 88@1\",\"timeout_ms\":2592000000}\n", "solve", "--batch",
            "--tt-mb=16").assertSuccess();
        assertEquals("{\"error\":\"line 1: \\\"timeout_ms\\\" must be 0..2592000000 (whole milliseconds; 0: no limit), "
            + "not 9223372036854\"}", out.get(0));
        assertTrue(out.get(1).contains("\"timed_out\":false"), out.get(1));
    }

    /** Integers in ASCII digits only (issue 21, defect 13): picocli alone takes other scripts' digits. */
    @Test
    void optionIntegersAreAsciiDigits() {
        CliRun.of("play", "--a", "rule", "--b", "rule", "--deals", "\u0661\u0660")
            .assertUsageError("Arabic-Indic digits", "ddz play: Invalid value for option '--deals': '\u0661\u0660' is not an int");
        CliRun.of("solve", "3/4 0", "--timeout-ms", "\uFF11\uFF10")
            .assertUsageError("full-width digits", "is not a long");
    }
}
