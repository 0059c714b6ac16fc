package org.ddz.tools.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.ddz.tools.Ddz;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

/** Review: {@code ddz moves} on unusual input, for a person and in {@code --batch}. */
class MovesCliReviewTest {

    private record Run(int code, List<String> out, List<String> err) {
    }

    private static Run run(String stdin, String... args) {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return new Run(code, out.toString().lines().toList(), err.toString().lines().toList());
    }

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
        String[] argv = ("moves " + args).split(" ");
        Run r = run("", argv);
        assertEquals(2, r.code(), args);
        assertEquals(List.of(), r.out(), args);
        assertEquals(1, r.err().size(), args + ": " + r.err());
        assertTrue(r.err().get(0).contains(message), args + ": " + r.err());
        assertFalse(r.err().get(0).contains("Exception"), r.err().get(0));
    }

    @Test
    void jsonListsTheReadingsOfAmbiguousCardSetsAndPassLast() {
        Run r = run("", "moves", "444555666777", "--last", "333444555666:trio_chain_4", "--json");
        assertEquals(0, r.code());
        assertEquals(List.of("{\"moves\":[\"444555666777:trio_chain_4\",\"pass\"]}"), r.out());
        r = run("", "moves", "333444555666", "--json");
        assertTrue(r.out().get(0).contains("\"333444555666:trio_chain_4\""), r.out().get(0));
        assertTrue(r.out().get(0).contains("\"333444555666:trio_solo_chain_3\""), r.out().get(0));
        r = run("", "moves", "333444555666", "--json", "--rules", "rlcard");
        assertTrue(r.out().get(0).contains("\"333444555666\""), r.out().get(0));
        assertFalse(r.out().get(0).contains(":trio"), r.out().get(0));
    }

    @Test
    void douzeroQ1PlaneIsAnsweredOnlyByBombsTheRocketOrPass() {
        Run r = run("", "moves", "5556667778889TJQ2222", "--rules", "douzero", "--last", "3334445556667778", "--json");
        assertEquals(List.of("{\"moves\":[\"2222\",\"pass\"]}"), r.out(), r.err().toString());
        r = run("", "moves", "5556667778889TJQ", "--last", "3334445556667778", "--json");
        assertEquals(List.of("{\"moves\":[\"5556667778889TJQ\",\"pass\"]}"), r.out(), "STANDARD reads it as a plane from 4");
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
        Run r = run(input, "moves", "--batch");
        assertEquals(0, r.code(), r.err().toString());
        assertEquals(List.of(), r.err());
        List<String> out = r.out();
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
