"""A stepping environment for training and testing agents: one game of Dou Dizhu played move by
move, every move checked by the engine, any engine agent's move on request.

    from ddz_engine import Engine
    from ddz_engine.env import DdzEnv

    with Engine() as engine:
        env = DdzEnv(engine)
        state = env.reset(seed=1)
        while not state.done:
            if state.seat == 0:
                move = state.legal[0]                  # your agent here: any move of state.legal
            else:
                move = env.agent_move("rule")          # the engine's rule agent for the farmers
            state = env.step(move)
        print(state.result["scores"])                 # points by seat, landlord first

Games have no bidding: the first hand of the deal is the landlord's (with the kitty), base 1, as in
``ddz play`` without ``--bidding`` and in RLCard's and DouZero's training. A state holds every hand:
what an agent may see is the caller's to choose (``state.hand`` is the acting seat's alone).
"""

from dataclasses import dataclass
from typing import List, Optional, Sequence

from .engine import Engine, _int, _text, shared_engine

__all__ = ["DdzEnv", "State", "BatchEnv", "Slot", "Ended", "AecEnv"]


@dataclass(frozen=True)
class State:
    """A game's state: the seat to act (0 landlord, 1 down, 2 up; -1 when done), every hand, the
    kitty, the plays so far (``"pass"`` for a pass), the move to beat and who played it (None on a
    lead), the legal moves of the seat to act in ``ddz moves`` order (the pass last), and when done
    the result (``winner``, ``winner_seat``, ``multiplier``, ``spring``, ``anti_spring``,
    ``scores`` by seat) and the game's record in ``ddz play --out``'s format."""
    game: int
    rules: str
    deal: str
    kitty: str
    seat: int
    hands: List[str]
    history: List[str]
    last_move: Optional[dict]
    legal: List[str]
    done: bool
    result: Optional[dict] = None
    record: Optional[dict] = None

    @property
    def hand(self) -> Optional[str]:
        """The cards of the seat to act (None when done)."""
        return None if self.done else self.hands[self.seat]


def _state(d) -> State:
    return State(d["game"], d["rules"], d["deal"], d["kitty"], d["seat"], d["hands"], d["history"], d["last_move"],
                 d["legal"], d["done"], d.get("result"), d.get("record"))


class _OnEngine:
    """An environment's engine (the shared one unless given) and rules."""

    def __init__(self, engine: Optional[Engine], rules, bans):
        self._engine = engine
        self._rules = rules
        self._bans = bans

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = shared_engine()
        return self._engine

    def _req(self, req):
        return self.engine._req(req, self._rules, self._bans)


class DdzEnv(_OnEngine):
    """One game at a time on an :class:`~ddz_engine.Engine` (the shared one by default).

    ``reset(seed=, deal=)`` deals a game (a seeded random deal, or ``deal`` in notation
    ``HAND0/HAND1/HAND2/KITTY``); ``step(move)`` plays a move of the seat to act (``InputError``
    names why an illegal one is refused, and the game stays as it was); ``agent_move(spec)`` is the
    move an engine agent (``rule``, ``greedy``, ``random``, ``mc:effort=2000``...) would play for
    the seat to act from that seat's information, seeded from the game's seed and the state (the
    same state gives the same move), not played. ``rewards`` are the final scores by seat.
    """

    def __init__(self, engine: Optional[Engine] = None, *, rules=None, bans=None):
        super().__init__(engine, rules, bans)
        self.state: Optional[State] = None

    def reset(self, seed: int = 0, deal: Optional[str] = None) -> State:
        """A new game: the deal of ``seed``, or ``deal``; the landlord (seat 0) to lead."""
        req = {"op": "env_reset", "seed": _int(seed, "seed")}
        if deal is not None:
            req["deal"] = _text(deal, "deal")
        self.state = _state(self._req(req))
        return self.state

    def _game(self) -> int:
        if self.state is None:
            raise RuntimeError("reset() the environment first")
        return self.state.game

    def step(self, move: str) -> State:
        """Plays ``move`` (its cards in any order and spelling, or ``"pass"``) for the seat to act."""
        self.state = _state(self._req({"op": "env_step", "game": self._game(), "move": _text(move, "move")}))
        return self.state

    def agent_move(self, agent: str = "rule") -> str:
        """The move an engine agent would play now for the seat to act (not played)."""
        return self._req({"op": "env_agent", "game": self._game(), "agent": _text(agent, "agent")})["move"]

    @property
    def rewards(self) -> Optional[List[int]]:
        """The final scores by seat (rules.md section 6, landlord first), or None before the end."""
        return None if self.state is None or not self.state.done else list(self.state.result["scores"])


@dataclass(frozen=True)
class Slot:
    """One game of a :class:`BatchEnv`: its number in the batch (games are numbered as they start),
    the seat to act (0 landlord, 1 down, 2 up), the move id to beat (0 on a lead) and the legal move
    ids of the seat to act, in move-table order (:meth:`BatchEnv.move_text` names them)."""
    game: int
    seat: int
    last: int
    legal: List[int]


@dataclass(frozen=True)
class Ended:
    """A game that a :meth:`BatchEnv.step` finished: its slot, its number and the scores by seat
    (rules.md section 6, landlord first). The slot already holds the next game."""
    slot: int
    game: int
    scores: List[int]


