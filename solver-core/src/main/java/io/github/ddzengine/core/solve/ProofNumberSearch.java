package io.github.ddzengine.core.solve;

import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;

/**
 * Proof-number search (df-pn: Nagai, "Df-pn algorithm for searching AND/OR trees and its
 * applications", 2002) in negamax form, for the positions too large for alpha-beta's order: on
 * the same normal form, starting from everything the alpha-beta tables hold, with positions of
 * at most {@link #leafCards} cards solved exactly by {@link AlphaBeta} as leaves. A child's
 * thresholds use the 1+&epsilon; trick (Pawlewicz and Lew, "Improving depth-first PN-search:
 * 1+&epsilon; trick", 2007) with &epsilon; = 1/4. Children not searched yet start at proof
 * number 1 + their place in the move order ({@link MoveOrdering}) and disproof number 1, so the
 * search follows the alpha-beta order until the numbers say otherwise; a child is looked up in
 * the tables only when the search enters it, not at each expansion of its parent (those lookups,
 * a hundred at a 20-card lead, were most of the search's time). A node's ordered moves and its
 * children's numbers are kept between visits in an {@link ExpansionCache}. Proven and disproven
 * positions also go to the alpha-beta tables.
 */
final class ProofNumberSearch {
    /** Proof table of 2^16 entries (2.75 MiB): larger measured no better (docs/solver.md). */
    private static final int TABLE_BITS = 16;
    /** Expansion cache of 2^13 slots (12.3 MiB). */
    private static final int EXPANSION_BITS = 13;
    private static final int INFINITE = ProofTable.INFINITE;

    private final SearchContext ctx;
    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final NormalFormKey key;
    private final MoveOrdering ordering;
    private final OpponentOuts opponentOuts;
    private final AlphaBeta alphaBeta;
    private final int[][] childProofs = new int[SearchContext.MAX_PLY][];
    private final int[][] childDisproofs = new int[SearchContext.MAX_PLY][];
    /** Positions of at most this many cards in all are leaves. */
    int leafCards = Solver.PROOF_LEAF_CARDS;
    /** The proof table, made at the first search. */
    private ProofTable proofs;
    /** The expanded nodes' moves and numbers between visits, made with {@link #proofs}. */
    private ExpansionCache expansions;
    /** Results of {@link #search} and {@link #searchChild}. */
    private int proofNumber;
    private int disproofNumber;
    /** What the next seat faces after {@link #enterChild}: the last move and its seat. */
    private int childLast;
    private int childLastSeat;

    ProofNumberSearch(SearchContext ctx, NormalFormKey key, MoveOrdering ordering, OpponentOuts opponentOuts,
                      AlphaBeta alphaBeta) {
        this.ctx = ctx;
        this.rules = ctx.rules;
        this.table = ctx.table;
        this.generator = ctx.generator;
        this.key = key;
        this.ordering = ordering;
        this.opponentOuts = opponentOuts;
        this.alphaBeta = alphaBeta;
    }

    /** Empties the proof table, for a new solve. */
    void clear() {
        if (proofs != null) {
            proofs.clear();
            expansions.clear();
        }
    }

    /** Whether the mover's side wins the position at {@code ply}, searched to the end. */
    boolean solve(int ply, int mover, int last, int lastSeat) {
        if (proofs == null) {
            proofs = new ProofTable(TABLE_BITS);
            expansions = new ExpansionCache(EXPANSION_BITS);
        }
        search(ply, mover, last, lastSeat, INFINITE, INFINITE);
        return proofNumber == 0;
    }

