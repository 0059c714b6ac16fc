"""The Engine: one running engine (a JVM) serving many requests, and the results it returns."""

import os
import shlex
import sys
import threading
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from . import _backends
from ._jar import find_jar
from .errors import EngineError, InputError

#: Seat names (``notation.md`` section 3): three seats, and a two-seat puzzle.
SEAT_NAMES_3 = ("landlord", "down", "up")
SEAT_NAMES_2 = ("landlord", "farmer")

_SEATS = {"landlord": 0, "down": 1, "landlord_down": 1, "up": 2, "landlord_up": 2}


class Play(NamedTuple):
    """One move of a line: the seat that plays it and the move (``pass`` for a pass)."""
    seat: int
    move: str


@dataclass(frozen=True)
class Split:
    """A min-hand split: the fewest legal plays that empty the hand, and one such list of plays."""
    min_hands: int
    plays: List[str]


@dataclass(frozen=True)
class SolveResult:
    """The outcome of a perfect-information solve.

    Attributes:
        position: the position in canonical notation.
        verdict: ``"win"`` or ``"loss"`` for the side to move, ``"unknown"`` when the time ran out.
        mover_wins: True or False; None when unknown.
        winner: ``"landlord"`` or ``"farmers"``; None when unknown.
        winning_moves: every first move that keeps a forced win, in display order ([] when the
            mover loses), when solved with ``all=True``; None otherwise.
        line: a principal variation to the end of the game, passes included, as Play(seat,
            move); the winner's moves win, the loser's are its first legal choice. [] when unknown.
        timed_out: True exactly when the verdict is unknown.
        nodes: positions searched.
        time_ms: the solve's wall time in the engine, ms.
    """
    position: str
    verdict: str
    mover_wins: Optional[bool]
    winner: Optional[str]
    winning_moves: Optional[List[str]]
    line: List[Play]
    timed_out: bool
    nodes: int
    time_ms: float

    @property
    def moves(self) -> List[str]:
        """The moves of the line without their seats."""
        return [p.move for p in self.line]


@dataclass(frozen=True)
class Candidate:
    """One candidate of a Monte Carlo decision: its win rate (0..1, for the mover's side, over
    ``worlds`` sampled deals of the hidden cards) and mean score (points of the mover's side)."""
    move: str
    type: str
    win_rate: Optional[float]
    mean_score: Optional[float]
    worlds: int


@dataclass(frozen=True)
class Decision:
    """A Monte Carlo decision: the chosen move and every evaluated candidate, best first.

    ``worlds`` deals of the hidden cards were sampled (``solved_worlds`` of them solved exactly,
    the rest played out in ``rollouts`` rollouts) in ``time_ms``; ``budget_cut`` is True when the
    time budget, not the world count, ended the search. At most 16 candidates are evaluated: the
    engine prunes the rest before sampling.
    """
    move: str
    type: str
    candidates: List[Candidate]
    worlds: int
    solved_worlds: int
    rollouts: int
    time_ms: float
    budget_cut: bool
    seed: int

    @property
    def win_rates(self) -> Dict[str, Optional[float]]:
        """Win rate by candidate move."""
        return {c.move: c.win_rate for c in self.candidates}


@dataclass(frozen=True)
class BidEstimate:
    """A bid: the estimated landlord win rate of the hand with its 95% interval, and the bid (0..3)."""
    bid: int
    win_rate: float
    ci: Tuple[float, float]
    worlds: int
    time_ms: float


@dataclass(frozen=True)
class MatchResult:
    """A duplicate match's figures, as ``ddz play --json`` prints them (each deal played twice, the
    agents swapping sides): agent A's win percentage ``wp`` with its 95% interval ``wp_ci``, its
    average difference in points per game ``adp``, its points, the same split by A's role (as
    landlord, as farmers), the landlord seat's share of wins, bombs and rockets per game, and the
    wall time. A figure that a match cannot give (a role never played) is None."""
    a: str
    b: str
    rules: str
    seed: int
    bidding: bool
    deals: int
    games: int
    wp: Optional[float]
    wp_ci: Tuple[Optional[float], Optional[float]]
    adp: Optional[float]
    adp_ci: Tuple[Optional[float], Optional[float]]
    points: Optional[float]
    points_ci: Tuple[Optional[float], Optional[float]]
    wp_landlord: Optional[float]
    wp_landlord_ci: Tuple[Optional[float], Optional[float]]
    wp_farmer: Optional[float]
    wp_farmer_ci: Tuple[Optional[float], Optional[float]]
    adp_landlord: Optional[float]
    adp_farmer: Optional[float]
    landlord_wp: Optional[float]
    bombs_per_game: Optional[float]
    seconds: float

    def __str__(self):
        def f(x, p=4):
            return "n/a" if x is None else ("%." + str(p) + "f") % x
        return ("%s vs %s: %d deals (%d games), WP %s [%s, %s], ADP %s, as landlord %s, as farmers %s"
                % (self.a, self.b, self.deals, self.games, f(self.wp), f(self.wp_ci[0]), f(self.wp_ci[1]),
                   f(self.adp, 3), f(self.wp_landlord), f(self.wp_farmer)))


