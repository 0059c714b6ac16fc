package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.OutputException;
import io.github.ddzengine.tools.cli.ProgressBars;
import io.github.ddzengine.tools.cli.RulesOptions;
import io.github.ddzengine.tools.cli.VersionProvider;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.learn.DataBuilder;
import io.github.ddzengine.learn.DataFile;
import io.github.ddzengine.learn.Dataset;
import io.github.ddzengine.learn.LabelledPosition;
import io.github.ddzengine.learn.Screen;
import io.github.ddzengine.learn.Trainer;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.eval.ValueNet;
import io.github.ddzengine.mc.eval.ValueNetFile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ddz learn}: the learned evaluation's offline steps (docs/cli/learn.md): {@code data}
 * (labelled positions from self-play and the solver), {@code train} (a value network from them),
 * {@code screen} (the network against the solver on held-out positions).
 */
@Command(name = "learn", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    synopsisSubcommandLabel = "COMMAND",
    description = {"Builds the learned evaluation: labelled positions from self-play (data), a value network "
        + "trained on them (train), and its screen against the exact solver (screen)."},
    subcommands = {LearnCommand.Data.class, LearnCommand.Train.class, LearnCommand.ScreenVerb.class})
public final class LearnCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /** Without a sub-verb: a usage error naming them. */
    @Override
    public Integer call() {
        throw Exits.missingCommand(spec);
    }

    /** The command line as typed, for a file's provenance. */
    static String typed(CommandSpec spec) {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        // originalArgs holds the whole command line, the verbs included
        return "ddz " + String.join(" ", args);
    }

    /** {@code MIN..MAX} of a card-range option. */
    static int[] range(CommandSpec spec, String option, String text) {
        String[] p = text.strip().split("\\.\\.", -1);
        try {
            if (p.length == 2) {
                return new int[] {Integer.parseInt(p[0].strip()), Integer.parseInt(p[1].strip())};
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ParameterException(spec.commandLine(), option + ": MIN..MAX expected, not '" + text + "'");
    }

    /** Every position of the files, checked to share one preset. */
    static DataFile.Contents readAll(List<Path> files) {
        Rules rules = null;
        List<LabelledPosition> all = new ArrayList<>();
        for (Path f : files) {
            DataFile.Contents c = DataFile.read(f);
            if (rules != null && !rules.equals(c.rules())) {
                throw new IllegalArgumentException(f + ": rules " + c.rules().preset().id() + ", the other files "
                    + rules.preset().id());
            }
            rules = c.rules();
            all.addAll(c.positions());
        }
        return new DataFile.Contents(rules, all);
    }

    private static double cpuSeconds() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9;
    }

    /** {@code ddz learn data}. */
    @Command(name = "data", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Plays self-play games and writes the positions they reach, each labelled with the "
            + "landlord side's result against best play by the exact solver (docs/cli/learn.md has the file format).",
            "Game g is dealt and seated from the seed and g alone: the same seed gives the same file, byte for byte, "
                + "on any number of threads (agents must be effort- or world-budgeted)."},
        footer = {"", "Exit codes: 0 written, 2 bad input, 4 the file could not be written, 1 internal error."})
    static final class Data implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Mixin
        private RulesOptions rulesOptions;

        @Option(names = "--games", paramLabel = "N", defaultValue = "100", description = "Games to play (default 100).")
        private int games;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "The seed (default 1).")
        private long seed;

        @Option(names = "--agents", paramLabel = "SPECS", defaultValue = "rule,greedy,random",
            description = "Agents to draw each seat from, comma-separated specs (default rule,greedy,random; "
                + "a Monte Carlo agent as mc:effort=N).")
        private String agents;

        @Option(names = "--cards", paramLabel = "MIN..MAX", defaultValue = "12..30",
            description = "Positions with MIN to MAX cards in all hands are labelled (default 12..30).")
        private String cards;

        @Option(names = "--solve-cards", paramLabel = "N", defaultValue = "30",
            description = "Positions of at most N cards are labelled by the solver, larger ones by the result of "
                + "their game (default 30).")
        private int solveCards;

        @Option(names = "--every", paramLabel = "K", defaultValue = "2",
            description = "Label one position in K of those in range, drawn from the seed (default 2).")
        private int every;

        @Option(names = "--nodes", paramLabel = "N", defaultValue = "300000",
            description = "Solver node budget of one label; a position over it is left out and counted (default 300000).")
        private long nodes;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "Threads (default 1).")
        private int threads;

        @Option(names = "--out", paramLabel = "FILE", required = true,
            description = "The positions file to write (gzip-compressed if it ends in .gz).")
        private Path out;

        @Override
        public Integer call() {
            int[] r = range(spec, "--cards", cards);
            List<String> specs = new ArrayList<>();
            // specs hold commas (mc:effort=1,threads=1) only after a colon: split at commas that start a name
            for (String part : agents.split(",")) {
                if (!specs.isEmpty() && part.contains("=") && !part.contains(":")) {
                    specs.set(specs.size() - 1, specs.get(specs.size() - 1) + "," + part);
                } else if (!part.isBlank()) {
                    specs.add(part.strip());
                }
            }
            DataBuilder builder;
            try {
                if (!rulesOptions.rules().equals(Rules.of(rulesOptions.rules().preset()))) {
                    throw new IllegalArgumentException("--ban: positions are labelled under a preset without bans");
                }
                DataBuilder.Settings s = new DataBuilder.Settings(rulesOptions.rules(), games, seed, specs, r[0], r[1],
                    solveCards, every, nodes, threads, "ddz learn data --rules " + rulesOptions.rules().preset().id() + " --games " + games
                    + " --seed " + seed + " --agents " + String.join(",", specs) + " --cards " + r[0] + ".." + r[1]
                    + " --solve-cards " + solveCards + " --every " + every + " --nodes " + nodes);
                builder = new DataBuilder(s, AgentSpecs.builtIn(), EngineTables.NONE);
            } catch (IllegalArgumentException e) {
                return Exits.inputError(spec, e);
            }
            DataBuilder.Report report;
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
                 OutputStream o = out.toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file) {
                report = builder.run(o, ProgressBars.forTerminal());
            } catch (IOException e) {
                throw new OutputException(out, e);
            }
            PrintWriter w = spec.commandLine().getOut();
            w.printf("%s: %d positions (%d labelled by the solver; landlord side wins %.1f%%) from %d games, "
                + "%d over the node budget, %,d solver nodes, %.1f s%n", out, report.positions(), report.solved(),
                report.positions() == 0 ? 0.0 : 100.0 * report.wins() / report.positions(), report.games(),
                report.overBudget(), report.nodes(), report.nanos() / 1e9);
            return 0;
        }
    }

    /** {@code ddz learn train}. */
    @Command(name = "train", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Trains a value network on labelled positions and writes its model file (docs/cli/learn.md).",
            "One thread: the same data, settings and seed give the same file, byte for byte. With --checkpoint a "
                + "run saves its state after each epoch, and --resume goes on from it to the same result."},
        footer = {"", "Exit codes: 0 trained, 2 bad input, 4 the file could not be written, 1 internal error."})
    static final class Train implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--data", paramLabel = "FILE", required = true, split = ",",
            description = "Positions files of ddz learn data (comma-separated or repeated).")
        private List<Path> data;

        @Option(names = "--validation", paramLabel = "FILE", split = ",",
            description = "Positions to validate on; without it one game in --hold-out of the data is held out.")
        private List<Path> validation;

        @Option(names = "--hold-out", paramLabel = "K", defaultValue = "10",
            description = "Without --validation: hold out the positions of one game in K, drawn from the seed "
                + "(default 10; 0 holds out none).")
        private int holdOut;

        @Option(names = "--hidden", paramLabel = "WIDTHS", defaultValue = "256,64", split = ",",
            description = "Hidden layer widths (default 256,64).")
        private int[] hidden;

        @Option(names = "--epochs", paramLabel = "N", defaultValue = "20", description = "Epochs (default 20).")
        private int epochs;

        @Option(names = "--batch", paramLabel = "N", defaultValue = "256", description = "Minibatch size (default 256).")
        private int batch;

        @Option(names = "--learning-rate", paramLabel = "X", defaultValue = "0.001",
            description = "Adam's learning rate (default 0.001).")
        private double learningRate;

        @Option(names = "--weight-decay", paramLabel = "X", defaultValue = "0.0001",
            description = "Decoupled weight decay (default 0.0001).")
        private double weightDecay;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "The seed (default 1).")
        private long seed;

        @Option(names = "--checkpoint", paramLabel = "FILE",
            description = "Save the run's state here after each epoch.")
        private Path checkpoint;

        @Option(names = "--resume", description = "Go on from --checkpoint (same data and settings).")
        private boolean resume;

        @Option(names = "--out", paramLabel = "FILE", required = true, description = "The model file to write.")
        private Path out;

        @Override
        public Integer call() {
            PrintWriter w = spec.commandLine().getOut();
            Trainer trainer;
            Trainer.Settings s;
            Rules rules;
            String dataText;
            try {
                if (resume && checkpoint == null) {
                    throw new IllegalArgumentException("--resume needs --checkpoint FILE");
                }
                s = new Trainer.Settings(hidden, epochs, batch, learningRate, weightDecay, seed);
                if (holdOut < 0) {
                    throw new IllegalArgumentException("--hold-out must be 0 or more, not " + holdOut);
                }
                DataFile.Contents all = readAll(data);
                rules = all.rules();
                List<LabelledPosition> tr;
                List<LabelledPosition> va;
                if (validation != null && !validation.isEmpty()) {
                    DataFile.Contents v = readAll(validation);
                    if (!v.rules().equals(rules)) {
                        throw new IllegalArgumentException("--validation: rules " + v.rules().preset().id()
                            + ", the data " + rules.preset().id());
                    }
                    tr = all.positions();
                    va = v.positions();
                } else {
                    List<List<LabelledPosition>> split = Trainer.splitByGame(all.positions(), holdOut, seed);
                    tr = split.get(0);
                    va = split.get(1);
                }
                if (tr.isEmpty()) {
                    throw new IllegalArgumentException("--data: no position to train on");
                }
                trainer = new Trainer(s, Dataset.of(rules, tr), Dataset.of(rules, va));
                if (resume) {
                    trainer.loadCheckpoint(checkpoint);
                    w.printf("resumed from %s after epoch %d%n", checkpoint, trainer.epochsDone());
                }
                dataText = "data " + data + " (" + tr.size() + " positions), validation "
                    + (validation != null && !validation.isEmpty() ? validation.toString() : "one game in " + holdOut)
                    + " (" + va.size() + " positions)";
                w.printf("%s; network %s, %d parameters%n", dataText, Arrays.toString(s.widths()),
                    ValueNet.parameterCount(s.widths()));
                w.flush();
            } catch (IllegalArgumentException e) {
                return Exits.inputError(spec, e);
            }
            double cpu0 = cpuSeconds();
            Trainer.Epoch last = null;
            while (trainer.epochsDone() < epochs) {
                last = trainer.epoch();
                w.printf("epoch %d: train loss %.4f, validation loss %.4f, accuracy %.4f%n", last.epoch(),
                    last.trainLoss(), last.validationLoss(), last.validationAccuracy());
                w.flush();
                if (checkpoint != null) {
                    try {
                        trainer.saveCheckpoint(checkpoint);
                    } catch (IOException e) {
                        throw new OutputException(checkpoint, e);
                    }
                }
            }
            String provenance = typed(spec) + "\n" + dataText + "\n" + s.describe() + "\n"
                + (last == null ? "" : String.format("epoch %d: train loss %.4f, validation loss %.4f, accuracy %.4f%n",
                    last.epoch(), last.trainLoss(), last.validationLoss(), last.validationAccuracy()));
            try {
                ValueNetFile.write(out, trainer.net(), rules, provenance);
            } catch (io.github.ddzengine.tables.TableException e) {
                // an output that cannot be written is exit code 4 (docs/reliability.md), not bad input
                throw new OutputException(out, e.getCause() instanceof IOException io ? io : new IOException(e.problem()));
            }
            w.printf("%s written; training took %.1f s of CPU%n", out, cpuSeconds() - cpu0);
            return 0;
        }
    }

    /** {@code ddz learn screen}. */
    @Command(name = "screen", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Screens a value network against the exact solver on labelled positions it was not trained "
            + "on: by card count and mover, its accuracy and log-loss; per legal move, how often its verdict and "
            + "its one-ply pick agree with the solver, beside one rollout of the Monte Carlo agent's policy."},
        footer = {"", "Exit codes: 0 screened, 2 bad input, 1 internal error."})
    static final class ScreenVerb implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--model", paramLabel = "FILE", required = true, description = "The model file.")
        private Path model;

        @Option(names = "--data", paramLabel = "FILE", required = true, split = ",",
            description = "Positions files of ddz learn data (comma-separated or repeated).")
        private List<Path> data;

        @Option(names = "--move-nodes", paramLabel = "N", defaultValue = "200000",
            description = "Solver node budget of one position's per-move verdicts; 0 skips the move screen "
                + "(default 200000).")
        private long moveNodes;

        @Option(names = "--move-cards", paramLabel = "MIN..MAX", defaultValue = "19..30",
            description = "The move screen takes positions with MIN to MAX cards (default 19..30).")
        private String moveCards;

        @Override
        public Integer call() {
            Screen screen;
            DataFile.Contents all;
            String provenance;
            int[] r = range(spec, "--move-cards", moveCards);
            try {
                if (moveNodes < 0) {
                    throw new IllegalArgumentException("--move-nodes must be 0 or more, not " + moveNodes);
                }
                all = readAll(data);
                ValueNetFile.Loaded loaded = ValueNetFile.read(model, all.rules());
                provenance = loaded.provenance();
                screen = new Screen(all.rules(), loaded.net(), moveNodes);
            } catch (IllegalArgumentException e) {
                return Exits.inputError(spec, e);
            }
            List<LabelledPosition> inRange = new ArrayList<>();
            List<LabelledPosition> outside = new ArrayList<>();
            int notSolved = 0;
            for (LabelledPosition p : all.positions()) {
                if (!p.solved()) {
                    notSolved++; // the screen is against the solver
                } else {
                    (p.cards() >= r[0] && p.cards() <= r[1] ? inRange : outside).add(p);
                }
            }
            screen.add(inRange, true);
            screen.add(outside, false);
            PrintWriter w = spec.commandLine().getOut();
            w.printf("Model %s (%s)%n", model, provenance.lines().findFirst().orElse(""));
            w.printf("%d solver-labelled positions of %s%s; moves screened at %d..%d cards%n",
                all.positions().size() - notSolved, data, notSolved == 0 ? "" : " (" + notSolved + " labelled by "
                    + "their game left out)", r[0], r[1]);
            w.print(screen.report());
            return 0;
        }
    }
}
