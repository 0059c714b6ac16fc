package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.CheckedOutputStream;
import io.github.ddzengine.tools.cli.Lang;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VerbStreams;
import io.github.ddzengine.engine.DdzEngine;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;

/**
 * {@code ddz solve [POSITION] [--json]}, the command a person solving a puzzle types, run without
 * the command-line framework: picocli builds its command line by reflection at each start, some
 * 0.2 s of a cold process whose solve takes 0.05 s (docs/performance.md, "Where a cold ddz solve
 * goes"). It takes only that command, with every other option at its default, and answers through
 * the verb's own code ({@link SolveOne}) byte for byte as {@link SolveCommand} does; anything else
 * (another verb or option, {@code @file}, a position that does not parse, a table file that cannot
 * be used, a solve that fails) it leaves to the command line, having written nothing.
 */
public final class QuickSolve {
    /** What {@link #run} returns when it leaves the command to the command line. */
    public static final int NOT_TAKEN = -1;

    private QuickSolve() {
    }

    /**
     * Runs {@code args} when they are {@code solve}, position words and at most one
     * {@code --json}, writing to {@code out} and {@code err} as the command line would.
     *
     * @return the exit code (0, or 4 when standard output could not be written), or
     *     {@link #NOT_TAKEN} with nothing written
     */
    public static int run(String[] args, OutputStream out, OutputStream err) {
        if (args.length == 0 || !args[0].equals("solve")) {
            return NOT_TAKEN;
        }
        boolean json = false;
        List<String> words = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--json") && !json) {
                json = true;
            } else if (a.isEmpty() || a.startsWith("-") || a.startsWith("@")) {
                return NOT_TAKEN;
            } else {
                words.add(a);
            }
        }
        Rules rules = new RulesOptions().rules();
        Position p;
        SolveOne.Answer answer;
        try {
            DdzEngine engine = new TablesOption().engine(rules);
            p = Position.parse(words.isEmpty() ? SolveOne.EXAMPLE : String.join(" ", words), rules);
            int table = Solver.suggestedTableMegabytes(p, Runtime.getRuntime().maxMemory());
            answer = SolveOne.solve(engine.withSolverMegabytes(table).workspace(), p, false, false, 0, 1);
        } catch (RuntimeException | Error e) {
            // the command line says what went wrong, as it always does
            return NOT_TAKEN;
        }
        CheckedOutputStream checked = new CheckedOutputStream(out);
        PrintWriter o = VerbStreams.out(checked);
        PrintWriter e = VerbStreams.err(err);
        if (words.isEmpty()) {
            // keep standard output pure JSON under --json
            (json ? e : o).println(SolveOne.exampleNote(rules, Lang.EN));
        }
        try {
            SolveOne.print(o, p, answer, false, json, 0, Lang.EN);
        } catch (IOException ex) {
            // a PrintWriter keeps its errors: finish() reports them
        }
        return VerbStreams.finish(o, checked, e, "ddz solve", 0);
    }
}
