package io.github.ddzengine.mc.audit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * The figures of an {@link OpenHandAudit}, per agent and seat (landlord, landlord_down,
 * landlord_up): decisions judged, won decisions (a solved win before the move), blunders and their
 * rate among won decisions, unknowns apart, and the shapes of lost games. An agent is named as in
 * the records; when both sides of a match carry the same name (self-play), they are told apart by
 * the side: {@code NAME (A)} is the agent that held the landlord seat in the odd-numbered games of a
 * duplicate match, {@code NAME (B)} the other. Immutable.
 */
public final class AuditReport {
    /**
     * The figures of one agent in one seat.
     *
     * @param agent the agent's name (with its side when both sides share a name)
     * @param seat 0 landlord, 1 landlord_down, 2 landlord_up
     * @param games games it played in that seat
     * @param judged decisions with at most the audit's card limit
     * @param lost of them, decisions in positions already lost
     * @param unknownBefore decisions whose position the solver did not settle
     * @param won decisions in solved wins (kept, blunders and unknown after)
     * @param blunders won decisions whose move lost the game
     * @param blunderPasses of the blunders, passes
     * @param unknownAfter won decisions whose position after the move the solver did not settle
     * @param losses games its side lost
     * @param lossesHoldingControl lost with a 2 or a joker in its hand
     * @param lossesHoldingBomb lost with a bomb or the rocket in its hand
     * @param highLeads leads of a 2 or a joker from 12 or more cards
     * @param rocketSplits single jokers played while holding both
     * @param nodes solver nodes spent on its decisions
     */
    public record Row(String agent, int seat, int games, long judged, long lost, long unknownBefore, long won,
                      long blunders, long blunderPasses, long unknownAfter, long losses, long lossesHoldingControl,
                      long lossesHoldingBomb, long highLeads, long rocketSplits, long nodes) {
        /** Blunders per won decision (NaN with none). */
        public double blunderRate() {
            return won == 0 ? Double.NaN : (double) blunders / won;
        }
    }

    private final List<Row> rows;
    private final int games;
    private final OpenHandAudit.Settings settings;

    private AuditReport(List<Row> rows, int games, OpenHandAudit.Settings settings) {
        this.rows = List.copyOf(rows);
        this.games = games;
        this.settings = settings;
    }

    /** The rows, agents in the order they first appear, seats 0, 1, 2 for each. */
    public List<Row> rows() {
        return rows;
    }

    /** Games audited. */
    public int games() {
        return games;
    }

    /** The audit's settings. */
    public OpenHandAudit.Settings settings() {
        return settings;
    }

    /** The name a seat's agent goes by in the report (see the class comment). */
    public static String label(GameRecord g, int seat) {
        String name = g.agent(seat);
        if (!g.agent(0).equals(g.agent(1)) || !g.agent(1).equals(g.agent(2))) {
            return name;
        }
        boolean aIsLandlord = g.game() % 2 == 1;
        return name + ((seat == 0) == aIsLandlord ? " (A)" : " (B)");
    }

    /** The report of {@code audits} made with {@code settings}. */
    public static AuditReport of(List<OpenHandAudit.GameAudit> audits, OpenHandAudit.Settings settings) {
        Map<String, long[][]> tallies = new LinkedHashMap<>();
        for (OpenHandAudit.GameAudit a : audits) {
            GameRecord g = a.record();
            for (int s = 0; s < 3; s++) {
                long[] t = tallies.computeIfAbsent(label(g, s), k -> new long[3][15])[s];
                t[0]++;
                OpenHandAudit.Shapes sh = a.shapes()[s];
                t[9] += sh.lost();
                t[10] += sh.lostHoldingControl();
                t[11] += sh.lostHoldingBomb();
                t[12] += sh.highLeads();
                t[13] += sh.rocketSplits();
            }
            for (OpenHandAudit.Decision d : a.decisions()) {
                long[] t = tallies.get(label(g, d.seat()))[d.seat()];
                t[1]++;
                t[14] += d.nodes();
                switch (d.verdict()) {
                    case LOST -> t[2]++;
                    case UNKNOWN_BEFORE -> t[3]++;
                    case KEPT -> t[4]++;
                    case BLUNDER -> {
                        t[4]++;
                        t[5]++;
                        t[6] += d.move() == 0 ? 1 : 0;
                    }
                    case UNKNOWN_AFTER -> {
                        t[4]++;
                        t[7]++;
                    }
                    default -> {
                    }
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        tallies.forEach((agent, bySeat) -> {
            for (int s = 0; s < 3; s++) {
                long[] t = bySeat[s];
                if (t[0] == 0) {
                    continue;
                }
                rows.add(new Row(agent, s, (int) t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[9], t[10], t[11],
                    t[12], t[13], t[14]));
            }
        });
        return new AuditReport(rows, audits.size(), settings);
    }

    /** The report as a text table, one row per agent and seat. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Open-hand audit of %,d games: decisions with at most %d cards in all hands, "
            + "%,d nodes a solve%n", games, settings.maxCards(), settings.nodesPerSolve()));
        String[] head = {"agent", "seat", "games", "judged", "won", "blunders", "rate", "(passes)", "unknown",
            "losses", "2/joker left", "bomb left", "2/joker leads 12+", "rocket splits"};
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (Row r : rows) {
            cells.add(new String[] {r.agent(), Seat.name(r.seat()), String.format(Locale.ROOT, "%,d", r.games()),
                String.format(Locale.ROOT, "%,d", r.judged()), String.format(Locale.ROOT, "%,d", r.won()),
                String.format(Locale.ROOT, "%,d", r.blunders()),
                Double.isNaN(r.blunderRate()) ? "n/a" : String.format(Locale.ROOT, "%.2f%%", 100 * r.blunderRate()),
                String.format(Locale.ROOT, "%,d", r.blunderPasses()),
                String.format(Locale.ROOT, "%,d+%,d", r.unknownBefore(), r.unknownAfter()),
                String.format(Locale.ROOT, "%,d", r.losses()), share(r.lossesHoldingControl(), r.losses()),
                share(r.lossesHoldingBomb(), r.losses()), String.format(Locale.ROOT, "%,d", r.highLeads()),
                String.format(Locale.ROOT, "%,d", r.rocketSplits())});
        }
        int[] width = new int[head.length];
        for (String[] c : cells) {
            for (int k = 0; k < c.length; k++) {
                width[k] = Math.max(width[k], c[k].length());
            }
        }
        for (String[] c : cells) {
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < c.length; k++) {
                line.append("  ");
                line.append(k < 2 ? c[k] + " ".repeat(width[k] - c[k].length()) : " ".repeat(width[k] - c[k].length()) + c[k]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        sb.append("  won: decisions in solved wins; rate: blunders per won decision; unknown: solves out of nodes before "
            + "+ after the move (never blunders)\n");
        return sb.toString();
    }

    private static String share(long k, long n) {
        return n == 0 ? String.format(Locale.ROOT, "%,d", k)
            : String.format(Locale.ROOT, "%,d (%.0f%%)", k, 100.0 * k / n);
    }
}
