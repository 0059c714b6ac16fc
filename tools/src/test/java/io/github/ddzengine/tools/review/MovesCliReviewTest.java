package io.github.ddzengine.tools.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.github.ddzengine.tools.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Review: {@code ddz moves} on unusual input, for a person and in {@code --batch}. */
class MovesCliReviewTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "110                                | unknown card '1' at position 1",
        "'3 pass'                           | unknown card 'p' at position 3",
        "' , '                              | empty hand",
        "王炸X                              | more than one small joker X (at position 3)",
        "3 王                               | ambiguous joker word '王' at position 3",
        "333344445555666677778              | has 21 cards",
        "'33 --last 34567:solo_chain_6'     | read as solo_chain_5, not solo_chain_6",
        "'33 --last 333444555666:trio_chain_5' | read as trio_chain_4 or trio_solo_chain_3",
        "'33 --last :solo'                  | has no cards",
        "'33 --last 99923'                  | not a combination under standard rules",
        "'33 --last 33334444'               | not a combination under standard rules",
        "'33 --last 3333XD --rules rlcard'  | not a combination under rlcard rules",
        "'33 --last 333344 --rules botzone' | not a combination under botzone rules",
        "'33 --rules DouZero2'              | unknown rules 'DouZero2'",
        "'33 --ban shuttle'                 | cannot be banned",
    })
    void badInputIsOneLineOnStandardErrorAndExitTwo(String args, String message) {
        CliRun.of(("moves " + args).split(" ")).assertUsageError(args, message);
    }

    @Test
    void jsonListsTheReadingsOfAmbiguousCardSetsAndPassLast() {
        CliRun r = CliRun.of("moves", "444555666777", "--last", "333444555666:trio_chain_4", "--json");
        assertEquals(0, r.exitCode());
        assertEquals(List.of("{\"moves\":[\"444555666777:trio_chain_4\",\"pass\"]}"), r.outLines());
        String standard = CliRun.of("moves", "333444555666", "--json").out();
        assertTrue(standard.contains("\"333444555666:trio_chain_4\""), standard);
        assertTrue(standard.contains("\"333444555666:trio_solo_chain_3\""), standard);
        String rlcard = CliRun.of("moves", "333444555666", "--json", "--rules", "rlcard").out();
        assertTrue(rlcard.contains("\"333444555666\""), rlcard);
        assertFalse(rlcard.contains(":trio"), rlcard);
    }

    @Test
    void douzeroQ1PlaneIsAnsweredOnlyByBombsTheRocketOrPass() {
        CliRun r = CliRun.of("moves", "5556667778889TJQ2222", "--rules", "douzero", "--last", "3334445556667778", "--json");
        assertEquals(List.of("{\"moves\":[\"2222\",\"pass\"]}"), r.outLines(), r.err());
        r = CliRun.of("moves", "5556667778889TJQ", "--last", "3334445556667778", "--json");
        assertEquals(List.of("{\"moves\":[\"5556667778889TJQ\",\"pass\"]}"), r.outLines(), "STANDARD reads it as a plane from 4");
    }

    @Test
    void batchAnswersEveryLineWhateverIsWrongWithIt() {
        String input = String.join("\n",
            "{\"hand\":33}",
            "{\"hand\":\"33\",\"last_move\":3}",
            "{\"hand\":\"33\",\"rules\":[\"standard\"]}",
            "{\"hand\":\"33\",\"bans\":{}}",
            "{\"hand\":\"33\",\"bans\":[1.5]}",
            "[1,2]",
            "{\"hand\":\"33\"} {\"hand\":\"44\"}",
            "{\"hand\":\"33\",\"hand\":\"44\"}",
            "   ",
            "{\"hand\":\"33\",\"last_move\":null,\"rules\":null,\"bans\":null,\"extra\":{\"x\":[1]}}",
            "{\"hand\":\"33\",\"last_move\":\"不要\"}",
            "{\"hand\":\"3333XD\",\"last_move\":\"X D\",\"rules\":\"BOTZONE\"}") + "\n";
        CliRun r = CliRun.withInput(input, "moves", "--batch");
        List<String> out = r.assertSuccess();
        assertEquals(12, out.size(), out.toString());
        assertEquals("{\"error\":\"line 1: \\\"hand\\\" must be a string\"}", out.get(0));
        assertEquals("{\"error\":\"line 2: \\\"last_move\\\" must be a string\"}", out.get(1));
        assertEquals("{\"error\":\"line 3: \\\"rules\\\" must be a string\"}", out.get(2));
        assertTrue(out.get(3).startsWith("{\"error\":\"line 4: \\\"bans\\\" must be"), out.get(3));
        assertTrue(out.get(4).startsWith("{\"error\":\"line 5: \\\"bans\\\" holds 1.5"), out.get(4));
        assertTrue(out.get(5).startsWith("{\"error\":\"line 6: expected a JSON object"), out.get(5));
        assertTrue(out.get(6).startsWith("{\"error\":\"line 7: invalid JSON"), out.get(6));
        assertTrue(out.get(7).startsWith("{\"error\":\"line 8: invalid JSON: Duplicate field 'hand'"), out.get(7));
        assertTrue(out.get(8).startsWith("{\"error\":\"line 9: empty line"), out.get(8));
        assertEquals("{\"moves\":[\"3\",\"33\"]}", out.get(9));
        assertEquals("{\"moves\":[\"3\",\"33\"]}", out.get(10));
        assertEquals("{\"moves\":[\"pass\"]}", out.get(11));
    }
}
