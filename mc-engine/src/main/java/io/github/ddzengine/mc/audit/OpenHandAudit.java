package io.github.ddzengine.mc.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.ddzengine.core.cards.Cards;
import io.github.ddzengine.core.cards.Rank;
import io.github.ddzengine.core.game.GameState;
import io.github.ddzengine.core.rules.MoveTable;
import io.github.ddzengine.core.rules.Rules;
import io.github.ddzengine.core.rules.Trick;
import io.github.ddzengine.core.solve.Position;
import io.github.ddzengine.core.solve.SolveResult;
import io.github.ddzengine.core.solve.Solver;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.core.util.Failures;

/**
 * The open-hand audit of finished games (issue 23's blunder rate): every decision taken in a
 * position with at most {@link Settings#maxCards} cards in all hands is judged with every hand
 * visible. The exact solver settles the position before the move (does the mover's side force a
 * win?) and, when it was won, the position after it; a <b>blunder</b> is a move that turns a solved
 * win for the mover's side into a solved loss. A solve that runs out of its node budget is
 * <em>unknown</em>, counted apart and never as a blunder. Alongside, the shapes of lost games
 * ({@link Shapes}): losses with a {@code 2} or a joker unplayed, with a bomb or the rocket unplayed,
 * leads of a {@code 2} or a joker from 12 or more cards, rocket splits.
 *
 * <p>Node budgets, not time, bound every solve, so a report depends only on the games and the
 * settings: the same on any machine, load and thread count. Games are audited in parallel, each by
 * one thread with its own solver, and merged in game order. The core of {@code ddz analyze}-style
 * tools: {@link #audit(GameRecord, Solver)} judges one game decision by decision.
 */
public final class OpenHandAudit {
    /**
     * @param maxCards decisions with at most this many cards in all hands are judged (default 30)
     * @param nodesPerSolve node budget of each solve (default 2,000,000)
     * @param threads games audited at once, 1 or more
     * @param tableMegabytes each thread's solver table, MiB (default 16)
     * @param winningMoves whether to find every winning move of each won decision (one solve of
     *     every root move, {@link Decision#winning}) instead of solving the position after the move
     *     (default false)
     */
    public record Settings(int maxCards, long nodesPerSolve, int threads, int tableMegabytes, boolean winningMoves) {
        /** 30 cards, 2,000,000 nodes a solve, one thread, 16 MiB tables, no winning moves. */
        public static Settings defaults() {
            return new Settings(30, 2_000_000, 1, 16, false);
        }

        /** Settings without winning moves. */
        public Settings(int maxCards, long nodesPerSolve, int threads, int tableMegabytes) {
            this(maxCards, nodesPerSolve, threads, tableMegabytes, false);
        }

        /** @throws IllegalArgumentException naming the first setting out of range */
        public Settings {
            if (maxCards < 1 || maxCards > 54) {
                throw new IllegalArgumentException("max cards is 1..54, not " + maxCards);
            }
            if (nodesPerSolve < 1) {
                throw new IllegalArgumentException("the node budget of a solve is positive, not " + nodesPerSolve);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be 1 or more, not " + threads);
            }
            if (tableMegabytes < 1) {
                throw new IllegalArgumentException("the solver table has at least 1 MiB, not " + tableMegabytes);
            }
        }

        /** These settings on {@code n} threads. */
        public Settings withThreads(int n) {
            return new Settings(maxCards, nodesPerSolve, n, tableMegabytes, winningMoves);
        }

        /** These settings, finding every winning move or not. */
        public Settings withWinningMoves(boolean all) {
            return new Settings(maxCards, nodesPerSolve, threads, tableMegabytes, all);
        }
    }

    /** What the audit found of one decision. */
    public enum Verdict {
        /** More cards in all hands than {@link Settings#maxCards}: not judged. */
        NOT_JUDGED,
        /** The mover's side had lost already (solved loss before the move). */
        LOST,
        /** The solve before the move ran out of nodes. */
        UNKNOWN_BEFORE,
        /** A solved win, still won after the move (or the move ended the game). */
        KEPT,
        /** A solved win turned into a solved loss by the move. */
        BLUNDER,
        /** A solved win, the solve after the move ran out of nodes. */
        UNKNOWN_AFTER
    }

    /**
     * One judged decision.
     *
     * @param play the index of the play in the game's plays (0-based; seat {@code play % 3})
     * @param seat the mover's seat (0 landlord, 1 landlord_down, 2 landlord_up)
     * @param move the move played
     * @param cards cards in all hands before the move
     * @param verdict what the audit found
     * @param nodes solver nodes spent on it
     * @param winning with {@link Settings#winningMoves}, every winning move of the mover when the
     *     position was a solved win ({@code []} in a solved loss); null otherwise (not asked, or unknown)
     */
    public record Decision(int play, int seat, int move, int cards, Verdict verdict, long nodes, int[] winning) {
        /** Whether the mover's side forced a win before the move: true, false, or null when unknown. */
        public Boolean wonBefore() {
            return switch (verdict) {
                case KEPT, BLUNDER, UNKNOWN_AFTER -> Boolean.TRUE;
                case LOST -> Boolean.FALSE;
                default -> null;
            };
        }

