"""RLCard's Dou Dizhu environment interface on our engine: ``RLCardEnv`` speaks
``rlcard.make('doudizhu')``'s API (``reset``, ``step``, ``run``, ``get_payoffs`` ...) with the same
observation arrays (790 floats for the landlord, 901 for a farmer) and the same action ids, so that
RLCard's agents (DQN, NFSP, DMC's feature code) train on it unchanged; the games are played and
checked by the engine under the ``rlcard`` rule preset.

The action ids are RLCard's own: they are read from the installed ``rlcard`` package (its action
space file), so this module needs RLCard installed, as any code that trains RLCard's agents does
(or an action list given as ``RLCardEnv(actions=...)``); ``numpy`` too. A step of ``RLCardEnv`` is
one engine call (Java's ``RlcardGame``) that answers with the next observation and legal ids; with
the JPype backend they are written into this process's memory. The observation layout is RLCard's (written here from its documented encoding, and
checked against RLCard's own encoder move by move in ``tests/test_rlcard_env.py`` where RLCard is
present):

* a card set is 54 values: for each rank 3..2 four thermometer bits (at least 1, 2, 3, 4 cards),
  rank by rank, then the small and the big joker;
* landlord: its hand, the other two hands together, the move to beat (looking back over one pass),
  the last 9 actions (empty before the first), the cards landlord_up and landlord_down have played,
  and the cards they hold as one-hot of 17;
* farmer: its hand, the others' hands, the move to beat, the last 9 actions, the cards the landlord
  and the teammate have played, the landlord's and the teammate's last actions, and the cards they
  hold as one-hot of 20 and 17.

Games have no bidding (player 0 is the landlord with the kitty, as in RLCard's game); game ``k`` of
an environment is dealt from its seed and ``k``. The payoffs are RLCard's: 1 to the winning side, 0
to the losers.
"""

from collections import Counter, OrderedDict
from collections.abc import Mapping
from typing import List, Optional

import numpy as np

from .engine import Engine, _text, shared_engine
from .errors import InputError

_COLUMN = {r: i for i, r in enumerate("3456789TJQKA2")}
_TO_RLCARD = str.maketrans({"X": "B", "D": "R"})
_ORDER = {c: i for i, c in enumerate("3456789TJQKA2BR")}


def _sorted(cards: str) -> str:
    return "".join(sorted(cards, key=_ORDER.__getitem__))
_FROM_RLCARD = str.maketrans({"B": "X", "R": "D"})


def cards_array(cards: str) -> np.ndarray:
    """The 54 values of a card set (ours or RLCard's notation; ``"pass"`` and ``""`` are empty)."""
    a = np.zeros(54, dtype=np.int8)
    if cards in ("pass", ""):
        return a
    for c, n in Counter(cards).items():
        if c in "BX":
            a[52] = 1
        elif c in "RD":
            a[53] = 1
        else:
            col = _COLUMN[c]
            a[col * 4:col * 4 + n] = 1
    return a


def _one_hot(n: int, size: int) -> np.ndarray:
    a = np.zeros(size, dtype=np.int8)
    a[n - 1] = 1  # as RLCard: no cards left marks the last place
    return a


def to_rlcard(move: str) -> str:
    """A move of ours (``CARDS`` or ``CARDS:type``, ``pass``) in RLCard's action notation."""
    return "pass" if move == "pass" else move.split(":")[0].translate(_TO_RLCARD)


def _played(trace: list) -> List[str]:
    """The cards each seat has played so far (unsorted), from a trace of ``(seat, action)``."""
    played = ["", "", ""]
    for p, a in trace:
        if a != "pass":
            played[p] += a
    return played


