package io.github.ddzengine.tools;

import io.github.ddzengine.tools.json.GameRecords;
import io.github.ddzengine.tools.json.JsonLineWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * {@code ddz analyze}: games of solver-perfect play (rule agents while more than {@link #MAX}
 * cards are out, then a solver's winning move for whichever side wins) have no blunder; the same
 * games with one won move replaced by a losing one have exactly that blunder, and it is decisive.
 */
class AnalyzeCommandTest {
    private static final Rules RULES = Rules.STANDARD;
    private static final int MAX = 14;
    private static final String[] AGENTS = {"perfect", "solid", "solid"};

    @TempDir
    Path dir;

    private final Solver solver = new Solver(RULES, 4);
    private final MoveGenerator gen = new MoveGenerator(RULES);
    private final int[] buf = new int[MoveGenerator.MAX_MOVES];

    private static long[] hands(GameState s) {
        return new long[] {s.hand(0), s.hand(1), s.hand(2)};
    }

    private static int total(long[] h) {
        return Cards.size(h[0]) + Cards.size(h[1]) + Cards.size(h[2]);
    }

    /** The plays of {@code prefix}, then perfect play to the end. */
    private int[] finish(Deal deal, int[] prefix) {
        GameState state = new GameState(RULES);
        state.start(deal);
        for (int m : prefix) {
            state.play(m);
        }
        RuleAgent rule = new RuleAgent(RULES, 0);
        while (!state.isOver()) {
            long[] h = hands(state);
            int move = -1;
            if (total(h) <= MAX) {
                SolveResult r = solver.solve(Position.of(RULES, h, state.toAct(), state.lastMove(), state.lastSeat()),
                    false, 0, 0);
                if (r.moverWins()) {
                    move = r.line()[0];
                }
            }
            state.play(move >= 0 ? move : rule.play(InformationSet.view(state, deal.kitty(), 1)));
        }
        return state.history();
    }

    /** A won decision at most MAX cards and a losing move there: {play index, losing move}, or null. */
    private int[] blunderSpot(Deal deal, int[] plays) {
        GameState state = new GameState(RULES);
        state.start(deal);
        for (int i = 0; i < plays.length; i++) {
            long[] h = hands(state);
            int seat = state.toAct();
            if (total(h) <= MAX) {
                SolveResult r = solver.solve(Position.of(RULES, h, seat, state.lastMove(), state.lastSeat()), true, 0, 0);
                int n = gen.answers(h[seat], state.lastMove(), buf);
                for (int k = 0; k < n && r.moverWins(); k++) {
                    int m = buf[k];
                    if (Arrays.stream(r.winningMoves()).noneMatch(x -> x == m)) {
                        return new int[] {i, m};
                    }
                }
            }
            state.play(plays[i]);
        }
        return null;
    }

    private Path write(String name, List<GameRecord> games) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (GameRecord g : games) {
            java.io.StringWriter w = new java.io.StringWriter();
            JsonLineWriter out = new JsonLineWriter(w);
            GameRecords.write(out, g);
            w.flush();
            sb.append(w);
        }
        Path file = dir.resolve(name);
        Files.writeString(file, sb.toString());
        return file;
    }

    @Test
    void perfectPlayHasNoBlunderAndAnInjectedBlunderIsFoundAndDecisive() throws IOException {
        List<GameRecord> perfect = new ArrayList<>();
        List<GameRecord> injected = new ArrayList<>();
        List<Integer> spots = new ArrayList<>();
        for (int seed = 1; injected.size() < 3; seed++) {
            Deal deal = Deal.random(seed);
            int[] plays = finish(deal, new int[0]);
            perfect.add(GameRecord.replay(perfect.size() + 1, seed, RULES, deal, new int[0], AGENTS, plays));
            int[] spot = blunderSpot(deal, plays);
            if (spot != null) {
                int[] prefix = Arrays.copyOf(plays, spot[0] + 1);
                prefix[spot[0]] = spot[1];
                injected.add(GameRecord.replay(injected.size() + 1, seed, RULES, deal, new int[0], AGENTS,
                    finish(deal, prefix)));
                spots.add(spot[0]);
            }
        }
        String max = "--max-cards=" + MAX;
        Path good = write("perfect.jsonl", perfect);
        List<String> clean = CliRun.of("analyze", good.toString(), max, "--json",
            "--threads=2").assertSuccess();
        assertEquals(perfect.size() + 1, clean.size());
        int judged = 0;
        for (int i = 0; i < perfect.size(); i++) {
            JsonNode g = SolveCommandTest.json(clean.get(i));
            judged += g.get("decisions").size();
            for (JsonNode d : g.get("decisions")) {
                assertEquals(false, d.get("blunder").booleanValue(), clean.get(i));
                assertTrue(!d.get("before").textValue().equals("unknown"), clean.get(i));
            }
            assertTrue(g.get("decisive_play").isNull(), clean.get(i));
        }
        assertTrue(judged > 20, "decisions analysed: " + judged);
        for (JsonNode a : SolveCommandTest.json(clean.get(perfect.size())).get("agents")) {
            assertEquals(0, a.get("blunders").intValue(), a.toString());
        }
        Path bad = write("injected.jsonl", injected);
        List<String> found = CliRun.of("analyze", bad.toString(), max, "--json", "--threads=1").assertSuccess();
        for (int i = 0; i < injected.size(); i++) {
            JsonNode g = SolveCommandTest.json(found.get(i));
            List<Integer> blunders = new ArrayList<>();
            for (JsonNode d : g.get("decisions")) {
                if (d.get("blunder").booleanValue()) {
                    blunders.add(d.get("play").intValue() - 1);
                    assertEquals("win", d.get("before").textValue());
                    assertEquals("loss", d.get("after").textValue());
                    assertTrue(d.get("winning_moves").size() > 0);
                }
            }
            assertEquals(List.of(spots.get(i)), blunders, found.get(i));
            assertEquals(spots.get(i) + 1, g.get("decisive_play").intValue());
        }
        // the text report, on any thread count the same
        CliRun one = CliRun.of("analyze", bad.toString(), max, "--threads=1");
        CliRun two = CliRun.of("analyze", bad.toString(), max, "--threads=2");
        one.assertSuccess();
        assertEquals(one.out(), two.out());
        assertTrue(one.out().contains("  BLUNDER"), one.out());
        assertTrue(one.out().contains("  decisive: play " + (spots.get(0) + 1) + ", "), one.out());
        // several files: in order, each game with its file
        List<String> both = CliRun.of("analyze", good.toString(), bad.toString(), max, "--json").assertSuccess();
        assertEquals(perfect.size() + injected.size() + 1, both.size());
        assertEquals(good.toString(), SolveCommandTest.json(both.get(0)).get("file").textValue());
        assertEquals(bad.toString(), SolveCommandTest.json(both.get(perfect.size())).get("file").textValue());
    }

    @Test
    void aMissingFileOrABadRecordIsAOneLineError() throws IOException {
        CliRun.of("analyze", dir.resolve("none.jsonl").toString()).assertUsageError("missing", "no file ");
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"deal\": \"33\"}\n");
        CliRun.of("analyze", bad.toString()).assertUsageError("bad record", "bad.jsonl line 1: ");
        CliRun.of("analyze", bad.toString(), "--max-cards=0").assertUsageError("max cards", "--max-cards");
    }
}
