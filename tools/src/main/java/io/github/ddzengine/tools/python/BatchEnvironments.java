package io.github.ddzengine.tools.python;

import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import io.github.ddzengine.core.game.Deal;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.game.Scoring;
import io.github.ddzengine.core.game.SplitMix64;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;

/**
 * The batched environment of the Python package ({@code ddz_engine.env.BatchEnv}): {@code n}
 * games at once, stepped together by one call, each answer in move ids of the rules' move table
 * (its strings sent once, {@code env_move_table}) instead of texts, and a finished game replaced
 * at once by the next one (its result reported with the step that ended it). Games have no bidding,
 * as in {@link Environments}. Game {@code g} of a batch (numbered as they start: the first {@code
 * n} at the reset, then one a slot as slots finish, in slot order) is dealt from
 * {@code SplitMix64.derive(seed, g)}: the same seed and moves give the same games. One thread at a
 * time; at most {@link #MAX_BATCHES} batches are kept.
 */
final class BatchEnvironments {
    /** Batches kept at once, the least recently used dropped first. */
    static final int MAX_BATCHES = 64;
    /** Most games of one batch. */
    static final int MAX_GAMES = 4096;

    private final Map<Long, Batch> batches = Environments.lru(MAX_BATCHES);
    /** The batches of RLCard's encoding ({@code "encode":"rlcard"}), numbered with the others. */
    private final Map<Long, Coded> rlcardBatches = Environments.lru(MAX_BATCHES);

    /** An RLCard batch of the JSON requests, and whether its answers list the slots' deals. */
    private record Coded(RlcardBatch batch, boolean deals) {
    }
    private long nextId = 1;
    /** RLCard's action ids, once the caller has sent them ({@code env_rlcard_actions}). */
    private RlcardCodec rlcard;

    private static final class Batch {
        final long id;
        final Rules rules;
        final MoveGenerator generator;
        final long seed;
        final GameState[] games;
        final long[] numbers;
        /** Each slot's deal, for a batch that reports them. */
        final String[] deals;
        /** Each slot's legal moves now, in move-table order (made once a state). */
        final int[][] legal;
        private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
        long started;

        Batch(long id, Rules rules, MoveGenerator generator, long seed, int n, boolean withDeals) {
            this.id = id;
            this.rules = rules;
            this.generator = generator;
            this.seed = seed;
            this.games = new GameState[n];
            this.numbers = new long[n];
            this.deals = withDeals ? new String[n] : null;
            this.legal = new int[n][];
            for (int i = 0; i < n; i++) {
                games[i] = new GameState(rules);
                deal(i);
            }
        }

        /** Slot {@code i} starts the batch's next game. */
        void deal(int i) {
            Deal d = Deal.random(SplitMix64.derive(seed, started));
            numbers[i] = started++;
            if (deals != null) {
                deals[i] = d.toString();
            }
            games[i].start(d);
            refresh(i);
        }

        /** Slot {@code i}'s legal moves, after its game changed. */
        void refresh(int i) {
            GameState s = games[i];
            int n = generator.answers(s.hand(s.toAct()), s.leads() ? MoveTable.PASS : s.lastMove(), buffer);
            legal[i] = java.util.Arrays.copyOf(buffer, n);
        }
    }

    /** {@code {"op":"env_move_table"}}: every move of the rules' table by id ({@code "pass"} at 0). */
    String moveTable(Rules rules) {
        MoveTable t = rules.table();
        return PythonBridge.json(g -> {
            g.writeArrayFieldStart("moves");
            for (int id = 0; id < t.size(); id++) {
                g.writeString(t.format(id));
            }
            g.writeEndArray();
        });
    }

    /** {@code {"op":"env_rlcard_actions","actions":[...]}}: RLCard's action list, for batches that speak it. */
    String rlcardActions(JsonNode node) {
        rlcard = new RlcardCodec(node.get("actions"));
        return PythonBridge.json(g -> g.writeNumberField("count", rlcard.size()));
    }

    /** RLCard's action ids as the caller last sent them, or null before. */
    RlcardCodec rlcard() {
        return rlcard;
    }

