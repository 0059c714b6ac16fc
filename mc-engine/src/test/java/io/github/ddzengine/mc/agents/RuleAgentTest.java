package io.github.ddzengine.mc.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import org.junit.jupiter.api.Test;

/** The cases of {@code agents.md}, expectations worked out by hand. */
class RuleAgentTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final MoveTable TABLE = RULES.table();

    private static List<String> groups(String hand) {
        RuleAgent a = new RuleAgent(RULES, 1);
        a.decompose(Notation.parseCards(hand));
        List<String> out = new ArrayList<>();
        for (int g = 0; g < a.groups; g++) {
            out.add(RuleAgent.KIND_NAMES[a.groupKind[g]] + " " + Notation.format(a.groupCards[g]));
        }
        return out;
    }

    private static String lead(String hand) {
        return TABLE.format(new RuleAgent(RULES, 1).choose(Notation.parseCards(hand), 0, MoveTable.PASS, -1));
    }

    @Test
    void douzeroVariantLeadsTheLastGroupHoldingTheLowestCard() {
        // 334567: groups solo_chain 34567 and solo 3; agents.md takes the first in scan order,
        // DouZero's port (no break in its loop) the last
        long hand = Notation.parseCards("334567");
        assertEquals("34567", TABLE.format(new RuleAgent(RULES, 1).choose(hand, 0, MoveTable.PASS, -1)));
        RuleAgent douzero = new RuleAgent(RULES, 1, true);
        assertEquals("3", TABLE.format(douzero.choose(hand, 0, MoveTable.PASS, -1)));
        assertEquals("rule-douzero", douzero.name());
        assertEquals("rule-douzero", douzero.copy().name());
        // where one group holds the lowest card both agree
        assertEquals("333444555", TABLE.format(douzero.choose(Notation.parseCards("3334445556 9TTTXD2222"), 0,
            MoveTable.PASS, -1)));
    }

    private static String follow(String hand, int seat, String last, int lastSeat, long seed) {
        return TABLE.format(new RuleAgent(RULES, seed).choose(Notation.parseCards(hand), seat, TABLE.parseMove(last),
            lastSeat));
    }

    @Test
    void doubledRunGivesTheStraightTwice() {
        assertEquals(List.of("solo_chain 34567", "solo_chain 34567"), groups("3344556677"));
    }

    @Test
    void rocketBombsTrioChainTrioThenSolos() {
        assertEquals(List.of("rocket XD", "bomb 2222", "trio_chain 333444555", "trio TTT", "solo 6", "solo 9"),
            groups("3334445556 9TTTXD2222"));
        // lowest card 3: scanning rocket, bomb, trio, trio chain finds the trio chain
        assertEquals("333444555", lead("3334445556 9TTTXD2222"));
    }

    @Test
    void straightIsTakenOverTheWholeRunAndTheRestBecomesSolosAndPairs() {
        assertEquals(List.of("solo_chain 3456789TJQKA", "solo 3", "solo 8", "solo 9", "pair 22", "solo X"),
            groups("3345678899TJQKA22X"));
        // 3 is in the straight and in a solo: the straight comes first in the scan
        assertEquals("3456789TJQKA", lead("3345678899TJQKA22X"));
    }

    @Test
    void twosNeverJoinATrioChainAndShortRunsStayApart() {
        assertEquals(List.of("trio AAA", "trio 222", "solo 3", "solo 4"), groups("34AAA222"));
        assertEquals("3", lead("34AAA222"));
        assertEquals(List.of("solo_chain 89TJQ", "solo 3", "solo 4", "solo 5", "solo 6"), groups("345689TJQ"));
        assertEquals(List.of("bomb 3333", "solo 4"), groups("33334"));
        assertEquals("3333", lead("33334"));
        assertEquals(List.of("trio_chain 555666", "pair 77"), groups("55566677"));
        assertEquals("555666", lead("55566677"));
        assertEquals("77", lead("77KKK"));
    }

    @Test
    void followsWithTheLowestMoveOfTheSameTypeAndLength() {
        assertEquals("7", follow("3479K2", 1, "5", 0, 1));
        assertEquals("6789T", follow("6789TJ3", 2, "34567", 0, 1));
        // trio_solo: the lowest trio, then the lowest kicker
        assertEquals("5556", follow("55567888", 1, "3334", 0, 1));
        assertEquals("5555", follow("355559999", 0, "4444", 1, 1)); // the lowest higher bomb
    }

    @Test
    void farmerPassesOnTheOtherFarmersPlayItCannotMatch() {
        for (long seed = 0; seed < 20; seed++) {
            assertEquals("pass", follow("39999JQ", 2, "345678", 1, seed));
            assertEquals("pass", follow("39999JQ", 1, "345678", 2, seed));
        }
    }

    @Test
    void otherwiseARandomLegalMoveWithPassAndBombs() {
        Set<String> seen = new TreeSet<>();
        for (long seed = 0; seed < 60; seed++) {
            seen.add(follow("39999JQ", 2, "345678", 0, seed)); // against the landlord
            seen.add(follow("39999JQ", 0, "345678", 1, seed)); // the landlord against a farmer
        }
        assertEquals(Set.of("pass", "9999"), seen);
        seen.clear();
        for (long seed = 0; seed < 60; seed++) {
            seen.add(follow("3XD", 1, "22", 0, seed));
        }
        assertEquals(Set.of("pass", "XD"), seen);
        assertTrue(seen.size() > 1);
    }
}