        /** Whether the mover's side forced a win after the move: true, false, or null when unknown. */
        public Boolean wonAfter() {
            return switch (verdict) {
                case KEPT -> Boolean.TRUE;
                case BLUNDER, LOST -> Boolean.FALSE;
                default -> null;
            };
        }
    }

    /**
     * The decisive move of a game: the last blunder of the losing side (after it that side never
     * forced a win again), or null when the audit found none (the losing side was lost, or unknown,
     * at every judged decision).
     */
    public static Decision decisive(GameAudit audit) {
        boolean landlordLost = !audit.record().landlordWins();
        Decision found = null;
        for (Decision d : audit.decisions()) {
            if (d.verdict() == Verdict.BLUNDER && (d.seat() == 0) == landlordLost) {
                found = d;
            }
        }
        return found;
    }

    /**
     * The shapes of one seat in one game (0 or 1 each, the lead and split counts as many as occur).
     *
     * @param lost the seat's side lost
     * @param lostHoldingControl lost with a {@code 2} or a joker still in this seat's hand
     * @param lostHoldingBomb lost with a bomb or the rocket still in this seat's hand
     * @param highLeads leads whose main rank is a {@code 2} or a joker (bombs and the rocket aside) from
     *     a hand of 12 or more cards
     * @param rocketSplits plays of one joker while holding both
     */
    public record Shapes(int lost, int lostHoldingControl, int lostHoldingBomb, int highLeads, int rocketSplits) {
    }

    /**
     * The audit of one game.
     *
     * @param record the game
     * @param decisions its judged decisions ({@link Verdict#NOT_JUDGED} ones left out)
     * @param shapes per seat
     */
    public record GameAudit(GameRecord record, List<Decision> decisions, Shapes[] shapes) {
    }

    /** Hands at least this large make a lead of a 2 or a joker a control spent early. */
    public static final int HIGH_LEAD_MIN_CARDS = 12;

    private final Settings settings;

    /** An audit with {@code settings}. */
    public OpenHandAudit(Settings settings) {
        this.settings = settings;
    }

    /** The settings. */
    public Settings settings() {
        return settings;
    }

    /**
     * Audits {@code games} (all of one rule set) on {@link Settings#threads} threads.
     *
     * @return the audit of each game, in the order given
     * @throws IllegalArgumentException if the games are of several rule sets
     */
    public List<GameAudit> run(List<GameRecord> games) {
        return run(games, done -> { });
    }

