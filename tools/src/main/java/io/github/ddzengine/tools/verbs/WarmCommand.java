package io.github.ddzengine.tools.verbs;

import java.util.concurrent.Callable;

import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.warm.WarmClient;
import io.github.ddzengine.tools.warm.WarmEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ddz warm status|stop}: the warm engine of this jar (docs/cli/warm.md). */
@Command(name = "warm", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"The warm engine: a ddz process that stays up between commands, so that ddz solve, moves and split "
        + "started cold are answered at once by code already compiled (docs/cli/warm.md). It starts by itself at the "
        + "first such command and stops after " + WarmEngine.DEFAULT_IDLE_SECONDS + " s without one ($"
        + WarmEngine.IDLE_ENV + " seconds); $" + WarmEngine.ENV + "=0 keeps every command in its own process.",
        "status: whether one runs for this jar, and its figures. stop: stops it."},
    footer = {"", "Exit codes: 0 done, 1 no warm engine runs for this jar, 2 bad input."})
public final class WarmCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ACTION", description = "status or stop.")
    private String action;

    @Override
    public Integer call() {
        if (!action.equals("status") && !action.equals("stop")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "unknown action '" + action + "' (status, stop)");
        }
        String answer = WarmClient.control(action, System.getenv());
        if (answer == null) {
            spec.commandLine().getOut().println("no warm engine runs for this jar");
            return 1;
        }
        spec.commandLine().getOut().print(answer);
        return 0;
    }
}
