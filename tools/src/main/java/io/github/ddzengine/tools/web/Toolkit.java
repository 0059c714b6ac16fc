package io.github.ddzengine.tools.web;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * What the web server takes from the command line's own code, passed in through its constructor
 * so that the server reads game records and names agents exactly as {@code ddz play} and
 * {@code ddz replay} do (one home for each format).
 */
public interface Toolkit {
    /**
     * Reads and re-validates one game record line ({@code ddz play --out}).
     *
     * @throws IllegalArgumentException with a one-line reason naming the field or action
     */
    GameRecord readRecord(String line);

    /** The record line of a game, as {@code ddz play --out} writes it (without a line break). */
    String recordLine(GameRecord record);

    /**
     * Refuses the agent specs the server does not run for a request from the network: external
     * {@code exec:} agents and the {@code net} agent (its spec names a file to read).
     *
     * @throws IllegalArgumentException with a one-line message
     */
    void checkAgent(String spec);

    /** The agent names a match of the server may name ({@link #checkAgent} refuses the others), comma-separated. */
    String agentNames();

    /**
     * Move ids in the display order of {@code ddz moves}: by type as {@code rules.md} section 2
     * lists them, then chain length, main rank and cards; a pass last.
     *
     * @return a sorted copy
     */
    int[] inDisplayOrder(MoveTable table, int[] ids);

    /** The version of the build, {@code 0.1.0-SNAPSHOT}. */
    String version();
}
