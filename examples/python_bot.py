#!/usr/bin/env python3
"""A Dou Dizhu agent written in Python with ddz_engine.protocol.serve (docs/python.md): it never
bids, leads its longest legal move (the most cards, so it sheds its hand fast) and follows with the
smallest move that beats the last play, passing on its partner's play. Run it as an agent:

    ./ddz play --a 'exec:python3 examples/python_bot.py' --b mc:effort=1000 --deals 50

or from Python: Engine().play("exec:python3 examples/python_bot.py", "mc:effort=1000", deals=200).
"""
import os
import sys

try:
    from ddz_engine.protocol import serve
except ImportError:  # run from a checkout: the package is in python/ beside this folder
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    from ddz_engine.protocol import serve


def play(request):
    """The move for a play request: one of request["legal"] (the pass listed first when following)."""
    legal = request["legal"]
    plays = [m for m in legal if m != "pass"]
    if not plays:
        return "pass"
    if "pass" not in legal:                 # a lead: the longest move, the lowest of those
        return max(plays, key=lambda m: len(m.split(":")[0]))
    last = request.get("last_move") or {}
    seat, by = request["seat"], last.get("seat")
    if by is not None and seat != 0 and by != 0:
        return "pass"                        # the partner's play stands
    return plays[0]                          # the smallest move that beats it


serve(play)
