package io.github.ddzengine.core.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.testing.TestData;
import org.junit.jupiter.api.Test;

/**
 * Differential test against the legal-move sets produced by running DouZero, RLCard and the
 * Botzone judge ({@code testdata/reference/legal-moves.jsonl.gz}) and the STANDARD sets
 * ({@code legal-moves-standard.jsonl.gz}): every line, every preset, exact set equality.
 */
class ReferenceDifferentialTest {

    @Test
    void douzeroRlcardBotzoneMatchTheReferenceImplementationsOnEveryLine() throws IOException {
        List<JsonNode> lines = TestData.jsonLines("reference/legal-moves.jsonl.gz");
        assertEquals(6000, lines.size());
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            String type = line.get("rlcard_last_move_type").asText();
            checked += check(failures, i, Preset.DOUZERO, line, type, line.get("douzero"));
            checked += check(failures, i, Preset.RLCARD, line, type, line.get("rlcard"));
            checked += check(failures, i, Preset.BOTZONE, line, type, line.get("botzone_ftl2"));
        }
        assertEquals(18000, checked);
        report(failures);
    }

    @Test
    void standardMatchesTheReferenceOnEveryLine() throws IOException {
        List<JsonNode> lines = TestData.jsonLines("reference/legal-moves-standard.jsonl.gz");
        assertEquals(6000, lines.size());
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            checked += check(failures, i, Preset.STANDARD, line, line.get("last_move_type").asText(),
                line.get("standard"));
        }
        assertEquals(6000, checked);
        report(failures);
    }

    private static void report(List<String> failures) {
        if (!failures.isEmpty()) {
            fail(failures.size() + " mismatches, first ones:\n" + String.join("\n",
                failures.subList(0, Math.min(20, failures.size()))));
        }
    }

    /** Checks one line under one preset; returns 1 (the line was checked). */
    private static int check(List<String> failures, int lineNo, Preset preset, JsonNode line, String lastType,
                             JsonNode expectedNode) {
        MoveTable table = MoveTable.of(preset);
        MoveGenerator gen = new MoveGenerator(Rules.of(preset));
        long hand = Notation.parseCards(line.get("hand").asText());
        String lastText = line.get("last_move").asText();
        int last = MoveTable.PASS;
        if (!lastText.isEmpty()) {
            last = reading(table, Notation.parseCards(lastText), lastType);
            if (expectedNode == null || expectedNode.isNull()) {
                if (last >= 0) {
                    failures.add(preset + " line " + lineNo + ": judge rejects " + lastText + " but we read it as "
                        + table.typeName(last));
                }
                return 1;
            }
            if (last < 0) {
                failures.add(preset + " line " + lineNo + ": " + lastText + " (" + lastType + ") not a combination");
                return 1;
            }
        }
        int[] out = new int[MoveGenerator.MAX_MOVES];
        int n = gen.answers(hand, last, out);
        Set<String> ours = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            String s = out[i] == MoveTable.PASS ? "pass" : Notation.format(table.cards(out[i]));
            assertTrue(ours.add(s) || table.isAmbiguous(out[i]),
                preset + " line " + lineNo + ": move " + s + " generated twice");
        }
        Set<String> expected = new TreeSet<>();
        expectedNode.forEach(m -> expected.add(m.asText().equals("pass") ? "pass" : Notation.format(Notation.parseCards(m.asText()))));
        if (!ours.equals(expected)) {
            Set<String> extra = new TreeSet<>(ours);
            extra.removeAll(expected);
            Set<String> missing = new TreeSet<>(expected);
            missing.removeAll(ours);
            failures.add(preset + " line " + lineNo + " hand " + line.get("hand").asText() + " last " + lastText
                + " (" + lastType + "): extra " + extra + " missing " + missing);
        }
        return 1;
    }

    /** The reading of {@code cards} whose type name is {@code typeName}, else its only reading, else -1. */
    static int reading(MoveTable table, long cards, String typeName) {
        int[] rs = new int[2];
        int n = table.classify(cards, rs);
        for (int i = 0; i < n; i++) {
            if (table.typeName(rs[i]).equals(typeName)) {
                return rs[i];
            }
        }
        return n == 1 ? rs[0] : -1;
    }
}
