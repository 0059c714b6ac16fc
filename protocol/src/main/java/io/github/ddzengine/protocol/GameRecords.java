package io.github.ddzengine.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.cards.Seat;
import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.mc.arena.GameRecord;

/**
 * Game records as JSON lines, written by {@code ddz play --out} and read back by {@code ddz
 * replay}. One object a game:
 *
 * <pre>
 * {"game": 1, "deal_number": 1, "rules": "standard", "bans": [],
 *  "deal": "HAND0/HAND1/HAND2/KITTY", "bids": [1, 0, 3], "landlord_position": 2, "base": 3,
 *  "agents": ["rule", "random", "random"],
 *  "agent_specs": ["rule", "random", "random"], "engine": "ddz-engine 0.1.0",
 *  "actions": [{"seat": 0, "move": "33"}, {"seat": 1, "move": "pass"}, ...],
 *  "result": {"winner": "landlord", "winner_seat": 0, "bombs": 1, "rockets": 0, "spring": false,
 *             "anti_spring": false, "multiplier": 12, "scores": [24, -12, -12]}}
 * </pre>
 *
 * {@code bids} is empty for a game without bidding; {@code agent_specs} (each seat's agent as its
 * full canonical spec) and {@code engine} (the version that played) are optional, written by
 * {@code ddz play} and the engine's matches; {@code agents} and {@code scores} are by seat
 * (0 = landlord, 1 = landlord_down, 2 = landlord_up); moves are in {@code notation.md} form
 * (docs/cli/play-and-replay.md, "Game records"). Thread-safe: no state.
 */
public final class GameRecords {
    private GameRecords() {
    }