def observation(seat: int, hands: List[str], trace: list) -> np.ndarray:
    """RLCard's observation for ``seat`` (0 landlord, 1 down, 2 up) from every hand (RLCard's or our
    notation) and the trace (``(seat, action)`` pairs in RLCard's notation, passes included)."""
    played = _played(trace)
    others = "".join(h for i, h in enumerate(hands) if i != seat)
    last = ""
    if trace:  # the move to beat, looking back over one pass (two passes: none)
        last = trace[-2][1] if trace[-1][1] == "pass" else trace[-1][1]
    seq = [a for _, a in trace[-9:]]
    seq = [""] * (9 - len(seq)) + seq
    last9 = np.concatenate([cards_array(a) for a in seq])
    left = [len(h) for h in hands]
    if seat == 0:
        return np.concatenate((cards_array(hands[0]), cards_array(others), cards_array(last), last9,
                               cards_array(played[2]), cards_array(played[1]), _one_hot(left[2], 17),
                               _one_hot(left[1], 17)))
    mate = 3 - seat
    last_landlord = next(a for p, a in reversed(trace) if p == 0)
    last_mate = next((a for p, a in reversed(trace) if p == mate), "pass")
    return np.concatenate((cards_array(hands[seat]), cards_array(others), cards_array(last), last9,
                           cards_array(played[0]), cards_array(played[mate]), cards_array(last_landlord),
                           cards_array(last_mate), _one_hot(left[0], 20), _one_hot(left[mate], 17)))


class _Features(dict):
    """RLCard's 54 values of each action id, made at its first use (read-only: the arrays are shared)."""

    def __init__(self, actions):
        super().__init__()
        self._actions = actions

    def __missing__(self, action_id):
        f = cards_array(self._actions[action_id])
        f.flags.writeable = False
        self[action_id] = f
        return f


class _RawObs(Mapping):
    """RLCard's ``raw_obs`` of one state, made when first read (a training loop that reads only
    ``obs`` and ``legal_actions`` does not pay for it); the dict RLCard's environment gives."""

    __slots__ = ("_args", "_raw")

    def __init__(self, hands, played, kitty, trace, length, player_id, actions):
        self._args = (hands, played, kitty, trace, length, player_id, actions)
        self._raw = None

    def _dict(self) -> dict:
        if self._raw is None:
            hands, played, kitty, trace, length, pid, actions = self._args
            self._raw = {"seen_cards": kitty, "landlord": 0, "trace": trace[:length],
                         "played_cards": [_sorted(x) for x in played], "self": pid, "current_hand": hands[pid],
                         "others_hand": _sorted("".join(h for i, h in enumerate(hands) if i != pid)),
                         "num_cards_left": [len(h) for h in hands], "actions": actions}
            self._args = None
        return self._raw

    def __getitem__(self, key):
        return self._dict()[key]

    def __iter__(self):
        return iter(self._dict())

    def __len__(self):
        return len(self._dict())

    def __repr__(self):
        return repr(self._dict())


