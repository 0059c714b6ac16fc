package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.JsonLineWriter;
import io.github.ddzengine.tools.json.JsonLines;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.protocol.JsonFields;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ddz split}: the min-hand split of a hand, the fewest legal plays that empty it when
 * nobody answers, with one optimal list of plays.
 */
@Command(name = "split", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
        "Prints the min-hand count of a hand (the fewest legal plays that empty it when nobody answers) "
            + "and one optimal split.",
        "Kickers and wings count as part of their play; the split is listed in a sensible playing order.",
        "Without HAND, splits a built-in example."},
    footer = {"", "Examples:",
        "  ddz split 345567TTJQQQQA22X --ban winged_planes    6 (NOIP 2015 sample)",
        "  ddz split 3334445556789TJQKA --json",
        "  echo '{\"hand\": \"5789TJAA\", \"bans\": [\"winged_planes\"]}' | ddz split --batch",
        "",
        "--batch reads one JSON object a line: {\"hand\": \"...\", \"rules\": \"...\", \"bans\": [...]} "
            + "(rules and bans default to the options) and writes one line for each: "
            + "{\"min_hands\": n, \"split\": [...]} or {\"error\": \"line N: ...\"}."})
public final class SplitCommand implements Callable<Integer> {
    /** The hand of the built-in example (a NOIP 2015 sample: 6 plays without winged planes, 5 with). */
    static final String EXAMPLE_HAND = "345567TTJQQQQA22X";

    private final InputStream stdin;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "HAND",
        description = "The cards, e.g. 5789TJAA or '10 J Q K A' (several words are joined); up to 20 cards.")
    private List<String> hand = new ArrayList<>();

    @Mixin
    private TablesOption tablesOption = new TablesOption();

    @Mixin
    private RulesOptions rulesOptions = new RulesOptions();

    @Option(names = "--json", description = "Print {\"min_hands\": n, \"split\": [...]} in canonical notation.")
    private boolean json;

    @Option(names = "--batch",
        description = "Read JSON lines on standard input and write one JSON line for each (see below).")
    private boolean batch;

    /** A {@code split} verb whose {@code --batch} reads {@code stdin}. */
    public SplitCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    /** A parsed question: the rules and the hand. */
    static final class Question {
        final Rules rules;
        final long hand;

        Question(Rules rules, long hand) {
            this.rules = rules;
            this.hand = hand;
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Rules rules = rulesOptions.rules();
        EngineTables tables = tablesOption.load(rules.preset());
        if (batch) {
            if (!hand.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "--batch reads hands from standard input: give no HAND");
            }
            JsonLines.run(stdin, out, new Batch(rules, tables, tablesOption.loaded()));
            return 0;
        }
        String text;
        if (hand.isEmpty()) {
            text = EXAMPLE_HAND;
            (json ? spec.commandLine().getErr() : out).println(
                "No hand given: splitting the built-in example, ddz split " + EXAMPLE_HAND + RulesOptions.options(rules));
        } else {
            text = String.join(" ", hand);
        }
        long cards;
        try {
            cards = Notation.parseHand(text, Notation.MAX_HAND);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        Question q = new Question(rules, cards);
        if (json) {
            JsonLineWriter w = new JsonLineWriter(out);
            write(q, tables, w);
        } else {
            MinHands m = MinHands.of(rules, tables);
            int[] split = m.split(cards);
            MoveTable table = rules.table();
            int size = Cards.size(cards);
            out.println("Hand " + Notation.format(cards) + " (" + size + (size == 1 ? " card" : " cards")
                + "), rules " + rules + ": " + split.length + (split.length == 1 ? " play" : " plays"));
            int width = 0;
            for (int id : split) {
                width = Math.max(width, table.format(id).length());
            }
            for (int id : split) {
                String move = table.format(id);
                out.println("  " + move + " ".repeat(width - move.length() + 2) + table.typeName(id));
            }
        }
        out.flush();
        return 0;
    }

    static void write(Question q, EngineTables tables, JsonLineWriter out) throws IOException {
        MinHands m = MinHands.of(q.rules, tables);
        int[] split = m.split(q.hand);
        MoveTable table = q.rules.table();
        JsonGenerator gen = out.gen();
        gen.writeStartObject();
        gen.writeNumberField("min_hands", split.length);
        gen.writeArrayFieldStart("split");
        for (int id : split) {
            gen.writeString(table.format(id));
        }
        gen.writeEndArray();
        gen.writeEndObject();
        out.endLine();
    }

    /** {@code ddz split --batch}, run by {@link JsonLines}. */
    static final class Batch implements JsonLines.Handler<Question> {
        private final Rules defaults;
        private final EngineTables tables;
        private final Tables.LoadReport loaded;

        Batch(Rules defaults, EngineTables tables, Tables.LoadReport loaded) {
            this.defaults = defaults;
            this.tables = tables;
            this.loaded = loaded;
        }

        @Override
        public Tables.LoadReport tables() {
            return loaded;
        }

        @Override
        public String expected() {
            return "a JSON object with \"hand\"";
        }

        @Override
        public Question read(String line) {
            JsonNode node = JsonFields.readObject(line, "hand");
            String hand = JsonFields.required(node, "hand");
            return new Question(JsonFields.rules(node, defaults), Notation.parseHand(hand, Notation.MAX_HAND));
        }

        @Override
        public void answer(Question question, JsonLineWriter out) throws IOException {
            write(question, tables, out);
        }

        @Override
        public boolean flushEveryLine() {
            return false;
        }
    }
}
