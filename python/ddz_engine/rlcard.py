"""An agent for RLCard's Dou Dizhu environment (``rlcard.make('doudizhu')``).

Put it in RLCard's evaluation loop with two lines::

    from ddz_engine.rlcard import RLCardAgent
    env.set_agents([RLCardAgent(budget_ms=50), RandomAgent(num_actions=env.num_actions), RandomAgent(...)])

It is written from RLCard's documented interface, not its code: RLCard calls ``eval_step(state)``
(evaluation; the agent returns the action and an info dict) or ``step(state)`` (training; the
action alone), and passes the action to the game as it is because ``use_raw`` is True. The agent
reads ``state['raw_obs']``:

* ``self``: the acting player's id; ``landlord``: the landlord's id (players act in turn
  ``landlord``, ``landlord + 1``, ``landlord + 2``, so ``landlord + 1`` is our seat 1, down);
* ``current_hand``: the player's cards, RLCard's characters (``B``, ``R`` for the jokers);
* ``trace``: every play so far as ``(player_id, action)``, ``'pass'`` for a pass;
* ``seen_cards``: the kitty, public; RLCard removes every copy of a rank from it once the landlord
  plays that rank, so the agent remembers the kitty from the first state that shows it (the
  landlord's first decision shows all three) and rebuilds what it needs when a farmer's first
  state shows fewer (``ddz_engine._agents.reconstruct_kitty``);

and chooses one of ``state['raw_legal_actions']``. It never reads ``others_hand`` (the other
players' cards, which RLCard's state also holds): it plays from its own information only.
"""

from typing import Optional

from . import cards
from ._agents import EngineAgentBase, landlord_plays, match_legal
from .engine import Engine
from .errors import InputError


class RLCardAgent(EngineAgentBase):
    """Our Monte Carlo engine as an RLCard agent (see the module docstring); rules ``rlcard``.

    Args: as ``EngineAgentBase`` (engine, budget_ms=50, worlds=0, seed=0, threads=1,
    prior="solo-pass", rules="rlcard", agent=None: any engine agent instead of the Monte Carlo
    search, ``RLCardAgent(agent="rule")``).
    """

    #: RLCard hands the agent's action to the game as it is (an action string, not an id).
    use_raw = True

    def __init__(self, engine: Optional[Engine] = None, *, budget_ms: int = 50, worlds: int = 0, seed: int = 0,
                 threads: int = 1, prior: str = "solo-pass", rules: str = "rlcard", agent: Optional[str] = None):
        super().__init__(engine, budget_ms, worlds, seed, threads, prior, rules, agent)
        #: The engine's Decision of the last call (None when the only legal action was taken).
        self.last_decision = None

    def step(self, state):
        """The action for ``state`` (RLCard's training call): ``eval_step``'s action."""
        return self.eval_step(state)[0]

    def eval_step(self, state):
        """The action for ``state`` and an info dict.

        Returns:
            (action, info): ``action`` one of ``state['raw_legal_actions']``; ``info`` has
            ``win_rates`` and ``mean_scores`` (by RLCard action string, for every candidate the
            engine evaluated, from the acting side's view) and ``worlds`` (the sample size;
            0 when only one action was legal, taken without search).
        """
        obs = state["raw_obs"]
        legal = list(state["raw_legal_actions"])
        landlord = int(obs["landlord"])
        seat = (int(obs["self"]) - landlord) % 3
        history = []
        for i, entry in enumerate(obs["trace"]):
            player, action = entry[0], entry[1]
            if (int(player) - landlord) % 3 != i % 3:
                raise InputError("trace[%d]: play %d is by player %d, not %d" % (i, i + 1, player,
                                                                                  (landlord + i) % 3))
            history.append("pass" if action == "pass" else cards.from_rlcard(action))
        if len(history) % 3 != seat:
            raise InputError("after %d plays player %d acts, not player %s" % (len(history), (landlord + len(history)) % 3,
                                                                              obs["self"]))
        kitty, game = self.memory.observe(history, cards.from_rlcard(obs.get("seen_cards") or ""),
                                          landlord_plays(history))
        if len(legal) == 1:
            self.last_decision = None
            return legal[0], {"win_rates": {}, "mean_scores": {}, "worlds": 0}
        d = self._decide(cards.from_rlcard(obs["current_hand"]), seat, history, kitty, game)
        self.last_decision = d
        action = match_legal(d.move, legal, lambda a: cards.canonical(cards.from_rlcard(a)))
        win_rates, mean_scores = {}, {}
        for c in d.candidates:
            a = cards.to_rlcard(c.move)
            if a not in win_rates:  # a card set of several readings: its best one (candidates come best first)
                win_rates[a] = c.win_rate
                mean_scores[a] = c.mean_score
        return action, {"win_rates": win_rates, "mean_scores": mean_scores, "worlds": d.worlds}
