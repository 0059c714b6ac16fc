"""``python -m ddz_engine.bench``: how fast the engine answers Python.

Prints, after comment lines (``#``) that say what was measured::

    moves_per_s N          legal-move queries a second, one legal_moves() call each
    moves_batch_per_s N    the same queries through legal_moves_many()
    solves_per_s N         open-hand solves of small endgames a second, one solve() call each
    solves_batch_per_s N   the same positions through solve_many()
    douzero_moves_per_s N  DouZero's own Python move generator on the same queries (with --douzero)

The queries are every decision of random games (every player picks uniformly among its legal
moves; seeded), each a hand and the move to beat, under DouZero's rules, so that DouZero's
generator answers exactly the same questions. The endgames are the positions of those games at
the first decision where all hands together hold at most ``--endgame-cards`` cards (default 12),
three seats, every hand visible, with the move to beat; each is solved from an empty table.

DouZero's generator is measured only when ``--douzero DIR`` names a checkout of DouZero (its
``douzero/env`` package); nothing of it ships with this package. The figure is then
``GameEnv.get_legal_card_play_actions`` (DouZero's legal-move function: the generator and its
filters) for each query, with the hand and the last move in DouZero's encoding.
"""

import argparse
import os
import random
import sys
import time

from . import cards
from .engine import Engine


def random_games(engine, games, seed, rules, endgame_cards):
    """(queries, endgames) of ``games`` random games: every decision's (hand, last), and one
    small open position per game (``HAND0/HAND1/HAND2 MOVER [LAST@SEAT]``)."""
    rnd = random.Random(seed)
    deck = [c for c in cards.RANKS[:13] for _ in range(4)] + ["X", "D"]
    queries, endgames = [], []
    for _ in range(games):
        rnd.shuffle(deck)
        hands = [cards.canonical("".join(deck[0:20])), cards.canonical("".join(deck[20:37])),
                 cards.canonical("".join(deck[37:54]))]
        seat, last, last_seat = 0, None, -1
        taken = False
        while True:
            if not taken and sum(len(h) for h in hands) <= endgame_cards:
                pos = "/".join(hands) + " %d" % seat
                if last is not None:
                    pos += " %s@%d" % (last, last_seat)
                endgames.append(pos)
                taken = True
            moves = engine.legal_moves(hands[seat], last, rules=rules)
            queries.append((hands[seat], last))
            m = rnd.choice(moves)
            if m != "pass":
                c = cards.counts(hands[seat])
                for i, n in enumerate(cards.counts(m)):
                    c[i] -= n
                hands[seat] = cards.from_counts(c)
                if not hands[seat]:
                    break
                last, last_seat = m, seat
            seat = (seat + 1) % 3
            if last_seat == seat:  # two passes: the lead returns
                last, last_seat = None, -1
    return queries, endgames


class _Clock:
    """Wall time, and the CPU time a measurement costs: the calling thread's (under JPype the
    engine's code runs on it) plus, for the process backend, the engine process's (Linux
    ``/proc``; its JIT and garbage collector included). The CPU figure hardly depends on what else
    the machine runs; the wall figure does."""

    def __init__(self, engine=None):
        self._stat = None
        if engine is not None and engine.backend == "process":
            path = "/proc/%d/stat" % engine._backend._proc.pid
            if os.path.exists(path):
                self._stat = path
        self._tick = os.sysconf("SC_CLK_TCK") if self._stat else 1

    def cpu(self):
        t = time.thread_time()
        if self._stat:
            with open(self._stat) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            t += (int(fields[11]) + int(fields[12])) / self._tick
        return t

    def measure(self, run, count, seconds, cpu_seconds=False):
        """(items a wall second, items a CPU second) of ``run()`` (``count`` items a run), repeated
        for ``seconds`` of wall time, or of CPU time with ``cpu_seconds`` (the warm-up: on a busy
        machine a wall second may hold little CPU)."""
        n = 0
        c0, w0 = self.cpu(), time.perf_counter()
        while True:
            run()
            n += count
            wall = time.perf_counter() - w0
            cpu = self.cpu() - c0
            if (cpu if cpu_seconds else wall) >= seconds:
                return n / wall, n / max(cpu, 1e-9)


def _rate(fn, items, seconds, clock=None):
    """Items a second of ``fn(item)`` over ``items``, repeated for ``seconds``: (wall, cpu)."""
    def run():
        for it in items:
            fn(it)
    return (clock or _Clock()).measure(run, len(items), seconds)


def _batch_rate(fn, items, seconds, clock=None):
    return (clock or _Clock()).measure(lambda: fn(items), len(items), seconds)


