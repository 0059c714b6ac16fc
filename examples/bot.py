#!/usr/bin/env python3
"""A tiny external Dou Dizhu agent speaking ddz's agent protocol (docs/agent-protocol.md).

Standard library only. Run it as an agent of a match:

    ./ddz play --a rule --b 'exec:python3 examples/bot.py' --deals 20

It reads one JSON request a line on standard input and answers every "bid" and "play" request
with one JSON line on standard output: it never bids, leads its first legal move (the move table
lists the lowest solos first), and when following plays the first legal move that beats an
opponent, or passes on its partner's play. Diagnostics go to standard error only.
"""
import json
import sys


def decide(request):
    if request["type"] == "bid":
        return {"bid": 0}
    legal = request["legal"]           # pass first when following, then every legal play
    last = request["last_move"]        # None when we lead
    if last is None:
        return {"move": legal[0]}
    landlord_side = request["seat"] == 0
    partner_played = not landlord_side and last["seat"] != 0
    plays = [m for m in legal if m != "pass"]
    if partner_played or not plays:
        return {"move": "pass"}
    return {"move": plays[0]}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        kind = request.get("type")
        if kind == "bye":
            break
        if kind in ("bid", "play"):
            print(json.dumps(decide(request)), flush=True)


if __name__ == "__main__":
    main()
