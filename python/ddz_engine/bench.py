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


def _rate(fn, items, seconds):
    """Items a second of ``fn(item)`` over ``items``, repeated until ``seconds`` have passed."""
    n = 0
    start = time.perf_counter()
    while True:
        for it in items:
            fn(it)
        n += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def _batch_rate(fn, items, seconds):
    n = 0
    start = time.perf_counter()
    while True:
        fn(items)
        n += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


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


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ddz_engine.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default=None, help="jpype, process or auto (default: $DDZ_BACKEND, else auto)")
    parser.add_argument("--games", type=int, default=200, help="random games the queries come from (default 200)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time each figure is measured over (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    parser.add_argument("--endgame-cards", type=int, default=12,
                        help="an endgame is the first position with at most this many cards in all (default 12)")
    parser.add_argument("--douzero", metavar="DIR", help="a checkout of DouZero, to measure its move generator too")
    args = parser.parse_args(argv)
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

        # warm-up: the JIT compiles the engine's paths before anything is timed
        _rate(one, queries, min(1.0, args.seconds))
        _rate(solve_one, endgames, min(1.0, args.seconds))
        print("moves_per_s %d" % _rate(one, queries, args.seconds))
        print("moves_batch_per_s %d" % _batch_rate(lambda qs: engine.legal_moves_many(qs, rules=rules), queries,
                                                    args.seconds))
        print("solves_per_s %d" % _rate(solve_one, endgames, args.seconds))
        print("solves_batch_per_s %d" % _batch_rate(lambda ps: engine.solve_many(ps, rules=rules), endgames,
                                                     args.seconds))
        sys.stdout.flush()
        if args.douzero:
            legal = douzero_legal_moves(args.douzero)
            dq = [(cards.to_douzero(h), cards.to_douzero(last) if last else []) for h, last in queries]
            _rate(legal, dq[:200], 0.2)
            print("douzero_moves_per_s %d" % _rate(legal, dq, args.seconds))
        else:
            print("# douzero_moves_per_s: not measured (give --douzero DIR, a checkout of DouZero)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
