package io.github.ddzengine.learn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;

/**
 * The labelled-positions file of {@code ddz learn data}: UTF-8 text (gzip-compressed when its name
 * ends in {@code .gz}), header lines first, then one position a line.
 *
 * <pre>
 * # ddz-learn positions 1
 * # rules standard
 * # command ddz learn data --games 100 --seed 1 ...
 * 1	4456/789/TJQ 0	12	4103	solver
 * </pre>
 * The first line names the format and its version ({@value #VERSION}); {@code # rules} names the
 * preset; other {@code #} lines are comments. A position line has five tab-separated fields: the
 * label (1: the landlord side wins, 0: it loses), the position in the notation of
 * {@code docs/notation.md} (three hands, the mover, the move to beat), the game it came from, the
 * solver nodes the label took, and the label's source: {@code solver} (the verdict against best
 * play) or {@code game} (the result of the game the position came from). Lines are in game order,
 * and within a game in order of play.
 */
public final class DataFile {
    /** The format version this engine writes and reads. */
    public static final int VERSION = 1;
    /** The first line of a file of this version. */
    public static final String MAGIC = "# ddz-learn positions " + VERSION;
    /** The longest line read (a guard against a file that is not ours). */
    static final int MAX_LINE = 4096;

    private DataFile() {
    }

    /** The header lines of a file: the magic line, the rules, the command. */
    public static String header(Rules rules, String command) {
        return MAGIC + "\n# rules " + rules.preset().id() + "\n# command " + command.replace('\n', ' ') + "\n";
    }

    /** A position line (with its line break). */
    public static String line(LabelledPosition p) {
        return p.landlordWins() + "\t" + p.position() + "\t" + p.game() + "\t" + p.nodes() + "\t"
            + (p.solved() ? "solver" : "game") + "\n";
    }

    /**
     * Reads every position of {@code file}.
     *
     * @param file a file written by {@code ddz learn data}
     * @return the rules the file names and its positions in file order
     * @throws IllegalArgumentException one line {@code FILE line N: PROBLEM} for a file that is not
     *     a positions file, of another version, or with a bad line; {@code FILE: cannot read (...)}
     *     when it cannot be read
     */
    public static Contents read(Path file) {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                 .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16)) {
            String first = r.readLine();
            if (first == null || !first.startsWith("# ddz-learn positions ")) {
                throw new IllegalArgumentException(file + " line 1: not a ddz-learn positions file (it starts with '"
                    + MAGIC + "')");
            }
            if (!first.equals(MAGIC)) {
                throw new IllegalArgumentException(file + " line 1: format '" + clip(first.substring(22))
                    + "', this engine reads " + VERSION);
            }
            Rules rules = null;
            List<LabelledPosition> positions = new ArrayList<>();
            String line;
            int n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.length() > MAX_LINE) {
                    throw new IllegalArgumentException(file + " line " + n + ": longer than " + MAX_LINE + " characters");
                }
                if (line.startsWith("#")) {
                    if (line.startsWith("# rules ")) {
                        try {
                            rules = Rules.of(Preset.parse(line.substring(8).strip()));
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException(file + " line " + n + ": " + e.getMessage());
                        }
                    }
                    continue;
                }
                if (rules == null) {
                    throw new IllegalArgumentException(file + " line " + n + ": a position before the '# rules' line");
                }
                positions.add(parse(line, rules, file, n));
            }
            if (rules == null) {
                throw new IllegalArgumentException(file + ": no '# rules' line");
            }
            return new Contents(rules, positions);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** A file's rules and positions. */
    public record Contents(Rules rules, List<LabelledPosition> positions) {
    }

    private static LabelledPosition parse(String line, Rules rules, Path file, int n) {
        String[] f = line.split("\t", -1);
        String where = file + " line " + n + ": ";
        if (f.length != 5) {
            throw new IllegalArgumentException(where + "5 tab-separated fields expected, found " + f.length);
        }
        boolean solved = f[4].equals("solver");
        if (!solved && !f[4].equals("game")) {
            throw new IllegalArgumentException(where + "the source is solver or game, not '" + clip(f[4]) + "'");
        }
        int label;
        if (f[0].equals("1")) {
            label = 1;
        } else if (f[0].equals("0")) {
            label = 0;
        } else {
            throw new IllegalArgumentException(where + "the label is 0 or 1, not '" + clip(f[0]) + "'");
        }
        Position p;
        try {
            p = Position.parse(f[1], rules);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage());
        }
        if (p.seats() != 3) {
            throw new IllegalArgumentException(where + "a three-seat position expected: '" + clip(f[1]) + "'");
        }
        try {
            int game = Integer.parseInt(f[2]);
            long nodes = Long.parseLong(f[3]);
            if (game < 0 || nodes < 0) {
                throw new NumberFormatException();
            }
            return new LabelledPosition(p, label, game, nodes, solved);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + "the game and nodes are non-negative integers");
        }
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

}
