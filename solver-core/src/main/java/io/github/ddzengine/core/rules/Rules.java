package io.github.ddzengine.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.ddzengine.core.cards.Ascii;
import io.github.ddzengine.core.cards.NotationException;

/**
 * A rule set: a {@link Preset} plus the types banned for a puzzle ({@code rules.md} section 4).
 * Immutable; compare with {@link #equals}.
 *
 * <p>Bannable types: {@code trio}, {@code trio_solo} (puzzle code 31), {@code trio_pair} (32),
 * {@code four_two_solo} (421), {@code four_two_pair} (422), {@code trio_solo_chain},
 * {@code trio_pair_chain}, and {@code winged_planes} for both winged planes.
 */
public final class Rules {
    /** The default rules: STANDARD, nothing banned. */
    public static final Rules STANDARD = new Rules(Preset.STANDARD, 0);

    private static final int BANNABLE = MoveType.TRIO.bit() | MoveType.TRIO_SOLO.bit() | MoveType.TRIO_PAIR.bit()
        | MoveType.FOUR_TWO_SOLO.bit() | MoveType.FOUR_TWO_PAIR.bit() | MoveType.TRIO_SOLO_CHAIN.bit()
        | MoveType.TRIO_PAIR_CHAIN.bit();

    private final Preset preset;
    private final int banMask;
    private final MoveTable table;

    private Rules(Preset preset, int banMask) {
        this.preset = preset;
        this.banMask = banMask;
        this.table = MoveTable.of(preset);
    }

    /** Rules of a preset with nothing banned. */
    public static Rules of(Preset preset) {
        return new Rules(preset, 0);
    }

    /**
     * Rules of a preset with the given types banned.
     *
     * @param banMask bits {@link MoveType#bit()} of the banned types
     * @throws IllegalArgumentException if a type in the mask cannot be banned
     */
    public static Rules of(Preset preset, int banMask) {
        if ((banMask & ~BANNABLE) != 0) {
            throw new IllegalArgumentException("only trio, trio_solo, trio_pair, four_two_solo, four_two_pair "
                + "and the winged planes can be banned");
        }
        return new Rules(preset, banMask);
    }

    /**
     * Parses a comma-separated ban list ({@code "trio_pair,421"}); empty or null bans nothing.
     *
     * @return the ban mask for {@link #of(Preset, int)}
     * @throws IllegalArgumentException naming the unknown or unbannable entry
     */
    public static int parseBans(String list) {
        int mask = 0;
        if (list == null) {
            return 0;
        }
        for (String raw : list.split("[,\\s]+")) {
            String b = Ascii.lower(raw.trim());
            if (b.isEmpty()) {
                continue;
            }
            switch (b) {
                case "31":
                    mask |= MoveType.TRIO_SOLO.bit();
                    break;
                case "32":
                    mask |= MoveType.TRIO_PAIR.bit();
                    break;
                case "421":
                    mask |= MoveType.FOUR_TWO_SOLO.bit();
                    break;
                case "422":
                    mask |= MoveType.FOUR_TWO_PAIR.bit();
                    break;
                case "winged_planes":
                case "planes_with_wings":
                    mask |= MoveType.TRIO_SOLO_CHAIN.bit() | MoveType.TRIO_PAIR_CHAIN.bit();
                    break;
                default:
                    MoveType t;
                    if (MoveType.lengthOf(b) != 0) {
                        throw new NotationException("ban '" + raw.trim() + "' names a chain length: bans take "
                            + "the type without it (" + b.substring(0, b.lastIndexOf('_')) + ")");
                    }
                    try {
                        t = MoveType.byName(b);
                    } catch (IllegalArgumentException e) {
                        throw new NotationException("unknown ban '" + raw.trim() + "' (trio, trio_solo/31, "
                            + "trio_pair/32, four_two_solo/421, four_two_pair/422, trio_solo_chain, trio_pair_chain, "
                            + "winged_planes)");
                    }
                    if ((t.bit() & BANNABLE) == 0) {
                        throw new NotationException("type '" + raw.trim() + "' cannot be banned (trio, "
                            + "trio_solo, trio_pair, four_two_solo, four_two_pair, trio_solo_chain, trio_pair_chain)");
                    }
                    mask |= t.bit();
            }
        }
        return mask;
    }

    /** The preset. */
    public Preset preset() {
        return preset;
    }

    /** The banned types as a mask of {@link MoveType#bit()}. */
    public int banMask() {
        return banMask;
    }

    /**
     * The banned types by their canonical names, as every output prints them: each type's name in
     * {@link MoveType} order ({@code trio_solo}, never the puzzle code {@code 31}), with
     * {@code winged_planes} standing for {@code trio_solo_chain} and {@code trio_pair_chain} when
     * both are banned. {@link #parseBans} reads the names back to the same mask.
     *
     * @return the names, empty when nothing is banned
     */
    public List<String> banNames() {
        List<String> names = new ArrayList<>();
        int winged = MoveType.TRIO_SOLO_CHAIN.bit() | MoveType.TRIO_PAIR_CHAIN.bit();
        boolean bothWinged = (banMask & winged) == winged;
        for (MoveType t : MoveType.values()) {
            if (!isBanned(t)) {
                continue;
            }
            if (bothWinged && (t.bit() & winged) != 0) {
                if (t == MoveType.TRIO_SOLO_CHAIN) {
                    names.add("winged_planes");
                }
            } else {
                names.add(t.baseName());
            }
        }
        return names;
    }

    /** Whether a type is banned. */
    public boolean isBanned(MoveType t) {
        return (banMask & t.bit()) != 0;
    }

    /** The move table of the preset (shared, built once). */
    public MoveTable table() {
        return table;
    }

    /** Whether a move of the table is allowed by these rules' bans. */
    public boolean allows(int moveId) {
        return (banMask & (1 << table.typeOrdinal(moveId))) == 0;
    }

    /**
     * Whether {@code cards} is one combination these rules allow: some reading of
     * {@link MoveTable#classify} is not banned (so a hand of exactly these cards can be led and
     * emptied in one play). Allocation-free.
     *
     * @param cards a card set ({@link io.github.ddzengine.core.cards.Cards} layout)
     * @param scratch receives the readings, at least 2 long
     */
    public boolean isAllowedCombination(long cards, int[] scratch) {
        int n = table.classify(cards, scratch);
        for (int i = 0; i < n; i++) {
            if (allows(scratch[i])) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rules && ((Rules) o).preset == preset && ((Rules) o).banMask == banMask;
    }

    @Override
    public int hashCode() {
        return preset.hashCode() * 31 + banMask;
    }

    @Override
    public String toString() {
        return banMask == 0 ? preset.id() : preset.id() + " ban " + String.join(",", banNames());
    }
}
