package io.github.ddzengine.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.DistanceToWin;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.engine.Coach;

/** The coach: its API played out, and the dialogue driven through a pipe. */
class CoachTest {
    private static final String LEVEL_50 = "448999TJJQQAD/336688TAA22X 0";
    /** V5: the landlord, to lead, loses whatever it plays. */
    private static final String LOST = "45577TTKK2/8AA 0";

    private static Coach coach(String position, boolean landlord) {
        Position p = Position.parse(position, Rules.STANDARD);
        return new Coach(new Solver(Rules.STANDARD, 16), new io.github.ddzengine.core.movegen.MoveGenerator(Rules.STANDARD), p,
            landlord, 0);
    }

    /** Plays the person's side with its first winning move (or first legal move) to the end. */
    private static void playOut(Coach c, boolean winning) {
        while (!c.isOver()) {
            if (!c.personToMove()) {
                c.reply();
                continue;
            }
            Coach.Analysis a = c.analysis();
            assertEquals(winning, a.moverWins(), a.position().toString());
            int move = winning ? a.winning()[0] : c.legalMoves()[0];
            Coach.Step s = c.play(move);
            assertEquals(winning, s.sideWinsAfter(), s.toString());
            assertFalse(s.isBlunder());
        }
        assertEquals(winning, c.landlordWon() == c.personIsLandlord());
    }

    @Test
    void playingTheWinningMovesOfLevel50WinsAndUndoGoesBack() {
        Coach c = coach(LEVEL_50, true);
        assertTrue(c.personToMove());
        assertEquals("8", Rules.STANDARD.table().format(c.analysis().winning()[0]));
        Coach.Step blunder = c.play(Rules.STANDARD.table().parseMove("4"));
        assertTrue(blunder.isBlunder());
        c.reply();
        assertFalse(c.analysis().moverWins());
        assertTrue(c.undo());
        assertEquals(LEVEL_50, c.position().toString());
        assertTrue(c.steps().isEmpty());
        assertFalse(c.undo());
        playOut(c, true);
        assertTrue(c.steps().size() > 5);
    }

    @Test
    void aLostPuzzleStaysLostAndTheEngineWinsFromEitherSide() {
        playOut(coach(LOST, true), false);
        // the person as the farmer: the engine (landlord) moves first, loses, resists; the person wins
        Coach farmer = coach(LOST, false);
        assertFalse(farmer.personToMove());
        playOut(farmer, true);
        assertThrows(IllegalStateException.class, farmer::analysis);
    }

    /**
     * The person plays a fastest winning move every time; the engine defends: the game then lasts
     * exactly the plays to win of the start, which only the most stubborn defence achieves, and
     * every engine move is the first in display order after which the person needs the most plays.
     */
    private static void fastestAgainstStubborn(String position, boolean landlord, int expectedPlays) {
        Coach c = coach(position, landlord);
        DistanceToWin check = new Solver(Rules.STANDARD, 4).distance();
        assertEquals(expectedPlays, c.playsToWin().plays());
        int plays = 0;
        while (!c.isOver()) {
            Position p = c.position();
            if (!c.personToMove()) {
                // the engine loses: its move must keep the person's distance, the first to do so in display order
                int before = check.plays(p, landlord, 0, 0).plays();
                int expected = -1;
                for (int m : c.legalMoves()) {
                    Position after = Coach.after(p, m);
                    if (after != null && check.plays(after, landlord, 0, 0).plays() == before) {
                        expected = m;
                        break;
                    }
                }
                Coach.Step s = c.reply();
                assertEquals(Rules.STANDARD.table().format(expected), Rules.STANDARD.table().format(s.move()),
                    p.toString());
                continue;
            }
            int[] winning = c.analysis().winning();
            int[] wp = c.winningPlays();
            assertNotNull(wp, p.toString());
            int best = 0;
            for (int i = 1; i < wp.length; i++) {
                if (wp[i] < wp[best]) {
                    best = i;
                }
            }
            assertEquals(c.playsToWin().plays(), wp[best], p.toString());
            if (winning[best] != 0) {
                plays++;
            }
            c.play(winning[best]);
        }
        assertEquals(landlord, c.landlordWon());
        assertEquals(expectedPlays, plays);
    }

    @Test
    void theEngineDefendsMostStubbornlyAgainstTheFastestWin() {
        fastestAgainstStubborn(LOST, false, 3); // the person is the farmer, who wins
        fastestAgainstStubborn(LEVEL_50, true, 11);
    }

    @Test
    void theEngineWinsFastest() {
        // the person (landlord) is lost; the engine (farmer) needs 3 plays against the best defence
        Coach c = coach(LOST, true);
        DistanceToWin.Result d = c.playsToWin();
        assertTrue(d.wins());
        assertEquals(3, d.plays());
        int enginePlays = 0;
        while (!c.isOver()) {
            if (c.personToMove()) {
                c.play(c.legalMoves()[0]);
            } else if (c.reply().move() != 0) {
                enginePlays++;
            }
        }
        assertFalse(c.landlordWon());
        assertTrue(enginePlays <= 3, "the engine took " + enginePlays + " plays");
    }

    @Test
    void illegalMovesAreRefusedWithAReason() {
        Coach c = coach(LOST, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> c.play(Rules.STANDARD.table().parseMove("8")));
        assertEquals("the hand 45577TTKK2 does not hold 8", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.play(0)); // a pass on a lead
    }

