"""An agent for DouZero's game environment and evaluation, and a converter of DouZero's
evaluation deal files into our deals file.

Put the agent into DouZero's evaluation with two lines in ``load_card_play_models``
(``douzero/evaluation/simulation.py``), beside ``'rlcard'`` and ``'random'``::

    elif card_play_model_path_dict[position].startswith('ddz'):
        from ddz_engine.douzero import DouZeroAgent; players[position] = DouZeroAgent.from_spec(card_play_model_path_dict[position])

then ``python3 evaluate.py --landlord ddz --landlord_up rlcard --landlord_down rlcard`` (a spec may
carry settings: ``ddz:budget_ms=50,worlds=0,seed=1``).

The agent is written from DouZero's documented ``InfoSet`` fields, not its code. The game calls
``act(infoset)`` and asserts that the answer is in ``infoset.legal_actions``; the agent reads

* ``player_position``: ``'landlord'``, ``'landlord_down'`` (plays after the landlord: our seat 1)
  or ``'landlord_up'`` (seat 2);
* ``player_hand_cards``: the player's cards, DouZero's ints (3..14, 17 for 2, 20 and 30 the jokers);
* ``card_play_action_seq``: every play so far, a list of card lists, ``[]`` for a pass;
* ``three_landlord_cards``: the kitty; DouZero removes each kitty card from it as the landlord plays
  it, so the agent remembers the kitty from the first infoset that shows it (the landlord's first
  decision shows all three) and rebuilds what it needs when a farmer's first infoset shows fewer;
* ``legal_actions``: the answer is one of these lists, returned as the very object.

It never reads ``all_handcards`` or ``other_hand_cards`` (the other players' cards). Rules:
``douzero``, DouZero's move set with its quirks (``docs/notation.md``), so that every legal action
of DouZero's game is one of ours and the reverse.
"""

import argparse
import pickle
import sys
from typing import List, Optional

from . import cards
from ._agents import EngineAgentBase, landlord_plays, match_legal
from .engine import Engine
from .errors import InputError

#: DouZero's positions by our seat.
POSITIONS = ("landlord", "landlord_down", "landlord_up")
_SEAT = {p: s for s, p in enumerate(POSITIONS)}


def history_move(cards_text: str) -> str:
    """One played DouZero move in our notation, with the reading DouZero gives it.

    A card set of four consecutive trios (``333444555666``) has two readings under DouZero's move
    set, a trio chain and a winged plane; DouZero's move detector types a played one as the trio
    chain (and our ``douzero`` preset answers both readings alike), so that is the reading written.
    """
    if cards_text == "":
        return "pass"
    c = cards.counts(cards_text)
    ranks = [i for i, n in enumerate(c) if n]
    if len(ranks) == 4 and all(c[i] == 3 for i in ranks) and ranks[-1] - ranks[0] == 3 and ranks[-1] <= 11:
        return cards_text + ":trio_chain_4"
    return cards_text


