package com.example.ddz;

import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.MatchResult;
import io.github.ddzengine.engine.MoveChoice;
import io.github.ddzengine.engine.Solution;

/** The four tasks of docs/java-api.md's facade, from outside the engine's build. */
public final class Example {
    private Example() {
    }

    public static void main(String[] args) {
        DdzEngine engine = DdzEngine.standard().withThreads(2);

        System.out.println("answers to 3338: " + engine.moves("4445557777JQXD", "3338"));

        Solution s = engine.solve("3558TJJ2X/67TTKAA 0 88@1");
        System.out.println("solve: " + s.verdict() + ", " + s.winner() + " wins with " + s.winningMoves()
            + " in " + s.nodes() + " nodes");

        MoveChoice c = engine.withWorlds(40)
            .decide(1, "577AA22", "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p", 7);
        System.out.println("Monte Carlo: " + c.move() + " of " + c.candidates().size() + " candidates, "
            + c.worlds() + " worlds");

        List<String> records = new ArrayList<>();
        MatchResult r = engine.play("greedy", "rule", 200, 7, false, records::add);
        System.out.printf("match: %s vs %s, %d games, WP %.4f, ADP %.3f, %d records%n",
            r.a(), r.b(), r.games(), r.wp(), r.adp(), records.size());
    }
}
