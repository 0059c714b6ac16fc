package io.github.ddzengine.protocol;

import io.github.ddzengine.mc.agents.AgentSpecs;

/**
 * The agents of the agent protocol, for an {@link AgentSpecs} value: {@code exec:COMMAND}. A
 * library user who wants {@code ddz play}'s agents writes
 * {@code ProtocolAgents.withExec(AgentSpecs.builtIn(), 10_000).parse(spec, rules, tables)}.
 */
public final class ProtocolAgents {
    private ProtocolAgents() {
    }

    /**
     * {@code specs} with the {@code exec} agent: {@code exec:COMMAND} runs COMMAND as an external
     * process speaking the agent protocol ({@link ExecAgent}).
     *
     * @param moveTimeoutMillis longest wait for the process's answer to a request, ms (its first
     *     answer gets {@link ExecAgent#STARTUP_GRACE_MS} more)
     */
    public static AgentSpecs withExec(AgentSpecs specs, long moveTimeoutMillis) {
        return withExec(specs, moveTimeoutMillis, ExecAgent.STARTUP_GRACE_MS);
    }

    /**
     * {@link #withExec(AgentSpecs, long)} with the start-up grace given.
     *
     * @param startupGraceMillis extra time for the first answer of each process, ms ({@code ddz play
     *     --startup-grace-ms})
     */
    public static AgentSpecs withExec(AgentSpecs specs, long moveTimeoutMillis, long startupGraceMillis) {
        return specs.withCommand("exec", "COMMAND", "an external process",
            (rules, tables, command) -> ExecAgent.of(ExecAgent.PREFIX + command, rules, moveTimeoutMillis,
                startupGraceMillis));
    }
}