class RLCardEnv:
    """RLCard's ``doudizhu`` environment API on the engine (see the module docstring).

    Each step is one engine call that plays the action and answers with the next player's
    observation and legal action ids (Java's ``RlcardGame``; with the JPype backend written straight
    into this process's memory). ``raw_obs`` is made when a state's is first read.

    Args:
        engine: the Engine (the shared one by default).
        config: RLCard's config dict; ``seed`` is read (default 0).
        actions: RLCard's action list (id -> action string); by default the installed ``rlcard``
            package's own (``ID_2_ACTION``), which is what RLCard's agents expect.
    """

    name = "doudizhu"
    num_players = 3
    state_shape = [[790], [901], [901]]
    action_shape = [[54], [54], [54]]

    def __init__(self, engine: Optional[Engine] = None, config: Optional[dict] = None,
                 actions: Optional[List[str]] = None):
        if actions is None:
            from rlcard.games.doudizhu.utils import ID_2_ACTION  # RLCard's own action ids
            actions = ID_2_ACTION
        self._actions = list(actions)
        self._ids = {a: i for i, a in enumerate(self._actions)}
        self.num_actions = len(self._actions)
        self._engine = engine
        self._game = None
        self._seed = int((config or {}).get("seed", 0) or 0)
        self._games = 0
        self._features = _Features(self._actions)
        self.agents = None
        self.timestep = 0
        self.action_recorder = []
        self._trace = []
        self._code = None
        self._obs_seat = None
        self._hands = None
        self._played = None
        self._kitty = None

    def seed(self, seed: int = 0) -> int:
        """Restarts the deals from ``seed``."""
        self._seed = int(seed)
        self._games = 0
        return self._seed

    def set_agents(self, agents) -> None:
        """The agents of :meth:`run`, one a player."""
        self.agents = agents

    def reset(self, deal: Optional[str] = None):
        """Deals the next game (or ``deal``, ``HAND0/HAND1/HAND2/KITTY`` in our or RLCard's
        notation); returns ``(state, player_id)`` of the landlord, to lead."""
        if self._game is None:
            engine = self._engine if self._engine is not None else shared_engine()
            self._game = engine._rlcard_game(self._actions, "rlcard")
        seed = self._seed * 1_000_003 + self._games
        self._games += 1
        self._code = self._game.reset(seed, None if deal is None else _text(deal, "deal").translate(_FROM_RLCARD))
        self._obs_seat = 0
        parts = self._game.deal().translate(_TO_RLCARD).split("/")
        self._hands = (_sorted(parts[0] + parts[3]), parts[1], parts[2])
        self._played = ("", "", "")
        self._kitty = parts[3]
        self._trace = []
        self.action_recorder = []
        self.timestep = 0
        return self.get_state(0), 0

    def step(self, action, raw_action: bool = False):
        """Plays an action id (or, with ``raw_action``, RLCard's action string) for the player to
        act; returns ``(state, player_id)`` of the next player."""
        if self._code is None:
            raise RuntimeError("reset() the environment first")
        if raw_action:
            text = action
            action = self._ids.get(action)
            if action is None:
                action = self._ids.get(_sorted(str(text).translate(_TO_RLCARD)) if text != "pass" else "pass")
            if action is None:
                raise InputError("%r is not an action of RLCard's action list" % (text,))
        else:
            action = int(action)
            if not 0 <= action < self.num_actions:
                raise InputError("action %r is not an RLCard action id (0..%d)" % (action, self.num_actions - 1))
        seat = self._code & 3 if self._code >= 0 else -1
        self._code = code = self._game.step(action)
        text = self._actions[action]
        if text != "pass":  # the hands and the played cards now (tuples: each state keeps its own)
            h = self._hands[seat]
            for c in text:
                h = h.replace(c, "", 1)
            self._hands = self._hands[:seat] + (h,) + self._hands[seat + 1:]
            self._played = self._played[:seat] + (self._played[seat] + text,) + self._played[seat + 1:]
            if seat == 0:  # as RLCard: the kitty's cards shown until the landlord plays their rank
                for c in text:
                    self._kitty = self._kitty.replace(c, "")
        self._trace.append((seat, text))
        self.action_recorder.append((seat, text))
        self.timestep += 1
        nxt = code & 3 if code >= 0 else seat
        self._obs_seat = nxt
        return self.get_state(nxt), nxt

    def is_over(self) -> bool:
        return self._code is not None and self._code < 0

    def get_player_id(self) -> int:
        """The player to act (the last one to have acted, once the game is over)."""
        code = self._code
        return code & 3 if code >= 0 else self._trace[-1][0]

    def get_state(self, player_id: int) -> dict:
        """RLCard's state dict of ``player_id``: ``obs``, ``legal_actions`` (id -> the action's 54
        values), ``raw_obs`` (made when first read), ``raw_legal_actions`` and ``action_record``."""
        code = self._code
        if self._obs_seat != player_id:
            self._game.observe(player_id)
            self._obs_seat = player_id
        if code >= 0 and code & 3 == player_id:
            ids = self._game.legal[:code >> 2].tolist()
        else:
            ids = []
        actions = self._actions
        legal = list(map(actions.__getitem__, ids))
        return OrderedDict(obs=self._game.obs[:790 if player_id == 0 else 901].copy(),
                           legal_actions=OrderedDict(zip(ids, map(self._features.__getitem__, ids))),
                           raw_obs=_RawObs(self._hands, self._played, self._kitty, self._trace, len(self._trace),
                                           player_id, legal),
                           raw_legal_actions=legal, action_record=self.action_recorder)

    def get_payoffs(self) -> np.ndarray:
        """1 to the winning side, 0 to the losers (RLCard's payoffs), by player."""
        if not self.is_over():
            return np.zeros(3)
        return np.array([1, 0, 0] if self._code == -1 else [0, 1, 1])

    def get_perfect_information(self) -> dict:
        """Every hand, the trace and the player to act, in RLCard's notation."""
        code = self._code
        legal = self._game.legal[:code >> 2].tolist() if code >= 0 else []
        return {"hand_cards": list(self._hands), "trace": list(self._trace),
                "current_player": self.get_player_id(),
                "legal_actions": [self._actions[i] for i in legal]}

    def get_action_feature(self, action: int) -> np.ndarray:
        """The 54 values of an action id."""
        return cards_array(self._actions[int(action)])

    def run(self, is_training: bool = False):
        """One game played by :meth:`set_agents`' agents, as RLCard's ``Env.run``: the trajectories
        (each player's states and actions, its last state at the end) and the payoffs."""
        trajectories = [[] for _ in range(self.num_players)]
        state, pid = self.reset()
        trajectories[pid].append(state)
        while not self.is_over():
            agent = self.agents[pid]
            action = agent.step(state) if is_training else agent.eval_step(state)[0]
            raw = getattr(agent, "use_raw", False)
            nxt, npid = self.step(action, raw)
            trajectories[pid].append(action)
            state, pid = nxt, npid
            if not self.is_over():
                trajectories[pid].append(state)
        for p in range(self.num_players):
            trajectories[p].append(self.get_state(p))
        return trajectories, self.get_payoffs()


