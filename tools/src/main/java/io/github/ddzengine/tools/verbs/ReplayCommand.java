package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.json.GameRecords;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.arena.GameRecord;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ddz replay}: re-validates every game record of a file ({@link GameRecords#read}) and
 * prints the games readably once all are valid; the first malformed record stops it with its line and
 * reason (and nothing is printed on standard output).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = {"Re-validates game records written by 'ddz play --out' (one JSON object a line) against the rules "
        + "and prints each game: deal, bids, every play, result and scores.",
        "A malformed record (a card dealt twice, an illegal play, a wrong seat, a result or score the plays do not "
            + "give...) is refused with its line number and the reason."},
    footer = {"", "Exit codes: 0 every record valid, 2 a malformed record or an unreadable file, 1 internal error."})
public final class ReplayCommand implements Callable<Integer> {
    private static final String[] SEAT = {"landlord", "down", "up"};

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The game records (read through gzip when the name ends in .gz).")
    private Path file;

    @Option(names = "--check", description = "Only validate: print one summary line.")
    private boolean check;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<GameRecord> games;
        try {
            games = GameRecords.readFile(file);
        } catch (IllegalArgumentException e) {
            return Exits.inputError(spec, e);
        }
        if (!check) {
            for (GameRecord r : games) {
                print(out, r);
            }
        }
        out.println(games.size() + " game" + (games.size() == 1 ? "" : "s") + " replayed, all valid");
        out.flush();
        return 0;
    }

    private static void print(PrintWriter out, GameRecord r) {
        MoveTable table = r.rules().table();
        out.println("Game " + r.game() + " (deal " + r.dealNumber() + "), rules " + r.rules() + ": " + r.agent(0)
            + " as landlord, " + r.agent(1) + " as down, " + r.agent(2) + " as up");
        StringBuilder deal = new StringBuilder("  deal      ");
        for (int p = 0; p < 3; p++) {
            deal.append("position ").append(p).append(' ').append(Notation.format(r.deal().hand(p))).append(", ");
        }
        out.println(deal.append("kitty ").append(Notation.format(r.deal().kitty())));
        int[] bids = r.bids();
        if (bids.length == 0) {
            out.println("  bids      none: position 0 is the landlord, base 1");
        } else {
            StringBuilder sb = new StringBuilder("  bids      ");
            for (int i = 0; i < bids.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(bids[i] == 0 ? "pass" : String.valueOf(bids[i]));
            }
            out.println(sb.append(": position ").append(r.landlordPosition()).append(" is the landlord, base ")
                .append(r.base()));
        }
        for (int s = 0; s < 3; s++) {
            long h = r.startHand(s);
            out.println("  " + pad(SEAT[s], 9) + " " + Notation.format(h) + " (" + Cards.size(h) + " cards)");
        }
        int[] plays = r.plays();
        for (int i = 0; i < plays.length; i++) {
            out.println(String.format("  %3d. %s %s", i + 1, pad(SEAT[i % 3], 8), table.format(plays[i])));
        }
        StringBuilder res = new StringBuilder("  ").append(r.landlordWins() ? "Landlord wins" : "Farmers win")
            .append(" (").append(SEAT[r.winner()]).append(" out at play ").append(plays.length).append("): ")
            .append(r.bombs()).append(r.bombs() == 1 ? " bomb, " : " bombs, ").append(r.rockets())
            .append(r.rockets() == 1 ? " rocket" : " rockets");
        if (r.spring()) {
            res.append(", spring");
        }
        if (r.antiSpring()) {
            res.append(", anti-spring");
        }
        res.append("; multiplier ").append(r.multiplier()).append("; scores");
        for (int s = 0; s < 3; s++) {
            long sc = r.score(s);
            res.append(s == 0 ? " " : ", ").append(SEAT[s]).append(' ').append(sc > 0 ? "+" : "").append(sc);
        }
        out.println(res);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