    /**
     * {@code r} as one compact JSON object, without a line break.
     *
     * @param r the record of a finished game
     * @return the JSON text that {@link #read(String)} reads back
     */
    public static String toJson(GameRecord r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonFields.MAPPER.getFactory().createGenerator(w)
                .setPrettyPrinter(new MinimalPrettyPrinter(""))) {
            write(g, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /**
     * Writes {@code r} as one JSON object with {@code g} (no line break: the caller ends the line).
     *
     * @param g the generator to write with
     * @param r the record of a finished game
     * @throws IOException if {@code g}'s target fails
     */
    public static void write(JsonGenerator g, GameRecord r) throws IOException {
        MoveTable table = r.rules().table();
        g.writeStartObject();
        g.writeNumberField("game", r.game());
        g.writeNumberField("deal_number", r.dealNumber());
        g.writeStringField("rules", r.rules().preset().id());
        g.writeArrayFieldStart("bans");
        for (String ban : r.rules().banNames()) {
            g.writeString(ban);
        }
        g.writeEndArray();
        g.writeStringField("deal", r.deal().toString());
        g.writeArrayFieldStart("bids");
        for (int b : r.bids()) {
            g.writeNumber(b);
        }
        g.writeEndArray();
        g.writeNumberField("landlord_position", r.landlordPosition());
        g.writeNumberField("base", r.base());
        g.writeArrayFieldStart("agents");
        for (int s = 0; s < 3; s++) {
            g.writeString(r.agent(s));
        }
        g.writeEndArray();
        if (r.spec(0) != null) {
            g.writeArrayFieldStart("agent_specs");
            for (int s = 0; s < 3; s++) {
                g.writeString(r.spec(s));
            }
            g.writeEndArray();
        }
        if (r.engine() != null) {
            g.writeStringField("engine", r.engine());
        }
        g.writeArrayFieldStart("actions");
        int[] plays = r.plays();
        for (int i = 0; i < plays.length; i++) {
            g.writeStartObject();
            g.writeNumberField("seat", i % 3);
            g.writeStringField("move", table.format(plays[i]));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("result");
        g.writeStringField("winner", r.landlordWins() ? "landlord" : "farmers");
        g.writeNumberField("winner_seat", r.winner());
        g.writeNumberField("bombs", r.bombs());
        g.writeNumberField("rockets", r.rockets());
        g.writeBooleanField("spring", r.spring());
        g.writeBooleanField("anti_spring", r.antiSpring());
        g.writeNumberField("multiplier", r.multiplier());
        g.writeArrayFieldStart("scores");
        for (int s = 0; s < 3; s++) {
            g.writeNumber(r.score(s));
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * Reads and re-validates every record of a file of JSON lines, as {@code ddz play --out} and
     * {@code ddz ladder --out-dir} write them: UTF-8, one object a line, a byte-order mark at the
     * start and blank lines skipped; a file whose name ends in {@code .gz} is read through gzip
     * (kept match records, {@code bench/results/}). The one reader of such files ({@code ddz replay}, {@code ddz
     * analyze}, the engine API's {@code DdzEngine.readRecords}, the bench audits).
     *
     * @param file the file
     * @return its records, in the file's order (empty for a file of blank lines)
     * @throws IllegalArgumentException for the first bad record, as {@code FILE line N: reason}
     *     (the reason of {@link #read(String)}, on one line, or {@code not UTF-8 text})
     * @throws IOException if the file cannot be read ({@link java.nio.file.NoSuchFileException} when
     *     it does not exist, a {@link java.util.zip.ZipException} for a {@code .gz} file that is not
     *     gzip, {@link java.io.EOFException} for one cut short)
     */
    public static List<GameRecord> readFile(Path file) throws IOException {
        return readFile(file, null);
    }

    /** The longest line a record file may hold, characters (a game record is a few KiB). */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /**
     * {@link #readFile(Path)}, keeping the good records of a file with bad ones: each bad record
     * (a line that is no valid record, such as a last line cut short by a crash) goes to
     * {@code skipped} as {@code FILE line N: reason} instead of stopping the read. A line over
     * {@link #MAX_LINE_CHARS} characters ends the read (reported the same way): a file without line
     * breaks has no end to skip to.
     *
     * @param file the file
     * @param skipped gets each bad record's one line; null: the first bad record throws
     * @return the good records, in the file's order
     * @throws IllegalArgumentException for the first bad record when {@code skipped} is null, and
     *     for text that is not UTF-8 (the rest of such a file cannot be read)
     * @throws IOException as {@link #readFile(Path)}
     */
    public static List<GameRecord> readFile(Path file, Consumer<String> skipped) throws IOException {
        List<GameRecord> games = new ArrayList<>();
        InputStream raw = Files.newInputStream(file);
        try (Reader in = new InputStreamReader(file.toString().endsWith(".gz") ? gunzip(raw) : raw,
                StandardCharsets.UTF_8.newDecoder())) {
            Lines lines = new Lines(in, file);
            StringBuilder buf = new StringBuilder(1 << 12);
            long lineNo = 0;
            for (int state; (state = lines.next(buf, lineNo + 1)) != EOF; ) {
                lineNo++;
                String problem = null;
                GameRecord record = null;
                if (state == TOO_LONG) {
                    String why = file + " line " + lineNo + ": a line of more than "
                        + String.format(java.util.Locale.ROOT, "%,d", MAX_LINE_CHARS)
                        + " characters is no game record (the rest of the file is not read)";
                    if (skipped == null) {
                        throw new IllegalArgumentException(why);
                    }
                    skipped.accept(why);
                    break;
                } else {
                    String line = buf.toString();
                    if (lineNo == 1 && line.startsWith("\uFEFF")) {
                        line = line.substring(1);
                    }
                    if (line.isBlank()) {
                        continue;
                    }
                    try {
                        record = read(line);
                    } catch (IllegalArgumentException e) {
                        problem = JsonFields.oneLine(e.getMessage());
                    }
                }
                if (problem == null) {
                    games.add(record);
                } else if (skipped == null) {
                    throw new IllegalArgumentException(file + " line " + lineNo + ": " + problem);
                } else {
                    skipped.accept(file + " line " + lineNo + ": " + problem);
                }
            }
        }
        return games;
    }

    private static final int EOF = -1;
    private static final int LINE = 0;
    private static final int TOO_LONG = 1;

    /** Lines of at most {@link #MAX_LINE_CHARS} characters, read in blocks. */
    private static final class Lines {
        private final Reader in;
        private final Path file;
        private final char[] block = new char[1 << 16];
        private int pos;
        private int limit;

        Lines(Reader in, Path file) {
            this.in = in;
            this.file = file;
        }

        /**
         * Reads one line into {@code buf} without its line end: {@link #LINE}, {@link #TOO_LONG}
         * (the line passed {@link #MAX_LINE_CHARS}: nothing more is read) or {@link #EOF}.
         */
        int next(StringBuilder buf, long lineNo) throws IOException {
            buf.setLength(0);
            boolean any = false;
            while (true) {
                if (pos >= limit) {
                    try {
                        limit = in.read(block, 0, block.length);
                    } catch (CharacterCodingException e) {
                        throw new IllegalArgumentException(file + " line " + lineNo + ": not UTF-8 text"
                            + (file.toString().endsWith(".gz") ? ""
                                : " (a gzip file is read as such when its name ends in .gz)"), e);
                    }
                    pos = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return any ? LINE : EOF;
                    }
                }
                any = true;
                int start = pos;
                while (pos < limit && block[pos] != '\n') {
                    pos++;
                }
                int room = MAX_LINE_CHARS - buf.length();
                if (pos - start > room) {
                    return TOO_LONG; // not read further: a file with no line break (/dev/zero) has no end
                } else {
                    buf.append(block, start, pos - start);
                }
                if (pos < limit) {
                    pos++; // the line break
                    int n = buf.length();
                    if (n > 0 && buf.charAt(n - 1) == '\r') {
                        buf.setLength(n - 1);
                    }
                    return LINE;
                }
            }
        }
    }

    private static InputStream gunzip(InputStream raw) throws IOException {
        try {
            return new GZIPInputStream(raw, 1 << 16);
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }

    /**
     * Reads and re-validates one record: the deal, the bids, the seating, every action (its seat
     * and its legality) and every claim of the result are checked against a replay.
     *
     * @param line one JSON object, as {@link #toJson} or {@code ddz play --out} writes it
     * @return the record, replayed
     * @throws IllegalArgumentException with a one-line reason naming the field or action
     */
    public static GameRecord read(String line) {
        JsonNode n = JsonFields.readObject(line, "deal");
        Rules rules = JsonFields.rules(n, Rules.STANDARD);
        MoveTable table = rules.table();
        Deal deal = Deal.parse(JsonFields.required(n, "deal"));
        int game = integer(n, "game", 1, Integer.MAX_VALUE);
        int dealNumber = integer(n, "deal_number", 1, Integer.MAX_VALUE);
        int[] bids = ints(array(n, "bids"), "bids");
        String[] agents = new String[3];
        JsonNode a = array(n, "agents");
        if (a.size() != 3) {
            throw new IllegalArgumentException("\"agents\" names the agents of the 3 seats, not " + a.size());
        }
        for (int s = 0; s < 3; s++) {
            if (!a.get(s).isTextual()) {
                throw new IllegalArgumentException("\"agents\" holds " + a.get(s) + ": expected names");
            }
            agents[s] = a.get(s).textValue();
        }
        JsonNode actions = array(n, "actions");
        int[] plays = new int[actions.size()];
        for (int i = 0; i < plays.length; i++) {
            JsonNode act = actions.get(i);
            String where = "action " + (i + 1);
            if (!act.isObject()) {
                throw new IllegalArgumentException(where + " is not an object {\"seat\": S, \"move\": \"...\"}");
            }
            int seat = integer(act, "seat", 0, 2, where);
            if (seat != i % 3) {
                throw new IllegalArgumentException(where + ": seat " + (i % 3) + " (" + Seat.name(i % 3) + ") acts, not seat "
                    + seat);
            }
            try {
                plays[i] = table.parseMove(JsonFields.required(act, "move"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        GameRecord r;
        try {
            r = GameRecord.replay(game, dealNumber, rules, deal, bids, agents, plays);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replaceFirst("^play ", "action "), e);
        }
        check("landlord_position", integer(n, "landlord_position", 0, 2), r.landlordPosition());
        check("base", integer(n, "base", 1, 3), r.base());
        JsonNode res = n.get("result");
        if (res == null || !res.isObject()) {
            throw new IllegalArgumentException("missing \"result\" object");
        }
        String winner = JsonFields.required(res, "winner");
        check("result.winner", winner, r.landlordWins() ? "landlord" : "farmers");
        check("result.winner_seat", integer(res, "winner_seat", 0, 2, "result"), r.winner());
        check("result.bombs", integer(res, "bombs", 0, 13, "result"), r.bombs());
        check("result.rockets", integer(res, "rockets", 0, 1, "result"), r.rockets());
        check("result.spring", bool(res, "spring"), r.spring());
        check("result.anti_spring", bool(res, "anti_spring"), r.antiSpring());
        JsonNode m = res.get("multiplier");
        if (m == null || !m.isIntegralNumber() || !m.canConvertToLong()) {
            throw new IllegalArgumentException("\"result.multiplier\" must be an integer"
                + (m == null ? "" : ", not " + m));
        }
        check("result.multiplier", m.longValue(), r.multiplier());
        JsonNode scores = array(res, "scores");
        List<Long> claimed = new ArrayList<>();
        List<Long> actual = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            actual.add(r.score(s));
        }
        for (JsonNode v : scores) {
            if (!v.canConvertToLong() || !v.isIntegralNumber()) {
                throw new IllegalArgumentException("\"result.scores\" holds " + v + ": expected integers");
            }
            claimed.add(v.longValue());
        }
        check("result.scores", claimed, actual);
        String[] specs = null;
        JsonNode sp = n.get("agent_specs");
        if (sp != null && !sp.isNull()) {
            if (!sp.isArray() || sp.size() != 3) {
                throw new IllegalArgumentException("\"agent_specs\" gives the spec of each of the 3 seats");
            }
            specs = new String[3];
            for (int s = 0; s < 3; s++) {
                if (!sp.get(s).isTextual()) {
                    throw new IllegalArgumentException("\"agent_specs\" holds " + sp.get(s) + ": expected agent specs");
                }
                specs[s] = sp.get(s).textValue();
            }
        }
        String engine = JsonFields.text(n, "engine");
        return specs == null && engine == null ? r : r.withProvenance(specs, engine);
    }

    private static void check(String field, Object claimed, Object actual) {
        if (!claimed.equals(actual)) {
            throw new IllegalArgumentException("\"" + field + "\" is " + claimed + " but the game gives " + actual);
        }
    }

    private static JsonNode array(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isArray()) {
            throw new IllegalArgumentException(v == null ? "missing \"" + field + "\"" : "\"" + field + "\" must be an array");
        }
        return v;
    }

    private static int[] ints(JsonNode arr, String field) {
        int[] out = new int[arr.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = arr.get(i);
            if (!v.isInt()) {
                throw new IllegalArgumentException("\"" + field + "\" holds " + v + ": expected integers");
            }
            out[i] = v.intValue();
        }
        return out;
    }

    private static boolean bool(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isBoolean()) {
            throw new IllegalArgumentException("\"result." + field + "\" must be true or false");
        }
        return v.booleanValue();
    }

    private static int integer(JsonNode n, String field, int min, int max) {
        return integer(n, field, min, max, null);
    }

    private static int integer(JsonNode n, String field, int min, int max, String where) {
        JsonNode v = n.get(field);
        String name = (where == null ? "" : where + ": ") + "\"" + field + "\"";
        if (v == null) {
            throw new IllegalArgumentException(where == null ? "missing " + name : name + " is missing");
        }
        if (!v.isInt() || v.intValue() < min || v.intValue() > max) {
            throw new IllegalArgumentException(name + " must be an integer " + min + ".." + max + ", not " + v);
        }
        return v.intValue();
    }
}
