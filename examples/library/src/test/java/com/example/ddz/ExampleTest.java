package com.example.ddz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.MatchResult;
import io.github.ddzengine.engine.MoveChoice;
import io.github.ddzengine.engine.Solution;

/** The figures of docs/java-api.md, through the published artifacts (BOM + facade). */
class ExampleTest {
    private final DdzEngine engine = DdzEngine.standard().withThreads(2);

    @Test
    void listsMoves() {
        assertEquals(21, engine.moves("4445557777JQXD", "3338").size());
    }

    @Test
    void solves() {
        Solution s = engine.solve("3558TJJ2X/67TTKAA 0 88@1");
        assertEquals(List.of("JJ"), s.winningMoves());
        assertEquals(1244, s.nodes());
    }

    @Test
    void decidesByMonteCarlo() {
        MoveChoice c = engine.withWorlds(40)
            .decide(1, "577AA22", "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p", 7);
        assertEquals(40, c.worlds());
        assertTrue(c.candidates().stream().anyMatch(k -> k.move().equals(c.move())));
    }

    @Test
    void playsAMatch() {
        List<String> records = new ArrayList<>();
        MatchResult r = engine.play("greedy", "rule", 200, 7, false, records::add);
        assertEquals(400, r.games());
        assertEquals(0.5975, r.wp(), 1e-9);
        assertEquals(400, records.size());
        assertEquals(records.get(0), engine.readRecord(records.get(0)).json());
    }

    @Test
    void runsTheExample() {
        Example.main(new String[0]);
    }
}