class RLCardBatchEnv:
    """``n`` games of :class:`RLCardEnv`'s kind stepped by one engine call, RLCard's observation
    arrays made by the engine: the form for training loops that want RLCard's encoding at speed
    (with the JPype backend the engine writes the observations and ids into this process's memory).

    ``reset()`` deals ``n`` games and returns one RLCard-style state a slot (``obs``, ``legal_actions``
    as RLCard's ids, ``player_id``, ``game``); ``step(action_ids)`` plays one RLCard action id a slot
    and returns the new states and, for each game that ended (its slot already holds the next game),
    ``(slot, game, payoffs)`` with RLCard's payoffs (1 to the winning side). Game ``g`` of the batch
    is dealt from the seed and ``g``, as in :class:`~ddz_engine.env.BatchEnv`. ``actions`` as for
    :class:`RLCardEnv`.
    """

    num_players = 3
    state_shape = RLCardEnv.state_shape
    action_shape = RLCardEnv.action_shape

    def __init__(self, engine: Optional[Engine] = None, *, n: int = 64, seed: int = 0, deals: bool = False,
                 actions: Optional[List[str]] = None):
        if actions is None:
            from rlcard.games.doudizhu.utils import ID_2_ACTION  # RLCard's own action ids
            actions = ID_2_ACTION
        self._actions = list(actions)
        self.num_actions = len(self._actions)
        self._engine = engine
        self.n = int(n)
        self.seed = int(seed)
        self._deals = bool(deals)
        self._batch = None
        self._features = _Features(self._actions)
        #: Each slot's deal (``HAND0/HAND1/HAND2/KITTY``, ours), with ``deals=True``.
        self.deals = None

    def _states(self):
        b = self._batch
        self.deals = b.deals
        feature = self._features.__getitem__
        out = []
        for i in range(self.n):
            ids = b.legal(i)
            out.append({"obs": b.obs(i), "legal_actions": OrderedDict(zip(ids, map(feature, ids))),
                        "player_id": b.seats[i], "game": b.games[i]})
        return out

    def reset(self):
        """Deals ``n`` new games; their states."""
        engine = self._engine if self._engine is not None else shared_engine()
        self._batch = engine._rlcard_batch(self._actions, "rlcard", self.n, self.seed, self._deals)
        self._batch.start()
        return self._states()

    def step(self, action_ids):
        """Plays ``action_ids[i]`` (an RLCard action id, legal) in slot ``i``; ``(states, ended)``."""
        if self._batch is None:
            raise RuntimeError("reset() the environment first")
        if len(action_ids) != self.n:
            raise InputError("step needs one action id for each of the %d games, not %d" % (self.n, len(action_ids)))
        try:
            ids = [int(a) for a in action_ids]
        except (TypeError, ValueError):
            raise InputError("action ids must be integers: %r" % (list(action_ids),)) from None
        for i, a in enumerate(ids):
            if not 0 <= a < self.num_actions:
                raise InputError("actions[%d]: %d is not an RLCard action id (0..%d)" % (i, a, self.num_actions - 1))
        self._batch.step(ids)
        ended = [(e[0], e[1], np.array([1, 0, 0] if e[2] else [0, 1, 1])) for e in self._batch.ended]
        return self._states(), ended
