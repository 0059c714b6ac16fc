package io.github.ddzengine.bench;

import io.github.ddzengine.tools.json.GameRecords;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * The decision-level sure win ({@code sure=P}) read off played games: replays the records of
 * duplicate matches of A against B ({@code ddz ladder --out-dir} files, each deal's game with A as
 * landlord first) and at every decision with at least two candidates asks whether the sure-win
 * check finds a move. Per agent it counts the decisions where it does, those where the agent
 * played another move (declined a sure win), and the games its side then lost. A side that takes
 * a sure move and keeps taking them wins, so the games an agent without the lever lost after
 * declining one are the games the lever would have won at that seat: with the lever off in B,
 * B's count over B's games is the lever's WP gain in this population of positions, read from the
 * games without playing any; A's (with the lever on) checks that the lever's games are won.
 *
 * <p>Usage: {@code SureReplay P FILE...} (each file one chunk of the match, in match order).
 */
public final class SureReplay {
    private SureReplay() {
    }

    public static void main(String[] args) {
        int plays = Integer.parseInt(args[0]);
        MonteCarloAgent probe = new MonteCarloAgent();
        long[] fired = new long[2];
        long[] declined = new long[2];
        long[] declinedLostGames = new long[2];
        long[] firedLostGames = new long[2];
        long[] firedGames = new long[2];
        long games = 0;
        for (int f = 1; f < args.length; f++) {
            List<GameRecord> records = GameRecords.readFile(Path.of(args[f]));
            for (int i = 0; i < records.size(); i++) {
                GameRecord g = records.get(i);
                boolean aIsLandlord = i % 2 == 0;
                GameState state = new GameState(g.rules());
                state.start(g.startHand(0), g.startHand(1), g.startHand(2));
                int[] moves = g.plays();
                boolean[] sideFired = new boolean[2];
                boolean[] sideDeclined = new boolean[2];
                for (int k = 0; k < moves.length; k++) {
                    int seat = state.toAct();
                    int agent = (seat == 0) == aIsLandlord ? 0 : 1; // 0: A, 1: B
                    InformationSet info = InformationSet.view(state, g.deal().kitty(), Math.max(1, g.base()));
                    int[] sure = probe.sureMoves(info, plays);
                    if (sure.length > 0) {
                        fired[agent]++;
                        sideFired[agent] = true;
                        boolean took = false;
                        for (int m : sure) {
                            took |= m == moves[k];
                        }
                        if (!took) {
                            declined[agent]++;
                            sideDeclined[agent] = true;
                        }
                    }
                    state.play(moves[k]);
                }
                games++;
                for (int a = 0; a < 2; a++) {
                    boolean landlordSide = (a == 0) == aIsLandlord;
                    boolean lost = landlordSide != g.landlordWins();
                    firedGames[a] += sideFired[a] ? 1 : 0;
                    firedLostGames[a] += sideFired[a] && lost ? 1 : 0;
                    declinedLostGames[a] += sideDeclined[a] && lost ? 1 : 0;
                }
            }
        }
        probe.close();
        System.out.printf(Locale.ROOT, "sure=%d over %d games (%d files)%n", plays, games, args.length - 1);
        String[] names = {"A", "B"};
        for (int a = 0; a < 2; a++) {
            System.out.printf(Locale.ROOT, "  %s: decisions with a sure move %d, declined %d; games with one %d, "
                    + "lost %d; games lost after declining one %d (%.4f of its games)%n", names[a], fired[a], declined[a],
                firedGames[a], firedLostGames[a], declinedLostGames[a], (double) declinedLostGames[a] / Math.max(1, games));
        }
    }
}
