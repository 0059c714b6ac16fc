package io.github.ddzengine.mc.agents;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;

/**
 * The {@code rule} baseline of {@code agents.md}: RLCard's rule agent, the "RLCard" opponent of
 * DouZero's evaluation.
 *
 * <p><b>Lead.</b> The hand is split into groups ({@link #decompose}): the rocket, the bombs, the
 * trios (consecutive trio ranks within {@code 3..A} merged into one trio chain), the straights
 * (each maximal run of at least five consecutive ranks within {@code 3..A}, taken as often as its
 * rarest rank allows), then pairs and solos. The agent plays the first group, scanning the kinds
 * in the order rocket, bomb, trio, trio chain, straight, pair chain (never formed), pair, solo,
 * that holds the lowest card of the hand.
 *
 * <p><b>Follow.</b> Among the legal answers of exactly the type and length of the move to beat,
 * the one with the lowest main rank (ties between kickers: the lowest kicker cards). With none: a
 * farmer facing the other farmer's play passes; otherwise a uniformly random legal answer, pass
 * and bombs included.
 *
 * <p>Our choices where {@code agents.md} is silent: ties between answers as above; a lead group
 * whose type the rules ban is replaced by a random legal lead; bids by {@link BaselineBids}.
 * Allocates nothing per move.
 */
public final class RuleAgent implements Agent {
    /** Group kinds, in the order a lead scans them. */
    static final int ROCKET = 0;
    static final int BOMB = 1;
    static final int TRIO = 2;
    static final int TRIO_CHAIN = 3;
    static final int SOLO_CHAIN = 4;
    static final int PAIR_CHAIN = 5;
    static final int PAIR = 6;
    static final int SOLO = 7;
    static final String[] KIND_NAMES = {"rocket", "bomb", "trio", "trio_chain", "solo_chain", "pair_chain", "pair",
        "solo"};
    private static final MoveType[] KIND_TYPES = {MoveType.ROCKET, MoveType.BOMB, MoveType.TRIO, MoveType.TRIO_CHAIN,
        MoveType.SOLO_CHAIN, MoveType.PAIR_CHAIN, MoveType.PAIR, MoveType.SOLO};

