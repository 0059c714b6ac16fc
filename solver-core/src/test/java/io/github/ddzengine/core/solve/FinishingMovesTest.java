package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link FinishingMoves} against a direct scan of every lead: the cached list is the first
 * {@link FinishingMoves#SLOTS} leads (generation order) that leave one allowed combination.
 */
class FinishingMovesTest {

    @ParameterizedTest
    @EnumSource(Preset.class)
    void matchesScanOfLeads(Preset preset) {
        Rules rules = Rules.of(preset, preset == Preset.STANDARD ? Rules.parseBans("31,421") : 0);
        MoveGenerator gen = new MoveGenerator(rules);
        MoveTable table = rules.table();
        FinishingMoves finishing = new FinishingMoves(gen, io.github.ddzengine.core.split.MinHands.of(gen.rules()));
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] readings = new int[2];
        int[] found = new int[1];
        Property.forAll("finishing moves (" + preset + ")", 21_000 + preset.ordinal() * 1000L, 600, rnd -> {
            long hand = RandomHands.deal(rnd, 1 + rnd.nextInt(9));
            int n = gen.leads(hand, buf);
            int[] expected = new int[FinishingMoves.SLOTS];
            int e = 0;
            for (int i = 0; i < n && e < expected.length; i++) {
                long rest = hand - table.cards(buf[i]);
                int nr = rest == 0 ? 0 : table.classify(rest, readings);
                for (int r = 0; r < nr; r++) {
                    if (rules.allows(readings[r])) {
                        expected[e++] = buf[i];
                        break;
                    }
                }
            }
            for (int twice = 0; twice < 2; twice++) { // the second lookup is a cache hit
                int at = finishing.lookup(hand);
                int[] entries = finishing.entries();
                assertArrayEquals(Arrays.copyOf(expected, e), Arrays.copyOfRange(entries, at + 1, at + 1 + entries[at]),
                    io.github.ddzengine.core.cards.Notation.format(hand));
            }
            found[0] += e > 0 ? 1 : 0;
        });
        assertTrue(found[0] > 60, "only " + found[0] + " hands had finishing moves");
    }
}
