"""DouZero's Dou Dizhu environment interface on our engine: ``DouZeroEnv`` speaks the API of
``douzero.env.Env`` (``reset()`` returns the acting player's observation, ``step(action)`` returns
``(obs, reward, done, {})``) with the same observation dict, so DouZero's Deep Monte-Carlo training
code and its models run on it unchanged; the games are played and checked by the engine under the
``douzero`` rule preset (DouZero's move universe, its quirks included).

An action is DouZero's: a sorted list of card codes (3..14 for 3..A, 17 for the 2, 20 and 30 for the
small and the big joker; ``[]`` for a pass). The observation (written here from DouZero's
documented encoding, and checked against DouZero's own ``get_obs`` move by move in
``tests/test_douzero_env.py`` where a DouZero checkout is present) is a dict:

* ``position``: ``"landlord"``, ``"landlord_down"`` or ``"landlord_up"``;
* ``x_no_action`` (int8): for the landlord, 319 values: its hand, the other two hands together, the
  move to beat (looking back over one pass), the cards landlord_up and landlord_down have played,
  their cards left (one-hot of 17 each) and the bombs played so far (one-hot of 15); for a farmer,
  430 values: its hand, the others' hands, the cards the landlord and the teammate have played, the
  move to beat, the landlord's and the teammate's last actions, the cards left of the landlord
  (one-hot of 20) and the teammate (17), the bombs (15). A card set is 54 values: per rank 3..2 four
  thermometer bits (at least 1, 2, 3, 4 cards), then the two jokers;
* ``z`` (int8, 5 x 162): the last 15 actions (passes and the start empty), three to a row;
* ``legal_actions``: the legal actions, each once (DouZero's own generator may list a four with two
  kickers more than once); ``x_batch`` (float32, one row an action: ``x_no_action`` then the
  action's 54 values) and ``z_batch`` (float32, ``z`` repeated) in their order.

Games have no bidding (player 0 is the landlord with the kitty, as in DouZero's training); game
``k`` of an environment is dealt from its seed and ``k``. The reward at the end is the landlord
side's, as DouZero's: ``wp`` +1 / -1, ``adp`` +/- 2 ** bombs, ``logadp`` +/- (bombs + 1).
"""

from typing import List, Optional, Sequence

import numpy as np

from .engine import Engine, _text, shared_engine
from .rlcard_env import _one_hot, cards_array

__all__ = ["DouZeroEnv", "observation", "to_douzero", "from_douzero", "POSITIONS"]

#: The positions by seat (0 landlord, 1 landlord_down, 2 landlord_up), the order of play.
POSITIONS = ("landlord", "landlord_down", "landlord_up")
_CODE = {c: v for c, v in zip("3456789TJQKA2XD", (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30))}
_CHAR = {v: c for c, v in _CODE.items()}
#: DouZero's code of each rank 3..2, in the order of a card set's 54 values.
_RANK_CODES = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17)
_OBJECTIVES = ("wp", "adp", "logadp")


def to_douzero(move: str) -> List[int]:
    """A move of ours (``CARDS`` or ``CARDS:type``; ``pass`` or ``""``) as DouZero's sorted card codes."""
    if move in ("pass", ""):
        return []
    return sorted(_CODE[c] for c in move.split(":")[0])


def from_douzero(action: Sequence[int]) -> str:
    """DouZero's action (card codes, any order) in our notation; ``"pass"`` for ``[]``."""
    if len(action) == 0:
        return "pass"
    try:
        return "".join(_CHAR[int(v)] for v in sorted(action))
    except (KeyError, TypeError, ValueError):
        raise ValueError("not a DouZero action: %r" % (list(action),)) from None


def _cards(codes: Sequence[int]) -> np.ndarray:
    """The 54 values of a card set given as card codes (RLCard's card-set block: the same layout)."""
    return cards_array(from_douzero(codes))


def _is_bomb(action: List[int]) -> bool:
    return action == [20, 30] or (len(action) == 4 and action[0] == action[3])


def observation(seat: int, hands: Sequence[str], history: Sequence[str], legal: Sequence[List[int]]) -> dict:
    """DouZero's observation of ``seat`` (0 landlord, 1 down, 2 up) to act, from every hand (our
    notation), the plays so far (ours, ``"pass"`` for a pass, the landlord's first) and its legal
    actions (DouZero's); see the module docstring for the layout."""
    actions = [to_douzero(m) for m in history]
    played = [[], [], []]
    last_action = [[], [], []]
    for i, a in enumerate(actions):
        played[i % 3] += a
        last_action[i % 3] = a
    bombs = sum(1 for a in actions if _is_bomb(a))
    last = []
    if actions:  # the move to beat, looking back over one pass
        last = actions[-1] if actions[-1] else actions[-2]
    mine = to_douzero(hands[seat])
    others = to_douzero("".join(h for i, h in enumerate(hands) if i != seat))
    left = [len(to_douzero(h)) for h in hands]
    bomb = np.zeros(15, dtype=np.int8)
    bomb[bombs] = 1
    if seat == 0:
        parts = (_cards(mine), _cards(others), _cards(last), _cards(played[2]), _cards(played[1]),
                 _one_hot(left[2], 17), _one_hot(left[1], 17), bomb)
    else:
        mate = 3 - seat
        parts = (_cards(mine), _cards(others), _cards(played[0]), _cards(played[mate]), _cards(last),
                 _cards(last_action[0]), _cards(last_action[mate]), _one_hot(left[0], 20), _one_hot(left[mate], 17),
                 bomb)
    x = np.concatenate(parts)
    seq = actions[-15:]
    seq = [[]] * (15 - len(seq)) + seq
    z = np.concatenate([_cards(a) for a in seq]).reshape(5, 162)
    n = len(legal)
    x_batch = np.hstack((np.repeat(x[np.newaxis, :], n, axis=0),
                         np.array([_cards(a) for a in legal], dtype=np.int8).reshape(n, 54)))
    return {"position": POSITIONS[seat], "x_batch": x_batch.astype(np.float32),
            "z_batch": np.repeat(z[np.newaxis, :, :], n, axis=0).astype(np.float32),
            "legal_actions": [list(a) for a in legal], "x_no_action": x, "z": z}