    /** RLCard's action ids, as {@code env_rlcard_actions} sends them. */
    void rlcard(RlcardCodec codec) {
        rlcard = codec;
    }

    /**
     * {@code {"op":"env_batch_reset","n":N,"seed":S,"encode":"rlcard"?,"deals":false}}: a new batch of
     * {@code n} games; every slot's state (with {@code encode} RLCard's action ids and observations
     * too, and its moves taken as RLCard ids; with {@code deals} each slot's deal).
     */
    String reset(JsonNode node, Rules rules, MoveGenerator generator, long seed) {
        JsonNode n = node.get("n");
        if (n == null || !n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > MAX_GAMES) {
            throw new IllegalArgumentException("\"n\" must be the number of games, 1.." + MAX_GAMES + ", not " + n);
        }
        JsonNode encode = node.get("encode");
        boolean coded = encode != null && !encode.isNull() && encode.asText().equals("rlcard");
        if (encode != null && !encode.isNull() && !coded) {
            throw new IllegalArgumentException("\"encode\" must be \"rlcard\" or absent, not " + encode);
        }
        if (coded && rlcard == null) {
            throw new IllegalArgumentException("encode rlcard: send RLCard's action list first (env_rlcard_actions)");
        }
        JsonNode withDeals = node.get("deals");
        boolean deals = withDeals != null && withDeals.asBoolean(false);
        if (coded) {
            long id = nextId++;
            RlcardBatch b = new RlcardBatch(rules, generator, rlcard, n.asInt(), seed);
            rlcardBatches.put(id, new Coded(b, deals));
            return rlcardSlots(id, b, deals);
        }
        Batch b = new Batch(nextId++, rules, generator, seed, n.asInt(), deals);
        batches.put(b.id, b);
        return slots(b, null);
    }

    /**
     * A new batch of RLCard's encoding for the JPype backend's direct calls, numbered with the
     * others (its answers are not kept for {@code env_batch_step}).
     */
    RlcardBatch rlcardBatch(Rules rules, MoveGenerator generator, int n, long seed) {
        if (n < 1 || n > MAX_GAMES) {
            throw new IllegalArgumentException("n must be the number of games, 1.." + MAX_GAMES + ", not " + n);
        }
        if (rlcard == null) {
            throw new IllegalArgumentException("send RLCard's action list first");
        }
        return new RlcardBatch(rules, generator, rlcard, n, seed);
    }

    /**
     * {@code {"op":"env_batch_step","batch":ID,"moves":[id, ...]}}: one legal move id for every
     * slot, played; every slot's new state, and for each slot whose game ended its scores (the
     * slot then holds the next game).
     */
    String step(JsonNode node) {
        JsonNode id = node.get("batch");
        long key = id == null || !id.canConvertToLong() ? 0 : id.asLong();
        Batch b = batches.get(key);
        Coded coded = b == null ? rlcardBatches.get(key) : null;
        RlcardBatch rb = coded == null ? null : coded.batch();
        if (b == null && rb == null) {
            throw new IllegalArgumentException("no batch " + id + " (env_batch_reset makes one; the oldest of more than "
                + MAX_BATCHES + " are dropped)");
        }
        int size = b != null ? b.games.length : rb.size();
        JsonNode moves = node.get("moves");
        if (moves == null || !moves.isArray() || moves.size() != size) {
            throw new IllegalArgumentException("\"moves\" must list one move id for each of the " + size
                + " games");
        }
        if (rb != null) {
            int[] ids = new int[size];
            for (int i = 0; i < size; i++) {
                JsonNode m = moves.get(i);
                ids[i] = m.isIntegralNumber() && m.canConvertToInt() ? m.asInt() : -1;
            }
            rb.step(ids);
            return rlcardSlots(key, rb, coded.deals());
        }
        MoveTable t = b.rules.table();
        int[] chosen = new int[b.games.length];
        for (int i = 0; i < b.games.length; i++) {
            JsonNode m = moves.get(i);
            int move = m.isIntegralNumber() && m.asLong() >= 0 && m.asLong() < t.size() ? m.asInt() : -1;
            String why = move < 0 ? "no move id of the table" : b.games[i].whyIllegal(move);
            if (why != null) {
                throw new IllegalArgumentException("moves[" + i + "]: " + m + " is not legal in game " + b.numbers[i]
                    + ": " + why);
            }
            chosen[i] = move;
        }
        long[][] ended = new long[b.games.length][];
        for (int i = 0; i < b.games.length; i++) {
            GameState s = b.games[i];
            s.play(chosen[i]);
            if (s.isOver()) {
                long mult = s.multiplier(1);
                boolean landlord = s.landlordWins();
                ended[i] = new long[] {b.numbers[i], Scoring.score(0, landlord, mult), Scoring.score(1, landlord, mult),
                    Scoring.score(2, landlord, mult)};
                b.deal(i);
            } else {
                b.refresh(i);
            }
        }
        return slots(b, ended);
    }

