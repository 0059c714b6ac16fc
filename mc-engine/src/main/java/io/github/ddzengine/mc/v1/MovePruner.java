package io.github.ddzengine.mc.v1;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * Thins a list of legal moves to one kicker choice per main part: of all the moves that share a
 * family and a main part (the trio of {@code 333x}, the plane of {@code 333444xy}, the four of
 * {@code 3333xy}) only the one with the cheapest kickers stays. A kicker is cheap when it is
 * <em>loose</em> (its rank is held exactly once for single wings, exactly twice for pair wings,
 * once the main part is taken away, so taking it breaks nothing) and low; breaking a pair, trio
 * or bomb, or spending a {@code 2} or a joker, costs more. Moves without kickers and the pass are
 * kept as they are.
 *
 * <p>A 20-card hand may have thousands of winged leads that differ only in their kickers; a
 * playout policy or a candidate list needs one of each. Keeps scratch state: one instance per
 * thread. Allocation-free after construction; the output keeps the input's relative order (moves
 * without kickers first in their original order, then the kept winged moves by family slot).
 */
final class MovePruner {
    private final MoveTable table;
    private final MoveFamily[] families;
    private final int[] slotId;
    private final int[] slotCost;
    private final int[] slotStamp;
    private final int[] used;
    private int stamp;

    /** A pruner for the moves of {@code table}. */
    public MovePruner(MoveTable table) {
        this.table = table;
        this.families = table.families();
        int slots = families.length * 16;
        this.slotId = new int[slots];
        this.slotCost = new int[slots];
        this.slotStamp = new int[slots];
        this.used = new int[slots];
    }

    /**
     * Prunes {@code moves[0 .. n-1]} in place.
     *
     * @param hand the hand the moves come from ({@link Cards} layout)
     * @return the new count; the kept moves are in {@code moves[0 .. count-1]}
     */
    public int prune(long hand, int[] moves, int n) {
        if (++stamp == 0) {
            java.util.Arrays.fill(slotStamp, 0);
            stamp = 1;
        }
        int kept = 0;
        int slots = 0;
        for (int i = 0; i < n; i++) {
            int id = moves[i];
            int f = table.family(id);
            if (f < 0 || families[f].wingKind == MoveFamily.WINGS_NONE) {
                moves[kept++] = id;
                continue;
            }
            MoveFamily fam = families[f];
            long main = Cards.run(table.mainRank(id), fam.length, fam.multiplicity);
            long cost = kickerCost(Cards.remove(hand, main), Cards.remove(table.cards(id), main), fam.wingKind);
            int slot = (f << 4) | table.mainRank(id);
            if (slotStamp[slot] != stamp) {
                slotStamp[slot] = stamp;
                slotId[slot] = id;
                slotCost[slot] = (int) cost;
                used[slots++] = slot;
            } else if (cost < slotCost[slot]) {
                slotId[slot] = id;
                slotCost[slot] = (int) cost;
            }
        }
        for (int s = 0; s < slots; s++) {
            moves[kept++] = slotId[used[s]];
        }
        return kept;
    }

    /**
     * Cost of taking {@code kickers} from {@code rest} (the hand without the main part): per
     * kicker rank, its rank (low is cheap) plus 32 if the rank is not loose (held more times than
     * the kicker takes), plus 64 for a {@code 2} or a joker.
     */
    static long kickerCost(long rest, long kickers, int wingKind) {
        long cost = 0;
        long ranks = Cards.ranksAtLeast(kickers, 1);
        while (ranks != 0) {
            int r = Long.numberOfTrailingZeros(ranks) >>> 2;
            ranks &= ranks - 1;
            int take = Cards.count(kickers, r);
            int held = Cards.count(rest, r);
            cost += r + (held != take ? 32 : 0) + (r >= 12 ? 64 : 0);
        }
        return cost;
    }
}
