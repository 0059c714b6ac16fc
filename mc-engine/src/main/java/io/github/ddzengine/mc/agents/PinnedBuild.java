package io.github.ddzengine.mc.agents;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.mc.InformationSet;

/**
 * A pinned build: the engine jars of an earlier commit ({@code ddz-core}, {@code ddz-tables},
 * {@code ddz-mc}, built by {@code baselines/build.sh COMMIT}), loaded in a class loader of their
 * own, so that a frozen agent ({@code mc-v1}, {@code mc-v2}) plays exactly as it did at that
 * commit while the code of today moves on. The jars are resources of the class path ({@value
 * #ROOT}{@code COMMIT/}); they are copied to a temporary folder once, when the build is first
 * used. Their classes see only the JDK and Agrona, never today's engine.
 *
 * <p>{@link #agent} wraps an agent of the build as an {@link Agent} of today: information sets and
 * bid requests cross by their plain data (seat, hands, bid, the plays in move notation), moves come
 * back in notation, so the two move tables need not share ids. The build plays without today's
 * precomputed tables ({@code EngineTables.NONE} of its own), as the solver promises the same
 * answers with or without them.
 */
public final class PinnedBuild {
    /** Where the builds are on the class path: {@code ROOT + COMMIT + "/ddz-mc.jar"}, and {@code agents.txt}. */
    public static final String ROOT = "io/github/ddzengine/baselines/";
    private static final String[] JARS = {"ddz-core.jar", "ddz-tables.jar", "ddz-mc.jar"};

    private final String commit;
    private final ClassLoader loader;
    private final Method specsBuiltIn;
    private final Method specsParse;
    private final Method rulesOf;
    private final Method presetValueOf;
    private final Method tableOf;
    private final Method parseMove;
    private final Method formatMove;
    private final Method infoOf;
    private final Method bidOf;
    private final Method agentPlay;
    private final Method agentBid;
    private final Method agentCopy;
    private final Method agentStart;
    private final Method agentClose;

    private PinnedBuild(String commit, ClassLoader loader) throws ReflectiveOperationException {
        this.commit = commit;
        this.loader = loader;
        Class<?> specs = loader.loadClass("io.github.ddzengine.mc.agents.AgentSpecs");
        Class<?> rules = loader.loadClass("io.github.ddzengine.core.rules.Rules");
        Class<?> preset = loader.loadClass("io.github.ddzengine.core.rules.Preset");
        Class<?> table = loader.loadClass("io.github.ddzengine.core.rules.MoveTable");
        Class<?> info = loader.loadClass("io.github.ddzengine.mc.InformationSet");
        Class<?> bid = loader.loadClass("io.github.ddzengine.mc.BidRequest");
        Class<?> agent = loader.loadClass("io.github.ddzengine.mc.Agent");
        specsBuiltIn = specs.getMethod("builtIn");
        specsParse = specs.getMethod("parse", String.class, rules);
        rulesOf = rules.getMethod("of", preset, int.class);
        presetValueOf = preset.getMethod("valueOf", String.class);
        tableOf = rules.getMethod("table");
        parseMove = table.getMethod("parseMove", String.class);
        formatMove = table.getMethod("format", int.class);
        infoOf = info.getMethod("of", rules, int.class, long.class, long.class, int.class, int[].class);
        bidOf = bid.getMethod("of", rules, long.class, int[].class);
        agentPlay = agent.getMethod("play", info);
        agentBid = agent.getMethod("bid", bid);
        agentCopy = agent.getMethod("copy");
        agentStart = agent.getMethod("startGame", long.class);
        agentClose = agent.getMethod("close");
    }

