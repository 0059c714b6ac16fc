package io.github.ddzengine.core.cards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import java.util.function.Function;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.MoveType;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.testing.Fuzz;
import io.github.ddzengine.core.testing.Property;
import io.github.ddzengine.core.testing.RandomHands;
import org.junit.jupiter.api.Test;

/**
 * Fuzz tests of the text parsers of solver-core (issue 21): cards, hands, moves, seats, type and
 * preset names, ban lists, positions and deals, on random hostile text and on valid text mutated.
 * No exception but {@link IllegalArgumentException} (a {@link NotationException}) may escape, every
 * message is one line, and valid text respelled as {@code notation.md} allows reads the same.
 * Seeded: a failure names its seed ({@code -Dddz.seed=N} replays it); {@code -Dddz.fuzz=K} runs K
 * times as many trials.
 */
class NotationFuzzTest {
    private static final Rules[] RULES = {Rules.STANDARD, Rules.of(Preset.BOTZONE), Rules.of(Preset.RLCARD),
        Rules.of(Preset.STANDARD, MoveType.TRIO_PAIR.bit() | MoveType.FOUR_TWO_SOLO.bit())};

    private static final java.util.Map<Rules, MoveGenerator> GENERATORS = new java.util.concurrent.ConcurrentHashMap<>();

