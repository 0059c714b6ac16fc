package io.github.ddzengine.tools.botzone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.tools.JsonFuzz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzz test of the Botzone turn reader (issue 21): the lines of real FightTheLandlord2 games
 * (refereed as Botzone would, {@link BotzoneRefereeTest}), mutated, and hostile text. The bot never
 * throws, always prints one {@code {"response": ...}} line, reports each problem in one line, and
 * a valid line respelled (blanks, key order, escapes) gets the same answer. Seeded;
 * {@code -Dddz.fuzz=K} runs K times the trials.
 */
class BotzoneFuzzTest {
    private static final List<String> TURNS = new ArrayList<>();

    @BeforeAll
    static void playGames() {
        for (int g = 0; g < 4; g++) {
            BotzoneRefereeTest.game("random", 77 + g, new BotzoneRefereeTest.Tally(), TURNS::add);
        }
    }

    private static BotzoneBot.Reply respond(String line) {
        BotzoneBot.Reply reply;
        try {
            reply = new BotzoneBot("rule", 5, 0).respond(line);
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the bot threw " + e + " on " + line, e);
        }
        JsonNode response = BotzoneJudge.response(reply.line());
        assertNotNull(response, reply.line() + " for " + line);
        assertTrue(response.isIntegralNumber() || response.isArray(), reply.line());
        for (String e : reply.errors()) {
            Fuzz.assertOneLine(e, "an error on " + line);
            assertTrue(!e.startsWith("internal error"), e + " on " + line);
        }
        return reply;
    }

    @Test
    void mutatedTurnsGetOneResponseLineAndOneLineErrors() {
        Property.forAll("Botzone turns mutated", 4100, Fuzz.trials(800), r -> {
            String line = TURNS.get(r.nextInt(TURNS.size()));
            respond(r.nextInt(10) == 0 ? Fuzz.text(r, 80) : JsonFuzz.mutate(r, line));
        });
    }

    @Test
    void respelledTurnsGetTheSameAnswer() {
        Property.forAll("Botzone turns respelled", 4200, Fuzz.trials(300), r -> {
            String line = TURNS.get(r.nextInt(TURNS.size()));
            JsonNode tree;
            try {
                tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            String respelled = JsonFuzz.write(r, tree, (field, value) -> value);
            BotzoneBot.Reply a = respond(line);
            BotzoneBot.Reply b = respond(respelled);
            assertEquals(List.of(), a.errors(), line);
            assertEquals(a.errors(), b.errors(), respelled);
            assertEquals(a.line(), b.line(), respelled);
        });
    }
}