class BatchEnv(_OnEngine):
    """``n`` games stepped together, one engine call a step, in move ids: the form for training
    loops that play many games at once (a vectorized environment with automatic reset).

    ``reset()`` deals ``n`` games and returns their :class:`Slot` s; ``step(moves)`` plays one legal
    move id for every slot (the move-table id, as ``Slot.legal`` lists them) and returns the new
    slots and the games that ended (:class:`Ended`: a finished game's slot gets the next game at
    once). Game ``g`` of the batch (numbered as games start) is dealt from the seed and ``g`` alone,
    so the same seed and moves give the same games on either backend. Games have no bidding, as in
    :class:`DdzEnv`. ``move_text(id)`` is a move's text (``"pass"`` for 0).

        env = BatchEnv(engine, n=64, seed=1)
        slots = env.reset()
        for _ in range(1000):
            slots, ended = env.step([random.choice(s.legal) for s in slots])
            for e in ended:
                print(e.game, e.scores)
    """

    def __init__(self, engine: Optional[Engine] = None, *, n: int = 64, seed: int = 0, rules=None, bans=None):
        super().__init__(engine, rules, bans)
        self.n = _int(n, "n")
        self.seed = _int(seed, "seed")
        self._batch = None
        self._moves = None

    def move_text(self, move_id: int) -> str:
        """The text of a move id (the table is fetched once)."""
        if self._moves is None:
            self._moves = self._req({"op": "env_move_table"})["moves"]
        return self._moves[move_id]

    @staticmethod
    def _slots(d):
        return [Slot(s[0], s[1], s[2], s[4:]) for s in d["slots"]]

    def reset(self) -> List[Slot]:
        """Deals ``n`` new games (numbers 0..n-1 of this seed)."""
        d = self._req({"op": "env_batch_reset", "n": self.n, "seed": self.seed})
        self._batch = d["batch"]
        return self._slots(d)

    def step(self, moves: Sequence[int]):
        """Plays ``moves[i]`` in slot ``i`` (every one legal: else ``InputError`` names it and no game
        moves); returns ``(slots, ended)``."""
        if self._batch is None:
            raise RuntimeError("reset() the environment first")
        d = self._req({"op": "env_batch_step", "batch": self._batch, "moves": list(moves)})
        return self._slots(d), [Ended(e[0], e[1], e[2:]) for e in d["ended"]]


class AecEnv:
    """One game in the agent-environment-cycle shape of PettingZoo (``pettingzoo.AECEnv``: agents
    act in turn, each sees only its own observation), without needing the package: for multi-agent
    code written against that interface. Built on :class:`DdzEnv`; no bidding, as there.

    Agents ``"landlord"``, ``"landlord_down"``, ``"landlord_up"`` (seats 0, 1, 2). ``observe(agent)``
    is what the seat may know: its ``hand``, the ``kitty`` (public), ``history`` (every play so far,
    ``"pass"`` for a pass), ``last_move`` (to beat, or None on a lead), ``cards_left`` by seat, and
    ``legal`` (the legal moves when it is the agent's turn, else empty). An action is one of
    ``legal``. ``rewards`` are the final scores by agent (zero until the end); at the end every agent
    is terminated and, as in PettingZoo, each then takes a ``step(None)`` that removes it.

        env = AecEnv(engine)
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            env.step(None if terminated else obs["legal"][0])
    """

    possible_agents = ["landlord", "landlord_down", "landlord_up"]
    metadata = {"name": "ddz_engine_doudizhu_v0", "is_parallelizable": False}

    def __init__(self, engine: Optional[Engine] = None, *, rules=None, bans=None):
        self._env = DdzEnv(engine, rules=rules, bans=bans)
        self.agents: List[str] = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection: Optional[str] = None

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game: the deal of ``seed`` (0 when None), or ``options["deal"]``."""
        deal = (options or {}).get("deal")
        state = self._env.reset(seed=0 if seed is None else seed, deal=deal)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[state.seat]

    def observe(self, agent: str) -> dict:
        """What ``agent`` may know now (its own hand, the public information, its legal moves on its turn)."""
        s = self._env.state
        seat = self.possible_agents.index(agent)
        return {"seat": seat, "hand": s.hands[seat], "kitty": s.kitty, "history": list(s.history),
                "last_move": s.last_move, "cards_left": [len(h) for h in s.hands],
                "legal": list(s.legal) if not s.done and s.seat == seat else []}

    def last(self, observe: bool = True):
        """``(observation, reward, terminated, truncated, info)`` of the agent to act."""
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def step(self, action) -> None:
        """The agent to act plays ``action`` (one of its ``legal``), or, once terminated, ``None``,
        which removes it."""
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError("%s is done: step(None) removes it" % a)
            self.agents.remove(a)
            self.agent_selection = self.agents[0] if self.agents else None
            return
        state = self._env.step(action)
        if state.done:
            scores = state.result["scores"]
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = scores[i]
                self._cumulative_rewards[name] += scores[i]
                self.terminations[name] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.seat]

    def agent_iter(self, max_iter: int = 2 ** 63):
        """The agents in turn until every one is removed (PettingZoo's loop)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def close(self) -> None:
        """Nothing to release (the engine is the caller's)."""
