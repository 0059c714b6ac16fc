"""Card encodings: ours, RLCard's and DouZero's (``notation.md`` section 5).

* Ours: one character a card, ``3 4 5 6 7 8 9 T J Q K A 2``, small joker ``X``, big joker ``D``;
  canonical text is sorted ascending without separators (``33445TTKA2XD``); a pass is ``pass``;
  a move may carry ``:type`` after its cards (``333444555666:trio_chain_4``).
* RLCard: the same characters with ``B`` (black joker) for ``X`` and ``R`` (red joker) for ``D``;
  a pass is ``pass``.
* DouZero: a card is an int, 3..14 for ``3``..``A``, 17 for ``2``, 20 for ``X``, 30 for ``D``; a
  move is a sorted list of them, ``[]`` for a pass.

The engine itself reads every spelling of ``notation.md`` (aliases, any order); these helpers
convert what the two harnesses hand over and back, and refuse anything else with ValueError.
"""

import operator
from typing import Iterable, List

#: Our ranks in order, lowest first.
RANKS = "3456789TJQKA2XD"
_INDEX = {c: i for i, c in enumerate(RANKS)}
#: DouZero's int of each of our ranks.
DOUZERO_OF = {c: v for c, v in zip(RANKS, (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30))}
_FROM_DOUZERO = {v: c for c, v in DOUZERO_OF.items()}
_TO_RLCARD = str.maketrans("XD", "BR")
_LIMIT = {c: (1 if c in "XD" else 4) for c in RANKS}


def _cards_of(text: str, what: str, aliases: dict, allowed: str = RANKS) -> List[str]:
    out = []
    for i, ch in enumerate(text):
        c = aliases.get(ch, ch.upper())
        if c not in _INDEX or (ch not in aliases and c not in allowed):
            raise ValueError("%s: unknown card %r at position %d in %r" % (what, ch, i + 1, text))
        out.append(c)
    out.sort(key=_INDEX.__getitem__)
    for c in set(out):
        if out.count(c) > _LIMIT[c]:
            raise ValueError("%s: more than %d of %r in %r" % (what, _LIMIT[c], c, text))
    return out


def _move_cards(move: str) -> str:
    """The cards of a move in our notation: ``pass`` gives ``""``, a ``:type`` suffix is dropped."""
    if not isinstance(move, str):
        raise TypeError("a move in our notation is a str, not %r" % (move,))
    m = move.strip()
    if m.lower() == "pass":
        return ""
    colon = m.find(":")
    return m if colon < 0 else m[:colon]


def canonical(move: str) -> str:
    """Our canonical text of a card set or move: sorted, no type suffix, ``""`` for a pass."""
    return "".join(_cards_of(_move_cards(move), "cards", {}))


def to_rlcard(move: str) -> str:
    """An RLCard action string of one of our moves or card sets (``"pass"`` for a pass)."""
    cards = canonical(move)
    return "pass" if cards == "" else cards.translate(_TO_RLCARD)


def from_rlcard(action: str) -> str:
    """Our canonical text of an RLCard card string or action (``"pass"`` stays ``"pass"``)."""
    if not isinstance(action, str):
        raise TypeError("an RLCard action is a str, not %r" % (action,))
    if action == "pass":
        return "pass"
    return "".join(_cards_of(action, "RLCard cards", {"B": "X", "R": "D"}, RANKS[:13]))


def to_douzero(move: str) -> List[int]:
    """DouZero's sorted list of ints of one of our moves or card sets (``[]`` for a pass)."""
    return [DOUZERO_OF[c] for c in canonical(move)]


def from_douzero(cards: Iterable[int]) -> str:
    """Our canonical text of a DouZero card list (``""`` for ``[]``, which is a pass as a move)."""
    out = []
    for i, v in enumerate(cards):
        try:
            out.append(_FROM_DOUZERO[operator.index(v)])  # ints (numpy's too), never str or float
        except (KeyError, TypeError, ValueError):
            raise ValueError("DouZero cards: %r at index %d is no card (3..14, 17, 20, 30)" % (v, i)) from None
    return "".join(_cards_of("".join(out), "DouZero cards", {}))


def counts(cards: str) -> List[int]:
    """How many of each rank a card set of ours holds, by ``RANKS`` index."""
    c = [0] * len(RANKS)
    for ch in canonical(cards):
        c[_INDEX[ch]] += 1
    return c


def from_counts(c: List[int]) -> str:
    """The canonical text of rank counts (``counts``' inverse)."""
    return "".join(RANKS[i] * n for i, n in enumerate(c))
