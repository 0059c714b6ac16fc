package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.engine.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.github.ddzengine.protocol.McJson;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.BidRequest;

import com.fasterxml.jackson.core.JsonGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ddz bid}: the estimated landlord win rate of a dealt hand and the bid it gives. */
@Command(name = "bid", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {"Estimates the win rate of a 17-card hand as landlord (sampled kitties and farmer hands, "
        + "played out) with a 95%% interval, and bids 0-3 from the thresholds (docs/cli/move-and-bid.md). The estimate "
        + "has the budget of a move (--budget-ms, default " + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS
        + ": at most --worlds worlds until the budget less its 4 ms "
        + "reserve), after a warm-up of the cold JVM (--warmup-ms)."},
    footer = {"", "Examples:", "  ddz bid --hand 3345567899JQKA22D", "  ddz bid --hand 3345567899JQKA22D --seat 2 --bids 1,0 --json",
        "  ddz bid --hand 3345567899JQKA22D --budget-ms 0 --worlds 1000 --seed 3   # reproducible"})
public final class BidCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--hand", required = true, paramLabel = "CARDS", description = "The 17 dealt cards.")
    private String hand;

    @Option(names = "--seat", paramLabel = "N", defaultValue = "0",
        description = "Position in the bidding order, 0..2 (0 bids first; default 0).")
    private int seat;

    @Option(names = "--bids", paramLabel = "B,B", defaultValue = "",
        description = "The bids before this seat, comma-separated (0 = no bid); default: none bid.")
    private String bids;

    @Option(names = "--worlds", paramLabel = "N", defaultValue = "1000",
        description = "Most worlds (default 1000); with --budget-ms 0 exactly N, reproducible.")
    private int worlds;

    @Option(names = "--budget-ms", paramLabel = "MS", defaultValue = "" + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS,
        description = "Time budget of the estimate, as for a move (default " + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS
            + "); 0: no clock, exactly --worlds worlds.")
    private int budgetMillis;

    @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "300",
        description = "Untimed estimates first, so the timed one runs compiled code (default 300; 0 to skip; "
            + "none without a clock).")
    private int warmupMillis;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "Seed (default 0).")
    private long seed;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--json", description = "Print {\"win_rate\", \"ci\", \"bid\", \"worlds\", \"time_ms\", "
        + "\"budget_cut\"}.")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        if (seat < 0 || seat > 2) {
            throw new ParameterException(spec.commandLine(), "--seat is a bidding position 0..2, not " + seat);
        }
        Bounds.check(spec, "--worlds", worlds, 1, Limits.MAX_WORLDS, null);
        if (budgetMillis < 0 || budgetMillis == 1) {
            throw new ParameterException(spec.commandLine(), "--budget-ms must be 0 (no clock) or 2 or more, not "
                + budgetMillis);
        }
        if (warmupMillis < 0) {
            throw new ParameterException(spec.commandLine(), "--warmup-ms must be 0 or more, not " + warmupMillis);
        }
        Rules rules = rulesOptions.rules();
        DdzEngine engine = tablesOption.engine(rules);
        BidRequest request;
        try {
            long h = MoveCommand.parseCards("--hand", hand);
            int[] earlier = new int[seat];
            String[] parts = bids.isBlank() ? new String[0] : bids.split(",");
            if (parts.length != 0 && parts.length != seat) {
                throw new IllegalArgumentException("--bids lists " + parts.length + " bids but seat " + seat + " has "
                    + seat + " earlier bidders");
            }
            for (int i = 0; i < parts.length; i++) {
                try {
                    earlier[i] = Integer.parseInt(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--bids: '" + parts[i].trim() + "' is not a bid 0..3");
                }
            }
            request = BidRequest.of(rules, h, earlier);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        Bidder bidder = bidder(worlds);
        io.github.ddzengine.mc.McSettings config = (budgetMillis == 0
            ? io.github.ddzengine.mc.McSettings.builder(rules).worlds(1)
            : io.github.ddzengine.mc.McSettings.builder(rules).budget(budgetMillis)).bidder(bidder).build();
        MonteCarloAgent agent = engine.workspace().mc(config, rules);
        if (budgetMillis > 0) {
            agent.warmUpBids(request, warmupMillis);
        }
        Bidder.Estimate e = agent.estimateBid(request, seed);
        int bid = bidder.bidFor(e, request.highestBid());
        boolean cut = e.worlds() < worlds;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonLineWriter w = new JsonLineWriter(out);
            JsonGenerator g = w.gen();
            g.writeStartObject();
            McJson.bid(g, e, bid);
            g.writeBooleanField("budget_cut", cut);
            g.writeEndObject();
            w.endLine();
        } else {
            out.printf(Locale.ROOT, "Hand %s, bidding position %d%s%n", Notation.format(request.hand()), seat,
                request.highestBid() == 0 ? "" : ", highest bid so far " + request.highestBid());
            out.printf(Locale.ROOT, "Landlord win rate %.1f%% (95%% interval %.1f%%..%.1f%%), %d worlds in %.1f ms%s%n",
                100 * e.winRate(), 100 * e.low(), 100 * e.high(), e.worlds(), e.nanos() / 1e6,
                cut ? " (the budget's " + budgetMillis + " ms ended it)" : "");
            out.printf(Locale.ROOT, "Bid: %d (thresholds: 1 at %.0f%%, 2 at %.0f%%, 3 at %.0f%%)%n", bid,
                100 * bidder.bid1(), 100 * bidder.bid2(), 100 * bidder.bid3());
        }
        out.flush();
        return 0;
    }

    /** The default bidder with {@code worlds} worlds an estimate. */
    static Bidder bidder(int worlds) {
        return new Bidder().withWorlds(worlds);
    }
}
