package io.github.ddzengine.tools.web;

import java.io.PrintWriter;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.engine.Workspace;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ddz web}: the puzzle, play, replay and match report pages on a local web server. */
@Command(name = "web", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Serves the engine as a web page: solve puzzles by clicking cards, play against the Monte Carlo "
        + "engine, replay game records, run matches with plots. Pages and a JSON API (docs/web.md) on a local "
        + "port; Ctrl-C stops it."},
    footer = {"", "Examples:", "  ddz web                       then open http://127.0.0.1:8080/",
        "  ddz web --port 0              a free port (printed)",
        "  ddz web --host 0.0.0.0        every interface (anyone who can reach the machine can use it)",
        "", "Exit codes: 0 stopped, 2 bad options or a port in use, 1 internal error."})
public final class WebCommand implements Callable<Integer> {
    private final Toolkit toolkit;

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", defaultValue = "8080",
        description = "Port (default 8080; 0 = a free one, printed at start).")
    private int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
        description = "Address to bind (default 127.0.0.1, this machine only).")
    private String host;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads: requests served at once "
        + "(default: one a core, at least 2).")
    private Integer threads;

    @Option(names = "--tables", paramLabel = "DIR",
        description = "Directory of the precomputed tables (default: $" + Tables.ENV + ", else ~/.cache/ddz/tables); "
            + "missing tables are computed instead.")
    private Path tables;

    @Option(names = "--no-warmup", description = "Skip the short warm-up of the engine at start.")
    private boolean noWarmup;

    /** The verb, reading records and naming agents with {@code toolkit}. */
    public WebCommand(Toolkit toolkit) {
        this.toolkit = toolkit;
    }

    @Override
    public Integer call() throws Exception {
        WebServer.Options o = WebServer.Options.defaults();
        try {
            o = o.withPort(port).withHost(host);
            if (threads != null) {
                o = o.withThreads(threads);
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Path dir = Tables.directory(tables);
        // every preset's tables, loaded now so that a bad file stops the server before it starts
        DdzEngine engine = DdzEngine.standard().withTableDirectory(dir);
        for (Preset p : Preset.values()) {
            engine.tables(p);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        WebServer server;
        try {
            server = new WebServer(o, toolkit, System.err, engine);
        } catch (BindException e) {
            err.println("ddz web: cannot listen on " + host + ":" + port + " (" + e.getMessage()
                + "): choose another --port (0 picks a free one)");
            err.flush();
            return 2;
        } catch (UnknownHostException e) {
            err.println("ddz web: unknown --host '" + host + "'");
            err.flush();
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "ddz-web-stop"));
        server.start();
        out.println("ddz web: serving " + server.uri() + " (pages: puzzle, play, replay, report; API: docs/web.md); "
            + "Ctrl-C stops it");
        out.flush();
        if (!noWarmup) {
            Thread w = new Thread(() -> warmUp(engine), "ddz-web-warmup");
            w.setDaemon(true);
            w.setPriority(Thread.MIN_PRIORITY);
            w.start();
        }
        stopped.await();
        return 0;
    }

    /** Runs the solver and the Monte Carlo engine once so the first requests find compiled code. */
    private static void warmUp(DdzEngine engine) {
        try (Workspace w = engine.withSolverMegabytes(4).newWorkspace()) {
            w.solver(Rules.STANDARD).solve(Position.parse("448999TJJQQAD/336688TAA22X 0", Rules.STANDARD), true, 2_000, 0);
            InformationSet info = InformationSet.of(Rules.STANDARD, 0,
                io.github.ddzengine.core.cards.Notation.parseCards("3445667899TJQKA2XD2A"), 0, 0, new int[0]);
            w.mc(engine.mcSettings(Rules.STANDARD).build(), Rules.STANDARD).warmUp(info, 300);
        } catch (RuntimeException e) {
            // only a warm-up: the requests report their own errors
        }
    }
}
