"""RLCard's Dou Dizhu environment interface on our engine: ``RLCardEnv`` speaks
``rlcard.make('doudizhu')``'s API (``reset``, ``step``, ``run``, ``get_payoffs`` ...) with the same
observation arrays (790 floats for the landlord, 901 for a farmer) and the same action ids, so that
RLCard's agents (DQN, NFSP, DMC's feature code) train on it unchanged; the games are played and
checked by the engine under the ``rlcard`` rule preset.

The action ids are RLCard's own: they are read from the installed ``rlcard`` package (its action
space file), so this module needs RLCard installed, as any code that trains RLCard's agents does;
``numpy`` too. The observation layout is RLCard's (written here from its documented encoding, and
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
from typing import List, Optional

import numpy as np

from .engine import Engine
from .env import DdzEnv

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


class RLCardEnv:
    """RLCard's ``doudizhu`` environment API on the engine (see the module docstring).

    Args:
        engine: the Engine (the shared one by default).
        config: RLCard's config dict; ``seed`` is read (default 0).
    """

    name = "doudizhu"
    num_players = 3
    state_shape = [[790], [901], [901]]
    action_shape = [[54], [54], [54]]

    def __init__(self, engine: Optional[Engine] = None, config: Optional[dict] = None):
        from rlcard.games.doudizhu.utils import ACTION_2_ID, ID_2_ACTION  # RLCard's own action ids
        self._ids = ACTION_2_ID
        self._actions = ID_2_ACTION
        self.num_actions = len(ID_2_ACTION)
        self._env = DdzEnv(engine, rules="rlcard")
        self._seed = int((config or {}).get("seed", 0) or 0)
        self._games = 0
        self.agents = None
        self.timestep = 0
        self.action_recorder = []
        self._trace = []
        self._feature_cache = {}

    def _features(self, action: str) -> np.ndarray:
        """An action's 54 values, made once an action (read-only: the arrays are shared)."""
        f = self._feature_cache.get(action)
        if f is None:
            f = cards_array(action)
            f.flags.writeable = False
            self._feature_cache[action] = f
        return f

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
        seed = self._seed * 1_000_003 + self._games
        self._games += 1
        self._env.reset(seed=seed, deal=None if deal is None else deal.translate(_FROM_RLCARD))
        self._trace = []
        self.action_recorder = []
        self.timestep = 0
        return self.get_state(0), 0

    def step(self, action, raw_action: bool = False):
        """Plays an action id (or, with ``raw_action``, RLCard's action string) for the player to
        act; returns ``(state, player_id)`` of the next player."""
        text = action if raw_action else self._actions[int(action)]
        seat = self._env.state.seat
        self._env.step(text.translate(_FROM_RLCARD))
        self._trace.append((seat, text))
        self.action_recorder.append((seat, text))
        self.timestep += 1
        nxt = self.get_player_id()
        return self.get_state(nxt), nxt

    def is_over(self) -> bool:
        return self._env.state.done

    def get_player_id(self) -> int:
        """The player to act (the last one to have acted, once the game is over)."""
        s = self._env.state
        return s.seat if not s.done else self._trace[-1][0]

    def get_state(self, player_id: int) -> dict:
        """RLCard's state dict of ``player_id``: ``obs``, ``legal_actions`` (id -> the action's 54
        values), ``raw_obs``, ``raw_legal_actions`` and ``action_record``."""
        s = self._env.state
        hands = [h.translate(_TO_RLCARD) for h in s.hands]
        legal = [to_rlcard(m) for m in s.legal] if not s.done and s.seat == player_id else []
        legal_actions = OrderedDict((self._ids[a], self._features(a)) for a in legal)
        played = _played(self._trace)
        raw = {"seen_cards": s.kitty.translate(_TO_RLCARD), "landlord": 0, "trace": list(self._trace),
               "played_cards": [_sorted(x) for x in played], "self": player_id, "current_hand": hands[player_id],
               "others_hand": _sorted("".join(h for i, h in enumerate(hands) if i != player_id)),
               "num_cards_left": [len(h) for h in hands], "actions": legal}
        return OrderedDict(obs=observation(player_id, hands, self._trace), legal_actions=legal_actions,
                           raw_obs=raw, raw_legal_actions=legal, action_record=self.action_recorder)

    def get_payoffs(self) -> np.ndarray:
        """1 to the winning side, 0 to the losers (RLCard's payoffs), by player."""
        s = self._env.state
        if not s.done:
            return np.zeros(3)
        landlord = s.result["winner"] == "landlord"
        return np.array([1, 0, 0] if landlord else [0, 1, 1])

    def get_perfect_information(self) -> dict:
        """Every hand, the trace and the player to act, in RLCard's notation."""
        s = self._env.state
        return {"hand_cards": [h.translate(_TO_RLCARD) for h in s.hands], "trace": list(self._trace),
                "current_player": self.get_player_id(),
                "legal_actions": [to_rlcard(m) for m in s.legal]}

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
    arrays made by the engine: the form for training loops that want RLCard's encoding at speed.

    ``reset()`` deals ``n`` games and returns one RLCard-style state a slot (``obs``, ``legal_actions``
    as RLCard's ids, ``player_id``); ``step(action_ids)`` plays one RLCard action id a slot and returns
    the new states and, for each game that ended (its slot already holds the next game),
    ``(slot, game, payoffs)`` with RLCard's payoffs (1 to the winning side). Game ``g`` of the batch
    is dealt from the seed and ``g``, as in :class:`~ddz_engine.env.BatchEnv`.
    """

    num_players = 3
    state_shape = RLCardEnv.state_shape
    action_shape = RLCardEnv.action_shape

    def __init__(self, engine: Optional[Engine] = None, *, n: int = 64, seed: int = 0, deals: bool = False):
        from rlcard.games.doudizhu.utils import ID_2_ACTION  # RLCard's own action ids
        from .env import BatchEnv
        self._env = BatchEnv(engine, n=n, seed=seed, rules="rlcard")
        self._actions = ID_2_ACTION
        self.num_actions = len(ID_2_ACTION)
        self._deals = bool(deals)
        self._batch = None
        self._features = {}
        #: Each slot's deal (``HAND0/HAND1/HAND2/KITTY``, ours), with ``deals=True``.
        self.deals = None

    def _feature(self, action_id: int) -> np.ndarray:
        f = self._features.get(action_id)
        if f is None:
            f = cards_array(self._actions[action_id])
            f.flags.writeable = False
            self._features[action_id] = f
        return f

    def _states(self, d):
        import base64
        self.deals = d.get("deals")
        out = []
        for slot, obs, legal in zip(d["slots"], d["obs"], d["rlcard_legal"]):
            out.append({"obs": np.frombuffer(base64.b64decode(obs), dtype=np.int8),
                        "legal_actions": OrderedDict((i, self._feature(i)) for i in legal),
                        "player_id": slot[1], "game": slot[0]})
        return out

    def reset(self):
        """Deals ``n`` new games; their states."""
        env = self._env
        env._req({"op": "env_rlcard_actions", "actions": list(self._actions)})
        d = env._req({"op": "env_batch_reset", "n": env.n, "seed": env.seed, "encode": "rlcard",
                      "deals": self._deals})
        self._batch = d["batch"]
        return self._states(d)

    def step(self, action_ids):
        """Plays ``action_ids[i]`` (an RLCard action id, legal) in slot ``i``; ``(states, ended)``."""
        if self._batch is None:
            raise RuntimeError("reset() the environment first")
        d = self._env._req({"op": "env_batch_step", "batch": self._batch, "moves": [int(a) for a in action_ids]})
        ended = [(e[0], e[1], np.array([1, 0, 0] if e[2] > 0 else [0, 1, 1])) for e in d["ended"]]
        return self._states(d), ended
