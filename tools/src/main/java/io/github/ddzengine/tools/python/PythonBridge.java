package io.github.ddzengine.tools.python;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.MoveLister;
import io.github.ddzengine.tools.cli.Query;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.json.AuditJson;
import io.github.ddzengine.tools.json.JsonLines;
import io.github.ddzengine.tools.json.SolveJson;
import io.github.ddzengine.engine.DdzEngine;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.MatchStats;
import io.github.ddzengine.mc.audit.OpenHandAudit;
import io.github.ddzengine.tools.json.GameRecords;
import io.github.ddzengine.tools.json.MatchJson;
import io.github.ddzengine.engine.Limits;
import io.github.ddzengine.engine.Workspace;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.protocol.McJson;
import io.github.ddzengine.core.cards.Notation;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.tables.EngineTables;
import io.github.ddzengine.mc.Bidder;
import io.github.ddzengine.mc.Decision;
import io.github.ddzengine.mc.InformationSet;
import io.github.ddzengine.mc.MonteCarloAgent;
import io.github.ddzengine.mc.Prior;
import io.github.ddzengine.mc.BidRequest;
import io.github.ddzengine.protocol.AgentProtocol;
import io.github.ddzengine.protocol.JsonFields;

/**
 * The engine as the Python package {@code ddz_engine} ({@code python/}, {@code docs/python.md})
 * drives it: in process through JPype, or as a child process speaking JSON lines
 * ({@link #main}). Both ways run the same methods, so they give the same answers.
 *
 * <p>Two kinds of entry points:
 * <ul>
 * <li>{@link #call(String)}: any request as one JSON object, answered by one JSON object (the
 *     child process's protocol, below). Bad input gives {@code {"error": "..."}}, never an
 *     exception.</li>
 * <li>The fast paths for JPype, one crossing per query or per batch, on plain text:
 *     {@link #rules(String, String)}, {@link #moves(int, String, String)},
 *     {@link #movesBatch(int, String)}, {@link #solve(int, String, boolean, long)} and
 *     {@link #solveBatch(int, String, boolean, long)}. Bad input throws
 *     {@link IllegalArgumentException} with a one-line message.</li>
 * </ul>
 *
 * <p>Requests of {@link #call} ({@code op} selects; every op takes optional {@code rules}, a preset
 * name, and {@code bans}, a comma-separated string or an array, default {@code standard} without
 * bans):
 * <ul>
 * <li>{@code {"op":"hello"}}: {@code {"protocol":1,"version":"..."}}</li>
 * <li>{@code {"op":"moves","hand":"...","last":"..."}}: {@code {"moves":[...]}}, the legal moves in
 *     the display order of {@code ddz moves}; with {@code "queries":[["HAND","LAST"],...]} instead,
 *     {@code {"results":[[...],...]}}</li>
 * <li>{@code {"op":"split","hand":"..."}}: {@code {"min_hands":n,"split":[...]}}</li>
 * <li>{@code {"op":"solve","position":"...","all":false,"timeout_ms":0}}: the object of
 *     {@link #solve}; with {@code "positions":[...]}, {@code {"results":[...]}}</li>
 * <li>{@code {"op":"move", "seat", "hand", "kitty", "bid", "history":[{"move":"..."},...],
 *     "budget_ms":50, "worlds":0, "seed":0, "threads":1, "prior":"solo-pass", "agent":null}}: the information set
 *     is read as {@code ddz serve} reads a play request; the answer is the object of
 *     {@code ddz move --json} (the chosen move, every candidate's win rate and mean score); with
 *     {@code "agent"} (an engine agent spec: rule, greedy, random, mc:..., net:...) that agent's
 *     move, without candidates</li>
 * <li>{@code {"op":"bid","hand":"...","bids":[...],"worlds":1000,"seed":0}}: the object of
 *     {@code ddz bid --json}</li>
 * <li>{@code {"op":"play","a":"...","b":"...","deals":100,"seed":1,"bidding":false,"threads":1,"out":null,"progress":false}}:
 *     a duplicate match between two agent specs ({@code exec:COMMAND} too), refereed by the
 *     engine; the object of {@code ddz play --json} (without fault counts); {@code out} a file to
 *     write the game records to; with {@code "progress": true} progress lines before the answer
 *     ({@link #call(String, java.util.function.Consumer)})</li>
 * <li>{@code {"op":"records","file":"..."}}: {@code {"records":[...]}}, the records of a
 *     {@code ddz play --out} file, each validated by a replay</li>
 * <li>{@code {"op":"analyze","file":"...","max_cards":30,"nodes":2000000,"threads":1}} (or
 *     {@code "records":[...]}, each a record's line or object, instead of a file):
 *     {@code {"games":[...]}}, each game's open-hand analysis as {@code ddz analyze --json} prints
 *     its game lines ({@code AuditJson})</li>
 * <li>{@code {"op":"env_reset","seed":0,"deal":null}}, {@code {"op":"env_step","game":ID,"move":"..."}},
 *     {@code {"op":"env_agent","game":ID,"agent":"rule"}}: the stepping environment of
 *     {@code ddz_engine.env} ({@code Environments}): a game's state after a reset or a checked move,
 *     or the move an engine agent would play</li>
 * <li>{@code {"op":"env_move_table"}}, {@code {"op":"env_batch_reset","n":N,"seed":S}},
 *     {@code {"op":"env_batch_step","batch":ID,"moves":[...]}}: the batched environment of
 *     {@code ddz_engine.env.BatchEnv} ({@code BatchEnvironments}), in move ids; with
 *     {@code {"op":"env_rlcard_actions","actions":[...]}} first, {@code "encode":"rlcard"} batches of
 *     {@code ddz_engine.rlcard_env.RLCardBatchEnv} ({@code RlcardCodec})</li>
 * <li>{@code {"op":"env_rlcard","call":"reset","seed":S}}, {@code {"op":"env_rlcard","game":ID,
 *     "call":"step","action":A}}: one game of {@code ddz_engine.rlcard_env.RLCardEnv} in RLCard's
 *     action ids ({@link RlcardGame}, which the JPype backend calls directly: {@link #rlcardGame})</li>
 * <li>{@code {"op":"env_douzero","call":"reset","seed":S}}, {@code {"op":"env_douzero","game":ID,
 *     "call":"step","action":I}}: one game of {@code ddz_engine.douzero_env.DouZeroEnv} with
 *     DouZero's observation ({@link DouzeroGame}; JPype: {@link #douzeroGame})</li>
 * <li>{@code {"op":"bye"}}: the child process exits (no answer)</li>
 * </ul>
 *
 * <p>One instance serves one thread at a time (it keeps a solver per rule set and Monte Carlo
 * agents, each with its own scratch space); use one instance per thread for parallel work. The
 * precomputed tables of {@code ddz tables build} ({@code $DDZ_TABLES}, else
 * {@code ~/.cache/ddz/tables}) are installed at the first request of each preset.
 */
