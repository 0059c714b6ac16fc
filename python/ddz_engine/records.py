"""Game records read as Python objects: a record replayed move by move (:func:`replay`), and the
open-hand analysis of ``ddz analyze`` (:class:`GameAnalysis`, from :meth:`Engine.analyze`).

A record is one line of a ``ddz play --out`` file (or :meth:`Engine.play`'s ``out``), as a dict
(:meth:`Engine.read_records`) or its JSON text; ``docs/cli/replay.md`` has its fields.
"""

import json
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from .cards import canonical, counts, from_counts
from .errors import InputError

#: The seats of a game: 0 the landlord, 1 down (plays after the landlord), 2 up.
SEATS = ("landlord", "down", "up")


@dataclass(frozen=True)
class Step:
    """One action of a game: its index (0-based), the seat (0 landlord, 1 down, 2 up), the move
    (``"pass"`` or cards, ``CARDS:type`` where the cards read two ways), the hands of the three
    seats after it, and whether the seat has no cards left (the last step)."""
    index: int
    seat: int
    move: str
    hands: Tuple[str, str, str]
    out: bool


@dataclass(frozen=True)
class Replay:
    """A game replayed: the seats' hands after the kitty went to the landlord, every step, the
    winner (``"landlord"`` or ``"farmers"``) and the scores by seat."""
    game: int
    start_hands: Tuple[str, str, str]
    kitty: str
    steps: List[Step]
    winner: str
    scores: Tuple[int, int, int]

    def hands_after(self, k: int) -> Tuple[str, str, str]:
        """The hands after the first ``k`` steps (``k = 0``: the start)."""
        return self.start_hands if k == 0 else self.steps[k - 1].hands


def _record(record) -> dict:
    if isinstance(record, (str, bytes)):
        try:
            record = json.loads(record)
        except ValueError as e:
            raise InputError("a record is one JSON object: %s" % e) from None
    if not isinstance(record, dict):
        raise InputError("a record is a dict or its JSON text, not %s" % type(record).__name__)
    return record


def replay(record: Union[dict, str]) -> Replay:
    """Replays a game record move by move: the hands after each action. The record is trusted as
    far as its moves go (read it with :meth:`Engine.read_records` to have every move checked);
    a move of cards its seat does not hold raises InputError naming the step."""
    r = _record(record)
    try:
        parts = r["deal"].split("/")
        landlord = r.get("landlord_position", 0)
        kitty = canonical(parts[3])
        hands = [counts(parts[(landlord + s) % 3] + (parts[3] if s == 0 else "")) for s in range(3)]
        actions = r["actions"]
    except (KeyError, IndexError, AttributeError, TypeError, ValueError) as e:
        raise InputError("not a game record (%s)" % e) from None
    start = tuple(from_counts(h) for h in hands)
    steps = []
    for i, a in enumerate(actions):
        seat, move = a["seat"], a["move"]
        if move != "pass":
            for rank, n in enumerate(counts(move.split(":")[0])):
                if hands[seat][rank] < n:
                    raise InputError("step %d: %s plays %s, cards it does not hold" % (i, SEATS[seat], move))
                hands[seat][rank] -= n
        after = tuple(from_counts(h) for h in hands)
        steps.append(Step(i, seat, move, after, move != "pass" and not any(hands[seat])))
    res = r.get("result", {})
    return Replay(r.get("game", 0), start, kitty, steps, res.get("winner", ""), tuple(res.get("scores", (0, 0, 0))))


@dataclass(frozen=True)
class Judgement:
    """The open-hand verdict of one decision (every hand seen, the exact solver): the play (1-based,
    as ``ddz analyze`` numbers them), the seat (``"landlord"``, ``"landlord_down"``,
    ``"landlord_up"``), the move, the cards in all hands before it, the mover's side's verdict
    ``before`` and ``after`` the move (``"win"``, ``"loss"`` or ``"unknown"``), every winning move
    where the side had a forced win (None where unknown), whether the move was a ``blunder`` (a
    forced win lost by it), and the solver's nodes."""
    play: int
    seat: str
    move: str
    cards: int
    before: str
    after: str
    winning_moves: Optional[List[str]]
    blunder: bool
    nodes: int


@dataclass(frozen=True)
class GameAnalysis:
    """One game's open-hand analysis, as a game line of ``ddz analyze --json``: the game, its deal
    number, rules, the agents by seat, the winner, the number of plays, every judged decision (of
    at most ``max_cards`` cards in all hands), and the decisive play (the losing side's last
    blunder, 1-based; None where the analysis found none)."""
    game: int
    deal: int
    rules: str
    agents: Tuple[str, str, str]
    winner: str
    plays: int
    decisions: List[Judgement]
    decisive_play: Optional[int]

    @property
    def blunders(self) -> List[Judgement]:
        """The decisions that turned a forced win into a loss."""
        return [d for d in self.decisions if d.blunder]


def _analysis(d: dict) -> GameAnalysis:
    return GameAnalysis(d["game"], d["deal"], d["rules"], tuple(d["agents"]), d["winner"], d["plays"],
                        [Judgement(j["play"], j["seat"], j["move"], j["cards"], j["before"], j["after"],
                                   j["winning_moves"], j["blunder"], j["nodes"]) for j in d["decisions"]],
                        d["decisive_play"])