class DouZeroAgent(EngineAgentBase):
    """Our Monte Carlo engine as a DouZero agent (see the module docstring); rules ``douzero``.

    Args:
        position: the position it plays (``'landlord'``, ``'landlord_down'``, ``'landlord_up'``),
            as DouZero's own agents take it; only checked against the infosets, which name theirs.
        Others as ``EngineAgentBase`` (engine, budget_ms=50, worlds=0, seed=0, threads=1,
        prior="solo-pass", rules="douzero", agent=None: any engine agent instead of the Monte Carlo
        search, ``DouZeroAgent("landlord", agent="greedy")``).
    """

    def __init__(self, position: Optional[str] = None, engine: Optional[Engine] = None, *, budget_ms: int = 50,
                 worlds: int = 0, seed: int = 0, threads: int = 1, prior: str = "solo-pass", rules: str = "douzero",
                 agent: Optional[str] = None):
        super().__init__(engine, budget_ms, worlds, seed, threads, prior, rules, agent)
        if position is not None and position not in _SEAT:
            raise ValueError("position must be one of %s, not %r" % (", ".join(POSITIONS), position))
        self.position = position
        #: The engine's Decision of the last act (None when the only legal action was taken).
        self.last_decision = None
        #: Win rates of the last act by move (DouZero card lists as tuples), from the acting side's view.
        self.last_win_rates = {}

    @classmethod
    def from_spec(cls, spec: str, position: Optional[str] = None) -> "DouZeroAgent":
        """An agent from a spec ``ddz`` or ``ddz:budget_ms=50,worlds=200,seed=1,threads=1,prior=uniform``
        (the Monte Carlo search), or any engine agent as ``ddz play`` names it (``rule``, ``greedy``,
        ``random``, ``mc:effort=60000``, ``net:model=FILE``), also written ``ddz+SPEC`` (``ddz+greedy``:
        the form the ``startswith('ddz')`` case of DouZero's evaluation passes on)."""
        if spec.startswith("ddz+"):
            spec = spec[4:]
            if not spec.strip():
                raise ValueError("ddz+ names no engine agent (ddz+rule, ddz+greedy, ddz+mc:effort=60000 ...)")
            return cls(position, agent=spec.strip())
        name, _, rest = spec.partition(":")
        if name.strip().lower() in ("rule", "greedy", "random", "mc", "mc-v1", "mc-v2", "net", "rule-douzero"):
            return cls(position, agent=spec.strip())
        if name.strip().lower() != "ddz":
            raise ValueError("a ddz agent spec starts with 'ddz' or names an engine agent (rule, greedy, random, "
                             "mc, net), not %r" % (spec,))
        kwargs = {}
        for kv in filter(None, (x.strip() for x in rest.split(","))):
            k, eq, v = kv.partition("=")
            k = k.strip()
            if not eq or k not in ("budget_ms", "worlds", "seed", "threads", "prior"):
                raise ValueError("bad setting %r in %r (budget_ms, worlds, seed, threads, prior)" % (kv, spec))
            kwargs[k] = v.strip() if k == "prior" else int(v)
        return cls(position, **kwargs)

    def act(self, infoset) -> List[int]:
        """The move for ``infoset``: one of ``infoset.legal_actions`` (the same list object)."""
        position = infoset.player_position
        if position not in _SEAT:
            raise InputError("player_position %r is none of %s" % (position, ", ".join(POSITIONS)))
        if self.position is not None and position != self.position:
            raise InputError("this agent plays %s, not %s" % (self.position, position))
        seat = _SEAT[position]
        history = [history_move(cards.from_douzero(m)) for m in infoset.card_play_action_seq]
        kitty, game = self.memory.observe(history, cards.from_douzero(infoset.three_landlord_cards or []),
                                          landlord_plays(history))
        legal = infoset.legal_actions
        if len(legal) == 1:
            self.last_decision = None
            self.last_win_rates = {}
            return legal[0]
        d = self._decide(cards.from_douzero(infoset.player_hand_cards), seat, history, kitty, game)
        self.last_decision = d
        rates = {}
        for c in d.candidates:
            rates.setdefault(tuple(cards.to_douzero(c.move)), c.win_rate)
        self.last_win_rates = rates
        return match_legal(d.move, legal, cards.from_douzero)


# ---------------------------------------------------------------- evaluation deal files

_SAFE_NUMPY = {("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"), ("numpy", "dtype"),
               ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
               ("numpy", "ndarray")}


class _EvalDataUnpickler(pickle.Unpickler):
    """Loads plain data only: lists, dicts, ints (and numpy's ints and arrays where numpy is
    installed); a pickle naming any other class is refused, never run."""

    def find_class(self, module, name):
        if (module, name) in _SAFE_NUMPY:
            try:
                return super().find_class(module, name)
            except ImportError:
                raise pickle.UnpicklingError("this eval data holds numpy values: install numpy to read it") from None
        raise pickle.UnpicklingError("refusing to load %s.%s: DouZero eval data holds lists of card ints only" % (
            module, name))


def read_eval_data(path: str) -> list:
    """The deals of a DouZero evaluation data file (``generate_eval_data.py``'s pickle: a list of
    dicts ``landlord`` (20 cards, the kitty included), ``landlord_up``, ``landlord_down`` (17
    each), ``three_landlord_cards`` (3))."""
    with open(path, "rb") as f:
        try:
            data = _EvalDataUnpickler(f).load()
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, IndexError, KeyError) as e:
            raise ValueError("%s: not a DouZero eval data pickle: %s" % (path, e)) from None
    if not isinstance(data, list):
        raise ValueError("%s: DouZero eval data is a list of deals, not %s" % (path, type(data).__name__))
    return data


