package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.Query;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.tools.json.MovesJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ddz moves}: the legal moves of a hand, for a person (grouped by type) or a tool
 * ({@code --json}, {@code --batch}).
 */
@Command(name = "moves", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
        "Lists the legal moves of a hand: every lead, or with --last every answer to that move (pass included).",
        "Without HAND, shows a built-in example position."},
    footer = {"", "Examples:",
        "  ddz moves 33344456                     all leads",
        "  ddz moves 4445557777JQXD --last 3338   answers to a trio with a kicker",
        "  ddz moves 333444555666 --rules rlcard --json",
        "  echo '{\"hand\": \"33344456\", \"last_move\": \"5556\"}' | ddz moves --batch",
        "",
        "--batch reads one JSON object a line: {\"hand\": \"...\", \"last_move\": \"...\", \"rules\": \"...\", "
            + "\"bans\": [...]} (all but hand optional; last_move \"\" = lead; rules and bans default to the options) "
            + "and writes one line for each: {\"moves\": [...]} or {\"error\": \"line N: ...\"}."})
public final class MovesCommand implements Callable<Integer> {
    /** The hand of the built-in example. */
    public static final String EXAMPLE_HAND = "4445557777JQXD";
    /** The move to beat in the built-in example. */
    public static final String EXAMPLE_LAST = "3338";

    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "HAND",
        description = "The mover's cards, e.g. 33344456 or '10 J Q K A' (several words are joined).")
    private List<String> hand = new ArrayList<>();

    @Option(names = "--last", paramLabel = "MOVE",
        description = "The move to beat, e.g. 5556 or 333444555666:trio_chain_4; absent, '' or pass: lead.")
    private String last;

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--json", description = "Print {\"moves\": [...]} in canonical notation.")
    private boolean json;

    @Option(names = "--batch",
        description = "Read JSON lines on standard input and write one JSON line for each (see below).")
    private boolean batch;

    /** A {@code moves} verb whose {@code --batch} reads {@code stdin}. */
    public MovesCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Rules rules = rulesOptions.rules();
        if (batch) {
            if (!hand.isEmpty() || last != null) {
                throw new ParameterException(spec.commandLine(),
                    "--batch reads hands and last moves from standard input: give no HAND and no --last");
            }
            JsonLines.run(stdin, out, new MovesBatch(rules));
            return 0;
        }
        String handText;
        String lastText;
        if (hand.isEmpty()) {
            if (last != null) {
                throw new ParameterException(spec.commandLine(), "--last needs a HAND");
            }
            handText = EXAMPLE_HAND;
            // the example's last move is a trio_solo: when that is banned, the example leads
            lastText = rules.allows(rules.table().parseMove(EXAMPLE_LAST)) ? EXAMPLE_LAST : null;
            String note = "No hand given: showing the built-in example, ddz moves " + EXAMPLE_HAND
                + (lastText == null ? "" : " --last " + lastText) + RulesOptions.options(rules);
            // keep standard output pure JSON under --json
            (json ? spec.commandLine().getErr() : out).println(note);
        } else {
            handText = String.join(" ", hand);
            lastText = last;
        }
        Query q;
        try {
            q = Query.parse(rules, handText, lastText, "--last");
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        MoveLister lister = new MoveLister();
        lister.list(q);
        if (json) {
            MovesJson.moves(new JsonLineWriter(out), lister);
        } else {
            printGrouped(out, q, lister);
        }
        out.flush();
        return 0;
    }

    /** A header line, one line per type (name, count, moves), and the total. */
    private static void printGrouped(PrintWriter out, Query q, MoveLister lister) {
        MoveTable table = lister.table();
        int size = Cards.size(q.hand());
        out.println("Hand " + Notation.format(q.hand()) + " (" + size + (size == 1 ? " card" : " cards") + "), rules "
            + q.rules() + ": "
            + (q.leads() ? "leads" : "answers to " + table.format(q.last()) + " (" + table.typeName(q.last()) + ")"));
        int n = lister.count();
        List<String> labels = new ArrayList<>();
        List<StringBuilder> lines = new ArrayList<>();
        int width = 0;
        for (int i = 0; i < n; ) {
            int id = lister.id(i);
            String type = table.typeName(id);
            StringBuilder moves = new StringBuilder();
            int j = i;
            while (j < n && table.typeName(lister.id(j)).equals(type)) {
                if (id != MoveTable.PASS) {
                    moves.append(j == i ? "" : " ").append(table.format(lister.id(j)));
                }
                j++;
            }
            String label = id == MoveTable.PASS ? type : type + " (" + (j - i) + ")";
            labels.add(label);
            lines.add(moves);
            width = Math.max(width, label.length());
            i = j;
        }
        for (int g = 0; g < labels.size(); g++) {
            String label = labels.get(g);
            StringBuilder moves = lines.get(g);
            out.println(moves.length() == 0 ? "  " + label : "  " + label + " ".repeat(width - label.length() + 2) + moves);
        }
        if (q.leads()) {
            out.println(n + (n == 1 ? " move" : " moves"));
        } else if (n == 1) {
            out.println("1 move: nothing in the hand beats " + table.format(q.last()) + ", so pass");
        } else {
            out.println(n + " moves (" + (n - 1) + (n == 2 ? " play" : " plays") + " and pass)");
        }
    }
}