public final class PythonBridge implements AutoCloseable {
    /** The version of the protocol of {@link #call} and {@link #main}. */
    public static final int PROTOCOL = 1;

    private final List<Rules> rulesById = new ArrayList<>();
    private final Map<String, Integer> rulesIds = new HashMap<>();
    private final Map<Preset, String[]> moveTexts = new EnumMap<>(Preset.class);
    private final MoveLister lister = new MoveLister();
    private final DdzEngine engine = DdzEngine.standard().withTableDirectory(new TablesOption().directory());
    private final Workspace workspace = engine.newWorkspace();
    private final StringBuilder text = new StringBuilder(1 << 12);
    private final Environments environments = new Environments();
    private final BatchEnvironments batches = new BatchEnvironments();
    /** The games of {@code env_douzero}, numbered with those of {@code env_rlcard}. */
    private final Map<Long, DouzeroGame> douzeroGames = Environments.lru(Environments.MAX_GAMES);
    /** The games of {@code env_rlcard}, the least recently used dropped first. */
    private final Map<Long, RlcardGame> rlcardGames = Environments.lru(Environments.MAX_GAMES);
    private long nextEnvGame = 1;
    /** The action list of the codec {@link #rlcardGame} made last. */
    private String rlcardActions;

    /** A bridge; nothing is built before the first request. */
    public PythonBridge() {
    }

    /** The project version, {@code 0.1.0-SNAPSHOT} or {@code (unknown version)}. */
    public static String version() {
        return io.github.ddzengine.core.util.Version.get();
    }

    // ---------------------------------------------------------------- fast paths

    /**
     * The handle of a rule set for the fast paths.
     *
     * @param preset {@code standard}, {@code douzero}, {@code rlcard} or {@code botzone}
     * @param bans banned types, comma-separated ({@code ""} or null for none)
     * @return a small integer, the same for the same arguments
     * @throws IllegalArgumentException for an unknown preset or ban
     */
    public int rules(String preset, String bans) {
        String key = preset + "\u0000" + (bans == null ? "" : bans);
        Integer id = rulesIds.get(key);
        if (id == null) {
            id = handle(Rules.of(Preset.parse(preset), Rules.parseBans(bans)));
            rulesIds.put(key, id);
        }
        return id;
    }

    private Rules rulesOf(int id) {
        if (id < 0 || id >= rulesById.size()) {
            throw new IllegalArgumentException("no rule set " + id + " (get one from rules())");
        }
        Rules r = rulesById.get(id);
        tables(r.preset());
        return r;
    }

    /** The precomputed tables of {@code preset}, loaded at its first request. */
    private EngineTables tables(Preset preset) {
        return engine.tables(preset);
    }

    /**
     * The legal moves of a hand: every lead, or every answer to {@code last} with the pass last.
     *
     * @param rules a handle of {@link #rules}
     * @param hand the mover's cards (card notation, up to 20 cards)
     * @param last the move to beat in move notation; null, blank or a pass word to lead
     * @return the moves in the display order of {@code ddz moves}, separated by single spaces
     *     ({@code 333444555666:trio_chain_4} where a card set has several readings, {@code pass})
     * @throws IllegalArgumentException naming the field ({@code hand: ...}, {@code last: ...})
     */
    public String moves(int rules, String hand, String last) {
        Rules r = rulesOf(rules);
        text.setLength(0);
        appendMoves(Query.parse(r, hand, last, "last"));
        return text.toString();
    }