    /**
     * Searches the position at {@code ply} until its numbers for the mover's side (in
     * {@link #proofNumber} and {@link #disproofNumber}: 0 and {@link #INFINITE} when it wins, the
     * reverse when it loses) reach one of the thresholds.
     */
    private void search(int ply, int mover, int last, int lastSeat, int thProof, int thDisproof) {
        SearchContext c = ctx;
        // 1. small positions are leaves, solved by alpha-beta
        if (c.totalCards(ply) <= leafCards) {
            setProved(alphaBeta.search(ply, mover, last, lastSeat));
            return;
        }
        c.countNode();
        long startNodes = c.nodes;
        long hand = c.hand(ply, mover);
        // 2. a forced pass, and a quick win, as in alpha-beta
        if (last != MoveTable.PASS && !generator.canBeat(hand, last)) {
            searchChild(ply, mover, last, lastSeat, MoveTable.PASS, thProof, thDisproof);
            return;
        }
        int[] readings = c.readings;
        int nr = table.classify(hand, readings);
        for (int i = 0; i < nr; i++) {
            if (rules.allows(readings[i]) && table.beats(readings[i], last)) {
                setProved(true);
                return;
            }
        }
        // 3. the proof table, else the exact tables
        int k = key.compute(ply, mover, last, lastSeat);
        long k0 = key.k0;
        long k1 = key.k1;
        long k2 = key.k2;
        TranspositionTable exact = c.exact(last);
        int entry = proofs.find(k0, k1, k2, k);
        if (entry >= 0) {
            int p = proofs.proof(entry);
            int d = proofs.disproof(entry);
            if (p >= thProof || d >= thDisproof) {
                proofNumber = p;
                disproofNumber = d;
                return;
            }
        } else {
            int stored = exact.probe(k0, k1, k2, k);
            if (stored >= 0) {
                setProved(stored == 1);
                return;
            }
        }
        // 4. the moves: opponent-out pruning, ordering and its quick wins; or as the last visit left them
        int[] moves = c.moves(ply);
        int[] proofsOf = childProofs[ply];
        if (proofsOf == null) {
            proofsOf = new int[MoveGenerator.MAX_MOVES];
            childProofs[ply] = proofsOf;
            childDisproofs[ply] = new int[MoveGenerator.MAX_MOVES];
        }
        int[] disproofsOf = childDisproofs[ply];
        long h0 = c.hand(ply, 0);
        long h1 = c.hand(ply, 1);
        long h2 = c.seats == 3 ? c.hand(ply, 2) : 0;
        int n = expansions.load(h0, h1, h2, mover, last, lastSeat, moves, proofsOf, disproofsOf);
        if (n < 0) {
            int generated = generator.answers(hand, last, moves);
            n = opponentOuts.drop(ply, mover, moves, generated, last, lastSeat);
            if (n == 0 || (generated > 1 && ordering.order(ply, mover, last, moves, n) >= 0)) {
                setProved(n > 0);
                proofs.store(k0, k1, k2, k, proofNumber, disproofNumber, 1);
                exact.store(k0, k1, k2, k, n > 0, 1);
                return;
            }
            // 5. the children's numbers in the mover's side's terms (proof = cost to show the child
            //    good for it), not looked up: 1 + the move's place for the proof number, 1 for the
            //    disproof number; a child's own entry is read when the search enters it
            for (int i = 0; i < n; i++) {
                proofsOf[i] = 1 + i;
                disproofsOf[i] = 1;
            }
        }
        // 6. expand the most proving child until a threshold is reached
        while (true) {
            int best = 0;
            int min = INFINITE + 1;
            int second = INFINITE;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                int p = proofsOf[i];
                if (p < min) {
                    second = min;
                    min = p;
                    best = i;
                } else if (p < second) {
                    second = p;
                }
                sum += disproofsOf[i];
            }
            int proof = min;
            int disproof = proof == 0 ? INFINITE : (int) Math.min(sum, INFINITE - 1);
            if (proof >= thProof || disproof >= thDisproof) {
                proofs.store(k0, k1, k2, k, proof, disproof, c.nodes - startNodes);
                if (proof == 0 || disproof == 0) {
                    exact.store(k0, k1, k2, k, proof == 0, c.nodes - startNodes);
                } else {
                    expansions.store(h0, h1, h2, mover, last, lastSeat, moves, proofsOf, disproofsOf, n);
                }
                proofNumber = proof;
                disproofNumber = disproof;
                return;
            }
            // capped by thProof (at most INFINITE) alone, so always above the best child's proof
            // number: a cap of INFINITE - 1 met a best child whose number is a clamped sum
            // (INFINITE - 1) with a threshold it already reaches, and this loop never ended
            int childProof = (int) Math.min(thProof, second + 1L + second / 4);
            int childDisproof = (int) Math.min(INFINITE, (long) thDisproof - disproof + disproofsOf[best]);
            searchChild(ply, mover, last, lastSeat, moves[best], childProof, childDisproof);
            proofsOf[best] = proofNumber;
            disproofsOf[best] = disproofNumber;
        }
    }

    private void setProved(boolean win) {
        proofNumber = win ? 0 : INFINITE;
        disproofNumber = win ? INFINITE : 0;
    }

    /**
     * Plays {@code move} and searches the child; thresholds and the numbers left in
     * {@link #proofNumber} and {@link #disproofNumber} are in the mover's side's terms.
     */
    private void searchChild(int ply, int mover, int last, int lastSeat, int move, int thProof, int thDisproof) {
        if (!enterChild(ply, mover, last, lastSeat, move)) {
            setProved(true);
            return;
        }
        int next = (mover + 1) % ctx.seats;
        if (SearchContext.sameSide(mover, next)) {
            search(ply + 1, next, childLast, childLastSeat, thProof, thDisproof);
        } else {
            search(ply + 1, next, childLast, childLastSeat, thDisproof, thProof);
            int p = proofNumber;
            proofNumber = disproofNumber;
            disproofNumber = p;
        }
    }

    /**
     * Plays {@code move} into ply {@code ply + 1} and sets {@link #childLast} and
     * {@link #childLastSeat} to what the next seat faces.
     *
     * @return false, writing nothing, if the move empties the mover's hand (the mover's side wins)
     */
    private boolean enterChild(int ply, int mover, int last, int lastSeat, int move) {
        int next = (mover + 1) % ctx.seats;
        if (move == MoveTable.PASS) {
            ctx.copy(ply, ply + 1);
            childLast = Trick.lastAfterPass(next, last, lastSeat);
            childLastSeat = Trick.lastSeatAfterPass(next, lastSeat);
            return true;
        }
        long cards = table.cards(move);
        long hand = ctx.hand(ply, mover);
        if (cards == hand) {
            return false;
        }
        ctx.play(ply, ply + 1, mover, hand - cards);
        childLast = move;
        childLastSeat = mover;
        return true;
    }
}
