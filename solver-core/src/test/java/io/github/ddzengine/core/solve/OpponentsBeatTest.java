package io.github.ddzengine.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The solver's shortcut for "can the other side beat this move" (a solo, pair or trio is beaten
 * by a higher rank held as often, a bomb or the rocket; a bomb only by a higher bomb or the rocket)
 * agrees with the move generator's {@code canBeat} for every move id of the table, on random
 * positions of two and three seats, every mover, every preset, with and without bans (the bare
 * trio among them).
 */
class OpponentsBeatTest {

    private static void check(Rules rules, long seed) {
        Solver solver = new Solver(rules, 1);
        MoveTable table = rules.table();
        Property.forAll("prepared beat test agrees with canBeat (" + rules + ")", seed, 300, rnd -> {
            int seats = 2 + rnd.nextInt(2);
            long pool = Cards.DECK;
            long[] hands = new long[seats];
            for (int s = 0; s < seats; s++) {
                // small hands often, so that some seats hold no pair, trio or bomb
                hands[s] = RandomHands.dealFrom(rnd, pool, 1 + rnd.nextInt(rnd.nextBoolean() ? 6 : 17));
                pool -= hands[s];
            }
            Position p = Position.of(rules, hands, rnd.nextInt(seats), MoveTable.PASS, -1);
            int id = solver.firstBeatDisagreement(p);
            assertEquals(-1, id, () -> p + ": disagree on " + table.format(id));
        });
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void withoutBans(Preset preset) {
        check(Rules.of(preset), 61_000 + preset.ordinal());
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void withBans(Preset preset) {
        int bans = MoveType.TRIO.bit() | MoveType.TRIO_SOLO.bit() | MoveType.FOUR_TWO_SOLO.bit();
        check(Rules.of(preset, bans), 62_000 + preset.ordinal());
    }
}
