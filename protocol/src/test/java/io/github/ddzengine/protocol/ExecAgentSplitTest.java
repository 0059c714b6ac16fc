package io.github.ddzengine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.agents.AgentSpecs;
import org.junit.jupiter.api.Test;

/** The exec: agent's spec, without starting a process (ddz play's tests in the CLI run real ones). */
class ExecAgentSplitTest {
    @Test
    void commandsSplitLikeAShell() {
        assertEquals(List.of("a", "b c", "d'e", "f\"g", "h i"), ExecAgent.split(" a 'b c' \"d'e\" f\\\"g h\\ i "));
        assertEquals(List.of("x", ""), ExecAgent.split("x ''"));
    }

    @Test
    void theRegistryMakesExecAgentsFromTheWholeCommand() {
        AgentSpecs specs = ProtocolAgents.withExec(AgentSpecs.builtIn(), 1_000);
        try (ExecAgent a = (ExecAgent) specs.parse("exec:python3 'my bot.py' --x=1,y:2", Rules.STANDARD)) {
            assertEquals(List.of("python3", "my bot.py", "--x=1,y:2"), a.command());
            assertEquals("exec:python3 'my bot.py' --x=1,y:2", a.name());
            assertEquals(0, a.faults().total());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> specs.parse("exec", Rules.STANDARD));
        assertEquals("agent 'exec:': no command after exec:", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> specs.parse("nobody", Rules.STANDARD));
        assertTrue(e.getMessage().endsWith(", mc-v1, mc-v2, net, or exec:COMMAND for an external process)"), e.getMessage());
    }
}
