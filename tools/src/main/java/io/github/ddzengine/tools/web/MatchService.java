package io.github.ddzengine.tools.web;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.GameRecord;
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
    private final DdzEngine engine;

    /** The agent of a spec from the engine's registry, once the toolkit has accepted the spec. */
    private Agent agent(String spec, Rules rules) {
        toolkit.checkAgent(spec);
        return engine.workspace().agent(spec.trim(), rules);
    }

    MatchService(Toolkit toolkit, DdzEngine engine) {
        this.toolkit = toolkit;
        this.engine = engine;
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
        Agent a = Req.engine("a", () -> agent(specA, rules));
        Agent b;
        try {
            b = Req.engine("b", () -> agent(specB, rules));
        } catch (HttpError e) {
            a.close();
            throw e;
        }
        MatchReport report = new MatchReport(a.name(), b.name());
        long start = System.nanoTime();
        long deadline = start + timeout * 1_000_000L;
        boolean stopped = false;
        try {
            checkBudget(a, "a");
            checkBudget(b, "b");
            // past the deadline the agents answer at once (the rule agent's move): games still in
            // flight then end fast and are left out, since a deal counts only if it ended in time
            Match match = new Match(rules, report.timeA(new CutOff(a, rules, deadline)),
                report.timeB(new CutOff(b, rules, deadline)), bidding);
            GameRecord[] first = new GameRecord[1];
            match.run(deals, seed, 1, (game, aIsLandlord) -> {
                if (System.nanoTime() > deadline) {
                    throw new Stop();
                }
                if (aIsLandlord) {
                    first[0] = game;
                } else {
                    report.add(first[0], true);
                    report.add(game, false);
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

    /** Refuses Monte Carlo agents whose decisions would outlast a request: over 1 s or 1,000 fixed worlds. */
    private static void checkBudget(Agent agent, String field) {
        if (agent instanceof MonteCarloAgent m && (m.settings().budgetMillis() > 1000 || m.settings().worlds() > 1000)) {
            throw HttpError.bad("\"" + field + "\": the server plays Monte Carlo agents with at most budget=1000 or "
                + "worlds=1000 (the command line has no limit)");
        }
    }

    /** An agent that answers with the rule agent's move, at once, after a deadline. */
    private static final class CutOff implements Agent {
        private final Agent agent;
        private final Agent quick;
        private final Rules rules;
        private final long deadline;

        CutOff(Agent agent, Rules rules, long deadline) {
            this.agent = agent;
            this.rules = rules;
            this.deadline = deadline;
            this.quick = new RuleAgent(rules, 0);
        }

        @Override
        public String name() {
            return agent.name();
        }

        @Override
        public int bid(BidRequest request) {
            return System.nanoTime() > deadline ? quick.bid(request) : agent.bid(request);
        }

        @Override
        public int play(InformationSet info) {
            return System.nanoTime() > deadline ? quick.play(info) : agent.play(info);
        }

        @Override
        public Agent copy() {
            return new CutOff(agent.copy(), rules, deadline);
        }

        @Override
        public void startGame(long seed) {
            agent.startGame(seed);
            quick.startGame(seed);
        }

        @Override
        public void close() {
            agent.close();
        }
    }

    private static Double round(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 10000) / 10000.0;
    }
}
