package io.github.ddzengine.engine;

import java.util.List;

/**
 * A game record, replayed and validated ({@code ddz replay --check}).
 *
 * @param game the game's number in its match, from 1
 * @param deal the deal, {@code HAND0/HAND1/HAND2/KITTY} by bidding position
 * @param agents the agents' names by seat (landlord, landlord_down, landlord_up)
 * @param plays every move from the landlord's lead, with its seat
 * @param winner {@code landlord} or {@code farmers}
 * @param scores the points of each seat (landlord, landlord_down, landlord_up)
 * @param json the record as one JSON line ({@code ddz play --out}'s format)
 */
public record ReplayedGame(int game, String deal, List<String> agents, List<Play> plays, String winner,
                           List<Long> scores, String json) {
    /** @throws NullPointerException if a list is null */
    public ReplayedGame {
        agents = List.copyOf(agents);
        plays = List.copyOf(plays);
        scores = List.copyOf(scores);
    }
}
