package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.TestData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shared position (published puzzles, random two-player deals, random three-seat deals):
 * the verdict and the complete set of winning first moves must match exactly.
 */
class SharedPositionsTest {
    /** Positions with more cards than this in all (the two 17-against-17 deals) are left to the benchmark. */
    private static final int MAX_CARDS_IN_UNIT_TESTS = Integer.getInteger("ddz.solve.maxCards", 30);

    static Stream<Arguments> positions() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String file : new String[] {"positions/puzzles.jsonl", "positions/three-seat.jsonl",
            "positions/random-1v1.jsonl"}) {
            for (JsonNode line : TestData.jsonLines(file)) {
                out.add(Arguments.of(line.get("id").asText(), line));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("positions")
    void verdictAndWinningMovesMatch(String id, JsonNode line) {
        check(id, line, false);
    }

    /**
     * The same with the proof-number search layer taking over at once, down to positions of 12
     * cards (normally it starts only after a million alpha-beta nodes).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("positions")
    void verdictAndWinningMovesMatchByProofNumberSearch(String id, JsonNode line) {
        check(id, line, true);
    }

    private static void check(String id, JsonNode line, boolean proofNumberSearch) {
        StringBuilder banList = new StringBuilder();
        line.get("bans").forEach(b -> banList.append(b.asText()).append(','));
        int bans = Rules.parseBans(banList.toString());
        Rules rules = Rules.of(Preset.parse(line.get("rules").asText()), bans);
        Position p = Position.parse(line.get("position").asText(), rules);
        int cards = 0;
        for (int s = 0; s < p.seats(); s++) {
            cards += Cards.size(p.hand(s));
        }
        Assumptions.assumeTrue(cards <= MAX_CARDS_IN_UNIT_TESTS,
            id + " has " + cards + " cards: benchmark position");
        Solver s = new Solver(rules, 64);
        if (proofNumberSearch) {
            s.configureProofSearch(0, 12);
        }
        SolveResult r = s.solve(p, true, 0, 0);
        assertTrue(r.isKnown());
        assertEquals(line.get("mover_wins").asBoolean(), r.moverWins(), id + " verdict");
        JsonNode expected = line.get("winning_moves");
        if (expected != null && !expected.isNull()) {
            TreeSet<String> want = new TreeSet<>();
            expected.forEach(m -> want.add(Notation.format(Notation.parseCards(m.asText()))));
            TreeSet<String> got = new TreeSet<>();
            MoveTable t = rules.table();
            for (int m : r.winningMoves()) {
                got.add(m == MoveTable.PASS ? "pass" : Notation.format(t.cards(m)));
            }
            assertEquals(want, got, id + " winning moves");
        }
        // the principal variation is a legal game that ends with the winner emptying a hand
        assertTrue(r.line().length > 0, id + " line");
    }
}