    /** Runs a parser on {@code text}: a result, or a one-line IllegalArgumentException; anything else fails. */
    private static <T> T parse(String what, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            Fuzz.assertOneLine(e.getMessage(), what + " of " + escape(text));
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError(what + " of " + escape(text) + " threw " + e, e);
        }
    }

    /** Text with its non-ASCII and control characters as \\uXXXX, for failure messages. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            sb.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\u%04X", (int) c));
        }
        return sb.append('"').toString();
    }

    /** Every parser of the module on one text. */
    private static void parseAll(SplittableRandom r, String text) {
        Rules rules = RULES[r.nextInt(RULES.length)];
        parse("parseCards", text, Notation::parseCards);
        parse("parseHand", text, t -> Notation.parseHand(t, Notation.MAX_HAND));
        parse("isPass", text, Notation::isPass);
        parse("parseMove", text, rules.table()::parseMove);
        parse("Seat.parse", text, t -> Seat.parse(t, 2 + r.nextInt(2)));
        parse("MoveType.byName", text, MoveType::byName);
        parse("MoveType.lengthOf", text, MoveType::lengthOf);
        parse("Preset.parse", text, Preset::parse);
        parse("Rules.parseBans", text, Rules::parseBans);
        parse("Position.parse", text, t -> Position.parse(t, rules));
        parse("Deal.parse", text, Deal::parse);
    }

    @Test
    void hostileTextGivesOneLineErrorsOnly() {
        Property.forAll("parsers on hostile text", 2100, Fuzz.trials(4000), r -> parseAll(r, Fuzz.text(r, 40)));
    }

    /** A valid text of some parser, to mutate. */
    private static String validText(SplittableRandom r) {
        Rules rules = RULES[r.nextInt(RULES.length)];
        return switch (r.nextInt(6)) {
            case 0 -> Notation.format(RandomHands.hand(r));
            case 1 -> randomMove(r, rules);
            case 2 -> randomPosition(r, rules).toString();
            case 3 -> Deal.random(r.nextLong()).toString();
            case 4 -> MoveType.values()[r.nextInt(MoveType.values().length)].baseName() + "_" + (2 + r.nextInt(11));
            default -> "trio_pair,421 winged_planes";
        };
    }

    @Test
    void mutatedValidTextGivesAnswersOrOneLineErrorsOnly() {
        Property.forAll("parsers on mutated valid text", 2200, Fuzz.trials(4000),
            r -> parseAll(r, Fuzz.mutate(r, validText(r))));
    }

    @Test
    void respelledCardsReadTheSame() {
        Property.forAll("respelled cards", 2300, Fuzz.trials(4000), r -> {
            long cards = RandomHands.deal(r, r.nextInt(55));
            String text = Fuzz.respell(r, cards);
            assertEquals(cards, (long) parse("parseCards", text, Notation::parseCards), escape(text));
        });
    }

    @Test
    void respelledMovesReadTheSame() {
        Property.forAll("respelled moves", 2400, Fuzz.trials(3000), r -> {
            Rules rules = RULES[r.nextInt(RULES.length)];
            MoveTable t = rules.table();
            int move = t.parseMove(randomMove(r, rules));
            String text = move == MoveTable.PASS ? passWord(r)
                : Fuzz.respell(r, t.cards(move)) + (t.format(move).contains(":") || r.nextInt(4) == 0
                    ? ":" + caseMix(r, t.typeName(move)) : "");
            Integer read = parse("parseMove", text, t::parseMove);
            assertEquals(Integer.valueOf(move), read, escape(text) + " for " + t.format(move));
        });
    }

    @Test
    void respelledPositionsReadTheSame() {
        Property.forAll("respelled positions", 2500, Fuzz.trials(2000), r -> {
            Rules rules = RULES[r.nextInt(RULES.length)];
            Position p = randomPosition(r, rules);
            StringBuilder text = new StringBuilder(space(r));
            for (int s = 0; s < p.seats(); s++) {
                text.append(s == 0 ? "" : "/").append(Fuzz.respell(r, p.hand(s), false));
            }
            text.append(fieldSpace(r)).append(seatWord(r, p.mover(), p.seats()));
            if (!p.isLead()) {
                MoveTable t = rules.table();
                text.append(fieldSpace(r)).append(Fuzz.respell(r, t.cards(p.lastMove()), false))
                    .append(t.format(p.lastMove()).contains(":") ? ":" + caseMix(r, t.typeName(p.lastMove())) : "")
                    .append('@').append(seatWord(r, p.lastSeat(), p.seats()));
            }
            text.append(space(r));
            Position read = parse("Position.parse", text.toString(), s -> Position.parse(s, rules));
            assertEquals(p.toString(), read == null ? null : read.toString(), escape(text.toString()));
        });
    }

    /** Spaces between two fields: at least one. */
    private static String fieldSpace(SplittableRandom r) {
        String s = space(r);
        return s.isEmpty() ? "\u3000" : s;
    }

    private static String space(SplittableRandom r) {
        String[] s = {"", "", " ", "  ", "\t", "\u00A0", "\u3000", "\u202F", " \u3000 "};
        return s[r.nextInt(s.length)];
    }

    private static String caseMix(SplittableRandom r, String word) {
        StringBuilder sb = new StringBuilder();
        for (char c : word.toCharArray()) {
            sb.append(r.nextBoolean() ? Character.toUpperCase(c) : c);
        }
        return sb.toString();
    }

    private static String passWord(SplittableRandom r) {
        String[] w = {"pass", "PASS", "Pass", "p", "P", "-", "\u8FC7", "\u4E0D\u8981", "\u4E0D\u51FA", " pass "};
        return w[r.nextInt(w.length)];
    }

    private static String seatWord(SplittableRandom r, int seat, int seats) {
        String[][] words = seats == 2
            ? new String[][] {{"0", "landlord", "LANDLORD"}, {"1", "farmer", "Farmer", "down", "landlord_down"}}
            : new String[][] {{"0", "landlord", "Landlord"}, {"1", "down", "DOWN", "landlord_down"},
                {"2", "up", "Up", "landlord_up"}};
        String[] w = words[seat];
        return w[r.nextInt(w.length)];
    }

    /** A move of the rules: a legal lead of a random hand (or a pass). */
    private static String randomMove(SplittableRandom r, Rules rules) {
        if (r.nextInt(10) == 0) {
            return "pass";
        }
        long hand = RandomHands.hand(r);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = GENERATORS.computeIfAbsent(rules, MoveGenerator::new).leads(hand, buf);
        return rules.table().format(buf[r.nextInt(n)]);
    }

    /** A valid position: two or three random hands, a mover, and a last move of another seat or none. */
    private static Position randomPosition(SplittableRandom r, Rules rules) {
        for (int attempt = 0; ; attempt++) {
            int seats = 2 + r.nextInt(2);
            long pool = Cards.DECK;
            long[] hands = new long[seats];
            for (int s = 0; s < seats; s++) {
                hands[s] = RandomHands.dealFrom(r, pool, 1 + r.nextInt(s == 0 ? 12 : 10));
                pool = Cards.remove(pool, hands[s]);
            }
            int mover = r.nextInt(seats);
            int last = MoveTable.PASS;
            int lastSeat = -1;
            if (r.nextBoolean()) {
                lastSeat = (mover + 1 + r.nextInt(seats - 1)) % seats;
                long lastCards = RandomHands.dealFrom(r, pool, 1 + r.nextInt(Math.min(6, Cards.size(pool))));
                int[] rs = new int[2];
                if (rules.table().classify(lastCards, rs) > 0 && rules.allows(rs[0])) {
                    last = rs[0];
                } else {
                    lastSeat = -1;
                }
            }
            try {
                return Position.of(rules, hands, mover, last, lastSeat);
            } catch (IllegalArgumentException e) {
                if (attempt > 100) {
                    fail("no valid position in 100 attempts: " + e.getMessage());
                }
            }
        }
    }
}