    /**
     * Audits {@code games} (all of one rule set) on {@link Settings#threads} threads, telling
     * {@code progress} how many games are done (in game order) after each.
     *
     * @return the audit of each game, in the order given
     * @throws IllegalArgumentException if the games are of several rule sets
     */
    public List<GameAudit> run(List<GameRecord> games, java.util.function.IntConsumer progress) {
        if (games.isEmpty()) {
            return List.of();
        }
        Rules rules = games.get(0).rules();
        for (GameRecord g : games) {
            if (!g.rules().equals(rules)) {
                throw new IllegalArgumentException("games of rules " + rules + " and " + g.rules() + ": audit one rule set "
                    + "at a time");
            }
        }
        int threads = Math.min(settings.threads(), games.size());
        if (threads == 1) {
            Solver solver = new Solver(rules, settings.tableMegabytes());
            List<GameAudit> out = new ArrayList<>();
            for (GameRecord g : games) {
                out.add(audit(g, solver));
                progress.accept(out.size());
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ddz-audit");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Solver> solvers = ThreadLocal.withInitial(() -> new Solver(rules, settings.tableMegabytes()));
        try {
            List<Future<GameAudit>> futures = new ArrayList<>();
            for (GameRecord g : games) {
                futures.add(pool.submit(() -> audit(g, solvers.get())));
            }
            List<GameAudit> out = new ArrayList<>();
            for (Future<GameAudit> f : futures) {
                out.add(f.get());
                progress.accept(out.size());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw Failures.unchecked(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Audits one game with {@code solver} (of the game's rules). */
    public GameAudit audit(GameRecord game, Solver solver) {
        Rules rules = game.rules();
        MoveTable table = rules.table();
        GameState state = new GameState(rules);
        state.start(game.startHand(0), game.startHand(1), game.startHand(2));
        int[] plays = game.plays();
        List<Decision> decisions = new ArrayList<>();
        int[] highLeads = new int[3];
        int[] rocketSplits = new int[3];
        long[] hands = new long[3];
        for (int i = 0; i < plays.length; i++) {
            int seat = state.toAct();
            int move = plays[i];
            long hand = state.hand(seat);
            boolean leads = state.leads();
            if (move != MoveTable.PASS) {
                long cards = table.cards(move);
                if (leads && Cards.size(hand) >= HIGH_LEAD_MIN_CARDS && !table.isBomb(move) && move != table.rocketId()
                    && table.mainRank(move) >= Rank.TWO) {
                    highLeads[seat]++;
                }
                boolean both = Cards.contains(hand, Cards.ROCKET);
                int jokers = Cards.count(cards, Rank.SMALL_JOKER) + Cards.count(cards, Rank.BIG_JOKER);
                if (both && jokers == 1) {
                    rocketSplits[seat]++;
                }
            }
            for (int s = 0; s < 3; s++) {
                hands[s] = state.hand(s);
            }
            int total = Cards.size(hands[0]) + Cards.size(hands[1]) + Cards.size(hands[2]);
            if (total <= settings.maxCards()) {
                decisions.add(judge(solver, rules, hands, seat, state.lastMove(), state.lastSeat(), move, i, total));
            }
            state.play(move);
        }
        Shapes[] shapes = new Shapes[3];
        for (int s = 0; s < 3; s++) {
            boolean lost = (s == 0) != game.landlordWins();
            long left = state.hand(s);
            boolean control = Cards.count(left, Rank.TWO) + Cards.count(left, Rank.SMALL_JOKER)
                + Cards.count(left, Rank.BIG_JOKER) > 0;
            boolean bomb = Cards.ranksAtLeast(left, 4) != 0 || Cards.contains(left, Cards.ROCKET);
            shapes[s] = new Shapes(lost ? 1 : 0, lost && control ? 1 : 0, lost && bomb ? 1 : 0, highLeads[s],
                rocketSplits[s]);
        }
        return new GameAudit(game, decisions, shapes);
    }

    /** Judges the move {@code move} of {@code seat} in the position {@code hands} (see {@link Verdict}). */
    private Decision judge(Solver solver, Rules rules, long[] hands, int seat, int last, int lastSeat, int move,
                           int play, int total) {
        int lastMove = Trick.toBeat(last, lastSeat, seat);
        boolean all = settings.winningMoves();
        SolveResult before = solver.solve(Position.of(rules, hands, seat, lastMove, lastMove == MoveTable.PASS ? -1
            : lastSeat), all, 0, settings.nodesPerSolve());
        long nodes = before.nodes();
        if (!before.isKnown()) {
            return new Decision(play, seat, move, total, Verdict.UNKNOWN_BEFORE, nodes, null);
        }
        if (!before.moverWins()) {
            return new Decision(play, seat, move, total, Verdict.LOST, nodes, all ? new int[0] : null);
        }
        if (all) {
            // every winning move is known: the move keeps the win exactly when it is one of them
            int[] winning = before.winningMoves();
            boolean kept = false;
            for (int w : winning) {
                kept |= w == move;
            }
            return new Decision(play, seat, move, total, kept ? Verdict.KEPT : Verdict.BLUNDER, nodes, winning);
        }
        int[] line = before.line();
        if (line.length > 0 && line[0] == move) {
            return new Decision(play, seat, move, total, Verdict.KEPT, nodes, null); // the solver's own winning move
        }
        long[] after = hands.clone();
        if (move != MoveTable.PASS) {
            after[seat] = Cards.remove(after[seat], rules.table().cards(move));
            if (after[seat] == 0) {
                return new Decision(play, seat, move, total, Verdict.KEPT, nodes, null);
            }
        }
        int next = (seat + 1) % 3;
        int afterLast;
        int afterSeat;
        if (move != MoveTable.PASS) {
            afterLast = move;
            afterSeat = seat;
        } else {
            afterLast = lastMove;
            afterSeat = lastMove == MoveTable.PASS ? -1 : lastSeat;
        }
        if (afterSeat == next) {
            afterLast = MoveTable.PASS; // two passes: the last player leads again
            afterSeat = -1;
        }
        SolveResult r = solver.solve(Position.of(rules, after, next, afterLast, afterSeat), false, 0,
            settings.nodesPerSolve());
        nodes += r.nodes();
        if (!r.isKnown()) {
            return new Decision(play, seat, move, total, Verdict.UNKNOWN_AFTER, nodes, null);
        }
        boolean sameSide = Position.isLandlordSide(next) == Position.isLandlordSide(seat);
        boolean stillWon = r.moverWins() == sameSide;
        return new Decision(play, seat, move, total, stillWon ? Verdict.KEPT : Verdict.BLUNDER, nodes, null);
    }
}
