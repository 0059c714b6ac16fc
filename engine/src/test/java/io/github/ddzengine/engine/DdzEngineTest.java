package io.github.ddzengine.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.protocol.GameRecords;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facade against the raw API's known answers (the same positions as the CLI's tests): moves in
 * ddz moves' order, the solver's exact verdict and node count, a match of fixed seeds, records
 * that read back to themselves, and one-line errors.
 */
class DdzEngineTest {
    private final DdzEngine engine = DdzEngine.standard();

    @Test
    void movesInDisplayOrderPassLast() {
        List<Move> moves = engine.moves("4445557777JQXD", "3338");
        assertEquals(21, moves.size());
        assertEquals(new Move("4445", "trio_solo", 4), moves.get(0));
        assertEquals(new Move("7777", "bomb", 4), moves.get(18));
        assertEquals(new Move("pass", "pass", 0), moves.get(20));
        assertEquals(18, engine.moves("33344456").size());
        assertEquals(16, DdzEngine.of("standard", "trio_pair").moves("33344456").size());
    }

    @Test
    void leadsWhateverTheWayOfSayingNone() {
        assertEquals(engine.moves("33344456"), engine.moves("33344456", "pass"));
        assertEquals(engine.moves("33344456"), engine.moves("33344456", ""));
    }

    @Test
    void solveGivesEveryWinningMoveAndASeatedLine() {
        Solution s = engine.solve("3558TJJ2X/67TTKAA 0 88@1");
        assertEquals("win", s.verdict());
        assertEquals("landlord", s.winner());
        assertEquals(List.of("JJ"), s.winningMoves());
        assertEquals(new Play("farmer", "AA"), s.line().get(1));
        assertEquals(1244, s.nodes());
    }

    @Test
    void splitAndRules() {
        assertEquals(6, DdzEngine.of("standard", "winged_planes").split("345567TTJQQQQA22X").plays());
        assertEquals("3456789TJQKA2D", engine.cards("2 A K Q J 10 9 8 7 6 5 4 3 大王"));
    }

    @Test
    void analysisDoesNotDependOnThreadsAndKeepsGameOrder() {
        List<String> lines = new ArrayList<>();
        engine.match("greedy", "random", 3, 5, false, lines::add);
        List<GameRecord> games = new ArrayList<>();
        for (String line : lines) {
            games.add(GameRecords.read(line));
        }
        List<OpenHandAudit.GameAudit> one = engine.withThreads(1).analyze(games, 14, 200_000, null);
        int[] told = {0};
        List<OpenHandAudit.GameAudit> two = engine.withThreads(2).analyze(games, 14, 200_000, k -> told[0] = Math.max(told[0], k));
        assertEquals(games.size(), one.size());
        assertEquals(games.size(), told[0]);
        for (int i = 0; i < games.size(); i++) {
            assertEquals(games.get(i).game(), one.get(i).record().game());
            List<OpenHandAudit.Decision> a = one.get(i).decisions();
            List<OpenHandAudit.Decision> b = two.get(i).decisions();
            assertEquals(a.size(), b.size(), "game " + i);
            for (int k = 0; k < a.size(); k++) {
                assertEquals(a.get(k).verdict(), b.get(k).verdict(), "game " + i + " decision " + k);
                assertEquals(a.get(k).nodes(), b.get(k).nodes(), "game " + i + " decision " + k);
                assertTrue(java.util.Arrays.equals(a.get(k).winning(), b.get(k).winning()), "game " + i + " decision " + k);
            }
        }
        assertTrue(one.stream().anyMatch(a -> !a.decisions().isEmpty()), "some decision of 14 cards or fewer analysed");
    }

    @Test
    void coachSessionPlaysOnTheWorkspaceSolver() {
        Coach c = engine.workspace().coach(Position.parse("448999TJJQQAD/336688TAA22X 0", engine.rules()), true, 0);
        assertTrue(c.analysis().moverWins());
        assertEquals(c.playsToWin().plays(), engine.workspace().distance(engine.rules())
            .plays(c.position(), true, 0, 0).plays());
    }

    @Test
    void matchRecordsReadBackToThemselves() {
        List<String> lines = new ArrayList<>();
        MatchResult r = engine.withThreads(2).play("greedy", "rule", 20, 7, false, lines::add);
        assertEquals(40, r.games());
        assertEquals(40, lines.size());
        for (String line : lines) {
            assertEquals(line, engine.readRecord(line).json());
        }
    }

    @Test
    void recordFilesReadAsDdzReplayReadsThem(@TempDir Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        engine.play("greedy", "rule", 2, 3, false, lines::add);
        Path file = dir.resolve("games.jsonl");
        // a byte-order mark, a blank line and CRLF line ends, as an editor may leave them
        Files.writeString(file, "\uFEFF" + lines.get(0) + "\r\n\r\n" + String.join("\n", lines.subList(1, 4)) + "\n",
            StandardCharsets.UTF_8);
        List<ReplayedGame> games = engine.readRecords(file);
        assertEquals(4, games.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(lines.get(i), games.get(i).json());
        }
        Files.writeString(file, lines.get(0) + "\n\n{}\n", StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.readRecords(file));
        assertTrue(e.getMessage().startsWith(file + " line 3: "), e.getMessage());
        assertThrows(UncheckedIOException.class, () -> engine.readRecords(dir.resolve("missing.jsonl")));
        Path gz = dir.resolve("games.jsonl.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(lines.get(3), engine.readRecords(gz).get(3).json());
    }

    @Test
    void fixedWorldsAreReproducible() {
        DdzEngine fixed = engine.withWorlds(20).withThreads(2);
        String history = "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p";
        MoveChoice a = fixed.decide(1, "577AA22", history, 3);
        assertEquals(a, fixed.withThreads(1).decide(1, "577AA22", history, 3));
        assertEquals(20, a.worlds());
        assertTrue(a.candidates().stream().anyMatch(c -> c.move().equals(a.move())));
    }

    @Test
    void badInputIsOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.moves("33W"));
        assertEquals("unknown card 'W' at position 3 in \"33W\" (cards are 3-9 T J Q K A 2 X D)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> engine.play("bogus", "rule", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> engine.bid("33", 0, 1));
        assertThrows(IllegalArgumentException.class, () -> engine.readRecord("{}"));
        assertThrows(IllegalArgumentException.class, () -> engine.withThreads(0));
    }
}
