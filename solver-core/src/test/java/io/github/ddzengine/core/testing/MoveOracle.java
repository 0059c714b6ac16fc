package io.github.ddzengine.core.testing;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/** The brute-force oracle of move generation: the whole move table filtered by containment, bans and {@code beats}. */
public final class MoveOracle {
    private MoveOracle() {
    }

    /**
     * Every id of the rules' table that the hand holds, the rules allow and that beats {@code last}
     * (any move when {@code last} is a pass), plus pass when following; sorted ascending.
     */
    public static int[] legalMoves(Rules rules, long hand, int last) {
        MoveTable t = rules.table();
        int[] out = new int[t.size() + 1];
        int n = 0;
        for (int id = 1; id < t.size(); id++) {
            if (rules.allows(id) && Cards.contains(hand, t.cards(id)) && t.beats(id, last)) {
                out[n++] = id;
            }
        }
        if (last != MoveTable.PASS) {
            out[n++] = MoveTable.PASS;
        }
        int[] r = Arrays.copyOf(out, n);
        Arrays.sort(r);
        return r;
    }

    /** The first {@code n} ids of {@code buf}, sorted ascending (a copy). */
    public static int[] sorted(int[] buf, int n) {
        int[] r = Arrays.copyOf(buf, n);
        Arrays.sort(r);
        return r;
    }
}
