package io.github.ddzengine.mc.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.mc.History;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.Rng;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@code mc-v1} plays exactly as the Monte Carlo agent did when it was frozen: the ranked candidates,
 * win counts and mean scores of 150 fixed-worlds decisions on seeded self-play information sets (one
 * and two threads), the landlord win estimates of 12 bidding hands, and the bids and plays of a short
 * match with bidding against {@code rule}, against {@code mc-v1-golden.txt}.
 *
 * <p>That file was first written from {@code io.github.ddzengine.mc.MonteCarloAgent} at commit
 * a8c520c (the agent {@code mc-v1} copies) and {@code mc-v1} matched it line for line. A change of
 * shared code that legitimately moves the solver's node counts may change a few lines; then rewrite
 * the file from {@code mc-v1} itself ({@code -Dddz.golden.write=PATH}) and say so in the commit.
 */
class McV1GoldenTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final int WORLDS = 12;

    /** A decision function: the formatted decision for an information set and seed. */
    interface Decider {
        String decide(InformationSet info, long seed);
    }

    /** The golden text for an agent family (decisions, bidding estimates, a match). */
    static List<String> golden(Decider oneThread, Decider twoThreads, Bids bids, Supplier<Agent> matchAgent) {
        List<String> out = new ArrayList<>();
        List<InformationSet> suite = suite(50);
        for (int i = 0; i < suite.size(); i++) {
            InformationSet info = suite.get(i);
            Decider d = i % 5 == 4 ? twoThreads : oneThread;
            out.add("decision " + i + " seat " + info.seat() + " hand " + Notation.format(info.hand()) + " history "
                + History.format(RULES.table(), info.history()) + ": " + d.decide(info, 1000 + i));
        }
        Rng rng = new Rng(99);
        for (int i = 0; i < 12; i++) {
            long hand = randomHand(rng, 17);
            out.add("bid " + Notation.format(hand) + ": " + bids.estimate(hand, 500 + i));
        }
        try (Agent proto = matchAgent.get(); Agent rule = new RuleAgent(RULES, 0)) {
            new Match(RULES, proto, rule, true).run(3, 11, 1, (g, aIsLandlord) -> out.add(format(g)));
        }
        return out;
    }

    /** A bidding estimate. */
    interface Bids {
        String estimate(long hand, long seed);
    }

    private static String format(GameRecord g) {
        return "game " + g.game() + " bids " + Arrays.toString(g.bids()) + " plays "
            + History.format(RULES.table(), g.plays());
    }

    private static long randomHand(Rng rng, int size) {
        int[] deck = deck();
        long hand = 0;
        for (int i = 0; i < size; i++) {
            int j = i + rng.nextInt(54 - i);
            int t = deck[j];
            deck[j] = deck[i];
            deck[i] = t;
            hand += Cards.of(t, 1);
        }
        return hand;
    }

    private static int[] deck() {
        int[] deck = new int[54];
        int k = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = Cards.count(Cards.DECK, r); c > 0; c--) {
                deck[k++] = r;
            }
        }
        return deck;
    }

    /**
     * Information sets of seeded self-play with the frozen rollout policy: per game the first
     * decision, the first of a mover with at most 12 cards, and the first with at most 18 cards
     * in all hands (the solver's worlds).
     */
    static List<InformationSet> suite(int games) {
        Playout policy = new Playout(RULES, MinHands.of(RULES));
        MoveTable table = RULES.table();
        List<InformationSet> out = new ArrayList<>();
        Rng rng = new Rng(2024);
        for (int g = 0; g < games; g++) {
            int[] deck = deck();
            for (int i = 53; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
            long[] hands = new long[3];
            long kitty = 0;
            for (int i = 0; i < 54; i++) {
                hands[i < 20 ? 0 : i < 37 ? 1 : 2] += Cards.of(deck[i], 1);
                kitty += i < 3 ? Cards.of(deck[i], 1) : 0;
            }
            int bid = 1 + rng.nextInt(3);
            int[] history = new int[200];
            int n = 0;
            int last = MoveTable.PASS;
            int lastSeat = -1;
            int taken = 0;
            while (true) {
                int mover = n % 3;
                int total = Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]);
                boolean take = taken == 0 && n == 1 || taken == 1 && Cards.size(hands[mover]) <= 12
                    || taken == 2 && total <= 18;
                if (take) {
                    out.add(InformationSet.of(RULES, mover, hands[mover], g % 4 == 3 ? 0 : kitty, bid,
                        Arrays.copyOf(history, n)));
                    taken++;
                }
                int toBeat = lastSeat < 0 || lastSeat == mover ? MoveTable.PASS : last;
                int m = policy.choose(hands, mover, toBeat, lastSeat);
                history[n++] = m;
                if (m != MoveTable.PASS) {
                    hands[mover] -= table.cards(m);
                    if (hands[mover] == 0) {
                        break;
                    }
                    last = m;
                    lastSeat = mover;
                }
            }
        }
        return out;
    }

    private static String format(MoveTable table, int worlds, int solved, long rollouts, long moves, int n,
                                 java.util.function.IntFunction<String> candidate) {
        StringBuilder sb = new StringBuilder();
        sb.append("worlds ").append(worlds).append(" solved ").append(solved).append(" rollouts ").append(rollouts)
            .append(" moves ").append(moves).append(" |");
        for (int c = 0; c < n; c++) {
            sb.append(' ').append(candidate.apply(c));
        }
        return sb.toString();
    }

    /** The frozen agent's lines. */
    static List<String> v1Golden() {
        MonteCarloAgent one = new MonteCarloAgent(MonteCarloAgent.Config.defaults().withWorlds(WORLDS));
        MonteCarloAgent two = new MonteCarloAgent(MonteCarloAgent.Config.defaults().withWorlds(WORLDS).withThreads(2));
        try {
            Decider d1 = (info, seed) -> format(one.decide(info, seed));
            Decider d2 = (info, seed) -> format(two.decide(info, seed));
            Bidder bidder = new Bidder(0.50, 0.58, 0.66, 300);
            Bids bids = (hand, seed) -> {
                Bidder.Estimate e = bidder.estimate(RULES, hand, seed);
                return String.format(Locale.ROOT, "%.6f", e.winRate());
            };
            return golden(d1, d2, bids,
                () -> new MonteCarloAgent(MonteCarloAgent.Config.defaults().withWorlds(6)));
        } finally {
            one.close();
            two.close();
        }
    }

    static String format(Decision d) {
        MoveTable t = d.table();
        return format(t, d.worlds(), d.solvedWorlds(), d.rollouts(), d.rolloutMoves(), d.candidates(),
            c -> t.format(d.candidate(c)) + "=" + d.wins(c) + "/" + String.format(Locale.ROOT, "%.6f", d.meanScore(c)));
    }

    @Test
    void playsAsTheFrozenAgentDid() throws IOException {
        List<String> expected;
        try (InputStream in = McV1GoldenTest.class.getResourceAsStream("mc-v1-golden.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<String> actual = v1Golden();
        assertEquals(expected.size(), actual.size(), "golden lines");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "golden line " + (i + 1));
        }
    }

    /** Rewrites the golden file from {@code mc-v1} (see the class comment). */
    @Test
    @EnabledIfSystemProperty(named = "ddz.golden.write", matches = ".+")
    void writeGolden() throws IOException {
        Files.write(Path.of(System.getProperty("ddz.golden.write")), v1Golden(), StandardCharsets.UTF_8);
    }
}