    /**
     * Loads the build of {@code commit} from the class path.
     *
     * @throws IllegalArgumentException one line when the build is not on the class path or cannot
     *     be loaded (its jars missing, unreadable or not an engine of this shape)
     */
    public static PinnedBuild load(String commit) {
        ClassLoader here = PinnedBuild.class.getClassLoader();
        try {
            Path dir = Files.createTempDirectory("ddz-build-" + commit + "-");
            dir.toFile().deleteOnExit();
            URL[] urls = new URL[JARS.length];
            for (int i = 0; i < JARS.length; i++) {
                String name = ROOT + commit + "/" + JARS[i];
                try (InputStream in = here.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IllegalArgumentException("the pinned build " + commit + " is not on the class path ("
                            + name + " missing: baselines/build.sh " + commit + ")");
                    }
                    Path jar = dir.resolve(JARS[i]);
                    Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
                    jar.toFile().deleteOnExit();
                    urls[i] = jar.toUri().toURL();
                }
            }
            return new PinnedBuild(commit, new URLClassLoader("ddz-build-" + commit, urls, new AgronaOnly(here)));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("the pinned build " + commit + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("the pinned build " + commit + " could not be copied out: " + e.getMessage(),
                e);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("the pinned build " + commit + " is not an engine this version can run: "
                + e);
        }
    }

    /**
     * The build's class loader: for tests and tools that drive its classes directly (by
     * reflection; they are not today's classes).
     */
    public ClassLoader classLoader() {
        return loader;
    }

    /** The commit of this build (its short form: the folder of {@code baselines/}). */
    public String commit() {
        return commit;
    }

    /**
     * The build's agent of {@code spec} (parsed by the build's own agent specs) for {@code rules},
     * named {@code name}.
     *
     * @throws IllegalArgumentException one line, the build's own message for a bad spec
     */
    public Agent agent(String name, String spec, Rules rules) {
        Object theirRules = invoke(rulesOf, null, invoke(presetValueOf, null, rules.preset().name()), rules.banMask());
        Object target = invoke(specsParse, invoke(specsBuiltIn, null), spec, theirRules);
        return new Pinned(name, rules, theirRules, target);
    }

    private Object invoke(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof IllegalArgumentException) {
                throw new IllegalArgumentException(c.getMessage(), c);
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("the pinned build " + commit + ": " + c, c);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the pinned build " + commit + ": " + e, e);
        }
    }

    /** Today's agent around one of the build's. One decision at a time, as every agent. */
    private final class Pinned implements Agent {
        private final String name;
        private final Rules rules;
        private final Object theirRules;
        private final Object theirTable;
        private final Object target;

        Pinned(String name, Rules rules, Object theirRules, Object target) {
            this.name = name;
            this.rules = rules;
            this.theirRules = theirRules;
            this.theirTable = invoke(tableOf, theirRules);
            this.target = target;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int bid(BidRequest request) {
            Object r = invoke(bidOf, null, theirRules, request.hand(), request.earlierBids());
            return (Integer) invoke(agentBid, target, r);
        }

        @Override
        public int play(InformationSet info) {
            MoveTable table = rules.table();
            int[] history = new int[info.historyLength()];
            for (int i = 0; i < history.length; i++) {
                history[i] = theirs(table, info.historyMove(i));
            }
            Object theirInfo = invoke(infoOf, null, theirRules, info.seat(), info.hand(), info.kitty(), info.bid(),
                history);
            int m = (Integer) invoke(agentPlay, target, theirInfo);
            return m == MoveTable.PASS ? MoveTable.PASS : table.parseMove((String) invoke(formatMove, theirTable, m));
        }

        private int theirs(MoveTable table, int move) {
            return move == MoveTable.PASS ? MoveTable.PASS : (Integer) invoke(parseMove, theirTable, table.format(move));
        }

        @Override
        public Agent copy() {
            return new Pinned(name, rules, theirRules, invoke(agentCopy, target));
        }

        @Override
        public void startGame(long seed) {
            invoke(agentStart, target, seed);
        }

        @Override
        public void close() {
            invoke(agentClose, target);
        }
    }

    /**
     * The parent of a build's class loader: the JDK's classes, and Agrona's from the class path
     * (the one library an engine jar may use); never today's engine classes.
     */
    private static final class AgronaOnly extends ClassLoader {
        private final ClassLoader agrona;

        AgronaOnly(ClassLoader agrona) {
            super("ddz-build-parent", ClassLoader.getPlatformClassLoader());
            this.agrona = agrona;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith("org.agrona.")) {
                return agrona.loadClass(name);
            }
            throw new ClassNotFoundException(name);
        }
    }
}
