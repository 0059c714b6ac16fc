package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SolveCommandTest {
    static final Path TESTDATA = Path.of(System.getProperty("ddz.testdata", "../testdata"));

    /** Small tables keep every test fast. */
    private static final String TT = "--tt-mb=16";

    /** The JSON object of a {@code solve --json} run or batch line. */
    static JsonNode json(String line) throws IOException {
        return JsonFields.MAPPER.readTree(line);
    }

    /** The strings of a JSON array, in order. */
    static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(m -> list.add(m.textValue()));
        return list;
    }

    /** The line of {@code file} (in {@code testdata/positions}) whose id is {@code id}. */
    static JsonNode sharedPosition(String file, String id) throws IOException {
        Path path = TESTDATA.resolve("positions").resolve(file);
        assertTrue(Files.isReadable(path), "missing " + path.toAbsolutePath() + " (set -Dddz.testdata)");
        for (String line : Files.readAllLines(path)) {
            JsonNode node = json(line);
            if (node.get("id").textValue().equals(id)) {
                return node;
            }
        }
        throw new AssertionError("no " + id + " in " + path);
    }

    @Test
    void builtInPuzzleLandlordWinsWithEightAndSaysWhatItSolves() {
        CliRun r = CliRun.of("solve", TT);
        List<String> lines = r.assertSuccess();
        assertEquals("No position given: solving the built-in puzzle, WeChat Happy Doudizhu expert level 50: "
            + "ddz solve \"448999TJJQQAD/336688TAA22X 0\"", lines.get(0));
        assertEquals("Position 448999TJJQQAD/336688TAA22X 0, rules standard", lines.get(1));
        assertEquals("  landlord  448999TJJQQAD (13 cards), to lead", lines.get(2));
        assertEquals("  farmer    336688TAA22X (12 cards)", lines.get(3));
        assertEquals("Landlord wins: the mover (landlord) forces a win", lines.get(4));
        assertEquals("Winning move: 8 (the first found; --all finds every one)", lines.get(5));
        assertTrue(lines.get(6).startsWith("Line "), lines.get(6));
        assertTrue(lines.get(7).startsWith("  landlord: 8, farmer: "), lines.get(7));
        assertTrue(lines.get(lines.size() - 2).matches("  landlord: \\S+ \\(out\\)"), r.out());
        assertTrue(lines.get(lines.size() - 1).matches("[\\d,]+ nodes, [\\d.]+ ms, table hit rate [\\d.]+%"), r.out());
    }

    @Test
    void builtInPuzzleHasOneWinningMoveEight() throws Exception {
        CliRun r = CliRun.of("solve", "--all", "--json", TT);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("No position given: solving the built-in puzzle"), r.err());
        assertEquals(1, r.outLines().size(), r.out());
        JsonNode j = json(r.out());
        assertEquals("win", j.get("verdict").textValue());
        assertTrue(j.get("mover_wins").booleanValue());
        assertEquals("landlord", j.get("winner").textValue());
        assertEquals(List.of("8"), strings(j.get("winning_moves")));
        assertEquals("8", j.get("line").get(0).textValue());

        List<String> human = CliRun.of("solve", "448999TJJQQAD/336688TAA22X 0", "--all", TT).outLines();
        assertEquals("Winning moves (all 1): 8", human.get(4));
    }

    @Test
    void jsonHasEveryFieldInOrder() throws Exception {
        CliRun r = CliRun.of("solve", "3558TJJ2X/67TTKAA", "0", "88@1", "--json", TT);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        JsonNode j = json(r.out());
        List<String> fields = new ArrayList<>();
        j.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("position", "rules", "bans", "verdict", "mover_wins", "winner", "winning_moves", "line",
            "timed_out", "nodes", "time_ms", "table_hit_rate"), fields);
        assertEquals("3558TJJ2X/67TTKAA 0 88@1", j.get("position").textValue());
        assertEquals("standard", j.get("rules").textValue());
        assertEquals(0, j.get("bans").size());
        assertEquals("win", j.get("verdict").textValue());
        assertTrue(j.get("mover_wins").booleanValue());
        assertEquals("landlord", j.get("winner").textValue());
        assertTrue(j.get("winning_moves").isNull(), "winning_moves only with --all");
        assertTrue(j.get("line").isArray());
        assertFalse(j.get("timed_out").booleanValue());
        assertTrue(j.get("nodes").isIntegralNumber() && j.get("nodes").longValue() > 0);
        assertTrue(j.get("time_ms").isNumber() && j.get("time_ms").doubleValue() >= 0);
        double rate = j.get("table_hit_rate").doubleValue();
        assertTrue(rate >= 0 && rate <= 1, r.out());

        // the published puzzle: JJ is the one winning answer to the farmer's 88
        JsonNode all = json(CliRun.of("solve", "3558TJJ2X/67TTKAA 0 88@1", "--json", "--all", TT).out());
        assertEquals(List.of("JJ"), strings(all.get("winning_moves")));
    }

    @Test
    void twoPlayerPuzzleWithBanFarmerToMoveLoses() throws Exception {
        CliRun r = CliRun.of("solve", "999JJXD/33334567TTAAAA 1", "--ban", "trio_pair", "--all", "--json", TT);
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = json(r.out());
        assertEquals("loss", j.get("verdict").textValue());
        assertFalse(j.get("mover_wins").booleanValue());
        assertEquals("landlord", j.get("winner").textValue());
        assertEquals(List.of(), strings(j.get("winning_moves")));
        assertEquals(List.of("trio_pair"), strings(j.get("bans")));
        List<String> line = strings(j.get("line"));
        assertFalse(line.contains("999JJ"), "a banned trio_pair in the line: " + line);

        List<String> human = CliRun.of("solve", "999JJXD/33334567TTAAAA 1", "--ban", "32", TT).outLines();
        assertEquals("Position 999JJXD/33334567TTAAAA 1, rules standard ban trio_pair", human.get(0));
        assertEquals("  farmer    33334567TTAAAA (14 cards), to lead", human.get(2));
        assertEquals("Landlord wins: the mover (farmer) loses whatever it plays", human.get(3));
        assertTrue(human.get(4).startsWith("Line "), human.toString());
    }

    @Test
    void threeSeatPositionMatchesTheSharedVerdictAndWinningMoves() throws Exception {
        JsonNode expected = sharedPosition("three-seat.jsonl", "6-6-6-0");
        String position = expected.get("position").textValue();
        JsonNode j = json(CliRun.of("solve", position, "--all", "--json", TT).out());
        assertEquals(expected.get("mover_wins").booleanValue(), j.get("mover_wins").booleanValue());
        assertEquals(new TreeSet<>(strings(expected.get("winning_moves"))),
            new TreeSet<>(strings(j.get("winning_moves"))));

        List<String> human = CliRun.of("solve", position, TT).outLines();
        assertEquals("  landlord  6TJQQK (6 cards), to lead", human.get(1));
        assertEquals("  down      459JK2 (6 cards)", human.get(2));
        assertEquals("  up        34468T (6 cards)", human.get(3));
        assertEquals("Landlord wins: the mover (landlord) forces a win", human.get(4));
        // one trick a line: each ends when the two other seats pass
        assertTrue(human.contains("  landlord: QQ, down: pass, up: pass"), human.toString());
    }

    @Test
    void threeSeatLineStartsAfterThePassAlreadyMade() {
        // up played 6 and down has not answered yet: landlord passes, down passes, up leads again
        List<String> human = CliRun.of("solve", "3/4/5 0 6@2", TT).outLines();
        assertEquals("  landlord  3 (1 card), to beat 6 (solo) played by up", human.get(1));
        assertEquals("Farmers win: the mover (landlord) loses whatever it plays", human.get(4));
        assertEquals(List.of("  landlord: pass, down: pass", "  up: 5 (out)"), human.subList(6, 8));
        // down played 6 and up passed: the landlord's pass gives down the lead at once
        human = CliRun.of("solve", "3/4/5 0 6@1", TT).outLines();
        assertEquals(List.of("  landlord: pass", "  down: 4 (out)"), human.subList(6, 8));
    }

    @Test
    void timeoutGivesUnknownWithoutHanging() throws Exception {
        String big = sharedPosition("random-1v1.jsonl", "17v17-0").get("position").textValue();
        CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(5),
            () -> CliRun.of("solve", big, "--timeout-ms", "1", "--json", TT));
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = json(r.out());
        assertEquals("unknown", j.get("verdict").textValue());
        assertTrue(j.get("mover_wins").isNull());
        assertTrue(j.get("winner").isNull());
        assertTrue(j.get("winning_moves").isNull());
        assertEquals(0, j.get("line").size());
        assertTrue(j.get("timed_out").booleanValue());

        CliRun human = assertTimeoutPreemptively(Duration.ofSeconds(5),
            () -> CliRun.of("solve", big, "--timeout-ms", "1", "--all", TT));
        assertEquals(0, human.exitCode(), human.err());
        assertTrue(human.outLines().get(3).startsWith("Unknown (timed out after 1 ms)"), human.out());
    }

    @Test
    void positionInSeveralWordsAndAliases() throws Exception {
        JsonNode j = json(CliRun.of("solve", "3558TJJ2X/67TTKAA", "landlord", "88@farmer", "--json", TT).out());
        assertEquals("3558TJJ2X/67TTKAA 0 88@1", j.get("position").textValue());
    }

    @Test
    void otherRulesAreNamedInTheOutput() throws Exception {
        CliRun r = CliRun.of("solve", "--rules", "botzone", "--json", TT);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().strip().endsWith("ddz solve \"448999TJJQQAD/336688TAA22X 0\" --rules botzone"), r.err());
        assertEquals("botzone", json(r.out()).get("rules").textValue());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "card in two hands        | solve 3333/3_0           | holds a 3 that is already in another hand",
        "card in hand and move    | solve 333/4_1_33@0       | holds a 3 that is already in another hand",
        "last move no combination | solve 3/4_0_34@1         | is not a combination",
        "last move by the mover   | solve 3/4_1_5@1          | cannot have to beat its own 5",
        "empty hand               | solve /4_0               | hand of seat 0 is empty",
        "oversized farmer hand    | solve 3/333444555666777888_0 | has 18 cards; at most 17",
        "unknown card             | solve 3W/4_0             | unknown card 'W'",
        "unknown seat             | solve 3/4_3              | unknown seat '3'",
        "seat absent with two     | solve 3/4_up             | does not exist with 2 seats",
        "no mover                 | solve 3/4                | expected HAND0/HAND1[/HAND2] MOVER",
        "one hand                 | solve 3_0                | 2 or 3 hands",
        "banned last move         | solve 3/4445_0_3335@1_--ban=31 | banned type",
        "unknown rules            | solve 3/4_0_--rules=chess | unknown rules 'chess'",
        "unknown ban              | solve 3/4_0_--ban=bomb   | 'bomb' cannot be banned",
        "table too small          | solve 3/4_0_--tt-mb=-1   | --tt-mb must be at least 1",
        "table beyond the heap    | solve 3/4_0_--tt-mb=2000000 | does not fit in the JVM's maximum heap",
        "negative timeout         | solve 3/4_0_--timeout-ms=-1 | --timeout-ms must be 0..2592000000 (0: no limit), not -1",
        "batch with a position    | solve --batch_3/4_0      | give no POSITION",
    })
    void badInputExitsTwoWithOneLine(String what, String args, String message) {
        // '_' separates arguments in the table (a position's own spaces then make several words)
        CliRun r = CliRun.of(args.split("[ _]"));
        r.assertUsageError(what, message);
        assertTrue(r.err().startsWith("ddz solve: "), r.err());
    }

    @Test
    void helpNamesTheOptions() {
        CliRun help = CliRun.of("solve", "--help");
        assertEquals(0, help.exitCode());
        for (String option : Set.of("--all", "--json", "--batch", "--timeout-ms", "--tt-mb", "--rules", "--ban")) {
            assertTrue(help.out().contains(option), option + " in " + help.out());
        }
        assertTrue(CliRun.of("--help").out().contains("solve"));
    }

    @Test
    void threadsGiveTheSameVerdictAndRefuseBadCounts() throws Exception {
        JsonNode one = json(CliRun.of("solve", "448999TJJQQAD/336688TAA22X 0", "--all", "--json", TT).out());
        JsonNode two = json(CliRun.of("solve", "448999TJJQQAD/336688TAA22X 0", "--all", "--json", "--threads", "2", TT)
            .out());
        assertEquals(one.get("verdict"), two.get("verdict"));
        assertEquals(one.get("winning_moves"), two.get("winning_moves"));
        assertEquals(one.get("line"), two.get("line"));
        CliRun.of("solve", "--threads", "65", TT).assertUsageError("--threads 65", "--threads");
        CliRun.of("solve", "--threads", "-1", TT).assertUsageError("--threads -1", "--threads");
        CliRun.withInput("", "solve", "--batch", "--threads", "2", TT).assertUsageError("--threads with --batch",
            "--threads is for one solve");
    }
}