    /**
     * The legal moves of many queries in one call.
     *
     * @param rules a handle of {@link #rules}
     * @param queries one query a line ({@code \n}): the hand, then optionally a tab and the move to beat
     * @return one line of moves per query, as {@link #moves}, separated by {@code \n}
     * @throws IllegalArgumentException for the first bad query, {@code queries[i]: hand: ...} (i from 0)
     */
    public String movesBatch(int rules, String queries) {
        Rules r = rulesOf(rules);
        text.setLength(0);
        int i = 0;
        int start = 0;
        int n = queries.length();
        while (start <= n) {
            int end = queries.indexOf('\n', start);
            if (end < 0) {
                end = n;
            }
            int tab = queries.indexOf('\t', start);
            String hand;
            String last = null;
            if (tab >= 0 && tab < end) {
                hand = queries.substring(start, tab);
                last = queries.substring(tab + 1, end);
            } else {
                hand = queries.substring(start, end);
            }
            Query q;
            try {
                q = Query.parse(r, hand, last, "last");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("queries[" + i + "]: " + e.getMessage(), e);
            }
            if (i > 0) {
                text.append('\n');
            }
            appendMoves(q);
            i++;
            start = end + 1;
        }
        return text.toString();
    }

    private void appendMoves(Query q) {
        int n = lister.list(q);
        String[] texts = moveTexts.computeIfAbsent(q.rules().preset(), p -> new String[q.rules().table().size()]);
        MoveTable table = lister.table();
        for (int i = 0; i < n; i++) {
            int id = lister.id(i);
            String s = texts[id];
            if (s == null) {
                s = table.format(id);
                texts[id] = s;
            }
            if (i > 0) {
                text.append(' ');
            }
            text.append(s);
        }
    }

    /**
     * Solves a position with every hand visible.
     *
     * @param rules a handle of {@link #rules}
     * @param position {@code HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]} ({@code notation.md} section 4)
     * @param all whether to find every winning first move
     * @param timeoutMillis a time budget in ms, 0 for none
     * @return one JSON object: {@code position} (canonical), {@code verdict} ({@code win}, {@code loss}
     *     or {@code unknown}), {@code mover_wins}, {@code winner} ({@code landlord} or {@code farmers};
     *     both null when unknown), {@code winning_moves} (null unless {@code all}), {@code line}
     *     ({@code [{"seat": s, "move": "..."}]}: a principal variation, seats taking turns from the
     *     mover), {@code timed_out}, {@code nodes}, {@code time_ms}
     * @throws IllegalArgumentException for a bad position
     */
    public String solve(int rules, String position, boolean all, long timeoutMillis) {
        Position p = Position.parse(position, rulesOf(rules));
        return json(g -> solveObject(g, p, all, timeoutMillis));
    }

    /**
     * Solves many positions in one call, each from an empty table as {@link #solve} does.
     *
     * @param positions one position a line ({@code \n})
     * @return a JSON array of the objects of {@link #solve}
     * @throws IllegalArgumentException for the first bad position, {@code positions[i]: ...} (i from 0)
     */
    public String solveBatch(int rules, String positions, boolean all, long timeoutMillis) {
        Rules r = rulesOf(rules);
        String[] lines = positions.split("\n", -1);
        Position[] ps = new Position[lines.length];
        for (int i = 0; i < lines.length; i++) {
            try {
                ps[i] = Position.parse(lines[i], r);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("positions[" + i + "]: " + e.getMessage(), e);
            }
        }
        return solveAll(ps, all, timeoutMillis);
    }

    /** The JSON array of the solves of {@code ps}. */
    private String solveAll(Position[] ps, boolean all, long timeoutMillis) {
        return json(g -> {
            g.writeStartArray();
            for (Position p : ps) {
                g.writeStartObject();
                solveObject(g, p, all, timeoutMillis);
                g.writeEndObject();
            }
            g.writeEndArray();
        }, false);
    }

