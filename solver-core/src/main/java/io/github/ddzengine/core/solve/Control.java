package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveFamily;
import io.github.ddzengine.core.rules.MoveTable;

/**
 * Control: whether anybody on the other side can beat a move (if nobody can, the mover leads
 * again). {@link #prepare} reads the opponents' hands once a node; {@link #opponentsBeat} then
 * answers plain solos, pairs and trios, bombs and the rocket from a few ranks and asks the move
 * generator only about the rest. Allocation-free.
 */
final class Control {
    private final SearchContext ctx;
    private final MoveTable table;
    private final MoveGenerator generator;
    /**
     * By move id, filled as moves are asked (a fresh solver's small solve asks about a few): 0 not
     * known yet, else 1 + k, where k (1..3) for a solo, pair or trio without kickers whose family
     * the rules allow (beaten, bombs aside, by exactly the hands holding k cards of a higher rank),
     * else 0.
     */
    private final byte[] plainMultiplicity;
    private final MoveFamily[] families;
    private final int banMask;
    /** After {@link #prepare}: by k in 1..3, the highest rank an opponent holds k times, -1 if none. */
    private final int[] opponentTop = new int[4];
    /** After {@link #prepare}: whether an opponent holds a bomb or the rocket. */
    private boolean opponentBomb;

    Control(SearchContext ctx) {
        this.ctx = ctx;
        this.table = ctx.table;
        this.generator = ctx.generator;
        this.families = table.families();
        this.banMask = ctx.rules.banMask();
        this.plainMultiplicity = new byte[table.size()];
    }

    /** The k of {@link #plainMultiplicity} for {@code id} (not a pass), computed at its first call. */
    private int plain(int id) {
        int p = plainMultiplicity[id];
        if (p == 0) {
            p = 1;
            int lf = table.lastFamily(id);
            if (lf >= 0 && !table.isBomb(id)) {
                MoveFamily f = families[lf];
                if (f.length == 1 && f.multiplicity <= 3 && f.wingKind == MoveFamily.WINGS_NONE
                    && (banMask & f.type.bit()) == 0 && f.keyIsStart) {
                    p = 1 + f.multiplicity;
                }
            }
            plainMultiplicity[id] = (byte) p;
        }
        return p - 1;
    }

    /**
     * Prepares {@link #opponentsBeat} for the mover's opponents at {@code ply}: whether one holds
     * a bomb or the rocket (then no other move keeps the lead), and the top ranks they hold.
     *
     * @return whether a seat of the other side holds a bomb or the rocket
     */
    boolean prepare(int ply, int mover) {
        long a = mover == 0 ? ctx.hand(ply, 1) : ctx.hand(ply, 0);
        long b = mover == 0 && ctx.seats == 3 ? ctx.hand(ply, 2) : 0L;
        opponentBomb = Cards.hasBombOrRocket(a) || Cards.hasBombOrRocket(b);
        for (int k = 1; k <= 3; k++) {
            long ranks = Cards.ranksAtLeast(a, k) | Cards.ranksAtLeast(b, k);
            opponentTop[k] = ranks == 0 ? -1 : Cards.highestRank(ranks);
        }
        return opponentBomb;
    }

    /** Whether {@code move} (not a pass) is one whose answer depends only on its class, when no opponent holds a bomb. */
    boolean isPlain(int move) {
        return plain(move) > 0;
    }

    /**
     * {@link #opponentsCanBeat} after {@link #prepare} for the same ply and mover: a plain solo,
     * pair or trio is beaten exactly when an opponent holds a bomb, the rocket or that many cards
     * of a higher rank; a bomb or the rocket only by a higher bomb or the rocket; other moves are
     * asked of the move generator.
     */
    boolean opponentsBeat(int ply, int mover, int move) {
        if (opponentBomb) {
            return !table.isBombOrRocket(move) || opponentsCanBeat(ply, mover, move);
        }
        int plain = plain(move);
        if (plain > 0) {
            return opponentTop[plain] > table.lastKey(move);
        }
        if (table.isBombOrRocket(move)) {
            return false;
        }
        return opponentsCanBeat(ply, mover, move);
    }

    /** Whether a seat of the other side holds, at {@code ply}, a move that beats {@code move}. */
    boolean opponentsCanBeat(int ply, int mover, int move) {
        if (mover == 0) {
            return generator.canBeat(ctx.hand(ply, 1), move)
                || (ctx.seats == 3 && generator.canBeat(ctx.hand(ply, 2), move));
        }
        return generator.canBeat(ctx.hand(ply, 0), move);
    }
}
