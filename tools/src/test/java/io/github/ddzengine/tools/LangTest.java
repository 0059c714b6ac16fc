package io.github.ddzengine.tools;

import io.github.ddzengine.tools.cli.Lang;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Rules;

/** {@code --lang zh} and the position options of {@code ddz solve}. */
class LangTest {
    private static final String TT = "--tt-mb=16";

    @Test
    void chineseOutputOfTheSharedPuzzlesIsTheExpectedText() throws IOException {
        // expected: the position, hands, verdict and winning moves of every puzzle (the line of play
        // and the statistics move with the solver's search order, so only their form is checked)
        List<String> expected;
        try (InputStream in = LangTest.class.getResourceAsStream("puzzles-zh.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<String> actual = new ArrayList<>();
        Path file = SolveCommandTest.TESTDATA.resolve("positions/puzzles.jsonl");
        for (String line : Files.readAllLines(file)) {
            JsonNode o = SolveCommandTest.json(line);
            List<String> args = new ArrayList<>(List.of("solve", o.get("position").textValue(), "--all", "--lang", "zh",
                TT, "--rules", o.get("rules").textValue()));
            List<String> bans = SolveCommandTest.strings(o.get("bans"));
            if (!bans.isEmpty()) {
                args.add("--ban");
                args.add(String.join(",", bans));
            }
            actual.add("# " + o.get("id").textValue() + " " + o.get("position").textValue()
                + (bans.isEmpty() ? "" : " --ban " + String.join(",", bans)));
            List<String> out = CliRun.of(args.toArray(new String[0])).assertSuccess();
            int k = 0;
            while (!out.get(k).startsWith("必胜走法")) {
                actual.add(out.get(k++));
            }
            actual.add(out.get(k++));
            assertEquals("变化（赢家走必胜着；输家只走它的第一种合法出法）：", out.get(k++));
            for (; k < out.size() - 1; k++) {
                assertTrue(out.get(k).matches("  (地主|农民)：.*"), out.get(k));
            }
            assertTrue(out.get(k).matches("[0-9,]+ 个节点，[0-9.]+ 毫秒，置换表命中率 [0-9.]+%"), out.get(k));
        }
        assertEquals(String.join("\n", expected), String.join("\n", actual));
    }

    /** Issue 36: no English left in the Chinese rules name and refusals; CJK text is two columns wide. */
    @Test
    void chineseRulesRefusalsAndWidths() {
        assertEquals("标准", Lang.ZH.rules(Rules.STANDARD));
        assertEquals("standard", Lang.EN.rules(Rules.STANDARD));
        io.github.ddzengine.core.solve.Position lead = io.github.ddzengine.core.solve.Position.parse("4QQ/8 0",
            Rules.STANDARD);
        MoveTable t = Rules.STANDARD.table();
        assertEquals("先出时必须出牌，不能不出", Lang.ZH.whyIllegal(lead, MoveTable.PASS));
        assertEquals("手牌 4 Q Q 里没有 5", Lang.ZH.whyIllegal(lead, t.parseMove("5")));
        io.github.ddzengine.core.solve.Position follow = io.github.ddzengine.core.solve.Position.parse("4QQ/8A 1 Q@0",
            Rules.STANDARD);
        assertEquals("8 压不过 Q（单张）", Lang.ZH.whyIllegal(follow, t.parseMove("8")));
        assertEquals(null, Lang.ZH.whyIllegal(follow, t.parseMove("A")));
        assertEquals(4, Lang.displayWidth("棋手"));
        assertEquals(5, Lang.displayWidth("mc-v1"));
        assertEquals(6, Lang.displayWidth("已分析"));
    }

    @Test
    void chineseCardsReadBackAsTheSameCards() {
        long all = Notation.parseCards("33334444555566667777888899990000JJJJQQQQKKKKAAAA2222XD");
        String zh = Lang.ZH.cards(all);
        assertTrue(zh.startsWith("3 3 3 3 4") && zh.endsWith("2 2 小王 大王") && zh.contains("10 10 10 10 J"), zh);
        assertEquals(all, Notation.parseCards(zh));
        MoveTable t = Rules.STANDARD.table();
        assertEquals("不出", Lang.ZH.move(t, MoveTable.PASS));
        assertEquals("王炸", Lang.ZH.typeName(t, t.parseMove("XD")));
        assertEquals("飞机带翅膀", Lang.ZH.typeName(t, t.parseMove("333444TJ")));
        assertEquals("3 3 3 4 4 4 5 5 5 6 6 6（飞机）", Lang.ZH.move(t, t.parseMove("333444555666:trio_chain_4")));
        for (MoveType type : MoveType.values()) {
            assertTrue(!Lang.typeName(type).isEmpty(), type.toString());
        }
        assertEquals("下家", Lang.ZH.seat(1, 3));
        assertEquals("农民", Lang.ZH.seat(1, 2));
    }

    @Test
    void aPositionByOptionsMayHaveSpacesAndGivesTheSameSolve() {
        List<String> byText = CliRun.of("solve", "3558TJJ2X/67TTKAA 0 88@1", "--all", "--json", TT).assertSuccess();
        List<String> byOptions = CliRun.of("solve", "--landlord", "3 5 5 8 10 J J 2 小王", "--farmer", "6 7 10 10 K A A",
            "--mover", "地主", "--last", "8 8@农民", "--all", "--json", TT).assertSuccess();
        assertEquals(byText.get(0).replaceAll("\"time_ms\":[0-9.]+", ""),
            byOptions.get(0).replaceAll("\"time_ms\":[0-9.]+", ""));
        List<String> three = CliRun.of("solve", "--landlord", "6TJQQK", "--down", "459JK2", "--up", "34468T", TT)
            .assertSuccess();
        assertEquals("Position 6TJQQK/459JK2/34468T 0, rules standard", three.get(0));
    }

    @Test
    void badPositionOptionsAndLanguagesAreOneLineErrors() {
        CliRun.of("solve", "--landlord", "3", TT).assertUsageError("no farmer", "give --farmer (two seats) or both");
        CliRun.of("solve", "--landlord", "3", "--farmer", "4", "--last", "5", TT)
            .assertUsageError("no seat", "--last 5: write MOVE@SEAT");
        CliRun.of("solve", "--landlord", "3W", "--farmer", "4", TT).assertUsageError("bad hand", "--landlord: ");
        CliRun.of("solve", "3/4 0", "--landlord", "3", "--farmer", "4", TT).assertUsageError("both", "not both");
        CliRun.of("solve", "--lang", "fr").assertUsageError("language", "unknown language 'fr' (languages: en, zh)");
    }
}