class DouZeroEnv:
    """DouZero's ``Env`` API on the engine (see the module docstring).

    Each step is one engine call that plays the action and answers with the next player's
    ``x_no_action``, ``z`` and legal actions' values (Java's ``DouzeroGame``; with the JPype
    backend written straight into this process's memory); ``x_batch`` and ``z_batch`` are made from
    them here.

    Args:
        objective: ``"wp"`` (the default), ``"adp"`` or ``"logadp"``: the reward, as DouZero's.
        engine: the Engine (the shared one by default).
        seed: game ``k`` of the environment is dealt from ``seed`` and ``k``.
    """

    def __init__(self, objective: str = "wp", engine: Optional[Engine] = None, *, seed: int = 0):
        if objective not in _OBJECTIVES:
            raise ValueError("objective is one of %s, not %r" % (", ".join(_OBJECTIVES), objective))
        self.objective = objective
        self._engine = engine
        self._game = None
        self._seed = int(seed)
        self._games = 0
        self._legal = []
        self._codes = {}
        self._code = None

    @property
    def state(self):
        """The game's :class:`~ddz_engine.env.State` (every hand: what an agent sees is the obs)."""
        if self._game is None:
            return None
        from .env import _state
        return _state(self._game.state())

    def reset(self, deal: Optional[str] = None) -> dict:
        """Deals the next game (or ``deal``, ``HAND0/HAND1/HAND2/KITTY`` in our notation); the
        landlord's observation, to lead."""
        if self._game is None:
            engine = self._engine if self._engine is not None else shared_engine()
            self._game = engine._douzero_game("douzero")
        seed = self._seed * 1_000_003 + self._games
        self._games += 1
        self._code = self._game.reset(seed, None if deal is None else _text(deal, "deal"))
        return self._observe()

    def _action(self, move: int, row) -> List[int]:
        """DouZero's card codes of a move id, from its 54 values (made once a move)."""
        codes = self._codes.get(move)
        if codes is None:
            codes = []
            for r in range(13):
                codes += [_RANK_CODES[r]] * int(row[4 * r:4 * r + 4].sum())
            if row[52]:
                codes.append(20)
            if row[53]:
                codes.append(30)
            codes = tuple(codes)
            self._codes[move] = codes
        return list(codes)

    def _observe(self) -> dict:
        g = self._game
        code = self._code
        seat = code & 3
        k = code >> 2
        width = 319 if seat == 0 else 430
        actions = g.actions[:k]
        self._legal = legal = [self._action(m, actions[i]) for i, m in enumerate(g.moves[:k].tolist())]
        x = g.x[:width].copy()
        z = g.z.copy()
        x_batch = np.empty((k, width + 54), dtype=np.float32)
        x_batch[:, :width] = x
        x_batch[:, width:] = actions
        z_batch = np.empty((k, 5, 162), dtype=np.float32)
        z_batch[:] = z
        return {"position": POSITIONS[seat], "x_batch": x_batch, "z_batch": z_batch,
                "legal_actions": [list(a) for a in legal], "x_no_action": x, "z": z}

    def step(self, action: Sequence[int]):
        """Plays DouZero's ``action`` (one of the observation's ``legal_actions``) for the player to
        act; ``(obs, reward, done, {})``: the next player's observation, or None and the landlord
        side's reward when the game ends."""
        if self._code is None or self._code < 0:
            raise RuntimeError("reset() the environment first" if self._code is None else "the game is over: reset()")
        try:
            index = self._legal.index(sorted(int(v) for v in action))
        except (TypeError, ValueError):
            raise ValueError("action %r is not legal here (%d legal actions)" % (list(action), len(self._legal))) from None
        self._code = code = self._game.step(index)
        if code >= 0:
            return self._observe(), 0.0, False, {}
        bombs = self._game.bombs()
        sign = 1.0 if code == -1 else -1.0
        reward = {"wp": 1.0, "adp": 2.0 ** bombs, "logadp": bombs + 1.0}[self.objective]
        return None, sign * reward, True, {}