def _match_result(d) -> MatchResult:
    def pair(k):
        return tuple(d[k])
    return MatchResult(d["a"], d["b"], d["rules"], d["seed"], d["bidding"], d["deals"], d["games"], d["wp"],
                       pair("wp_ci"), d["adp"], pair("adp_ci"), d["points"], pair("points_ci"), d["wp_landlord"],
                       pair("wp_landlord_ci"), d["wp_farmer"], pair("wp_farmer_ci"), d["adp_landlord"],
                       d["adp_farmer"], d["landlord_wp"], d["bombs_per_game"], d["seconds"])


def _bans_text(bans) -> str:
    if bans is None:
        return ""
    if isinstance(bans, str):
        return bans
    try:
        items = list(bans)
    except TypeError:
        raise TypeError("bans must be a comma-separated str or an iterable of type names, not %r" % (bans,)) from None
    return ",".join(str(b) for b in items)


def _text(value, what, allow_none=False):
    if value is None and allow_none:
        return None
    if not isinstance(value, str):
        raise TypeError("%s must be a str in our notation, not %r" % (what, value))
    return value


def _seat(seat) -> int:
    if isinstance(seat, bool):
        raise TypeError("seat must be 0, 1, 2 or a seat name, not %r" % (seat,))
    if isinstance(seat, int):
        return seat
    if isinstance(seat, str) and seat.strip().lower() in _SEATS:
        return _SEATS[seat.strip().lower()]
    raise TypeError("seat must be 0 (landlord), 1 (down), 2 (up) or such a name, not %r" % (seat,))