    @Test
    void aScriptThroughAPipeOnLevel50FindsTheBlunderTakesItBackAndWins() {
        CliRun r = CliRun.withInput("4\nundo\n8\nhint\nmoves\nnonsense\nquit\n", "coach", "--tt-mb=16");
        List<String> out = r.assertSuccess();
        assertEquals("Coach: you play the landlord, the engine the farmer. Type a move (8, 99, 10 J Q K A, pass), "
            + "hint, moves, undo or quit.", out.get(0));
        assertEquals("Position 448999TJJQQAD/336688TAA22X 0, rules standard", out.get(1));
        assertEquals("You are winning: winning moves (all 1): 8 (11 plays)", out.get(4));
        assertEquals("landlord> 4", out.get(5));
        assertEquals("You played 4: that loses; the winning moves were: 8", out.get(6));
        // the engine, now winning, plays its fastest win: 7 plays against the most stubborn defence
        assertEquals("farmer (engine) plays A", out.get(7));
        assertTrue(out.contains("You are losing: every move loses against best play; against your most stubborn "
            + "defence the engine needs 7 plays."), r.out());
        int undo = out.indexOf("landlord> undo");
        assertEquals("Taken back.", out.get(undo + 1));
        assertEquals("  landlord  448999TJJQQAD (13 cards), to lead", out.get(undo + 2));
        assertEquals("You played 8: still winning.", out.get(undo + 6));
        assertTrue(out.get(undo + 7).startsWith("farmer (engine) plays "), out.get(undo + 7));
        assertTrue(out.stream().anyMatch(l -> l.startsWith("Legal moves: ")), r.out());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("Not a move: ")), r.out());
        assertEquals("landlord> quit", out.get(out.size() - 1));
    }

    @Test
    void aScriptPlaysALostPuzzleOutInChineseThroughSolveDashI() {
        // the landlord plays its first legal moves; the farmer (the engine) wins
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            script.append("4\n5\n55\n7\n77\nT\nTT\nK\nKK\n2\npass\n");
        }
        CliRun r = CliRun.withInput(script.toString(), "solve", "-i", LOST, "--side", "地主", "--lang", "zh", "--tt-mb=16");
        List<String> out = r.assertSuccess();
        assertEquals("教练：你执地主，引擎执农民。输入出牌（8、99、10 J Q K A、不出），或 提示、出法、悔棋、退出。", out.get(0));
        assertEquals("你必输：对方应对正确时怎么出都输；你最顽强地抵抗，引擎也只需 3 手。", out.get(4));
        assertTrue(out.contains("农民胜：引擎赢了。输入 悔棋 可以退回，或 退出。"), r.out());
        assertFalse(out.stream().anyMatch(l -> l.contains("仍然必胜")), r.out());
        assertNotNull(out.get(out.size() - 1));
    }

    /** Issue 39: the queen typed as {@code Q} or {@code q} is a move, never a command that ends the session. */
    @Test
    void theQueenIsAMoveNotQuitInEitherLanguage() {
        for (String q : new String[] {"Q", "q"}) {
            CliRun r = CliRun.withInput(q + "\nquit\n", "coach", "4QQ/8 0", "--tt-mb=16");
            List<String> out = r.assertSuccess();
            assertTrue(out.contains("landlord> " + q), r.out());
            assertTrue(out.stream().anyMatch(l -> l.startsWith("You played Q: ")), r.out());
            assertEquals("landlord> quit", out.get(out.size() - 1), r.out());
            CliRun zh = CliRun.withInput(q + "\n退出\n", "coach", "4QQ/8 0", "--lang", "zh", "--tt-mb=16");
            List<String> outZh = zh.assertSuccess();
            assertTrue(outZh.stream().anyMatch(l -> l.startsWith("你出 Q")), zh.out());
            assertTrue(outZh.get(outZh.size() - 1).endsWith("> 退出"), zh.out());
        }
    }

    /** Issue 39, defect 6: a huge line is refused whole (no echo of it, no memory for it); escapes are not echoed raw. */
    @Test
    void aHugeLineIsRefusedInOneLineAndEscapesAreNotEchoed() {
        String huge = "8".repeat(300_000);
        CliRun r = CliRun.withInput(huge + "\n\u001b[31mhint\nquit\n", "coach", "4QQ/8 0", "--tt-mb=16");
        List<String> out = r.assertSuccess();
        assertTrue(out.contains("landlord> (a line of more than 1000 characters)"), r.out());
        assertTrue(out.contains("Not a move: the line is longer than 1000 characters"), r.out());
        assertTrue(r.out().length() < 5_000, "output of " + r.out().length() + " characters");
        assertTrue(out.contains("landlord> ?[31mhint"), r.out());
        assertFalse(r.out().contains("\u001b"), "a raw escape was echoed");
        assertEquals("landlord> quit", out.get(out.size() - 1));
    }

    @Test
    void aWrongSideIsAOneLineError() {
        CliRun.of("coach", "--side", "banker").assertUsageError("side", "--side banker: write landlord or farmers");
        CliRun.of("solve", "--side", "landlord").assertUsageError("side without -i", "--side is for -i");
    }
}
