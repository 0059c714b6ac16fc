package io.github.ddzengine.tools.cli;

import java.util.Locale;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.cards.NotationException;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;

/**
 * The language of what the command line prints for a person ({@code --lang en|zh}): the one home
 * of card, move, type, seat and verdict words, used by {@code ddz solve}, {@code ddz coach} and
 * {@code ddz analyze}. JSON output is never translated (its fields and move texts stay in the
 * notation of {@code docs/notation.md}).
 *
 * <p>{@link #EN} prints the canonical notation ({@code 999T}, {@code pass}, {@code trio_solo});
 * {@link #ZH} prints cards as {@code 3}–{@code 10}, {@code J}, {@code Q}, {@code K}, {@code A},
 * {@code 2}, {@code 小王}, {@code 大王} separated by spaces (a form the parser reads back), a
 * pass as {@code 不出}, the types by their Chinese names and the seats as {@code 地主},
 * {@code 农民} (two seats), {@code 下家} and {@code 上家} (three seats).
 */
public enum Lang {
    /** English and the canonical notation (the default). */
    EN,
    /** Simplified Chinese. */
    ZH;

    /**
     * The language of an option value: {@code en} or {@code zh} (any case).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static Lang parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        switch (t) {
            case "en":
                return EN;
            case "zh":
            case "zh-cn":
            case "cn":
                return ZH;
            default:
                throw new IllegalArgumentException("unknown language '" + text + "' (languages: en, zh)");
        }
    }

    /** A card set: {@code 448999TJJQQAD}, or in Chinese {@code 4 4 8 9 9 9 10 J J Q Q A 大王}. */
    public String cards(long cards) {
        if (this == EN) {
            return Notation.format(cards);
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < Rank.COUNT; r++) {
            int k = Cards.count(cards, r);
            for (int j = 0; j < k; j++) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(rank(r));
            }
        }
        return sb.toString();
    }

    /** The Chinese word of one rank: {@code 3}..{@code 10}, {@code J}.. {@code 2}, {@code 小王}, {@code 大王}. */
    private static String rank(int r) {
        if (r == Rank.TEN) {
            return "10";
        }
        if (r == Rank.SMALL_JOKER) {
            return "小王";
        }
        if (r == Rank.BIG_JOKER) {
            return "大王";
        }
        return String.valueOf(Rank.symbol(r));
    }

    /**
     * A move as a person reads it: {@link MoveTable#format} in English ({@code pass},
     * {@code 333444555666:trio_chain_4}); in Chinese its cards, {@code 不出} for a pass, and the
     * type in brackets where the cards have several readings.
     */
    public String move(MoveTable table, int id) {
        if (this == EN) {
            return table.format(id);
        }
        if (id == MoveTable.PASS) {
            return "不出";
        }
        String c = cards(table.cards(id));
        return table.isAmbiguous(id) ? c + "（" + typeName(table, id) + "）" : c;
    }

    /** Moves joined by spaces (English) or by {@code ，} (Chinese, whose moves contain spaces). */
    public String moves(MoveTable table, int[] ids) {
        StringBuilder sb = new StringBuilder();
        for (int id : ids) {
            if (sb.length() > 0) {
                sb.append(this == EN ? " " : "，");
            }
            sb.append(move(table, id));
        }
        return sb.toString();
    }

    /** The type of a move: {@code trio_solo_chain_2}, or in Chinese {@code 飞机带翅膀}. */
    public String typeName(MoveTable table, int id) {
        if (this == EN) {
            return table.typeName(id);
        }
        return typeName(table.type(id));
    }

    /** The Chinese name of a type (chain lengths are not named). */
    public static String typeName(MoveType type) {
        switch (type) {
            case PASS:
                return "不出";
            case SOLO:
                return "单张";
            case PAIR:
                return "对子";
            case TRIO:
                return "三张";
            case TRIO_SOLO:
                return "三带一";
            case TRIO_PAIR:
                return "三带二";
            case SOLO_CHAIN:
                return "顺子";
            case PAIR_CHAIN:
                return "连对";
            case TRIO_CHAIN:
                return "飞机";
            case TRIO_SOLO_CHAIN:
                return "飞机带翅膀";
            case TRIO_PAIR_CHAIN:
                return "飞机带对翅膀";
            case FOUR_TWO_SOLO:
                return "四带二";
            case FOUR_TWO_PAIR:
                return "四带两对";
            case BOMB:
                return "炸弹";
            case ROCKET:
                return "王炸";
            case SHUTTLE:
                return "航天飞机";
            case SHUTTLE_SOLO:
                return "航天飞机带翅膀";
            case SHUTTLE_PAIR:
                return "航天飞机带对翅膀";
            default:
                throw new IllegalArgumentException("no Chinese name for " + type);
        }
    }

    /**
     * A seat: {@code landlord} and {@code farmer} with two seats, {@code landlord}, {@code down}
     * and {@code up} with three; in Chinese {@code 地主}, {@code 农民}, {@code 下家}, {@code 上家}.
     */
    public String seat(int seat, int seats) {
        if (seat == Seat.LANDLORD) {
            return this == EN ? "landlord" : "地主";
        }
        if (seats == 2) {
            return this == EN ? "farmer" : "农民";
        }
        if (seat == Seat.LANDLORD_DOWN) {
            return this == EN ? "down" : "下家";
        }
        return this == EN ? "up" : "上家";
    }

    /** A side: {@code landlord} / {@code farmers}, or {@code 地主} / {@code 农民}. */
    public String side(boolean landlord) {
        if (this == EN) {
            return landlord ? "landlord" : "farmers";
        }
        return landlord ? "地主" : "农民";
    }

    /** {@code Landlord wins} / {@code Farmers win}, or {@code 地主胜} / {@code 农民胜}. */
    public String winner(boolean landlord) {
        if (this == EN) {
            return landlord ? "Landlord wins" : "Farmers win";
        }
        return landlord ? "地主胜" : "农民胜";
    }

    /** Whether the mover wins, in words: {@code the mover (landlord) forces a win}. */
    public String moverVerdict(String mover, boolean wins) {
        if (this == EN) {
            return wins ? "the mover (" + mover + ") forces a win" : "the mover (" + mover + ") loses whatever it plays";
        }
        return wins ? "先手（" + mover + "）必胜" : "先手（" + mover + "）怎么出都输";
    }

    /**
     * The rules by name: {@code standard ban winged_planes}; in Chinese the preset's name
     * ({@code 标准}, {@code DouZero}, {@code RLCard}, {@code Botzone}) and {@code 禁} before the
     * bans, which keep the names {@code --ban} takes.
     */
    public String rules(io.github.ddzengine.core.rules.Rules rules) {
        if (this == EN) {
            return rules.toString();
        }
        String preset = switch (rules.preset()) {
            case STANDARD -> "标准";
            case DOUZERO -> "DouZero";
            case RLCARD -> "RLCard";
            case BOTZONE -> "Botzone";
        };
        return rules.banNames().isEmpty() ? preset : preset + "，禁 " + String.join(",", rules.banNames());
    }

    /**
     * Why the mover of {@code p} may not play {@code move} ({@link io.github.ddzengine.engine.Coach#whyIllegal}),
     * in this language, or null if it may.
     */
    public String whyIllegal(io.github.ddzengine.core.solve.Position p, int move) {
        String why = io.github.ddzengine.engine.Coach.whyIllegal(p, move);
        if (why == null || this == EN) {
            return why;
        }
        MoveTable t = p.rules().table();
        if (move == MoveTable.PASS) {
            return "先出时必须出牌，不能不出";
        }
        if (!p.rules().allows(move)) {
            return move(t, move) + "（" + typeName(t, move) + "）被规则 " + rules(p.rules()) + " 禁止";
        }
        if (!Cards.contains(p.hand(p.mover()), t.cards(move))) {
            return "手牌 " + cards(p.hand(p.mover())) + " 里没有 " + move(t, move);
        }
        return move(t, move) + " 压不过 " + move(t, p.lastMove()) + "（" + typeName(t, p.lastMove()) + "）";
    }

    /**
     * The width of {@code text} on a terminal: two columns for each wide (East Asian) character,
     * one for the others, so that tables of Chinese labels line up.
     */
    public static int displayWidth(String text) {
        int w = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            boolean wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F)
                || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
                || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
            w += wide ? 2 : 1;
        }
        return w;
    }

    /** A number of cards: {@code 1 card}, {@code 13 cards}, {@code 13 张}. */
    public String cardCount(int n) {
        if (this == EN) {
            return n == 1 ? "1 card" : n + " cards";
        }
        return n + " 张";
    }

    /** Brackets around an aside: {@code " (x)"} or {@code "（x）"}. */
    public String aside(String text) {
        return this == EN ? " (" + text + ")" : "（" + text + "）";
    }

    /** The list separator: {@code ", "} or {@code "，"}. */
    public String comma() {
        return this == EN ? ", " : "，";
    }

    /** The label separator: {@code ": "} or {@code "："}. */
    public String colon() {
        return this == EN ? ": " : "：";
    }

    /**
     * A seat of an option value: as {@link Seat#parse}, and also {@code 地主}, {@code 农民}
     * (two seats), {@code 下家}, {@code 上家}.
     *
     * @throws NotationException as {@link Seat#parse}
     */
    public static int parseSeat(String text, int seats) {
        String t = text == null ? "" : text.strip();
        switch (t) {
            case "地主":
                return Seat.parse("landlord", seats);
            case "农民":
                return Seat.parse("farmer", seats);
            case "下家":
                return Seat.parse("down", seats);
            case "上家":
                return Seat.parse("up", seats);
            default:
                return Seat.parse(t, seats);
        }
    }
}
