package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Bounds;
import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.github.ddzengine.protocol.McJson;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.History;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Prior;

import com.fasterxml.jackson.core.JsonGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ddz move}: the Monte Carlo agent's move for a seat's view of a game in progress. */
@Command(name = "move", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {"Chooses a move from what one seat knows (its hand, the kitty, the plays so far) by sampling "
        + "the hidden cards and playing every candidate out in each world (exact solver for small worlds)."},
    footer = {"", "History: the plays from the landlord's first lead, comma-separated, in seat order 0, 1, 2, 0, ...;",
        "pass, p or - for a pass. The seat to act must be --seat (plays %% 3).", "", "Examples:",
        "  ddz move --hand 3445667899TJQKA2XD2A --seat 0",
        "  ddz move --hand 577AA22 --seat 1 --kitty 2XD --history \"333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,"
            + "TTJJQQ,p,p,8,p\" --json",
        "  ddz move --hand 3445667899TJQKA2XD2A --seat 0 --worlds 500 --threads 2 --seed 7"})
public final class MoveCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--hand", required = true, paramLabel = "CARDS", description = "The seat's cards now.")
    private String hand;

    @Option(names = "--seat", required = true, paramLabel = "SEAT",
        description = "The seat to act: 0/landlord, 1/down, 2/up.")
    private String seat;

    @Option(names = "--history", paramLabel = "PLAYS", defaultValue = "",
        description = "Plays so far, comma-separated from the landlord's lead (see below); empty: the landlord leads.")
    private String history;

    @Option(names = "--kitty", paramLabel = "CARDS", description = "The three kitty cards, if known.")
    private String kitty;

    @Option(names = "--bid", paramLabel = "N", defaultValue = "0", description = "The final bid 1..3 (0: unknown, "
        + "scores use base 1).")
    private int bid;

    @Option(names = "--budget-ms", paramLabel = "MS", defaultValue = "" + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS,
        description = "Time budget (default " + io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS + ").")
    private int budgetMillis;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
        description = "Worker threads (default 0: one per core).")
    private int threads;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "Decision seed (default 0).")
    private long seed;

    @Option(names = "--worlds", paramLabel = "N", defaultValue = "0",
        description = "Fixed-worlds mode: evaluate exactly N worlds, no clock (reproducible on any thread count).")
    private int worlds;

    @Option(names = "--prior", paramLabel = "NAME", defaultValue = "solo-pass",
        description = "World prior: solo-pass (default) or uniform.")
    private String prior;

    @Option(names = "--top", paramLabel = "K", defaultValue = "5", description = "Candidates to show (default 5).")
    private int top;

    @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "300",
        description = "Untimed warm-up of the cold JVM before the timed decision (default 300; 0 = none).")
    private int warmupMillis;

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--json", description = "Print one JSON object (fields: docs/cli/move-and-bid.md).")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        Bounds.check(spec, "--budget-ms", budgetMillis, 5, Limits.MAX_BUDGET_MS, null);
        Bounds.check(spec, "--threads", threads, 0, 64, "0: one per core");
        if (threads == 0) {
            threads = Math.min(64, Runtime.getRuntime().availableProcessors());
        }
        Bounds.check(spec, "--worlds", worlds, 0, Limits.MAX_WORLDS, "0: the time budget decides");
        Bounds.check(spec, "--warmup-ms", warmupMillis, 0, Limits.MAX_WARMUP_MS, "0: none");
        Bounds.check(spec, "--top", top, 1, Integer.MAX_VALUE, null);
        Prior p;
        try {
            p = Prior.named(prior);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--prior: " + e.getMessage());
        }
        Rules rules = rulesOptions.rules();
        DdzEngine engine = tablesOption.engine(rules);
        InformationSet info;
        try {
            int s = Seat.parse(seat, 3);
            long h = parseCards("--hand", hand);
            long k = kitty == null ? 0 : parseCards("--kitty", kitty);
            int[] plays = History.parse(rules, history);
            info = InformationSet.of(rules, s, h, k, bid, plays);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        MonteCarloAgent agent = engine.workspace().mc(engine.mcSettings(rules).budget(budgetMillis).threads(threads)
            .worlds(worlds).prior(p).build(), rules);
        if (worlds == 0) {
            agent.warmUp(info, warmupMillis);
        }
        Decision d = agent.decide(info, seed);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            json(new JsonLineWriter(out), d);
        } else {
            print(out, info, d);
        }
        out.flush();
        return 0;
    }

    static long parseCards(String option, String text) {
        try {
            return Notation.parseCards(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    private void json(JsonLineWriter w, Decision d) throws IOException {
        JsonGenerator g = w.gen();
        g.writeStartObject();
        McJson.decision(g, d);
        g.writeNumberField("seed", seed);
        g.writeEndObject();
        w.endLine();
    }

    private void print(PrintWriter out, InformationSet info, Decision d) {
        MoveTable t = d.table();
        out.println("Seat " + info.seat() + " (" + Seat.name(info.seat()) + "), hand " + Notation.format(info.hand())
            + ", " + (info.leads() ? "leads" : "answers " + t.format(info.lastMove()) + " of seat " + info.lastSeat()));
        out.println("Move: " + t.format(d.move()) + " (" + t.typeName(d.move()) + ")");
        int shown = Math.min(top, d.candidates());
        for (int i = 0; i < shown; i++) {
            out.printf(Locale.ROOT, "  %-20s win %5.1f%%  score %+.2f%n", t.format(d.candidate(i)), 100 * d.winRate(i),
                d.meanScore(i));
        }
        if (shown < d.candidates()) {
            out.println("  (" + (d.candidates() - shown) + " more candidates)");
        }
        out.printf(Locale.ROOT, "%d worlds (%d solved exactly, %d rollouts) in %.1f ms%s%n", d.worlds(),
            d.solvedWorlds(), d.rollouts(), d.nanos() / 1e6, worlds > 0 ? ", fixed worlds, seed " + seed
                : d.budgetCut() ? ", stopped by the " + budgetMillis + " ms budget" : "");
    }
}
