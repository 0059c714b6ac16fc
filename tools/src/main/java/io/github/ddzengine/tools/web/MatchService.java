package io.github.ddzengine.tools.web;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.agents.Agent;
import io.github.ddzengine.mc.arena.Match;
import io.github.ddzengine.mc.arena.MatchStats;

/**
 * {@code /api/match}: a duplicate match between two agents on one thread, as {@code ddz play}
 * plays it (same seeds, same games), stopped at its time budget after the last complete deal,
 * with the match report's figures and plots ({@link MatchReport#body}). Thread-safe.
 */
final class MatchService {
    static final int MAX_DEALS = 5_000;
    static final int DEFAULT_TIMEOUT_MS = 30_000;
    static final int MAX_TIMEOUT_MS = 120_000;

    private final Toolkit toolkit;

    MatchService(Toolkit toolkit) {
        this.toolkit = toolkit;
    }

    /** Thrown by the listener to end a match at its deadline. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    ObjectNode match(Req q) {
        Rules rules = q.rules();
        String specA = q.text("a") == null ? "greedy" : q.text("a");
        String specB = q.text("b") == null ? "rule" : q.text("b");
        int deals = q.integer("deals", 100, 1, MAX_DEALS);
        long seed = q.integer("seed", 1L, Long.MIN_VALUE, Long.MAX_VALUE);
        boolean bidding = q.bool("bidding", false);
        long timeout = q.integer("timeout_ms", DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
        Agent a = Req.engine("a", () -> toolkit.agent(specA, rules));
        Agent b;
        try {
            b = Req.engine("b", () -> toolkit.agent(specB, rules));
        } catch (HttpError e) {
            a.close();
            throw e;
        }
        MatchReport report = new MatchReport(a.name(), b.name());
        long start = System.nanoTime();
        long deadline = start + timeout * 1_000_000L;
        boolean stopped = false;
        try {
            Match match = new Match(rules, report.timeA(a), report.timeB(b), bidding);
            match.run(deals, seed, 1, (game, aIsLandlord) -> {
                report.add(game, aIsLandlord);
                if (!aIsLandlord && System.nanoTime() > deadline) {
                    throw new Stop();
                }
            });
        } catch (Stop e) {
            stopped = true;
        } finally {
            a.close();
            b.close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        ObjectNode o = Req.MAPPER.createObjectNode();
        o.put("a", specA);
        o.put("b", specB);
        o.put("rules", rules.preset().id());
        o.put("seed", seed);
        o.put("bidding", bidding);
        o.put("deals_asked", deals);
        o.put("deals", report.deals());
        o.put("stopped_by_clock", stopped);
        o.put("seconds", Math.round(seconds * 1000) / 1000.0);
        MatchStats s = report.stats();
        PlayService.rate(o, "wp", s.wp());
        o.putArray("wp_ci").add(round(s.wpCi()[0])).add(round(s.wpCi()[1]));
        PlayService.rate(o, "wp_landlord", s.wpLandlord());
        PlayService.rate(o, "wp_farmers", s.wpFarmer());
        PlayService.rate(o, "landlord_wp", s.landlordWp());
        o.put("report_html", report.body(null));
        return o;
    }

    private static Double round(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 10000) / 10000.0;
    }
}
