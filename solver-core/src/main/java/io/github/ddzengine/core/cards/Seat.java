package io.github.ddzengine.core.cards;


/**
 * Seats of {@code notation.md} section 3: {@code 0} = landlord, {@code 1} = landlord_down (plays
 * right after the landlord; the single farmer of a two-player puzzle), {@code 2} = landlord_up.
 */
public final class Seat {
    /** The landlord: 20 cards with the kitty, plays first. */
    public static final int LANDLORD = 0;
    /** The farmer who plays right after the landlord (the single farmer of a two-player puzzle). */
    public static final int LANDLORD_DOWN = 1;
    /** The farmer who plays right before the landlord. */
    public static final int LANDLORD_UP = 2;

    private static final String[] NAMES = {"landlord", "landlord_down", "landlord_up"};

    private Seat() {
    }

    /** The canonical name of a seat: {@code landlord}, {@code landlord_down} or {@code landlord_up}. */
    public static String name(int seat) {
        if (seat < 0 || seat > 2) {
            throw new IllegalArgumentException("no seat " + seat + " (seats are 0, 1, 2)");
        }
        return NAMES[seat];
    }

    /** Whether {@code text} names a seat as {@link #parse} reads it (whatever the number of seats). */
    public static boolean isSeatToken(String text) {
        String t = text == null ? "" : Ascii.lower(text.trim());
        return switch (t) {
            case "0", "1", "2", "landlord", "down", "landlord_down", "up", "landlord_up", "farmer" -> true;
            default -> false;
        };
    }

    /**
     * Parses a seat: {@code 0}, {@code 1}, {@code 2}, {@code landlord}, {@code down} /
     * {@code landlord_down}, {@code up} / {@code landlord_up}, or {@code farmer} (seat 1, the
     * farmer of a two-player puzzle; refused when {@code seats} is 3, where it is ambiguous).
     *
     * @param seats number of seats in play, 2 or 3
     * @throws NotationException for anything else, or a seat that does not exist with {@code seats} seats
     */
    public static int parse(String text, int seats) {
        String t = text == null ? "" : Ascii.lower(text.trim());
        int seat;
        switch (t) {
            case "0":
            case "landlord":
                seat = LANDLORD;
                break;
            case "1":
            case "down":
            case "landlord_down":
                seat = LANDLORD_DOWN;
                break;
            case "2":
            case "up":
            case "landlord_up":
                seat = LANDLORD_UP;
                break;
            case "farmer":
                if (seats == 3) {
                    throw new NotationException("seat 'farmer' is ambiguous with three seats: write down (1) or up (2)");
                }
                seat = LANDLORD_DOWN;
                break;
            default:
                throw new NotationException("unknown seat '" + text + "' (seats are 0 = landlord, 1 = down, 2 = up)");
        }
        if (seat >= seats) {
            throw new NotationException("seat '" + text + "' does not exist with " + seats + " seats");
        }
        return seat;
    }
}
