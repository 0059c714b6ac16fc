package io.github.ddzengine.tools.web;

import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.json.GameRecords;
import io.github.ddzengine.tools.json.JsonLineWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Properties;

import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.mc.agents.AgentSpecs;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.protocol.ExecAgent;
import io.github.ddzengine.tools.web.Toolkit;

/**
 * The command line's record format and agent names for {@code ddz web}
 * ({@link io.github.ddzengine.tools.web.WebServer}): {@link GameRecords} and {@link AgentSpecs}.
 */
public final class WebToolkit implements Toolkit {
    /** The toolkit of this build. */
    public WebToolkit() {
    }

    @Override
    public GameRecord readRecord(String line) {
        return GameRecords.read(line);
    }

    @Override
    public String recordLine(GameRecord record) {
        StringWriter w = new StringWriter();
        try {
            GameRecords.write(new JsonLineWriter(w), record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString().strip();
    }

    @Override
    public void checkAgent(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (s.startsWith(ExecAgent.PREFIX)) {
            throw new IllegalArgumentException("external agents (exec:) are not run by the web server");
        }
        if (s.toLowerCase(java.util.Locale.ROOT).startsWith("net:")) {
            // model= names a file, and its node and world bounds are for a trusted caller: the web
            // server plays net as it is bundled
            throw new IllegalArgumentException("the web server plays the net agent with its defaults: name it 'net'");
        }
    }

    @Override
    public String agentNames() {
        return String.join(", ", AgentSpecs.builtIn().names());
    }

    @Override
    public int[] inDisplayOrder(MoveTable table, int[] ids) {
        return MoveLister.inDisplayOrder(table, ids);
    }

    @Override
    public String version() {
        return io.github.ddzengine.core.util.Version.get();
    }
}
