"""ddz_engine: the ddz-engine Dou Dizhu engine from Python.

    from ddz_engine import Engine
    with Engine() as engine:
        engine.legal_moves("33344456", last="3335")      # ['3444', '4445', '4446', 'pass']: pass last
        engine.solve("448999TJJQQAD/336688TAA22X 0", all=True).winning_moves   # ['8']
        engine.move("3445667899TJQKA2XD2A", seat=0, worlds=200).win_rates

Agents for the research harnesses: ``ddz_engine.rlcard.RLCardAgent`` and
``ddz_engine.douzero.DouZeroAgent``; matches refereed by the engine: ``Engine.play``, with your own
agent served by ``ddz_engine.protocol.serve``; records replayed and analysed: ``Engine.replay``,
``Engine.analyze`` (``ddz_engine.records``); environments: ``ddz_engine.env`` (``DdzEnv``, the
batched ``BatchEnv``, PettingZoo's cycle ``AecEnv``) and RLCard's ``ddz_engine.rlcard_env.RLCardEnv``;
card encodings: ``ddz_engine.cards``. The documentation is
``docs/python.md`` in the repository.
"""

from .engine import (BidEstimate, Candidate, Decision, Engine, MatchResult, Play, SolveResult, Split, SEAT_NAMES_2,
                     SEAT_NAMES_3, shared_engine)
from .errors import DdzError, EngineError, InputError
from .records import GameAnalysis, Judgement, Replay, Step, replay
from ._jar import find_jar

__all__ = ["Engine", "shared_engine", "find_jar", "Split", "SolveResult", "Play", "Decision", "Candidate",
           "BidEstimate", "MatchResult", "DdzError", "InputError", "EngineError", "SEAT_NAMES_2", "SEAT_NAMES_3",
           "GameAnalysis", "Judgement", "Replay", "Step", "replay"]