    private final Rules rules;
    private final MoveTable table;
    private final MoveGenerator generator;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] readings = new int[2];
    private final SplitMix64 random;
    /** The groups of the last {@link #decompose}: kind and cards, in the order they were formed. */
    final int[] groupKind = new int[20];
    final long[] groupCards = new long[20];
    int groups;

    /** Whether a lead takes the last matching group (DouZero's port) rather than the first. */
    private final boolean douzeroLead;

    /** A rule agent for {@code rules} whose random fallback draws start from {@code seed}. */
    public RuleAgent(Rules rules, long seed) {
        this(rules, seed, false);
    }

    /**
     * A rule agent; with {@code douzeroLead} the lead takes the <em>last</em> group holding the
     * lowest card in the scan order, as DouZero's port of the agent
     * ({@code douzero/evaluation/rlcard_agent.py}, whose loop has no {@code break}) does. That
     * variant is the one behind the published self-play figure (landlord wins about 46%); the
     * default follows {@code agents.md} (the first group), which measures 49%.
     */
    public RuleAgent(Rules rules, long seed, boolean douzeroLead) {
        this.douzeroLead = douzeroLead;
        this.rules = rules;
        this.table = rules.table();
        this.generator = new MoveGenerator(rules);
        this.random = new SplitMix64(seed);
    }

    @Override
    public String name() {
        return douzeroLead ? "rule-douzero" : "rule";
    }

    @Override
    public int bid(BidRequest request) {
        return BaselineBids.bid(request);
    }

    @Override
    public int play(InformationSet info) {
        return choose(info.hand(), info.seat(), info.lastMove(), info.lastSeat());
    }

    /**
     * The move of {@code seat} holding {@code hand} against {@code last} played by {@code lastSeat}
     * ({@link MoveTable#PASS} and -1 on a lead).
     */
    int choose(long hand, int seat, int last, int lastSeat) {
        if (last == MoveTable.PASS) {
            int move = lead(hand);
            if (move != MoveTable.PASS) {
                return move;
            }
            int n = generator.leads(hand, moves);
            return moves[random.nextInt(n)];
        }
        int n = generator.answers(hand, last, moves);
        int type = table.typeOrdinal(last);
        int length = table.length(last);
        int best = -1;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (table.typeOrdinal(m) != type || table.length(m) != length) {
                continue;
            }
            if (best < 0 || table.mainRank(m) < table.mainRank(best)
                || (table.mainRank(m) == table.mainRank(best) && Long.compareUnsigned(table.cards(m), table.cards(best)) < 0)) {
                best = m;
            }
        }
        if (best >= 0) {
            return best;
        }
        if (seat != Seat.LANDLORD && lastSeat != Seat.LANDLORD && lastSeat != seat) {
            return MoveTable.PASS;
        }
        return moves[random.nextInt(n)];
    }

    /**
     * The lead of {@code agents.md}: the move of the first group (in kind order) holding the
     * lowest card, or {@link MoveTable#PASS} if the rules ban that group's type.
     */
    int lead(long hand) {
        decompose(hand);
        int lowest = Cards.lowestRank(hand);
        int found = -1;
        for (int kind = ROCKET; kind <= SOLO; kind++) {
            for (int g = 0; g < groups; g++) {
                if (groupKind[g] == kind && Cards.count(groupCards[g], lowest) > 0) {
                    if (!douzeroLead) {
                        return moveOf(kind, groupCards[g]);
                    }
                    found = g;
                }
            }
        }
        if (found >= 0) {
            return moveOf(groupKind[found], groupCards[found]);
        }
        throw new IllegalStateException("no group holds the lowest card of a hand");
    }

    /** The move id reading {@code cards} as a group of {@code kind}, or PASS if the rules ban it. */
    private int moveOf(int kind, long cards) {
        int k = table.classify(cards, readings);
        int want = KIND_TYPES[kind].ordinal();
        for (int i = 0; i < k; i++) {
            if (table.typeOrdinal(readings[i]) == want) {
                return rules.allows(readings[i]) ? readings[i] : MoveTable.PASS;
            }
        }
        throw new IllegalStateException("a " + KIND_NAMES[kind] + " group does not read as " + KIND_TYPES[kind]);
    }

    /**
     * Splits {@code hand} into the groups of {@code agents.md} (steps 1 to 6), filling
     * {@link #groupKind}, {@link #groupCards} and {@link #groups}.
     */
    void decompose(long hand) {
        groups = 0;
        long h = hand;
        // 1. rocket
        if ((h & Cards.ROCKET) == Cards.ROCKET) {
            add(ROCKET, Cards.ROCKET);
            h = Cards.remove(h, Cards.ROCKET);
        }
        // 2. bombs
        for (long fours = Cards.ranksAtLeast(h, 4); fours != 0; fours &= fours - 1) {
            long bomb = Cards.of(Cards.lowestRank(fours), 4);
            add(BOMB, bomb);
            h = Cards.remove(h, bomb);
        }
        // 3. trios; consecutive trio ranks within 3..A merge into one trio chain
        long trios = Cards.ranksAtLeast(h, 3);
        for (int r = 0; r < Rank.COUNT; r++) {
            if (Cards.count(trios, r) == 0) {
                continue;
            }
            int len = 1;
            while (r + len <= Rank.ACE && Cards.count(trios, r + len) != 0) {
                len++; // a 2 (rank 12) never joins: r + len stops at A
            }
            long cards = len >= 2 ? Cards.run(r, len, 3) : Cards.of(r, 3);
            add(len >= 2 ? TRIO_CHAIN : TRIO, cards);
            h = Cards.remove(h, cards);
            r += len - 1;
        }
        // 4. straights: each maximal run (ranks 3..A held at least once) of 5 or more, m times
        for (int r = 0; r <= Rank.ACE; r++) {
            if (Cards.count(h, r) == 0) {
                continue;
            }
            int len = 0;
            int m = 4;
            while (r + len <= Rank.ACE && Cards.count(h, r + len) != 0) {
                m = Math.min(m, Cards.count(h, r + len));
                len++;
            }
            if (len >= 5) {
                long straight = Cards.run(r, len, 1);
                for (int k = 0; k < m; k++) {
                    add(SOLO_CHAIN, straight);
                }
                h = Cards.remove(h, Cards.run(r, len, m));
            }
            r += len - 1;
        }
        // 5. (pair chains: none can remain after step 4)
        // 6. pairs and solos
        for (int r = 0; r < Rank.COUNT; r++) {
            int c = Cards.count(h, r);
            if (c == 2) {
                add(PAIR, Cards.of(r, 2));
            } else if (c == 1) {
                add(SOLO, Cards.of(r, 1));
            }
        }
    }

    private void add(int kind, long cards) {
        groupKind[groups] = kind;
        groupCards[groups] = cards;
        groups++;
    }

    @Override
    public Agent copy() {
        return new RuleAgent(rules, 0, douzeroLead);
    }

    @Override
    public void startGame(long seed) {
        random.reseed(seed);
    }
}
