package io.github.ddzengine.core.rules;

import java.util.Locale;

import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.cards.NotationException;

/**
 * The rule presets of {@code rules.md} section 4 (the {@code --rules} option).
 */
public enum Preset {
    /** DouZero's move universe with correct comparisons (winged planes by chain start). The default. */
    STANDARD(29_984, 4, false, false, false),
    /**
     * DouZero exactly, with its two quirks: Q1, a 4- or 5-trio plane whose single wings hold a
     * trio or a four reads as invalid once played (only a bomb or the rocket may follow it); Q2,
     * winged planes with single wings rank by the highest rank held exactly three times in the move.
     * And, as DouZero types a played move: a {@code 333444555666}-like set read as a winged plane
     * ({@code trio_solo_chain_3}) is answered as the 4-trio chain it also is (Q3, see
     * {@link MoveTable#lastKey}).
     */
    DOUZERO(29_984, 4, false, false, true),
    /** RLCard's 27,472-entry action table (27,471 combinations plus pass). */
    RLCARD(27_471, 3, false, true, false),
    /** The Botzone FightTheLandlord2 judge, with space shuttles. */
    BOTZONE(21_421, 1, true, false, false);

    private final int distinctCardSets;
    private final int soloWingCopies;
    private final boolean shuttles;
    private final boolean rlcardSoloWings;
    private final boolean douzeroPlanes;

    Preset(int distinctCardSets, int soloWingCopies, boolean shuttles, boolean rlcardSoloWings,
           boolean douzeroPlanes) {
        this.distinctCardSets = distinctCardSets;
        this.soloWingCopies = soloWingCopies;
        this.shuttles = shuttles;
        this.rlcardSoloWings = rlcardSoloWings;
        this.douzeroPlanes = douzeroPlanes;
    }

    // The quirks below are data the move-table builder reads (rules.md section 4); each preset's
    // differences from STANDARD are written here once.

    /**
     * How many cards of one rank 3..2 single wings (kickers) may hold: 4 (any), 3 (RLCard: never
     * a whole bomb as kickers) or 1 (Botzone: distinct kickers). A joker is single either way.
     */
    public int soloWingCopies() {
        return soloWingCopies;
    }

    /** Whether the preset has space shuttles (chains of fours, bare or winged): Botzone's. */
    public boolean hasShuttles() {
        return shuttles;
    }

    /**
     * RLCard's extra rules on single wings: never both jokers, and a plane's single wings never
     * hold a trio next to the plane (it would read as a longer plane).
     */
    public boolean rlcardSoloWings() {
        return rlcardSoloWings;
    }

    /**
     * DouZero's quirks of winged planes with single wings: Q1, a 4- or 5-trio plane whose wings
     * hold a trio or a four reads as invalid once played; Q2, such planes rank by the highest
     * rank held exactly three times; Q3, a set that is also a 4-trio chain is answered as that chain.
     */
    public boolean douzeroPlanes() {
        return douzeroPlanes;
    }

    /** The number of distinct card sets that are a combination under this preset (pass excluded). */
    public int distinctCardSets() {
        return distinctCardSets;
    }

    /** The lower-case name used on the command line and in JSON: {@code standard}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a preset name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Preset parse(String name) {
        if (name != null) {
            String n = Ascii.upper(name.trim());
            for (Preset p : values()) {
                if (p.name().equals(n)) {
                    return p;
                }
            }
        }
        throw new NotationException("unknown rules '" + name + "' (standard, douzero, rlcard, botzone)");
    }
}
