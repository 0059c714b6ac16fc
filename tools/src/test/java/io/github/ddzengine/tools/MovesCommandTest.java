package io.github.ddzengine.tools;

import io.github.ddzengine.tools.verbs.MovesCommand;
import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MovesCommandTest {
    /** The moves of a {@code {"moves": [...]}} line, in output order. */
    static List<String> moves(String jsonLine) throws Exception {
        JsonNode node = JsonFields.MAPPER.readTree(jsonLine);
        assertTrue(node.has("moves"), jsonLine);
        List<String> moves = new ArrayList<>();
        node.get("moves").forEach(m -> moves.add(m.textValue()));
        return moves;
    }

    @Test
    void leadListsEveryLeadAndNoPass() throws Exception {
        CliRun r = CliRun.of("moves", "33344456", "--json");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertEquals(1, r.outLines().size());
        assertEquals(Set.of("3", "4", "5", "6", "33", "44", "333", "444", "3334", "3335", "3336", "3444", "4445",
            "4446", "33344", "33444", "333444", "33344456"), new TreeSet<>(moves(r.out())));
    }

    @Test
    void followListsHigherSameTypeBombsRocketAndPassLast() throws Exception {
        CliRun r = CliRun.of("moves", "4445557777JQXD", "--last", "3338", "--json");
        assertEquals(0, r.exitCode(), r.err());
        List<String> moves = moves(r.out());
        assertEquals(21, moves.size());
        assertEquals(18, moves.stream().filter(m -> m.length() == 4 && !m.equals("7777") && !m.equals("pass")).count());
        assertTrue(moves.containsAll(List.of("4445", "444D", "5557", "4777", "7777", "XD")));
        assertEquals("pass", moves.get(moves.size() - 1));
    }

    @Test
    void followWithNothingHigherIsPassOnly() throws Exception {
        CliRun r = CliRun.of("moves", "33344456", "--last", "5556", "--json");
        assertEquals(List.of("pass"), moves(r.out()));
    }

    @Test
    void jsonOrderIsByTypeThenRankWithKickersAscending() throws Exception {
        CliRun r = CliRun.of("moves", "33344456", "--json");
        assertEquals(List.of("3", "4", "5", "6", "33", "44", "333", "444", "3334", "3335", "3336", "3444", "4445",
            "4446", "33344", "33444", "333444", "33344456"), moves(r.out()));
    }

    @Test
    void ambiguousCardSetsCarryTheirType() throws Exception {
        List<String> standard = moves(CliRun.of("moves", "333444555666", "--json").out());
        assertTrue(standard.contains("333444555666:trio_chain_4"), standard.toString());
        assertTrue(standard.contains("333444555666:trio_solo_chain_3"), standard.toString());
        List<String> botzone = moves(CliRun.of("moves", "333444555666", "--rules", "botzone", "--json").out());
        assertTrue(botzone.contains("333444555666"), botzone.toString());
    }

    @Test
    void typedLastMoveSelectsTheReading() throws Exception {
        List<String> moves = moves(CliRun.of("moves", "444555666777", "--last", "333444555666:trio_solo_chain_3",
            "--json").out());
        assertEquals(List.of("444555666777:trio_solo_chain_3", "pass"), moves);
    }

    @Test
    void bansRemoveTypes() throws Exception {
        List<String> moves = moves(CliRun.of("moves", "33344456", "--ban", "31,trio_pair", "--json").out());
        assertFalse(moves.contains("3334"));
        assertFalse(moves.contains("33344"));
        assertTrue(moves.contains("33344456"));
    }

    @Test
    void aliasesAndSeveralWordsMakeOneHand() throws Exception {
        List<String> moves = moves(CliRun.of("moves", "10", "J", "Q", "K", "A", "大王", "--json").out());
        assertTrue(moves.contains("TJQKA"), moves.toString());
        assertTrue(moves.contains("D"), moves.toString());
    }

    @Test
    void humanOutputGroupsByTypeWithCounts() {
        CliRun r = CliRun.of("moves", "4445557777JQXD", "--last", "3338");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of(
            "Hand 4445557777JQXD (14 cards), rules standard: answers to 3338 (trio_solo)",
            "  trio_solo (18)  4445 4447 444J 444Q 444X 444D 4555 5557 555J 555Q 555X 555D 4777 5777 777J 777Q 777X "
                + "777D",
            "  bomb (1)        7777",
            "  rocket (1)      XD",
            "  pass",
            "21 moves (20 plays and pass)"), r.outLines());
    }

    @Test
    void humanLeadCountsMoves() {
        List<String> lines = CliRun.of("moves", "33344456").outLines();
        assertEquals("Hand 33344456 (8 cards), rules standard: leads", lines.get(0));
        assertTrue(lines.contains("  trio_solo (6)          3334 3335 3336 3444 4445 4446"), lines.toString());
        assertEquals("18 moves", lines.get(lines.size() - 1));
    }

    @Test
    void noHandShowsTheExampleAndSaysSo() {
        CliRun r = CliRun.of("moves");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.outLines().get(0).startsWith("No hand given: showing the built-in example"), r.out());
        assertEquals(CliRun.of("moves", MovesCommand.EXAMPLE_HAND, "--last", MovesCommand.EXAMPLE_LAST).outLines(),
            r.outLines().subList(1, r.outLines().size()));
    }

    @Test
    void noHandWithJsonKeepsStandardOutputPureJson() throws Exception {
        CliRun r = CliRun.of("moves", "--json");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(21, moves(r.out()).size());
        assertTrue(r.err().startsWith("No hand given"), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown card letter      | moves 33W               | unknown card 'W' at position 3",
        "five sevens              | moves 777775            | more than four 7s",
        "two small jokers         | moves 3XX               | more than one small joker X",
        "two big jokers           | moves DD                | more than one big joker D",
        "ambiguous joker word     | moves 3joker            | ambiguous joker word",
        "21 cards                 | moves 333444555666777888999 | has 21 cards",
        "last move no combination | moves 3334 --last 3345  | --last: \"3345\" (3345) is not a combination",
        "last move ambiguous      | moves 3334 --last 333444555666 | several readings",
        "unknown rules            | moves 3334 --rules chess | unknown rules 'chess'",
        "unknown ban              | moves 3334 --ban bomb   | 'bomb' cannot be banned",
        "unknown option           | moves 3334 --fast       | Unknown option: '--fast'",
        "last without hand        | moves --last 33         | --last needs a HAND",
        "batch with a hand        | moves --batch 3334      | give no HAND",
        "no verb                  | ''                      | missing command: moves",
        "unknown verb             | solvee                  | ddz: unknown command 'solvee' (commands: moves, solve, ",
        "banned last move         | moves 4445557777JQXD --last 3338 --ban 31 "
            + "| ddz moves: --last: 3338 is a banned type (trio_solo): it cannot have been played",
        "banned reading           | moves 444555666777 --last 333444555666:trio_solo_chain_3 --ban trio_solo_chain "
            + "| banned type (trio_solo_chain_3)",
    })
    void badInputExitsTwoWithOneLine(String what, String args, String message) {
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        CliRun.of(argv).assertUsageError(what, message);
    }

    @Test
    void unknownCommandNamesTheCommands() {
        CliRun r = CliRun.of("bogus");
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        String verbs = String.join(", ", Ddz.commandLine(System.in).getSubcommands().keySet());
        assertEquals(List.of("ddz: unknown command 'bogus' (commands: " + verbs + ")"), r.errLines());
        assertTrue(verbs.startsWith("moves, solve, split"), verbs);
        assertEquals(List.of("ddz: Unknown option: '--bogus'; see 'ddz --help'"), CliRun.of("--bogus").errLines());
    }

    @Test
    void lastMoveIsCheckedOnItsOwnNotAgainstTheHand() throws Exception {
        // five 3s between hand and last move: no position, but a fair rules question
        CliRun r = CliRun.of("moves", "3334", "--last", "3335", "--json");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("pass"), moves(r.out()));
    }

    @Test
    void batchRefusesALastMoveOfABannedType() {
        String input = "{\"hand\": \"4445557777JQXD\", \"last_move\": \"3338\", \"bans\": \"31\"}\n"
            + "{\"hand\": \"4445557777JQXD\", \"last_move\": \"3338\", \"bans\": \"32\"}\n";
        List<String> out = CliRun.withInput(input, "moves", "--batch").outLines();
        assertEquals("{\"error\":\"line 1: last_move: 3338 is a banned type (trio_solo): it cannot have been "
            + "played\"}", out.get(0));
        assertTrue(out.get(1).startsWith("{\"moves\":[\"4445\","), out.get(1));
    }

    @Test
    void exampleLeadsWhenItsLastMoveIsBanned() {
        CliRun r = CliRun.of("moves", "--ban", "trio_solo", "--rules", "rlcard");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.outLines();
        assertEquals("No hand given: showing the built-in example, ddz moves 4445557777JQXD --rules rlcard "
            + "--ban trio_solo", lines.get(0));
        assertEquals(CliRun.of("moves", "4445557777JQXD", "--rules", "rlcard", "--ban", "trio_solo").outLines(),
            lines.subList(1, lines.size()));
        assertEquals("No hand given: showing the built-in example, ddz moves 4445557777JQXD --last 3338 "
            + "--ban trio_pair", CliRun.of("moves", "--ban", "32").outLines().get(0));
    }

    @Test
    void oneCardIsOneCard() {
        assertEquals("Hand 3 (1 card), rules standard: leads", CliRun.of("moves", "3").outLines().get(0));
    }

    @Test
    void emptyHandIsRefused() {
        CliRun r = CliRun.of("moves", "");
        assertEquals(2, r.exitCode());
        assertEquals(List.of("ddz moves: hand: empty hand \"\": a hand holds 1 to 20 cards"), r.errLines());
    }

    @Test
    void helpAndVersion() {
        CliRun help = CliRun.of("moves", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("--batch"), help.out());
        assertTrue(help.out().contains("--rules=PRESET"), help.out());
        CliRun top = CliRun.of("--help");
        assertEquals(0, top.exitCode());
        assertTrue(top.out().contains("moves"), top.out());
        CliRun version = CliRun.of("--version");
        assertEquals(0, version.exitCode());
        assertTrue(version.outLines().get(0).matches("ddz \\d+\\.\\d+\\.\\d+.*"), version.out());
    }
}
