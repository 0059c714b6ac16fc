package io.github.ddzengine.tools;

import io.github.ddzengine.protocol.JsonFields;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The agents of the strength work (issue 23) as {@code ddz play} specs: {@code mc-v1}. */
class StrengthAgentsTest {
    @Test
    void mcV1IsAnAgentWithTheSettingsOfMc() throws IOException {
        CliRun run = CliRun.of("play", "--a", "mc-v1:worlds=2,prior=uniform,threads=1", "--b", "rule", "--deals", "2",
            "--seed", "3", "--threads", "1", "--json");
        JsonNode j = JsonFields.MAPPER.readTree(run.assertSuccess().get(0));
        assertEquals("mc-v1", j.get("a").textValue());
        assertEquals(4, j.get("games").intValue());
        CliRun.of("play", "--a", "mc-v1:worlds=0", "--b", "rule").assertUsageError("worlds 0",
            "agent 'mc-v1': worlds must be a positive integer, not '0'");
        CliRun.of("play", "--a", "mc-v1:prior=x", "--b", "rule").assertUsageError("prior", "agent 'mc-v1': unknown prior 'x'");
        CliRun.of("play", "--a", "mc-v1:speed=1", "--b", "rule").assertUsageError("setting",
            "agent 'mc-v1': unknown setting 'speed'");
    }
}