    /**
     * The batch's slots: for each, {@code [game, seat, last, n, id1..idn]} (the game's number, the
     * seat to act, the move id to beat or 0 on a lead, the legal move ids in move-table order);
     * {@code "ended"}: for each slot whose game ended with the step, {@code [slot, game, score0,
     * score1, score2]}.
     */
    private String slots(Batch b, long[][] ended) {
        return PythonBridge.json(g -> {
            g.writeNumberField("batch", b.id);
            g.writeArrayFieldStart("slots");
            for (int i = 0; i < b.games.length; i++) {
                GameState s = b.games[i];
                g.writeStartArray();
                g.writeNumber(b.numbers[i]);
                g.writeNumber(s.toAct());
                g.writeNumber(s.leads() ? MoveTable.PASS : s.lastMove());
                g.writeNumber(b.legal[i].length);
                for (int m : b.legal[i]) {
                    g.writeNumber(m);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            if (b.deals != null) {
                g.writeArrayFieldStart("deals");
                for (String d : b.deals) {
                    g.writeString(d);
                }
                g.writeEndArray();
            }
            g.writeArrayFieldStart("ended");
            if (ended != null) {
                for (int i = 0; i < ended.length; i++) {
                    if (ended[i] != null) {
                        g.writeStartArray();
                        g.writeNumber(i);
                        for (long v : ended[i]) {
                            g.writeNumber(v);
                        }
                        g.writeEndArray();
                    }
                }
            }
            g.writeEndArray();
        });
    }

    /**
     * An RLCard batch's state: {@code "slots"} {@code [game, seat]} a slot, {@code "obs"} each
     * slot's observation (base64), {@code "rlcard_legal"} each slot's legal RLCard ids,
     * {@code "ended"} {@code [slot, game, 1 if the landlord won else 0]} for each game that ended
     * with the step (its slot already holds the next game); with {@code deals} each slot's deal.
     */
    private static String rlcardSlots(long id, RlcardBatch b, boolean deals) {
        return PythonBridge.json(g -> {
            g.writeNumberField("batch", id);
            g.writeArrayFieldStart("slots");
            for (int i = 0; i < b.size(); i++) {
                g.writeStartArray();
                g.writeNumber(b.number(i));
                g.writeNumber(b.seat(i));
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("obs");
            for (int i = 0; i < b.size(); i++) {
                RlcardGame game = b.game(i);
                g.writeBinary(game.observationArray(), 0, game.observationSize());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rlcard_legal");
            for (int i = 0; i < b.size(); i++) {
                g.writeArray(b.game(i).legalArray(), 0, b.game(i).legalCount());
            }
            g.writeEndArray();
            if (deals) {
                g.writeArrayFieldStart("deals");
                for (int i = 0; i < b.size(); i++) {
                    g.writeString(b.deal(i));
                }
                g.writeEndArray();
            }
            g.writeArrayFieldStart("ended");
            for (int e = 0; e < b.endedCount(); e++) {
                g.writeArray(new long[] {b.ended(3 * e), b.ended(3 * e + 1), b.ended(3 * e + 2)}, 0, 3);
            }
            g.writeEndArray();
        });
    }
}
