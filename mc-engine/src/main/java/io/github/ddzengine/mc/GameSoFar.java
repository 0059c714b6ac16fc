package io.github.ddzengine.mc;

import io.github.ddzengine.core.rules.MoveTable;

/**
 * What the play so far means for the score of the rest of a game: the base (the final bid, 1 when
 * there was none), the bombs and rockets played, the landlord's plays and whether a farmer has
 * played a card (for the spring and the anti-spring, {@link io.github.ddzengine.core.game.Scoring}).
 * One value instead of four loose parameters.
 *
 * @param base the base score, 1 or more
 * @param bombs bombs and rockets played so far
 * @param landlordPlays the landlord's plays that were not passes
 * @param farmersPlayed whether a farmer has played a card
 */
public record GameSoFar(int base, int bombs, int landlordPlays, boolean farmersPlayed) {
    /** The game so far of {@code info}'s history and bid. */
    public static GameSoFar of(InformationSet info) {
        MoveTable table = info.rules().table();
        int bombs = 0;
        int landlordPlays = 0;
        boolean farmersPlayed = false;
        for (int i = 0; i < info.historyLength(); i++) {
            int m = info.historyMove(i);
            if (m != MoveTable.PASS) {
                bombs += table.isBombOrRocket(m) ? 1 : 0;
                if (i % 3 == 0) {
                    landlordPlays++;
                } else {
                    farmersPlayed = true;
                }
            }
        }
        return new GameSoFar(info.bid() == 0 ? 1 : info.bid(), bombs, landlordPlays, farmersPlayed);
    }
}
