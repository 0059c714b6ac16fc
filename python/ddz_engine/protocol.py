"""Your own agent as a process that ``ddz play`` (and :meth:`ddz_engine.Engine.play`) referees: the
agent side of the JSON-lines agent protocol (``docs/agent-protocol.md``), for any Python callable.

A bot in a file, ``my_bot.py``::

    from ddz_engine.protocol import serve

    def play(request):
        # request: the protocol's play request as a dict: "seat", "hand", "history",
        # "last_move", "legal" (every legal move, "pass" first when following), ...
        legal = request["legal"]
        return legal[-1]            # a move of "legal" (any spelling of its cards), or "pass"

    serve(play)

and a match against the engine's rule bot, refereed (every move checked) and scored by the engine::

    from ddz_engine import Engine
    with Engine() as engine:
        print(engine.play("exec:python3 my_bot.py", "rule", deals=50, seed=1))

The module uses the standard library only, so a bot runs in any Python 3.8 or later, with or
without the engine installed beside it.
"""

import json
import sys
from typing import Callable, Optional

__all__ = ["serve"]


def _answer(out, obj) -> None:
    out.write(json.dumps(obj, separators=(",", ":")) + "\n")
    out.flush()


def serve(play: Callable[[dict], str], bid: Optional[Callable[[dict], int]] = None, *,
          on_game: Optional[Callable[[int], None]] = None, stdin=None, stdout=None) -> None:
    """Answers the referee's requests on standard input until ``bye`` or the end of input.

    Args:
        play: called with each play request (a dict, ``docs/agent-protocol.md``), returns the move:
            one of ``request["legal"]``, a pass as ``"pass"``.
        bid: called with each bidding request (``"hand"``, ``"bids"``, ``"seat"``), returns 0 (no
            bid) or a bid 1..3 above every earlier one; None: never bid.
        on_game: called with each game's seed (a signed 64-bit integer) before its first request:
            reseed your random choices from it, and your games are the same for the same match seed.
        stdin, stdout: the streams (default: the process's own).

    A request that cannot be read is answered ``{"error": ...}``; an exception of ``play`` or
    ``bid`` is answered the same way (the referee replaces the move by its fallback and counts the
    fault) and the session goes on. Every answer echoes the request's ``id``.
    """
    inp = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
            if not isinstance(msg, dict):
                raise ValueError("not a JSON object")
        except ValueError as e:
            _answer(out, {"error": "cannot read the request: %s" % e})
            continue
        kind = msg.get("type")
        if kind == "bye":
            return
        if kind == "hello":
            continue
        if kind == "game":
            if on_game is not None:
                on_game(int(msg.get("seed", 0)))
            continue
        answer = {"id": msg["id"]} if "id" in msg else {}
        try:
            if kind == "play":
                answer["move"] = str(play(msg))
            elif kind == "bid":
                answer["bid"] = int(bid(msg)) if bid is not None else 0
            else:
                answer = {"error": "unknown request type %r" % (kind,)}
        except Exception as e:  # the referee counts it as a fault and plays its fallback
            answer = {"error": "%s: %s" % (type(e).__name__, e)}
        _answer(out, answer)
