package io.github.ddzengine.mc;

import java.util.Arrays;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.movegen.MoveGenerator;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.split.MinHands;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * The decision driver of {@link MonteCarloAgent}: the candidates of a decision, its budget (the
 * clock, fixed worlds or effort), the jobs it gives the {@link WorkerPool} (one, or one a round of
 * successive halving) and the {@link Decision} it makes of their sums. The class comment of
 * {@link MonteCarloAgent} states the contract; one decision at a time.
 */
final class DecisionSearch {
    /** A cap on worlds under a time budget (the counter never wraps). */
    private static final int TIMED_WORLD_CAP = 1 << 24;

    private final McSettings settings;
    private final EngineTables tables;
    private final WorkerPool pool;
    private MoveGenerator generator;
    private MovePruner pruner;
    private SplitCache splits;
    private Rules rules;

    DecisionSearch(McSettings settings, EngineTables tables, WorkerPool pool) {
        this.settings = settings;
        this.tables = tables;
        this.pool = pool;
    }

    /**
     * Evaluates the candidates of {@code info} and picks one.
     *
     * @param seed the decision seed (its worlds are dealt from it)
     * @param known the true hands ({@link OracleAgent}), or null to sample them
     * @param only the candidates to evaluate, or null for {@link #candidates}
     * @param fixedOverride a fixed world count for this decision (warm-up), or 0 for the settings'
     */
    Decision decide(InformationSet info, long seed, long[] known, int[] only, int fixedOverride) {
        long start = System.nanoTime();
        Rules r = info.rules();
        prepare(r);
        int[] candidates = only != null ? only : candidates(info);
        MoveTable table = r.table();
        GameSoFar game = GameSoFar.of(info);
        int fixedWorlds = fixedOverride > 0 ? fixedOverride : settings.worlds();
        Effort.Meter effort = fixedWorlds == 0 && settings.effort() > 0 ? Effort.Meter.ofMicros(settings.effort())
            : Effort.UNLIMITED;
        boolean timed = fixedWorlds == 0 && !effort.limits();
        long budget = settings.budgetMillis() * 1_000_000L;
        long stopAt = timed ? start + budget - settings.reserveMillis() * 1_000_000L : Long.MAX_VALUE;
        long waitUntil = start + budget - 1_000_000L;
        WorldSampler sampler = known == null ? new WorldSampler(info, settings.prior()) : WorldSampler.known(info, known);
        int limit = fixedWorlds == 0 ? TIMED_WORLD_CAP : fixedWorlds;
        boolean determined = sampler.isDetermined();
        if (determined) {
            // every world is the same deal: one evaluation, by the solver whatever the size if it can
            limit = 1;
        }
        int nc = candidates.length;
        int rounds = settings.halvingRounds();
        if (determined || nc <= 2 || rounds < 2) {
            WorkerPool.Round one = runRound(info, sampler, candidates, seed, 0, limit, stopAt, waitUntil, timed, game,
                determined, effort);
            Effort.Totals t = one.totals();
            long[] wins = t.wins();
            long[] scores = t.scores();
            int worlds = t.worlds();
            int solved = t.solved();
            long rollouts = t.counts().rollouts();
            long rolloutMoves = t.counts().rolloutMoves();
            if (determined && fixedWorlds > 0 && worlds == 1) {
                // fixed-worlds mode counts the one world of a determined set as the worlds asked for:
                // each of them is this deal, evaluated the same way
                for (int c = 0; c < nc; c++) {
                    wins[c] *= fixedWorlds;
                    scores[c] *= fixedWorlds;
                }
                solved *= fixedWorlds;
                rollouts *= fixedWorlds;
                rolloutMoves *= fixedWorlds;
                worlds = fixedWorlds;
            }
            return new Decision(table, candidates, wins, scores, null, worlds, solved, rollouts, rolloutMoves,
                t.counts(), System.nanoTime() - start, timed && one.cut(), unit());
        }
        return decideHalving(info, seed, start, candidates, sampler, fixedWorlds, effort, timed, stopAt, waitUntil,
            game, Math.min(rounds, 32 - Integer.numberOfLeadingZeros(nc - 1)));
    }

    /**
     * Runs one job on every worker: worlds {@code first + i}, {@code i < limit}, of {@code cands},
     * until {@code effort} is spent or {@code stopAt} passes; sums the worlds it counts.
     */
    private WorkerPool.Round runRound(InformationSet info, WorldSampler sampler, int[] cands, long seed, int first,
                                      int limit, long stopAt, long waitUntil, boolean timed, GameSoFar game,
                                      boolean determined, Effort.Meter effort) {
        Job job = new Job(info.rules(), info, sampler, cands, seed, first, limit, stopAt, game, pool.size(), determined,
            settings, effort);
        return pool.run(job, timed, waitUntil);
    }

