package io.github.ddzengine.core.rules;

import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.cards.NotationException;

/**
 * Combination types of {@code rules.md} section 2, plus {@link #PASS}. A chain type's full name
 * carries its length: {@code solo_chain_5}, {@code trio_solo_chain_2}, {@code shuttle_solo_3}.
 */
public enum MoveType {
    PASS("pass", false),
    SOLO("solo", false),
    PAIR("pair", false),
    TRIO("trio", false),
    TRIO_SOLO("trio_solo", false),
    TRIO_PAIR("trio_pair", false),
    SOLO_CHAIN("solo_chain", true),
    PAIR_CHAIN("pair_chain", true),
    TRIO_CHAIN("trio_chain", true),
    TRIO_SOLO_CHAIN("trio_solo_chain", true),
    TRIO_PAIR_CHAIN("trio_pair_chain", true),
    FOUR_TWO_SOLO("four_two_solo", false),
    FOUR_TWO_PAIR("four_two_pair", false),
    BOMB("bomb", false),
    ROCKET("rocket", false),
    /** BOTZONE only: consecutive fours, bare. */
    SHUTTLE("shuttle", true),
    /** BOTZONE only: consecutive fours with one single wing per four. */
    SHUTTLE_SOLO("shuttle_solo", true),
    /** BOTZONE only: consecutive fours with one pair wing per four. */
    SHUTTLE_PAIR("shuttle_pair", true);

    private static final MoveType[] VALUES = values();

    private final String baseName;
    private final boolean chain;

    MoveType(String baseName, boolean chain) {
        this.baseName = baseName;
        this.chain = chain;
    }

    /** The name without length, as in {@code rules.md}: {@code trio_solo_chain}. */
    public String baseName() {
        return baseName;
    }

    /** Whether the full name carries a chain length. */
    public boolean isChain() {
        return chain;
    }

    /** The full name: {@code baseName()} or, for a chain, {@code baseName() + "_" + length}. */
    public String fullName(int length) {
        return chain ? baseName + "_" + length : baseName;
    }

    /** Bit of this type in a type mask ({@code 1 << ordinal()}). */
    public int bit() {
        return 1 << ordinal();
    }

    /** The type of an ordinal, without allocating. */
    public static MoveType ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /**
     * The type named by a base name ({@code trio_solo_chain}) or a full name
     * ({@code trio_solo_chain_2}); the length of a full name is returned by {@link #lengthOf}.
     *
     * @throws IllegalArgumentException if the name is none of them
     */
    public static MoveType byName(String name) {
        String n = Ascii.lower(name.trim());
        for (MoveType t : VALUES) {
            if (t.baseName.equals(n)) {
                return t;
            }
        }
        int us = n.lastIndexOf('_');
        if (us > 0 && isDigits(n.substring(us + 1))) {
            String base = n.substring(0, us);
            for (MoveType t : VALUES) {
                if (t.chain && t.baseName.equals(base)) {
                    return t;
                }
            }
        }
        throw new NotationException("unknown move type '" + name + "'");
    }

    /** The chain length in a full type name ({@code solo_chain_7} gives 7), or 0 if it has none. */
    public static int lengthOf(String name) {
        String n = name.trim();
        int us = n.lastIndexOf('_');
        if (us > 0 && isDigits(n.substring(us + 1))) {
            return Integer.parseInt(n.substring(us + 1));
        }
        return 0;
    }

    private static boolean isDigits(String s) {
        return s.length() <= 2 && Ascii.isDigits(s);
    }
}
