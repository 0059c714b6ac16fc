"""What the RLCard and DouZero agents share: the memory of a game between decisions (the kitty
first of all), decision seeds, and the Monte Carlo call."""

from typing import List, Optional, Sequence, Tuple

from . import cards
from .engine import Decision, Engine, shared_engine

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit value of z."""
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z - (1 << 64) if z >= 1 << 63 else z  # a signed Java long


def decision_seed(seed: int, game: int, plays: int) -> int:
    """The seed of the decision after ``plays`` plays of the agent's ``game``-th game."""
    return _mix(_mix(_mix(seed) ^ game) ^ plays)


def reconstruct_kitty(remaining: str, landlord_played: str) -> Optional[str]:
    """The three kitty cards, or a stand-in that tells the engine as much, from what a harness
    still shows after the landlord played some of them.

    Both harnesses drop kitty cards from the state as the landlord plays them (DouZero one copy
    per card played; RLCard every copy of each rank played). The kitty cards the landlord played
    are public anyway; what the engine needs is the ones it still holds, which are ``remaining``.
    So the played part is filled from the landlord's plays: every copy of a rank still in
    ``remaining`` (the kitty held more of it), then other played cards. The engine then keeps
    exactly ``remaining`` with the landlord, as the harness says. None when no such kitty exists
    (the engine is then told the kitty is unknown).
    """
    r = cards.counts(remaining)
    p = cards.counts(landlord_played)
    have = sum(r)
    if have == 3:
        return cards.from_counts(r)
    if have > 3:
        return None
    k = list(r)
    need = 3 - have
    for i in range(len(k)):
        if r[i] and p[i]:
            k[i] += p[i]
            need -= p[i]
    if need < 0:
        return None
    for i in range(len(k)):
        if need == 0:
            break
        if not r[i] and p[i]:
            take = min(need, p[i])
            k[i] += take
            need -= take
    return cards.from_counts(k) if need == 0 else None


class GameMemory:
    """What an agent remembers of the game it plays between its decisions: the history it saw
    last, the game's index and its kitty, taken from the first state that shows it (the
    landlord's first decision shows all three cards; a farmer's may show fewer, see
    ``reconstruct_kitty``).

    A harness asks for decisions in the order of play, so a view whose history continues the one
    seen last is the same game (one agent object may play several seats of it), and any other
    view starts a new game.
    """

    def __init__(self):
        self.history: Tuple[str, ...] = ()
        self.kitty: Optional[str] = None
        self.game = 0

    def observe(self, history: Sequence[str], kitty_shown: str, landlord_played: str) -> Tuple[Optional[str], int]:
        """Records a decision's view: the plays so far, the kitty cards the state shows, and the
        cards the landlord has played.

        Returns:
            (kitty, game): the kitty to tell the engine (None: unknown) and the game's index (from 1).
        """
        history = tuple(history)
        n = len(self.history)
        if self.game and n <= len(history) and history[:n] == self.history:
            self.history = history
            return self.kitty, self.game
        self.game += 1
        self.history = history
        self.kitty = reconstruct_kitty(kitty_shown, landlord_played)
        return self.kitty, self.game


class EngineAgentBase:
    """The settings and the Monte Carlo call of both harness agents.

    Args:
        engine: the Engine to use; default one shared by the process (``shared_engine()``),
            started at the first decision (so an agent made before a fork starts its engine in
            the child that uses it).
        budget_ms: time budget of a decision (default 50).
        worlds: fixed worlds a decision instead of the clock (reproducible; 0: the budget).
        seed: the agent's seed; each decision's seed derives from it, the game and the play.
        threads: worker threads of a decision.
        prior: ``"solo-pass"`` or ``"uniform"``.
        rules: the rule preset (the harness's: ``"rlcard"`` or ``"douzero"``).
        agent: None for the Monte Carlo search of these settings, or any engine agent as ``ddz
            play`` names it (``"rule"``, ``"greedy"``, ``"random"``, ``"mc:effort=60000"``,
            ``"net:model=FILE"``), the settings above then left aside but ``seed``.
    """

    def __init__(self, engine: Optional[Engine], budget_ms: int, worlds: int, seed: int, threads: int, prior: str,
                 rules: str, agent: Optional[str] = None):
        self._engine = engine
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.seed = seed
        self.threads = threads
        self.prior = prior
        self.rules = rules
        self.agent = agent
        self.memory = GameMemory()

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = shared_engine()
        return self._engine

    def _decide(self, hand: str, seat: int, history: Sequence[str], kitty: Optional[str], game: int) -> Decision:
        return self.engine.move(hand, seat, list(history), kitty=kitty, budget_ms=self.budget_ms, worlds=self.worlds,
                                seed=decision_seed(self.seed, game, len(history)), threads=self.threads,
                                prior=self.prior, agent=self.agent, rules=self.rules)


def landlord_plays(history: Sequence[str]) -> str:
    """The cards the landlord (plays 0, 3, 6, ...) has played, canonical."""
    return cards.canonical("".join(cards.canonical(m) for m in history[0::3]))


def match_legal(move: str, legal: List, key) -> object:
    """The entry of a harness's legal actions that is ``move`` (compared as card sets)."""
    want = cards.canonical(move)
    for a in legal:
        if key(a) == want:
            return a
    raise LookupError("the engine chose %s, which is not among the %d legal actions the harness offers" % (
        move, len(legal)))