def douzero_legal_moves(douzero_dir):
    """A function (hand, last) -> DouZero's legal moves, from DouZero's own GameEnv in ``douzero_dir``."""
    sys.path.insert(0, os.path.abspath(douzero_dir))
    try:
        from douzero.env.game import GameEnv  # noqa: the user's checkout of DouZero
    finally:
        sys.path.pop(0)
    env = GameEnv({})
    env.acting_player_position = "landlord"
    info = env.info_sets["landlord"]

    def legal(q):
        hand, last = q
        info.player_hand_cards = hand
        env.card_play_action_seq = [last] if last else []
        return env.get_legal_card_play_actions()
    return legal


def parser():
    """The command line's parser (the documentation's test parses the page's commands with it)."""
    p = argparse.ArgumentParser(prog="python -m ddz_engine.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--backend", default=None, help="jpype, process or auto (default: $DDZ_BACKEND, else auto)")
    p.add_argument("--games", type=int, default=200, help="random games the queries come from (default 200)")
    p.add_argument("--seconds", type=float, default=3.0, help="time each figure is measured over (default 3)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    p.add_argument("--endgame-cards", type=int, default=12,
                   help="an endgame is the first position with at most this many cards in all (default 12)")
    p.add_argument("--douzero", metavar="DIR", help="a checkout of DouZero, to measure its move generator too")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    rules = "douzero"
    with Engine(backend=args.backend) as engine:
        queries, endgames = random_games(engine, args.games, args.seed, rules, args.endgame_cards)
        load = "%.1f" % os.getloadavg()[0] if hasattr(os, "getloadavg") else "unknown"
        print("# ddz_engine.bench: backend %s, engine %s, jar %s" % (engine.backend, engine.version, engine.jar))
        print("# %d legal-move queries (every decision of %d random games, seed %d, rules %s); %d endgames of at most "
              "%d cards (three seats); %.1f s a figure; load average %s at the start"
              % (len(queries), args.games, args.seed, rules, len(endgames), args.endgame_cards, args.seconds, load))
        sys.stdout.flush()

        def one(q):
            engine.legal_moves(q[0], q[1], rules=rules)

        def solve_one(p):
            engine.solve(p, rules=rules)

        clock = _Clock(engine)
        # warm-up: the JIT compiles the engine's paths before anything is timed (CPU seconds)
        warm = min(2.0, args.seconds)
        clock.measure(lambda: [one(q) for q in queries], len(queries), warm, cpu_seconds=True)
        clock.measure(lambda: engine.legal_moves_many(queries, rules=rules), len(queries), warm / 2, cpu_seconds=True)
        clock.measure(lambda: [solve_one(p) for p in endgames], len(endgames), warm, cpu_seconds=True)
        figures = [
            ("moves_per_s", _rate(one, queries, args.seconds, clock)),
            ("moves_batch_per_s", _batch_rate(lambda qs: engine.legal_moves_many(qs, rules=rules), queries,
                                              args.seconds, clock)),
            ("solves_per_s", _rate(solve_one, endgames, args.seconds, clock)),
            ("solves_batch_per_s", _batch_rate(lambda ps: engine.solve_many(ps, rules=rules), endgames, args.seconds,
                                               clock)),
        ]
        split = []
        if args.douzero:
            legal = douzero_legal_moves(args.douzero)
            dq = [(cards.to_douzero(h), cards.to_douzero(last) if last else []) for h, last in queries]
            _rate(legal, dq[:200], 0.2)
            figures.append(("douzero_moves_per_s", _rate(legal, dq, args.seconds)))
            for what, keep in (("leads", lambda q: not q[1]), ("answers", lambda q: bool(q[1]))):
                ours = [q for q in queries if keep(q)]
                theirs = [d for q, d in zip(queries, dq) if keep(q)]
                split.append("%s (%d queries): ours %d, DouZero's %d a CPU second" % (
                    what, len(ours), _rate(one, ours, args.seconds / 2, clock)[1],
                    _rate(legal, theirs, args.seconds / 2)[1]))
        for name, (wall, _) in figures:
            print("%s %d" % (name, wall))
        print("# per CPU second (the calling thread, which runs the engine's code under JPype, plus the engine "
              "process under the process backend): " + ", ".join("%s %d" % (n, c) for n, (_, c) in figures))
        if not args.douzero:
            print("# douzero_moves_per_s: not measured (give --douzero DIR, a checkout of DouZero)")
        for line in split:
            print("# " + line)
        print("# load average %.1f at the end" % os.getloadavg()[0] if hasattr(os, "getloadavg") else "#")
    return 0


if __name__ == "__main__":
    sys.exit(main())
