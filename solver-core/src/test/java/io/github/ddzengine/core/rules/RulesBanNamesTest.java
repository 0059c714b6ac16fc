package io.github.ddzengine.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Bans print under their canonical names, whatever spelling chose them, and read back to the same rules. */
class RulesBanNamesTest {
    private static Rules rules(String bans) {
        return Rules.of(Preset.STANDARD, Rules.parseBans(bans));
    }

    @Test
    void canonicalNamesInTypeOrder() {
        assertEquals(List.of(), rules("").banNames());
        assertEquals(List.of("winged_planes"), rules("winged_planes").banNames());
        assertEquals(List.of("winged_planes"), rules("trio_pair_chain,trio_solo_chain").banNames());
        assertEquals(List.of("trio_solo_chain"), rules("trio_solo_chain").banNames());
        assertEquals(List.of("trio_solo", "trio_pair"), rules("32,31").banNames());
        assertEquals(List.of("trio", "winged_planes", "four_two_solo", "four_two_pair"),
            rules("planes_with_wings,422,421,trio").banNames());
        assertEquals("standard ban trio_pair,winged_planes", rules("winged_planes,32").toString());
        assertEquals("standard", rules("").toString());
    }

    @Test
    void namesReadBackToTheSameRules() {
        for (String bans : new String[] {"trio", "31", "32", "421,422", "trio_solo_chain", "trio_pair_chain",
            "winged_planes", "trio,31,32,421,422,winged_planes"}) {
            Rules r = rules(bans);
            assertEquals(r, rules(String.join(",", r.banNames())), bans);
        }
    }
}
