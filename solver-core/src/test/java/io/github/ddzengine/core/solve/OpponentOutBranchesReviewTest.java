package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hand-built positions for each branch of {@code Solver.dropOpponentOuts} (two seats; three seats
 * with the landlord, landlord_down or landlord_up to move; moves and passes; the lead coming back
 * after passes; bombs, the rocket and two-step finishes; DOUZERO's plane quirks; bans): the moves
 * named as dropped must be dropped (the branch is reached), and the verdict, the complete set of
 * winning moves and every dropped move must agree with plain memoised minimax.
 */
class OpponentOutBranchesReviewTest {

    @ParameterizedTest(name = "{0} [{1}] {2}")
    @CsvSource(delimiter = ';', value = {
        // two seats: the farmer's hand is one combination that beats the landlord's pair
        "STANDARD;;3344/55 0;33,44",
        // two seats, two steps: 2 then 55 (the landlord cannot beat the 2), or 55 then 2
        "STANDARD;;346/255 0;3,4,6",
        // the landlord holds X: the 2 is no threat any more, the 55 beats no solo
        "STANDARD;;34X/255 0;",
        // two seats, a pass gives the farmer the lead
        "STANDARD;;34/55 0 6@1;pass",
        // two seats, two-step finish by a bomb then a pair; a rocket beats the bomb
        "STANDARD;;346/555577 0;3,4,6",
        "STANDARD;;34XD/555577 0;",
        // three seats, landlord moves: seat 1 goes out over it; seat 2 after seat 1 passes
        "STANDARD;;3344/55/789 0;33,44",
        "STANDARD;;3344/789/55 0;33,44",
        // landlord passes after seat 1's move: seat 1 leads
        "STANDARD;;33448/55/789 0 6@1;pass",
        // landlord passes after seat 2's move: seat 2 leads 9 then 7 (seat 1 passes twice)
        "STANDARD;;33448/55/79 0 6@2;pass",
        // landlord passes after seat 2's move: seat 1 beats it with its last pair
        "STANDARD;;33KK/77/58 0 66@2;pass",
        // landlord_up leads into the landlord's pair; passes the landlord's move; passes its partner's
        "STANDARD;;55/789/3344 2;33,44",
        "STANDARD;;55/789/346 2 4@0;pass",
        "STANDARD;;66/789/3477 2 55@1;pass",
        // landlord_down: the partner cannot beat, so the landlord answers; the partner can, so no drop
        "STANDARD;;66/3344/789 1;33,44",
        "STANDARD;;66/3344/77 1;",
        // landlord_down passes the landlord's move: the partner cannot beat it, the lead returns
        "STANDARD;;66/8TJ/34 1 5@0;pass",
        // landlord_down passes its partner's move: the partner leads and wins, nothing dropped
        "STANDARD;;66/3344/8 1 7@2;",
        // the landlord's last cards are the rocket: it beats anything unless the partner goes out first
        "STANDARD;;XD/3459/678 1;",
        "STANDARD;;XD/45/3 1;4,5",
        // a finishing bomb: the farmers' partner can beat it with a higher bomb
        "STANDARD;;555566/34/9999 1;",
        "STANDARD;;555566/47/3 1;4,7",
        // bombs as last moves and a rocket as the last move: forced passes only
        "STANDARD;;3333/44/55 1 2222@0;",
        "STANDARD;;3333/44/55 2 XD@1;",
        // four with two as two solos in a hand, winged planes whose wings hold a chain rank's neighbour
        "STANDARD;;6666/33334/78 1;",
        "STANDARD;;JJJJ77/345/9 2 8@1;pass",
        "STANDARD;;33344456/TT/9 1 55@2;",
        // the same under bans: four_two_solo banned, so JJJJ77 is no one combination (JJJJ is a finishing bomb)
        "STANDARD;421;JJJJ77/345/9 2 8@1;pass",
        "STANDARD;421;JJJJ78/345/9 2 8@1;",
        // trio_pair banned: 99955 is not one combination any more
        "STANDARD;32;99955/3/4 1;",
        "STANDARD;;99955/3/4 1;",
        // DOUZERO: the 4-trio plane with a trio in its wings can only be bombed once played
        "DOUZERO;;XD/44445/89 1 555666777888999T@0;",
        "DOUZERO;;3334445556667/999TTTJJJQQQ 0;333444555666:trio_chain_4,333444555666:trio_solo_chain_3",
        "STANDARD;;3334445556667/999TTTJJJQQQ 0;333444555666:trio_chain_4,333444555666:trio_solo_chain_3",
        // jokers with a four: a finishing rocket or bomb (RLCARD: 2222XD is no combination)
        "RLCARD;;2222XD/45/3 1;4,5",
        "STANDARD;;2222XD/45/3 1;4,5",
        // BOTZONE: wings of different ranks; shuttles; four_two_solo never with a pair as kickers
        "BOTZONE;;333344/57/6 1;7",
        "STANDARD;;333344/57/6 1;7",
        "BOTZONE;;33334444/5/6 2;",
        "BOTZONE;;3333444456/79/8 1;9",
    })
    void branch(String presetName, String bans, String text, String dropped) {
        Rules rules = Rules.of(Preset.valueOf(presetName), Rules.parseBans(bans));
        Position p = Position.parse(text, rules);
        MoveTable table = rules.table();
        MoveGenerator gen = new MoveGenerator(rules);
        Solver solver = new Solver(rules, 1);
        MemoMinimax oracle = new MemoMinimax(gen);
        int seats = p.seats();
        long[] hands = new long[3];
        for (int s = 0; s < seats; s++) {
            hands[s] = p.hand(s);
        }
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = gen.answers(p.hand(p.mover()), p.lastMove(), buf);
        int[] legal = Arrays.copyOf(buf, n);
        int[] kept = solver.movesKeptAfterOpponentOuts(p);
        int[] winners = new int[n];
        int w = 0;
        int k = 0;
        for (int m : legal) {
            boolean wins = oracle.playWins(hands, seats, p.mover(), p.lastMove(), p.lastSeat(), m);
            if (wins) {
                winners[w++] = m;
            }
            if (k < kept.length && kept[k] == m) {
                k++;
            } else {
                assertFalse(wins, text + ": dropped move " + table.format(m) + " wins by minimax");
            }
        }
        assertEquals(kept.length, k, text + ": kept moves are legal moves in order");
        if (dropped != null) {
            for (String d : dropped.split(",")) {
                int m = table.parseMove(d.trim());
                assertTrue(Arrays.stream(legal).anyMatch(x -> x == m), text + ": " + d + " is legal");
                assertFalse(Arrays.stream(kept).anyMatch(x -> x == m), text + ": " + d + " should be dropped");
            }
        }
        int[] expected = Arrays.copyOf(winners, w);
        Arrays.sort(expected);
        assertEquals(w > 0, solver.solve(p, false, 0, 0).moverWins(), text + ": verdict");
        int[] found = solver.solve(p, true, 0, 0).winningMoves().clone();
        Arrays.sort(found);
        assertArrayEquals(expected, found, text + ": winning moves");
    }
}
