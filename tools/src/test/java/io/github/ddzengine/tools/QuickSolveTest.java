package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.verbs.QuickSolve;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ddz solve [POSITION] [--json]} without picocli ({@link QuickSolve}, the cold start's
 * path) answers byte for byte as the command line does (the solve's time aside), and leaves every
 * other command to it having written nothing.
 */
class QuickSolveTest {
    private record Run(int code, String out, String err) {
    }

    private static Run quick(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = QuickSolve.run(args, out, err);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run full(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Ddz.run(InputStream.nullInputStream(), out, err, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The solve's own time is the one thing two runs do not share. */
    private static String timeless(String s) {
        return s.replaceAll("\"time_ms\":[0-9.]+", "\"time_ms\":T").replaceAll("nodes, [0-9.]+ ms", "nodes, T ms");
    }

    private static void same(String... args) {
        Run q = quick(args);
        Run f = full(args);
        assertEquals(f.code(), q.code(), String.join(" ", args));
        assertEquals(timeless(f.out()), timeless(q.out()), String.join(" ", args));
        assertEquals(f.err(), q.err(), String.join(" ", args));
        assertTrue(!q.out().isEmpty());
    }

    @Test
    void answersAsTheCommandLineDoes() {
        same("solve");
        same("solve", "--json");
        same("solve", "448999TJJQQAD/336688TAA22X 0");
        same("solve", "448999TJJQQAD/336688TAA22X", "0", "--json");
        same("solve", "--json", "448999TJJQQAD/336688TAA22X 0");
        // a lost position, three seats, a move to beat, the lowest cards only
        same("solve", "3/4 1");
        same("solve", "6TJQQK/459JK2/34468T 0");
        same("solve", "6TJQQK/459JK2/34468T 0", "--json");
        same("solve", "3558TJJ2X/67TTKAA 0 88@1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"solve --all", "solve --json --json", "solve -i", "solve --tables /x", "solve @args",
        "solve --", "moves 345", "solve 33/4 9", "solve 33/4", "solve --rules douzero", "solve --help"})
    void leavesEveryOtherCommandToTheCommandLine(String command) {
        Run q = quick(command.split(" "));
        assertEquals(QuickSolve.NOT_TAKEN, q.code(), command);
        assertEquals("", q.out() + q.err(), command);
    }

    @Test
    void anEmptyWordOrNoVerbIsLeftToo() {
        assertEquals(QuickSolve.NOT_TAKEN, quick().code());
        assertEquals(QuickSolve.NOT_TAKEN, quick("solve", "").code());
    }

    @Test
    void outputThatCannotBeWrittenIsOneLineAndExitCodeFour() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {"solve", "3/4 1"};
        assertEquals(Exits.OUTPUT, QuickSolve.run(args, new OutputFailureTest.FullDisk(), err));
        assertEquals("ddz solve: cannot write standard output: No space left on device\n",
            err.toString(StandardCharsets.UTF_8));
    }
}