def deal_line(deal) -> str:
    """Our deals-file line of one DouZero deal: ``HAND0/HAND1/HAND2/KITTY``, hand 0 the landlord's
    17 dealt cards (its 20 less the kitty), hand 1 ``landlord_down``'s (who plays after it), hand 2
    ``landlord_up``'s. ``ddz play --deals-file`` makes position 0 the landlord without bidding.

    Raises:
        ValueError: naming the field that is wrong (missing, a wrong size, a card that is not in
            the landlord's hand or is dealt twice).
    """
    if not isinstance(deal, dict):
        raise ValueError("a deal is a dict of landlord, landlord_up, landlord_down, three_landlord_cards")
    parts = {}
    for key, size in (("landlord", 20), ("landlord_down", 17), ("landlord_up", 17), ("three_landlord_cards", 3)):
        if key not in deal:
            raise ValueError("no %s" % key)
        try:
            text = cards.from_douzero(list(deal[key]))
        except (TypeError, ValueError) as e:
            raise ValueError("%s: %s" % (key, e)) from None
        if len(text) != size:
            raise ValueError("%s holds %d cards, not %d" % (key, len(text), size))
        parts[key] = text
    land = cards.counts(parts["landlord"])
    kitty = cards.counts(parts["three_landlord_cards"])
    if any(k > h for k, h in zip(kitty, land)):
        raise ValueError("three_landlord_cards %s are not all in the landlord's hand %s" % (
            parts["three_landlord_cards"], parts["landlord"]))
    dealt = [h - k for h, k in zip(land, kitty)]
    total = [a + b + c + k for a, b, c, k in zip(dealt, cards.counts(parts["landlord_down"]),
                                                  cards.counts(parts["landlord_up"]), kitty)]
    for i, n in enumerate(total):
        if n != (1 if cards.RANKS[i] in "XD" else 4):
            raise ValueError("card %s is dealt %d times" % (cards.RANKS[i], n))
    return "/".join((cards.from_counts(dealt), parts["landlord_down"], parts["landlord_up"],
                     parts["three_landlord_cards"]))


def convert_eval_data(source: str, target: Optional[str] = None) -> List[str]:
    """Converts a DouZero evaluation data file into our deals file (one ``deal_line`` a line).

    Args:
        source: the pickle of ``generate_eval_data.py``.
        target: the deals file to write (None: write nothing).

    Returns:
        the lines.

    Raises:
        ValueError: ``deal N: ...`` (N from 0) for the first bad deal, or for a file that is not
            such a pickle.
    """
    lines = []
    for i, deal in enumerate(read_eval_data(source)):
        try:
            lines.append(deal_line(deal))
        except ValueError as e:
            raise ValueError("%s: deal %d: %s" % (source, i, e)) from None
    if target is not None:
        with open(target, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
    return lines


def parser() -> argparse.ArgumentParser:
    """The command line's parser (the documentation's test parses the page's commands with it)."""
    p = argparse.ArgumentParser(prog="python -m ddz_engine.douzero",
                              description="Converts a DouZero evaluation data file (generate_eval_data.py's "
                                          "pickle) into a deals file for ddz play --deals-file.")
    p.add_argument("eval_data", help="the DouZero pickle (eval_data.pkl)")
    p.add_argument("deals", nargs="?", help="the deals file to write (default: standard output)")
    return p


def main(argv=None) -> int:
    """``python -m ddz_engine.douzero EVAL_DATA.pkl [DEALS.txt]``: converts (to standard output without DEALS)."""
    args = parser().parse_args(argv)
    try:
        lines = convert_eval_data(args.eval_data, args.deals)
    except (OSError, ValueError) as e:
        print("python -m ddz_engine.douzero: %s" % e, file=sys.stderr)
        return 2
    if args.deals is None:
        sys.stdout.write("".join(line + "\n" for line in lines))
    else:
        print("%d deals written to %s" % (len(lines), args.deals), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