def _int(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %r" % (what, value))
    if not -(1 << 63) <= value < (1 << 63):
        raise InputError("%s must be a 64-bit integer, not %d" % (what, value))
    return value


def _solve_result(d) -> SolveResult:
    return SolveResult(position=d["position"], verdict=d["verdict"], mover_wins=d["mover_wins"], winner=d["winner"],
                       winning_moves=d["winning_moves"], line=[Play(p["seat"], p["move"]) for p in d["line"]],
                       timed_out=d["timed_out"], nodes=d["nodes"], time_ms=d["time_ms"])


def _decision(d) -> Decision:
    return Decision(move=d["move"], type=d["type"],
                    candidates=[Candidate(c["move"], c["type"], c["win_rate"], c["mean_score"], c["worlds"])
                                for c in d["candidates"]],
                    worlds=d["worlds"], solved_worlds=d["solved_worlds"], rollouts=d["rollouts"],
                    time_ms=d["time_ms"], budget_cut=d["budget_cut"], seed=d["seed"])


class Engine:
    """The engine, started once and kept: legal moves, min-hand split, solve, Monte Carlo move, bid.

    Args:
        rules: the rule preset of every call that names none: ``"standard"`` (default),
            ``"douzero"``, ``"rlcard"`` or ``"botzone"``.
        bans: banned types of those calls, a comma-separated str (``"trio_pair,421"``) or an
            iterable of names; default none.
        backend: ``"jpype"`` (the JVM inside this process: needs JPype, Debian's
            ``python3-jpype``), ``"process"`` (a child ``java`` process speaking JSON lines), or
            ``"auto"`` (default, or ``$DDZ_BACKEND``): JPype when it can be imported and started,
            else the process.
        jar: the engine's jar; default ``$DDZ_JAR``, else the build's (``ddz_engine._jar.find_jar``).
        java: the ``java`` command of the process backend (default ``$DDZ_JAVA``, ``$JAVA_HOME``, PATH).
        jvm_options: extra JVM flags (after ``$DDZ_JAVA_OPTS``). With JPype they apply only if
            this Engine starts the process's JVM: a process has one JVM, started once; flags that
            differ from those it was started with raise EngineError (use the process backend).
        call_timeout: process backend: the longest wait for one answer, seconds. A call without an
            answer by then kills the engine process and raises EngineError (the next call starts a
            new one). None (default): each call's own bound plus 120 s for the calls that have one
            (queries, a solve with ``timeout_ms``, a decision on a time budget), no limit for the
            others (an unbounded solve, a fixed-worlds decision, a bid, a match).

    Every call that takes cards takes them in our notation (``docs/python.md``; ``ddz_engine.cards``
    converts RLCard's and DouZero's). Input the engine refuses raises InputError with the
    engine's one-line message; a dead or broken engine raises EngineError.

    Threads: an Engine may be shared. With the JPype backend every thread gets its own bridge (its
    own solver tables and Monte Carlo agents) and calls from several threads run in parallel; with
    the process backend calls are serialised, one at a time. After ``os.fork()`` a child must not
    use a JPype Engine of its parent (EngineError says so); a process Engine starts a new child
    process of its own.
    """

    def __init__(self, rules: str = "standard", bans=None, *, backend: Optional[str] = None,
                 jar: Optional[str] = None, java: Optional[str] = None, jvm_options: Sequence[str] = (),
                 call_timeout: Optional[float] = None):
        choice = (backend or os.environ.get("DDZ_BACKEND") or "auto").strip().lower()
        if choice not in ("auto", "jpype", "process"):
            raise ValueError("backend must be 'auto', 'jpype' or 'process', not %r" % (backend,))
        if call_timeout is not None and (isinstance(call_timeout, bool) or not isinstance(call_timeout, (int, float))
                                         or not 0 < call_timeout < 1e9):
            raise ValueError("call_timeout must be a number of seconds above 0, or None, not %r" % (call_timeout,))
        self.jar = find_jar(jar)
        options = shlex.split(os.environ.get("DDZ_JAVA_OPTS", "")) + list(jvm_options)
        #: Why the auto choice fell back to the process backend (None when it did not).
        self.fallback_reason = None
        self._backend = None
        if choice in ("auto", "jpype"):
            try:
                self._backend = _backends.JPypeBackend(self.jar, options)
            except ImportError as e:
                if choice == "jpype":
                    raise EngineError("backend 'jpype' needs JPype (Debian: apt-get install python3-jpype; "
                                      "elsewhere: pip install JPype1): %s" % e) from e
                self.fallback_reason = "JPype is not installed"
            except EngineError as e:
                if choice == "jpype":
                    raise
                self.fallback_reason = e.message
        if self._backend is None:
            self._backend = _backends.ProcessBackend(self.jar, options, java, call_timeout)
        try:
            self._rules = _text(rules, "rules")
            self._key = (self._rules, _bans_text(bans))
            self._backend.moves(self._key, "3", None)  # fail now, not at the first call, on bad default rules
        except BaseException:
            self._backend.close()
            raise

    # ------------------------------------------------------------ about

    @property
    def backend(self) -> str:
        """``"jpype"`` or ``"process"``."""
        return self._backend.name

    @property
    def version(self) -> str:
        """The engine's version (the Maven project version of the jar)."""
        return self._backend.version

    def _rules_key(self, rules, bans):
        if rules is None and bans is None:
            return self._key
        return (self._rules if rules is None else _text(rules, "rules"),
                self._key[1] if bans is None else _bans_text(bans))

    def _rlcard_game(self, actions, rules, bans=None):
        """A game of ``RLCardEnv`` on this engine's backend (``_backends._RLCardGame``)."""
        return self._backend.rlcard_game(self._rules_key(rules, bans), actions)

    def _douzero_game(self, rules):
        """A game of ``DouZeroEnv`` on this engine's backend (``_backends._DouZeroGame``)."""
        return self._backend.douzero_game(self._rules_key(rules, None))

    def _rlcard_batch(self, actions, rules, n, seed, deals):
        """A batch of ``RLCardBatchEnv`` on this engine's backend (``_backends._RLCardBatch``)."""
        return self._backend.rlcard_batch(self._rules_key(rules, None), actions, n, seed, deals)

    def _req(self, req, rules, bans, progress=None):
        key = self._rules_key(rules, bans)
        req["rules"] = key[0]
        if key[1]:
            req["bans"] = key[1]
        if progress is None:
            return self._backend.request(req)
        return self._backend.request(req, progress)

    # ------------------------------------------------------------ legal moves and split

    def legal_moves(self, hand: str, last: Optional[str] = None, *, rules=None, bans=None) -> List[str]:
        """The legal moves of ``hand``: every lead, or every answer to ``last`` (pass included, last).

        Moves are in the display order of ``ddz moves`` (by type, then length, then rank), each as
        its cards (``333444``), with ``:type`` where a card set has several readings
        (``333444555666:trio_chain_4``), or ``pass``. ``last`` None, ``""`` or a pass word: a lead.
        """
        key = self._key if rules is None and bans is None else self._rules_key(rules, bans)
        if type(hand) is not str or (last is not None and type(last) is not str):  # noqa: E721 (the hot path)
            _text(hand, "hand")
            _text(last, "last", True)
        return self._backend.moves(key, hand, last)

    def legal_moves_many(self, queries, *, rules=None, bans=None) -> List[List[str]]:
        """``legal_moves`` of many queries in one crossing: each a hand, or a (hand, last) pair.

        Raises InputError for the first bad query, naming it (``queries[3]: hand: ...``).
        """
        if isinstance(queries, (str, bytes)):
            raise TypeError("queries must be a list of hands or (hand, last) pairs, not one str")
        qs = []
        for q in queries:
            if isinstance(q, str):
                qs.append((q, None))
            else:
                hand, last = q
                qs.append((_text(hand, "hand"), _text(last, "last", True)))
        if not qs:
            return []
        return self._backend.moves_many(self._rules_key(rules, bans), qs)

    def split(self, hand: str, *, rules=None, bans=None) -> Split:
        """The min-hand split of a hand (up to 20 cards): the fewest legal plays that empty it when
        nobody answers, and one optimal list of plays (chains and low combinations first)."""
        d = self._req({"op": "split", "hand": _text(hand, "hand")}, rules, bans)
        return Split(d["min_hands"], d["split"])

    def min_hands(self, hand: str, *, rules=None, bans=None) -> int:
        """The min-hand count of a hand (``split(hand).min_hands``)."""
        return self.split(hand, rules=rules, bans=bans).min_hands

    # ------------------------------------------------------------ solve

    def solve(self, position: str, *, all: bool = False, timeout_ms: int = 0, rules=None, bans=None) -> SolveResult:
        """Solves a position with every hand visible.

        Args:
            position: ``HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]`` (``"448999TJJQQAD/336688TAA22X 0"``):
                two hands for landlord against one farmer, three for a full table.
            all: find every winning first move (each searched to the end), not just one.
            timeout_ms: give up after about this many ms (verdict ``"unknown"``); 0: no limit.
        """
        key = self._rules_key(rules, bans)
        return _solve_result(self._backend.solve(key, _text(position, "position"), bool(all),
                                                 _int(timeout_ms, "timeout_ms")))

    def solve_many(self, positions, *, all: bool = False, timeout_ms: int = 0, rules=None, bans=None) \
            -> List[SolveResult]:
        """``solve`` of many positions in one crossing, each from an empty table (so a solve's time
        does not depend on the others). Raises InputError for the first bad position, naming it."""
        if isinstance(positions, (str, bytes)):
            raise TypeError("positions must be a list of positions, not one str")
        ps = [_text(p, "position") for p in positions]
        if not ps:
            return []
        key = self._rules_key(rules, bans)
        return [_solve_result(d) for d in self._backend.solve_many(key, ps, bool(all), _int(timeout_ms, "timeout_ms"))]

    # ------------------------------------------------------------ Monte Carlo play and bidding

    def move(self, hand: str, seat, history: Sequence[str] = (), *, kitty: Optional[str] = None, bid: int = 0,
             budget_ms: int = 50, worlds: int = 0, seed: int = 0, threads: int = 1, prior: str = "solo-pass",
             agent: Optional[str] = None, rules=None, bans=None) -> Decision:
        """The Monte Carlo engine's move from what one seat knows, with every candidate's win rate.

        Args:
            hand: the seat's cards now.
            seat: the seat to act, 0 landlord, 1 down (plays after the landlord), 2 up (or those names).
            history: every play so far from the landlord's first lead, passes as ``"pass"``; play i
                is by seat i % 3, so ``len(history) % 3`` must be ``seat``.
            kitty: the three kitty cards (public once the landlord takes them); None or "": unknown.
            bid: the final bid 1..3 (0: unknown, scores on base 1).
            budget_ms: time budget of the decision, 5..600000 ms (ignored with ``worlds``).
            worlds: evaluate exactly this many sampled worlds, no clock: the same result on any
                machine and thread count for the same seed (0: use the budget).
            seed: the decision's seed.
            threads: worker threads, 1..64.
            prior: ``"solo-pass"`` (default) or ``"uniform"``.
            agent: another engine agent to ask instead of this Monte Carlo search, as ``ddz play``
                names it: ``"rule"``, ``"greedy"``, ``"random"``, ``"mc:effort=60000"``,
                ``"net:model=FILE"``; its Decision has no candidates (``budget_ms``, ``worlds``,
                ``threads`` and ``prior`` are the Monte Carlo search's, not taken then).
        """
        req = {"op": "move", "seat": _seat(seat), "hand": _text(hand, "hand"),
               "history": [{"move": _text(m, "history[%d]" % i)} for i, m in enumerate(history)],
               "bid": _int(bid, "bid"), "budget_ms": _int(budget_ms, "budget_ms"), "worlds": _int(worlds, "worlds"),
               "seed": _int(seed, "seed"), "threads": _int(threads, "threads"), "prior": _text(prior, "prior")}
        if kitty:
            req["kitty"] = _text(kitty, "kitty")
        if agent is not None:
            req["agent"] = _text(agent, "agent")
        return _decision(self._req(req, rules, bans))

    def bid(self, hand: str, bids: Sequence[int] = (), *, worlds: int = 1000, seed: int = 0,
            rules=None, bans=None) -> BidEstimate:
        """The bid of a dealt hand of 17 cards after the earlier ``bids`` (0 = no bid; the bidder's
        position is ``len(bids)``): the landlord win rate estimated over ``worlds`` sampled deals
        and the bid (0..3) it gives."""
        d = self._req({"op": "bid", "hand": _text(hand, "hand"), "bids": [_int(b, "bids[%d]" % i)
                                                                         for i, b in enumerate(bids)],
                       "worlds": _int(worlds, "worlds"), "seed": _int(seed, "seed")}, rules, bans)
        return BidEstimate(d["bid"], d["win_rate"], tuple(d["ci"]), d["worlds"], d["time_ms"])

    # ------------------------------------------------------------ matches and records

    def play(self, a: str, b: str, *, deals: int = 100, seed: int = 1, bidding: bool = False, threads: int = 1,
             out: Optional[str] = None, progress=None, rules=None, bans=None) -> MatchResult:
        """A duplicate match between two agents, refereed by the engine as ``ddz play`` referees it:
        every move checked, the same games for the same seed on any thread count.

        Args:
            a, b: agent specs as ``ddz play --a`` takes them: ``random``, ``rule``, ``greedy``,
                ``mc:effort=60000`` (an effort budget plays the same on any load; ``mc:budget=50``
                reads the clock), ``mc-v1``, ``oracle``, or ``exec:COMMAND`` for a process speaking
                the agent protocol, such as a Python agent run by :func:`ddz_engine.protocol.serve`
                (``exec:python3 my_bot.py``).
            deals: deals to play, each twice with the sides swapped (1..100,000,000).
            seed: the match seed (the deals and every agent's random choices).
            bidding: start each game with a bidding (else the first hand of a deal is the landlord).
            threads: worker threads of the match, 1..256.
            out: a file to write every game record to, one JSON line each (``ddz play --out``'s
                format; :meth:`read_records` reads it back).
            progress: ``progress(done, total)`` is called as deals finish (in match order, at most
                five times a second and once at the end; on the calling thread, and it must not call
                the engine); ``True`` prints a line on standard error instead.

        Returns:
            the figures, agent A's side of them.

        Raises:
            InputError: an unknown agent or setting, a count out of range, an ``out`` that cannot
                be written.
            EngineError: an agent failed (an ``exec:`` agent's faults are replaced by a fallback
                move and do not stop the match).
        """
        req = {"op": "play", "a": _text(a, "a"), "b": _text(b, "b"), "deals": _int(deals, "deals"),
               "seed": _int(seed, "seed"), "bidding": bool(bidding), "threads": _int(threads, "threads")}
        if out is not None:
            req["out"] = os.fspath(out)
        told = _progress_printer("%s vs %s" % (a, b)) if progress is True else progress
        if told is not None and not callable(told):
            raise TypeError("progress must be a callable progress(done, total), True or None")
        if told is not None:
            req["progress"] = True
        result = _match_result(self._req(req, rules, bans, told))
        if progress is True:
            sys.stderr.write("\n")
        return result

    def ladder(self, a: str, opponents: Sequence[str], **options) -> List[MatchResult]:
        """Agent ``a`` against each of ``opponents`` in turn, each match as :meth:`play` with the same
        ``options`` (``deals``, ``seed``, ``bidding``, ``threads``, ``rules``, ``bans``; ``out`` is not
        taken: one file cannot hold several matches' records apart). A callable ``progress`` counts
        the deals of the whole ladder, the matches one after another."""
        if isinstance(opponents, str):
            raise TypeError("opponents must be a list of agent specs, not one str")
        if "out" in options:
            raise TypeError("ladder() takes no out: play each match with play(out=...) to keep its records")
        progress = options.pop("progress", None)
        results = []
        for i, b in enumerate(opponents):
            told = progress
            if callable(progress):   # deals of the whole ladder: the matches one after another
                deals = options.get("deals", 100)
                told = (lambda off, n: lambda d, t: progress(off + d, n))(i * deals, deals * len(opponents))
            results.append(self.play(a, b, progress=told, **options))
        return results

    def read_records(self, path: str) -> List[dict]:
        """The game records of a ``ddz play --out`` file (or one :meth:`play` wrote), each checked by a
        replay of its game (the deal, the bids, every move's legality and every claim of the result),
        as dicts in the file's format. Raises InputError for the first bad record (``FILE line N:
        reason``) or a file that cannot be read."""
        return self._req({"op": "records", "file": os.fspath(path)}, None, None)["records"]

    def analyze(self, records=None, *, file: Optional[str] = None, max_cards: int = 30, nodes: int = 2_000_000,
                threads: int = 1) -> List["GameAnalysis"]:
        """The open-hand analysis of games, as ``ddz analyze`` makes it: each decision of at most
        ``max_cards`` cards in all hands solved with every hand seen, before and after the move
        played, with every winning move; blunders (a forced win lost by the move) and each game's
        decisive play.

        Args:
            records: game records (dicts as :meth:`read_records` gives them, or their JSON lines);
                or None with ``file``.
            file: a ``ddz play --out`` file instead of ``records``.
            max_cards: judge decisions with at most this many cards in all hands, 1..54.
            nodes: node budget of each solve (past it the verdict is ``"unknown"``).
            threads: games analysed at once (the result does not depend on it).

        Returns:
            one :class:`~ddz_engine.records.GameAnalysis` a game, in order.

        Raises:
            InputError: neither or both of ``records`` and ``file``, a bad record (named by its
                index), a file that cannot be read, a setting out of range.
        """
        from .records import _analysis
        req = {"op": "analyze", "max_cards": _int(max_cards, "max_cards"), "nodes": _int(nodes, "nodes"),
               "threads": _int(threads, "threads")}
        if (records is None) == (file is None):
            raise InputError("analyze takes records or file=, one of them")
        if file is not None:
            req["file"] = os.fspath(file)
        else:
            if isinstance(records, (str, bytes, dict)):
                raise TypeError("records must be a list of records, not one record")
            req["records"] = list(records)
        return [_analysis(g) for g in self._req(req, None, None)["games"]]

    @staticmethod
    def replay(record) -> "Replay":
        """A game record replayed move by move: the hands after each action
        (:func:`ddz_engine.records.replay`)."""
        from .records import replay
        return replay(record)

    # ------------------------------------------------------------ life cycle

    def close(self) -> None:
        """Stops the engine's process (process backend) or the Monte Carlo helper threads (JPype:
        the JVM itself stays, a process cannot start a second one). A call after close starts
        the engine again."""
        if self._backend is not None:
            self._backend.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        return "Engine(rules=%r, bans=%r, backend=%r, jar=%r)" % (self._key[0], self._key[1], self.backend, self.jar)


def _progress_printer(what):
    """A progress callable that keeps one line on standard error up to date."""
    def show(done, total):
        sys.stderr.write("\r%s: %d/%d deals" % (what, done, total))
        sys.stderr.flush()
    return show


_shared = None
_shared_pid = None
_shared_lock = threading.Lock()


def shared_engine() -> Engine:
    """One Engine per process, made on first use (the agents' default): every agent of a process
    shares one JVM instead of starting its own."""
    global _shared, _shared_pid
    with _shared_lock:
        if _shared is None or _shared_pid != os.getpid():
            _shared = Engine()
            _shared_pid = os.getpid()
        return _shared