    /**
     * Successive halving ({@link McSettings#halvingRounds()}): {@code rounds} rounds of consecutive
     * world indices, each with an equal share of what is left of the budget (the effort, the fixed
     * worlds, or the time); after each round but the last, the candidates still in play are ranked
     * by the worlds they won over every round so far (then score, then candidate order) and the
     * worse half is dropped. The rounds' worlds and the drops depend only on the seed and the
     * counted worlds, so the decision is the same on any thread count and load (except under the
     * clock). A candidate's statistics are over the worlds it was evaluated in; the survivors rank
     * first in the {@link Decision}.
     */
    private Decision decideHalving(InformationSet info, long seed, long start, int[] candidates, WorldSampler sampler,
                                   int fixedWorlds, Effort.Meter effort, boolean timed, long stopAt, long waitUntil,
                                   GameSoFar game, int rounds) {
        Rules r = info.rules();
        int nc = candidates.length;
        long[] wins = new long[nc];
        long[] scores = new long[nc];
        long[] samples = new long[nc];
        int[] active = new int[nc]; // indices into candidates, in candidate order
        for (int c = 0; c < nc; c++) {
            active[c] = c;
        }
        int live = nc;
        int first = 0;
        int solved = 0;
        boolean cut = false;
        long spent = 0;
        long counts0 = 0;
        long attempts = 0;
        long rollouts = 0;
        long moves = 0;
        long lookups = 0;
        long solves = 0;
        long nodes = 0;
        long work = 0;
        long[] features = new long[Effort.FEATURES];
        long timedStart = start;
        long timedSpan = stopAt - start;
        for (int round = 0; round < rounds; round++) {
            int left = rounds - round;
            int[] cands = new int[live];
            for (int i = 0; i < live; i++) {
                cands[i] = candidates[active[i]];
            }
            Effort.Meter meter = effort;
            int limit;
            long roundStop = stopAt;
            if (effort.limits()) {
                long remaining = effort.budget() - spent;
                if (remaining <= 0) {
                    break;
                }
                meter = new Effort.Meter(Math.max(1, remaining / left), effort.weights());
                limit = TIMED_WORLD_CAP;
            } else if (fixedWorlds > 0) {
                limit = (fixedWorlds - first) / left;
                if (limit <= 0) {
                    continue;
                }
            } else {
                limit = TIMED_WORLD_CAP;
                roundStop = timedStart + timedSpan / left;
                timedStart = roundStop;
                timedSpan = stopAt - roundStop;
            }
            WorkerPool.Round done = runRound(info, sampler, cands, seed, first, limit, roundStop, waitUntil, timed, game,
                false, meter);
            Effort.Totals t = done.totals();
            Effort.Counts k = t.counts();
            for (int i = 0; i < live; i++) {
                wins[active[i]] += t.wins()[i];
                scores[active[i]] += t.scores()[i];
                samples[active[i]] += t.worlds();
            }
            first += t.worlds();
            solved += t.solved();
            spent += k.work();
            counts0 += k.worlds();
            attempts += k.dealAttempts();
            rollouts += k.rollouts();
            moves += k.rolloutMoves();
            lookups += k.splitLookups();
            solves += k.solves();
            nodes += k.solverNodes();
            work += k.work();
            for (int f = 0; f < features.length; f++) {
                features[f] += k.features()[f];
            }
            if (timed) {
                cut = done.cut();
                if (System.nanoTime() >= stopAt) {
                    break; // the deadline: no later round
                }
            } else if (done.cut()) {
                cut = true;
                break;
            }
            if (round == rounds - 1 || t.worlds() == 0) {
                continue;
            }
            // keep the better half (at least two): most wins, then the highest score, then candidate order
            int keep = Math.max(2, (live + 1) / 2);
            boolean[] kept = new boolean[nc];
            for (int n = 0; n < keep; n++) {
                int best = -1;
                for (int i = 0; i < live; i++) {
                    int c = active[i];
                    if (kept[c]) {
                        continue;
                    }
                    if (best < 0 || wins[c] > wins[best] || wins[c] == wins[best] && scores[c] > scores[best]) {
                        best = c;
                    }
                }
                kept[best] = true;
            }
            int n = 0;
            for (int i = 0; i < live; i++) {
                if (kept[active[i]]) {
                    active[n++] = active[i];
                }
            }
            live = n;
        }
        Effort.Counts counts = new Effort.Counts(counts0, attempts, rollouts, moves, lookups, solves, nodes, features,
            work);
        return new Decision(r.table(), candidates, wins, scores, samples, first, solved, rollouts, moves, counts,
            System.nanoTime() - start, timed && cut, unit());
    }

    /** What a world won counts in the statistics ({@link Decision}). */
    private long unit() {
        return settings.leaf() == null ? 1 : Worker.LEAF_UNIT;
    }

    private void prepare(Rules r) {
        if (!r.equals(rules)) {
            rules = r;
            generator = new MoveGenerator(r);
            pruner = new MovePruner(r.table());
            splits = new SplitCache(MinHands.of(r, tables), 14);
        }
    }

    /**
     * The candidate moves of {@code info}: legal moves, kicker variants thinned, ordered by plays
     * left, then non-bombs first, then the lowest main rank, then the most cards; at most
     * {@link McSettings#maxCandidates()}, the pass kept when following.
     */
    int[] candidates(InformationSet info) {
        prepare(info.rules());
        MoveTable table = rules.table();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        long hand = info.hand();
        int n = generator.answers(hand, info.lastMove(), buf);
        for (int i = 0; i < n; i++) {
            if (buf[i] != MoveTable.PASS && table.cards(buf[i]) == hand) {
                return new int[] {buf[i]}; // it empties the hand: the only candidate worth a world
            }
        }
        n = pruner.prune(hand, buf, n);
        long[] keyed = new long[n];
        boolean hasPass = false;
        int k = 0;
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (m == MoveTable.PASS) {
                hasPass = true;
                continue;
            }
            long after = splits.count(Cards.remove(hand, table.cards(m)));
            long score = (after << 16) | ((Worker.isBomb(table, m) ? 1L : 0L) << 15)
                | ((long) (table.mainRank(m) + 1) << 8) | (31 - table.cardCount(m));
            keyed[k++] = MoveTable.sortKey(score, m);
        }
        Arrays.sort(keyed, 0, k);
        int keep = Math.min(k, hasPass ? settings.maxCandidates() - 1 : settings.maxCandidates());
        int[] out = new int[keep + (hasPass ? 1 : 0)];
        for (int i = 0; i < keep; i++) {
            out[i] = MoveTable.sortedId(keyed[i]);
        }
        if (hasPass) {
            out[keep] = MoveTable.PASS;
        }
        return out;
    }

}