    private void solveObject(JsonGenerator g, Position p, boolean all, long timeoutMillis) throws IOException {
        if (timeoutMillis < 0 || timeoutMillis > Limits.MAX_TIMEOUT_MS) {
            // issue 21, defect 5: a deadline past the bound wraps, and the solve gives up at once
            throw new IllegalArgumentException("\"timeout_ms\" must be an integer 0.." + Limits.MAX_TIMEOUT_MS
                + " (0: no limit), not " + timeoutMillis);
        }
        SolveResult r = workspace.solver(p.rules()).solve(p, all, timeoutMillis, 0);
        MoveTable table = p.rules().table();
        g.writeStringField("position", p.toString());
        g.writeStringField("verdict", SolveJson.verdict(r));
        if (r.isKnown()) {
            g.writeBooleanField("mover_wins", r.moverWins());
            g.writeStringField("winner", r.winner());
        } else {
            g.writeNullField("mover_wins");
            g.writeNullField("winner");
        }
        int[] winning = r.winningMoves();
        if (winning == null) {
            g.writeNullField("winning_moves");
        } else {
            g.writeArrayFieldStart("winning_moves");
            for (int m : MoveLister.inDisplayOrder(table, winning)) {
                g.writeString(table.format(m));
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("line");
        int[] line = r.line();
        for (int i = 0; i < line.length; i++) {
            g.writeStartObject();
            g.writeNumberField("seat", (p.mover() + i) % p.seats());
            g.writeStringField("move", table.format(line[i]));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeBooleanField("timed_out", !r.isKnown());
        g.writeNumberField("nodes", r.nodes());
        g.writeNumberField("time_ms", Math.round(r.nanos() / 1e3) / 1e3);
    }

    // ---------------------------------------------------------------- JSON requests

    /**
     * A game of RLCard's environment for the JPype backend's {@code RLCardEnv}, stepped by direct
     * calls ({@link RlcardGame}); RLCard's action list is kept for the next games and for
     * {@code env_rlcard} and the batches (as {@code env_rlcard_actions} keeps it).
     *
     * @param rules a handle of {@link #rules}
     * @param actions RLCard's action list ({@code pass} and card strings, B and R the jokers),
     *     separated by single spaces, the action of id {@code i} the {@code i}-th
     * @return a new game, not dealt yet ({@link RlcardGame#reset})
     * @throws IllegalArgumentException for an action that is not a card set
     */
    public RlcardGame rlcardGame(int rules, String actions) {
        Rules r = rulesOf(rules);
        rlcardActions(actions);
        return newRlcardGame(r);
    }

    /** A game of RLCard's environment under {@code r}, with the action list last sent. */
    private RlcardGame newRlcardGame(Rules r) {
        return new RlcardGame(r, workspace.newGenerator(r), batches.rlcard());
    }

    /**
     * A batch of RLCard's environment for the JPype backend's {@code RLCardBatchEnv}, stepped by
     * direct calls ({@link RlcardBatch}), dealt as {@code env_batch_reset} deals.
     *
     * @param rules a handle of {@link #rules}
     * @param actions RLCard's action list, as for {@link #rlcardGame}
     * @param n the number of games, 1..{@value BatchEnvironments#MAX_GAMES}
     * @param seed the seed of the deals
     * @throws IllegalArgumentException for a bad action list or {@code n}
     */
    public RlcardBatch rlcardBatch(int rules, String actions, int n, long seed) {
        Rules r = rulesOf(rules);
        rlcardActions(actions);
        return batches.rlcardBatch(r, workspace.newGenerator(r), n, seed);
    }

    /** RLCard's action list (space-separated) as the codec of the next games, made again only when it changed. */
    private void rlcardActions(String actions) {
        if (!actions.equals(rlcardActions)) {
            batches.rlcard(new RlcardCodec(java.util.Arrays.asList(actions.split(" "))));
            rlcardActions = actions;
        }
    }

    /**
     * A game of DouZero's environment for the JPype backend's {@code DouZeroEnv}, stepped by direct
     * calls ({@link DouzeroGame}).
     *
     * @param rules a handle of {@link #rules}
     * @return a new game, not dealt yet ({@link DouzeroGame#reset})
     */
    public DouzeroGame douzeroGame(int rules) {
        Rules r = rulesOf(rules);
        return new DouzeroGame(r, workspace.newGenerator(r));
    }

    /**
     * {@code {"op":"env_douzero","call":"reset","seed":S,"deal":D}} (a new game), then
     * {@code {"op":"env_douzero","game":ID,"call":"step","action":I}} (legal action {@code I} of the
     * last answer) or {@code "call":"state"}: {@link DouzeroGame}'s call, answered as {@code
     * {"game":ID,"code":C,"x":"base64","z":"base64","actions":"base64","moves":[ids],"bombs":B}}
     * ({@code "state"}: the game as {@code env_reset} answers it).
     */
    private String douzeroRequest(JsonNode node, Rules rules) {
        String call = JsonFields.required(node, "call");
        DouzeroGame game;
        long id;
        int code;
        switch (call) {
            case "reset" -> {
                game = douzeroGame(handle(rules));
                code = game.reset(seed(node), JsonFields.text(node, "deal"));
                id = keep(douzeroGames, game);
            }
            case "step", "state" -> {
                id = requiredInteger(node, "game", 1, Long.MAX_VALUE);
                game = kept(douzeroGames, id);
                if (call.equals("state")) {
                    return game.stateJson();
                }
                code = game.step((int) requiredInteger(node, "action", 0, Integer.MAX_VALUE));
            }
            default -> throw new IllegalArgumentException("call must be reset, step or state, not '" + call + "'");
        }
        java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
        String x = b64.encodeToString(game.x());
        String z = b64.encodeToString(game.z());
        String actions = b64.encodeToString(game.actionValues());
        int[] moves = game.legalMoves();
        int bombs = game.bombs();
        return json(g -> {
            g.writeNumberField("game", id);
            g.writeNumberField("code", code);
            g.writeStringField("x", x);
            g.writeStringField("z", z);
            g.writeStringField("actions", actions);
            g.writeFieldName("moves");
            g.writeArray(moves, 0, moves.length);
            g.writeNumberField("bombs", bombs);
        });
    }

    /**
     * {@code {"op":"env_rlcard","call":"reset","seed":S,"deal":D}} (a new game), then
     * {@code {"op":"env_rlcard","game":ID,"call":"step","action":A}} or {@code "call":"observe",
     * "seat":P}: {@link RlcardGame}'s call, answered as {@code {"game":ID,"code":C,"obs":"base64",
     * "legal":[ids]}} (with {@code "deal"} after a reset), RLCard's action list sent first
     * ({@code env_rlcard_actions}).
     */
    private String rlcardRequest(JsonNode node, Rules rules) {
        String call = JsonFields.required(node, "call");
        RlcardGame game;
        int code;
        long id;
        switch (call) {
            case "reset" -> {
                if (batches.rlcard() == null) {
                    throw new IllegalArgumentException("env_rlcard: send RLCard's action list first (env_rlcard_actions)");
                }
                game = newRlcardGame(rulesOf(handle(rules)));
                code = game.reset(seed(node), JsonFields.text(node, "deal"));
                id = keep(rlcardGames, game);
            }
            case "step", "observe" -> {
                id = requiredInteger(node, "game", 1, Long.MAX_VALUE);
                game = kept(rlcardGames, id);
                code = call.equals("step") ? game.step((int) requiredInteger(node, "action", 0, Integer.MAX_VALUE))
                    : game.observe((int) requiredInteger(node, "seat", 0, 2));
            }
            default -> throw new IllegalArgumentException("call must be reset, step or observe, not '" + call + "'");
        }
        return json(g -> {
            g.writeNumberField("game", id);
            g.writeNumberField("code", code);
            g.writeFieldName("obs");
            g.writeBinary(game.observationArray(), 0, game.observationSize());
            g.writeFieldName("legal");
            g.writeArray(game.legalArray(), 0, game.legalCount());
            if (call.equals("reset")) {
                g.writeStringField("deal", game.deal());
            }
        });
    }

    /**
     * Answers one request (see the class comment).
     *
     * @param request one JSON object
     * @return one JSON object on one line; {@code {"error": "..."}} (one line, at most
     *     {@link JsonLines#MAX_ERROR_CHARS} characters) when the request cannot be answered
     */
    public String call(String request) {
        return call(request, null);
    }

    /**
     * Answers one request, as {@link #call(String)}, telling {@code progress} how a long one goes:
     * a match asked with {@code "progress": true} sends {@code {"progress":{"done":D,"of":N}}}
     * (deals finished of the match's, in match order) at most five times a second and at its end,
     * before its answer.
     *
     * @param progress gets the progress lines (on this thread); null for none
     */
    public String call(String request, java.util.function.Consumer<String> progress) {
        try {
            JsonNode node = JsonFields.readObject(request, "op");
            String op = JsonFields.required(node, "op");
            Rules rules = JsonFields.rules(node, Rules.STANDARD);
            return switch (op) {
                case "hello" -> json(g -> {
                    g.writeNumberField("protocol", PROTOCOL);
                    g.writeStringField("version", version());
                });
                case "moves" -> movesRequest(node, rules);
                case "split" -> splitRequest(node, rules);
                case "solve" -> solveRequest(node, rules);
                case "move" -> moveRequest(node, rules);
                case "bid" -> bidRequest(node, rules);
                case "play" -> playRequest(node, rules, progress);
                case "records" -> recordsRequest(node);
                case "analyze" -> analyzeRequest(node);
                case "env_reset" -> environments.reset(node, rulesOf(handle(rules)),
                    integer(node, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE), workspace);
                case "env_step" -> environments.step(node, integer(node, "game", 0, 1, Long.MAX_VALUE), workspace);
                case "env_agent" -> environments.agentMove(node, integer(node, "game", 0, 1, Long.MAX_VALUE), workspace);
                case "env_move_table" -> batches.moveTable(rulesOf(handle(rules)));
                case "env_batch_reset" -> batches.reset(node, rulesOf(handle(rules)), workspace.generator(rulesOf(handle(rules))),
                    integer(node, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE));
                case "env_batch_step" -> batches.step(node);
                case "env_rlcard_actions" -> batches.rlcardActions(node);
                case "env_rlcard" -> rlcardRequest(node, rules);
                case "env_douzero" -> douzeroRequest(node, rules);
                default -> throw new IllegalArgumentException("unknown op '" + op + "' (hello, moves, split, solve, move, "
                    + "bid, play, records, analyze, env_reset, env_step, env_agent, env_move_table, env_batch_reset, "
                    + "env_batch_step, env_rlcard_actions, env_rlcard, env_douzero, bye)");
            };
        } catch (IllegalArgumentException e) {
            return error(e.getMessage());
        } catch (RuntimeException | InternalError | StackOverflowError | OutOfMemoryError e) {
            // as a batch line's: a table file that failed under the bridge, or (never expected) a bug
            return error(JsonLines.failure(e, null));
        }
    }

    private static String error(String message) {
        return json(g -> g.writeStringField("error", JsonLines.shorten(Exits.oneLine(message))));
    }

    private int handle(Rules r) {
        int id = rulesById.indexOf(r);
        if (id < 0) {
            id = rulesById.size();
            rulesById.add(r);
        }
        return id;
    }

    private String movesRequest(JsonNode node, Rules rules) {
        Rules r = rulesOf(handle(rules));
        JsonNode queries = node.get("queries");
        if (queries == null || queries.isNull()) {
            Query q = Query.parse(r, JsonFields.required(node, "hand"), JsonFields.text(node, "last"), "last");
            return json(g -> {
                g.writeArrayFieldStart("moves");
                writeMoves(g, q);
                g.writeEndArray();
            });
        }
        if (!queries.isArray()) {
            throw new IllegalArgumentException("\"queries\" must be an array of [hand, last] pairs");
        }
        Query[] qs = new Query[queries.size()];
        for (int i = 0; i < qs.length; i++) {
            JsonNode q = queries.get(i);
            String where = "queries[" + i + "]";
            String hand;
            String last = null;
            if (q.isTextual()) {
                hand = q.textValue();
            } else if (q.isArray() && q.size() >= 1 && q.size() <= 2 && q.get(0).isTextual()
                && (q.size() == 1 || q.get(1).isTextual() || q.get(1).isNull())) {
                hand = q.get(0).textValue();
                last = q.size() == 2 ? q.get(1).textValue() : null;
            } else {
                throw new IllegalArgumentException(where + " must be a hand or a [hand, last] pair of strings");
            }
            try {
                qs[i] = Query.parse(r, hand, last, "last");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        return json(g -> {
            g.writeArrayFieldStart("results");
            for (Query q : qs) {
                g.writeStartArray();
                writeMoves(g, q);
                g.writeEndArray();
            }
            g.writeEndArray();
        });
    }

    private void writeMoves(JsonGenerator g, Query q) throws IOException {
        text.setLength(0);
        appendMoves(q);
        for (String m : text.toString().split(" ")) {
            g.writeString(m);
        }
    }

    private String splitRequest(JsonNode node, Rules rules) {
        Rules r = rulesOf(handle(rules));
        long hand;
        try {
            hand = Notation.parseHand(JsonFields.required(node, "hand"), Notation.MAX_HAND);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hand: " + e.getMessage(), e);
        }
        int[] split = workspace.minHands(r).split(hand);
        MoveTable table = r.table();
        return json(g -> {
            g.writeNumberField("min_hands", split.length);
            g.writeArrayFieldStart("split");
            for (int id : split) {
                g.writeString(table.format(id));
            }
            g.writeEndArray();
        });
    }

    private String solveRequest(JsonNode node, Rules rules) {
        int id = handle(rules);
        boolean all = bool(node, "all", false);
        long timeout = integer(node, "timeout_ms", 0, 0, Limits.MAX_TIMEOUT_MS);
        JsonNode positions = node.get("positions");
        if (positions == null || positions.isNull()) {
            return solve(id, JsonFields.required(node, "position"), all, timeout);
        }
        if (!positions.isArray()) {
            throw new IllegalArgumentException("\"positions\" must be an array of positions");
        }
        Rules r = rulesOf(id);
        Position[] ps = new Position[positions.size()];
        for (int i = 0; i < ps.length; i++) {
            JsonNode p = positions.get(i);
            if (!p.isTextual()) {
                throw new IllegalArgumentException("positions[" + i + "] must be a position (a string)");
            }
            try {
                ps[i] = Position.parse(p.textValue(), r);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("positions[" + i + "]: " + e.getMessage(), e);
            }
        }
        return "{\"results\":" + solveAll(ps, all, timeout) + "}";
    }

    private String moveRequest(JsonNode node, Rules rules) {
        Rules r = rulesOf(handle(rules));
        InformationSet info = AgentProtocol.readPlay(node, r);
        int budget = (int) integer(node, "budget_ms", io.github.ddzengine.mc.McSettings.DEFAULT_BUDGET_MILLIS, 5,
            Limits.MAX_BUDGET_MS);
        int threads = (int) integer(node, "threads", 1, 1, io.github.ddzengine.mc.McSettings.MAX_THREADS);
        int worlds = (int) integer(node, "worlds", 0, 0, Limits.MAX_WORLDS);
        long seed = integer(node, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        String prior = JsonFields.text(node, "prior");
        String spec = JsonFields.text(node, "agent");
        if (spec != null) {
            return agentMove(spec, r, info, seed);
        }
        MonteCarloAgent agent = agent(r.preset(), budget, threads, worlds, prior == null ? "solo-pass" : prior);
        Decision d = agent.decide(info, seed);
        return json(g -> {
            McJson.decision(g, d);
            g.writeNumberField("seed", seed);
        });
    }

    /**
     * The move of any engine agent spec ({@code rule}, {@code greedy}, {@code random},
     * {@code mc:effort=E}, {@code net:...}; not {@code exec:}) for an information set, in the shape
     * of a Monte Carlo decision without candidates; the agent's game is seeded with {@code seed}.
     */
    private String agentMove(String spec, Rules r, InformationSet info, long seed) {
        if (spec.startsWith("exec:")) {
            throw new IllegalArgumentException("\"agent\": an exec: agent is a process of its own; name an engine agent "
                + "(rule, greedy, random, mc:..., net:...)");
        }
        long start = System.nanoTime();
        int move;
        try (io.github.ddzengine.mc.Agent a = workspace.agent(spec, r)) {
            a.startGame(seed);
            move = a.play(info);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("closing the agent failed: " + e.getMessage(), e);
        }
        double ms = Math.round((System.nanoTime() - start) / 1e4) / 100.0;
        MoveTable t = r.table();
        return json(g -> {
            g.writeStringField("move", t.format(move));
            g.writeStringField("type", t.typeName(move));
            g.writeArrayFieldStart("candidates");
            g.writeEndArray();
            g.writeNumberField("worlds", 0);
            g.writeNumberField("solved_worlds", 0);
            g.writeNumberField("rollouts", 0);
            g.writeNumberField("time_ms", ms);
            g.writeBooleanField("budget_cut", false);
            g.writeNumberField("seed", seed);
            g.writeStringField("agent", spec);
        });
    }

    /** The workspace's agent of these settings (it keeps a few and closes the least recently used). */
    private MonteCarloAgent agent(Preset preset, int budget, int threads, int worlds, String prior) {
        Rules rules = Rules.of(preset);
        return workspace.mc(engine.mcSettings(rules).budget(budget).threads(threads).worlds(worlds)
            .prior(Prior.named(prior)).build(), rules);
    }

    private String bidRequest(JsonNode node, Rules rules) {
        Rules r = rulesOf(handle(rules));
        BidRequest request = AgentProtocol.readBid(node, r);
        int worlds = (int) integer(node, "worlds", 1000, 1, Limits.MAX_WORLDS);
        long seed = integer(node, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        Bidder bidder = new Bidder().withWorlds(worlds);
        Bidder.Estimate e = bidder.estimate(r, tables(r.preset()), request.hand(), seed);
        int bid = bidder.bidFor(e, request.highestBid());
        return json(g -> McJson.bid(g, e, bid));
    }

    /** A duplicate match between two agent specs, refereed by the engine ({@link DdzEngine#match}). */
    private String playRequest(JsonNode node, Rules rules, java.util.function.Consumer<String> progress) {
        String a = JsonFields.required(node, "a");
        String b = JsonFields.required(node, "b");
        int deals = (int) integer(node, "deals", 100, 1, Limits.MAX_DEALS);
        long seed = integer(node, "seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        boolean bidding = bool(node, "bidding", false);
        int threads = (int) integer(node, "threads", 1, 1, Limits.MAX_MATCH_THREADS);
        String out = JsonFields.text(node, "out");
        java.util.function.Consumer<String> told = bool(node, "progress", false) ? progress : null;
        DdzEngine e = DdzEngine.of(rules).withTables(engine.tables(rules.preset())).withThreads(threads);
        MatchStats stats;
        if (out == null) {
            stats = e.match(a, b, deals, seed, bidding, told == null ? null : progressOf(deals, told, null));
        } else {
            Path file = Path.of(out);
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                java.util.function.Consumer<String> write = line -> {
                    try {
                        w.write(line);
                        w.write('\n');
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                };
                stats = e.match(a, b, deals, seed, bidding, told == null ? write : progressOf(deals, told, write));
            } catch (IOException | UncheckedIOException x) {
                throw new IllegalArgumentException("cannot write " + out + ": " + x.getMessage(), x);
            }
        }
        return json(g -> {
            g.writeStringField("a", stats.a());
            g.writeStringField("b", stats.b());
            g.writeStringField("rules", rules.toString());
            g.writeNumberField("seed", seed);
            g.writeBooleanField("bidding", bidding);
            g.writeNumberField("threads", threads);
            MatchJson.statsFields(g, stats);
        });
    }

    /**
     * A match's record listener that counts finished deals (two games each, in match order) and
     * tells {@code progress} at most every 200 ms and at the last, passing each record on to
     * {@code records} (null for none).
     */
    private static java.util.function.Consumer<String> progressOf(int deals, java.util.function.Consumer<String> progress,
                                                                  java.util.function.Consumer<String> records) {
        int[] games = {0};
        long[] last = {System.nanoTime()};
        return line -> {
            if (records != null) {
                records.accept(line);
            }
            if (++games[0] % 2 == 0) {
                long now = System.nanoTime();
                int done = games[0] / 2;
                if (done == deals || now - last[0] >= 200_000_000L) {
                    last[0] = now;
                    progress.accept("{\"progress\":{\"done\":" + done + ",\"of\":" + deals + "}}");
                }
            }
        };
    }

    /** The validated records of a {@code ddz play --out} file, each as written. */
    private String recordsRequest(JsonNode node) {
        String file = JsonFields.required(node, "file");
        List<GameRecord> records = GameRecords.readFile(Path.of(file));
        return json(g -> {
            g.writeArrayFieldStart("records");
            for (GameRecord r : records) {
                g.writeRawValue(io.github.ddzengine.protocol.GameRecords.toJson(r));
            }
            g.writeEndArray();
        });
    }

    /** The open-hand analysis of the games of a file or of a list of records ({@code ddz analyze}). */
    private String analyzeRequest(JsonNode node) {
        int maxCards = (int) integer(node, "max_cards", 30, 1, 54);
        long nodes = integer(node, "nodes", 2_000_000, 1, Long.MAX_VALUE);
        int threads = (int) integer(node, "threads", 1, 1, Limits.MAX_MATCH_THREADS);
        String file = JsonFields.text(node, "file");
        JsonNode list = node.get("records");
        if ((file == null) == (list == null || list.isNull())) {
            throw new IllegalArgumentException("analyze takes \"file\" or \"records\" (a list of records), one of them");
        }
        List<GameRecord> records;
        if (file != null) {
            records = GameRecords.readFile(Path.of(file));
        } else {
            if (!list.isArray()) {
                throw new IllegalArgumentException("\"records\" must be a list of records, not " + list.getNodeType());
            }
            records = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                JsonNode r = list.get(i);
                try {
                    records.add(io.github.ddzengine.protocol.GameRecords.read(r.isTextual() ? r.textValue() : r.toString()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("records[" + i + "]: " + e.getMessage(), e);
                }
            }
        }
        List<OpenHandAudit.GameAudit> audits = engine.withThreads(threads).analyze(records, maxCards, nodes, null);
        return json(g -> {
            g.writeArrayFieldStart("games");
            for (OpenHandAudit.GameAudit a : audits) {
                g.writeStartObject();
                AuditJson.gameFields(g, a);
                g.writeEndObject();
            }
            g.writeEndArray();
        });
    }

    private static boolean bool(JsonNode node, String field, boolean absent) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return absent;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException("\"" + field + "\" must be true or false, not " + v);
        }
        return v.booleanValue();
    }

    private static long integer(JsonNode node, String field, long absent, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return absent;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw new IllegalArgumentException("\"" + field + "\" must be an integer" + (min == Long.MIN_VALUE ? ""
                : max == Long.MAX_VALUE ? ", " + min + " or more" : " " + min + ".." + max) + ", not " + v);
        }
        return v.longValue();
    }

    /** A new game of an environment, kept under the next id (shared by every environment's games); the id. */
    private <G> long keep(Map<Long, G> games, G game) {
        long id = nextEnvGame++;
        games.put(id, game);
        return id;
    }

    /** A request's {@code "seed"}, any long (0 when absent). */
    private static long seed(JsonNode node) {
        return integer(node, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Game {@code id} of an environment's kept games ({@code IllegalArgumentException}: "no game ID ..."). */
    private static <G> G kept(Map<Long, G> games, long id) {
        G game = games.get(id);
        if (game == null) {
            throw new IllegalArgumentException("no game " + id + " (a reset makes one; the oldest of more than "
                + Environments.MAX_GAMES + " are dropped)");
        }
        return game;
    }

    /** An integer field that must be there, within {@code min..max}. */
    private static long requiredInteger(JsonNode node, String field, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("\"" + field + "\" is required");
        }
        return integer(node, field, 0, min, max);
    }

    /** Something that writes JSON with a generator. */
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    static String json(Body body) {
        return json(body, true);
    }

    /** The JSON {@code body} writes, inside an object when {@code object}, as one line. */
    private static String json(Body body, boolean object) {
        StringWriter sw = new StringWriter(256);
        try (JsonGenerator g = JsonFields.MAPPER.getFactory().createGenerator(sw)) {
            if (object) {
                g.writeStartObject();
            }
            body.write(g);
            if (object) {
                g.writeEndObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter cannot fail
        }
        return sw.toString();
    }

    /** Stops the Monte Carlo agents' helper threads. The bridge stays usable. */
    @Override
    public void close() {
        workspace.close();
    }

    // ---------------------------------------------------------------- the child process

    /**
     * The child process: reads one request a line on standard input, writes one answer line for
     * each (flushed at once), and exits at {@code {"op":"bye"}} or at the end of its input. A blank
     * line is skipped. Nothing else is written to standard output.
     */
    public static void main(String[] args) throws IOException {
        System.exit(serve(System.in, System.out));
    }

    /** The loop of {@link #main}, on any streams; returns the exit code, 0. */
    public static int serve(InputStream in, OutputStream out) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        try (PythonBridge bridge = new PythonBridge()) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                if (line.contains("\"bye\"") && isBye(line)) {
                    break;
                }
                w.write(bridge.call(line, p -> {
                    try {
                        w.write(p);
                        w.write('\n');
                        w.flush();
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                }));
                w.write('\n');
                w.flush();
            }
        }
        w.flush();
        return 0;
    }

    private static boolean isBye(String line) {
        try {
            JsonNode n = JsonFields.readObject(line, "op");
            return n.has("op") && "bye".equals(n.get("op").asText());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
