#!/usr/bin/env python3
"""Steps per second of the Python environments (docs/python.md, "Speed of the environments"):
ddz_engine.env.DdzEnv (one game a call) and BatchEnv (n games a call) on each backend, and, given
a checkout of RLCard (--rlcard DIR, with numpy installed), RLCard's own Dou Dizhu environment on
the same machine and ddz_engine.rlcard_env.RLCardEnv (RLCard's interface, observations and action
ids on our engine) with its batched form RLCardBatchEnv (the observations made by the engine).
Every environment plays random legal moves from a seeded generator for --seconds of wall time
each; the figure is steps per wall second (and per CPU second of this process). RLCard's
environment and RLCardEnv give RLCard's observation each step, and the loop reads it and the legal
ids, as a learning agent does; the ", raw_obs" rows read the state's raw_obs too, as RLCard's rule
agents do. DdzEnv returns the state as text and BatchEnv the legal move ids, without an
observation encoding.

    python3 bench/env-speed.py --seconds 20 --rlcard /path/to/rlcard --douzero /path/to/douzero

With --douzero DIR (a checkout of DouZero), DouZero's own environment (douzero.env.env.Env) and
ddz_engine.douzero_env.DouZeroEnv are measured too, each step reading x_batch and z_batch.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))


def rlcard_speed(path, seconds, raw=False):
    sys.path.insert(0, path)
    try:
        import termcolor  # noqa: F401  (RLCard's package imports it for another game)
    except ImportError:
        stub = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "rlcard-stub")
        os.makedirs(stub, exist_ok=True)
        with open(os.path.join(stub, "termcolor.py"), "w") as f:
            f.write("def colored(s, *a, **k):\n    return s\n")
        sys.path.insert(0, stub)
    import rlcard
    return rlcard_loop(rlcard.make("doudizhu", config={"seed": 1}), seconds, raw)


def rlcard_loop(env, seconds, raw=False):
    """Random legal actions in an environment of RLCard's API for ``seconds`` of wall time; each
    step reads the state's ``obs`` and ``legal_actions`` (what a learning agent reads) and, with
    ``raw``, its ``raw_obs`` too (what RLCard's rule agents read)."""
    rng = random.Random(1)
    steps = games = 0
    c0, w0 = time.process_time(), time.time()
    while time.time() - w0 < seconds:
        state, _ = env.reset()
        games += 1
        while not env.is_over():
            state["obs"].sum()
            if raw:
                state["raw_obs"]["current_hand"]
            state, _ = env.step(rng.choice(list(state["legal_actions"].keys())))
            steps += 1
    return steps, games, time.time() - w0, time.process_time() - c0


def douzero_loop(env, seconds):
    """Random legal actions in an environment of DouZero's API for ``seconds`` of wall time; each
    step reads ``x_batch`` and ``z_batch`` (what DouZero's model reads)."""
    rng = random.Random(1)
    steps = games = 0
    c0, w0 = time.process_time(), time.time()
    while time.time() - w0 < seconds:
        obs, done = env.reset(), False
        games += 1
        while not done:
            obs["x_batch"].sum()
            obs["z_batch"].sum()
            obs, _, done, _ = env.step(rng.choice(obs["legal_actions"]))
            steps += 1
    return steps, games, time.time() - w0, time.process_time() - c0


def douzero_speed(path, seconds):
    sys.path.insert(0, path)
    from douzero.env.env import Env
    return douzero_loop(Env("wp"), seconds)


def ours_douzero_speed(backend, seconds):
    from ddz_engine import Engine
    from ddz_engine.douzero_env import DouZeroEnv
    with Engine(backend=backend) as engine:
        return douzero_loop(DouZeroEnv("wp", engine, seed=1), seconds)


def ddz_speed(backend, seconds):
    from ddz_engine import Engine
    from ddz_engine.env import DdzEnv
    with Engine(backend=backend) as engine:
        env = DdzEnv(engine)
        rng = random.Random(1)
        steps = games = 0
        c0, w0 = time.process_time(), time.time()
        while time.time() - w0 < seconds:
            st = env.reset(seed=games)
            games += 1
            while not st.done:
                st = env.step(rng.choice(st.legal))
                steps += 1
        return steps, games, time.time() - w0, time.process_time() - c0


def batch_loop(slots, step, choices, n, seconds):
    """A batched environment stepped with random legal choices for ``seconds`` of wall time."""
    rng = random.Random(1)
    steps = games = 0
    c0, w0 = time.process_time(), time.time()
    while time.time() - w0 < seconds:
        slots, ended = step([rng.choice(choices(s)) for s in slots])
        steps += n
        games += len(ended)
    return steps, games, time.time() - w0, time.process_time() - c0


def batch_speed(backend, n, seconds):
    from ddz_engine import Engine
    from ddz_engine.env import BatchEnv
    with Engine(backend=backend) as engine:
        env = BatchEnv(engine, n=n, seed=1)
        return batch_loop(env.reset(), env.step, lambda s: s.legal, n, seconds)


def ours_rlcard_speed(backend, seconds, raw=False):
    from ddz_engine import Engine
    from ddz_engine.rlcard_env import RLCardEnv
    with Engine(backend=backend) as engine:
        return rlcard_loop(RLCardEnv(engine, config={"seed": 1}), seconds, raw)


def ours_rlcard_batch_speed(backend, n, seconds):
    from ddz_engine import Engine
    from ddz_engine.rlcard_env import RLCardBatchEnv
    with Engine(backend=backend) as engine:
        env = RLCardBatchEnv(engine, n=n, seed=1)
        return batch_loop(env.reset(), env.step, lambda st: list(st["legal_actions"].keys()), n, seconds)


def parser():
    p = argparse.ArgumentParser(description="steps per second of the environments")
    p.add_argument("--seconds", type=float, default=20.0, help="wall time of each measurement (default 20)")
    p.add_argument("--rlcard", metavar="DIR", help="a checkout of RLCard to measure its Dou Dizhu environment too")
    p.add_argument("--douzero", metavar="DIR", help="a checkout of DouZero to measure its environment and DouZeroEnv too")
    p.add_argument("--n", type=int, default=64, help="games of the batched environment (default 64)")
    p.add_argument("--backends", default="jpype,process", help="backends to measure (default jpype,process)")
    return p


def main(argv=None):
    a = parser().parse_args(argv)
    rows = []
    if a.rlcard:
        rows.append(("rlcard doudizhu env", rlcard_speed(a.rlcard, a.seconds)))
        rows.append(("rlcard doudizhu env, raw_obs", rlcard_speed(a.rlcard, a.seconds, True)))
    if a.douzero:
        rows.append(("douzero env", douzero_speed(a.douzero, a.seconds)))
    for b in [x for x in a.backends.split(",") if x]:
        if a.douzero:
            rows.append(("ddz DouZeroEnv (%s)" % b, ours_douzero_speed(b, a.seconds)))
        if a.rlcard:
            rows.append(("ddz RLCardEnv (%s)" % b, ours_rlcard_speed(b, a.seconds)))
            rows.append(("ddz RLCardEnv, raw_obs (%s)" % b, ours_rlcard_speed(b, a.seconds, True)))
            rows.append(("ddz RLCardBatchEnv n=%d (%s)" % (a.n, b), ours_rlcard_batch_speed(b, a.n, a.seconds)))
        rows.append(("ddz DdzEnv (%s)" % b, ddz_speed(b, a.seconds)))
        rows.append(("ddz BatchEnv n=%d (%s)" % (a.n, b), batch_speed(b, a.n, a.seconds)))
    print("load average at the end: %.2f" % os.getloadavg()[0])
    for name, (steps, games, wall, cpu) in rows:
        print("%-34s %9d steps %7d games %6.1f s wall: %9.0f steps/s (%9.0f per CPU s of this process)"
              % (name, steps, games, wall, steps / wall, steps / cpu))


if __name__ == "__main__":
    main()
