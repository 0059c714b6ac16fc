"""Writes random deals in the layout of DouZero's evaluation data, for trying the converter
``python3 -m ddz_engine.douzero`` without a DouZero checkout (docs/python.md, "Deals").

DouZero's ``generate_eval_data.py`` pickles a list of dicts: ``landlord`` (20 cards, the kitty
included), ``landlord_up`` and ``landlord_down`` (17 each) and ``three_landlord_cards`` (the 3
kitty cards, which are also in ``landlord``), every list sorted, cards as DouZero's ints (3..14,
17 for the 2, 20 and 30 the jokers). This script writes the same layout from a seeded shuffle
(the same seed gives the same file). Standard library only.

    python3 examples/douzero_eval_data.py eval_data.pkl --deals 3 --seed 1
"""

import argparse
import pickle
import random
import sys

DECK = [rank for rank in list(range(3, 15)) + [17] for _ in range(4)] + [20, 30]


def deal(rnd):
    cards = list(DECK)
    rnd.shuffle(cards)
    d = {"landlord": cards[:20], "landlord_up": cards[20:37], "landlord_down": cards[37:54],
         "three_landlord_cards": cards[17:20]}
    for hand in d.values():
        hand.sort()
    return d


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 examples/douzero_eval_data.py", description=__doc__.split("\n\n")[0])
    p.add_argument("out", help="the pickle to write (eval_data.pkl)")
    p.add_argument("--deals", type=int, default=10, help="how many deals (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the shuffle (default 1)")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1, not %d" % args.deals)
    rnd = random.Random(args.seed)
    data = [deal(rnd) for _ in range(args.deals)]
    with open(args.out, "wb") as f:
        pickle.dump(data, f, pickle.HIGHEST_PROTOCOL)
    print("%d deals written to %s" % (len(data), args.out), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
