package io.github.ddzengine.bench;

import java.util.concurrent.TimeUnit;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.agents.GreedyAgent;
import io.github.ddzengine.mc.agents.RuleAgent;
import io.github.ddzengine.mc.arena.Game;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.Match;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Whole games per second of the arena's game loop ({@link Game}) with baseline agents, STANDARD
 * rules, no bidding: each call plays one game, from a fixed set of {@value #DEALS} deals (seed 7,
 * the deals of {@code ddz play --seed 7}) taken in turn, with the agents restarted per game as the
 * arena does. The score is games per second per thread; run with {@code -t 2} for two cores (each
 * thread has its own game loop and agents, as {@link Match} gives each worker).
 *
 * <p>{@code java -jar bench/target/benchmarks.jar GameBenchmark -t 2 -prof gc}
 * (Not final: JMH subclasses its {@code @State} classes.)
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class GameBenchmark extends HouseBenchmark {
    /** Deals cycled through. */
    public static final int DEALS = 4096;

    /** The agents: {@code rule} (rule vs rule) or {@code greedy} (greedy vs greedy). */
    @Param({"rule"})
    public String agents;

    private Game game;
    private Agent[] seats;
    private Deal[] deals;
    private int next;

    @Setup
    public void setup() {
        Rules rules = Rules.STANDARD;
        game = new Game(rules);
        seats = new Agent[3];
        for (int s = 0; s < 3; s++) {
            seats[s] = agents.equals("greedy") ? new GreedyAgent(rules) : new RuleAgent(rules, 0);
        }
        deals = new Deal[DEALS];
        for (int i = 0; i < DEALS; i++) {
            deals[i] = Match.generatedDeal(7, i);
        }
    }

    /** One game: returns its record (consumed by JMH). */
    @Benchmark
    public GameRecord play() {
        int i = next;
        next = (i + 1) & (DEALS - 1);
        return game.play(i + 1, i + 1, "bench", deals[i], null, seats, i);
    }
}
