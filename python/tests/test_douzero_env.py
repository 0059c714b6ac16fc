"""DouZeroEnv: DouZero's environment API and observations on the engine. The shapes, rewards and
refusals are checked everywhere; the observations, legal actions and rewards against DouZero's own
``Env`` move by move on the same games where DouZero's code is importable (a checkout named by
DOUZERO_DIR; numpy needed), skipped, saying so, elsewhere."""

import os
import random
import sys
import unittest
from unittest import mock

import support


def douzero_or_skip():
    return support.checkout_or_skip("DOUZERO_DIR", "douzero.env.env", "DouZero")


def play(env, rng, games, check):
    """Random legal actions in ``games`` games of ``env``; ``check(obs)`` on every observation;
    the rewards."""
    rewards = []
    for _ in range(games):
        obs = env.reset()
        while True:
            check(obs)
            obs, reward, done, info = env.step(rng.choice(sorted(obs["legal_actions"])))
            if done:
                rewards.append(reward)
                break
    return rewards


@support.per_backend
class DouZeroEnvApi:
    def test_observations_have_douzero_shapes_and_games_repeat(self):
        from ddz_engine.douzero_env import DouZeroEnv
        seen = set()

        def check(obs):
            n = len(obs["legal_actions"])
            width = 319 if obs["position"] == "landlord" else 430
            self.assertEqual((width,), obs["x_no_action"].shape)
            self.assertEqual((n, width + 54), obs["x_batch"].shape)
            self.assertEqual((5, 162), obs["z"].shape)
            self.assertEqual((n, 5, 162), obs["z_batch"].shape)
            self.assertEqual("float32", str(obs["x_batch"].dtype))
            self.assertEqual("int8", str(obs["x_no_action"].dtype))
            seen.add(obs["position"])

        first = play(DouZeroEnv(engine=self.engine, seed=4), random.Random(1), 4, check)
        again = play(DouZeroEnv(engine=self.engine, seed=4), random.Random(1), 4, lambda obs: None)
        self.assertEqual(first, again, "the same seed, the same games")
        self.assertEqual({"landlord", "landlord_down", "landlord_up"}, seen)
        self.assertTrue(all(r in (1.0, -1.0) for r in first), first)
        adp = play(DouZeroEnv("adp", engine=self.engine, seed=4), random.Random(1), 4, lambda obs: None)
        self.assertEqual([1.0 if r > 0 else -1.0 for r in first], [1.0 if r > 0 else -1.0 for r in adp])

    def test_illegal_actions_and_objectives_are_refused(self):
        from ddz_engine.douzero_env import DouZeroEnv
        with self.assertRaises(ValueError):
            DouZeroEnv("score", engine=self.engine)
        env = DouZeroEnv(engine=self.engine)
        obs = env.reset()
        with self.assertRaises(ValueError):
            env.step([])  # the landlord leads: no pass
        with self.assertRaises(ValueError):
            env.step([99])
        env.step(obs["legal_actions"][0])


@support.per_backend
class SameAsDouZero:
    def test_the_same_observations_actions_and_rewards_move_by_move(self):
        dz = douzero_or_skip()
        import numpy as np
        from ddz_engine.douzero_env import DouZeroEnv, to_douzero
        for objective in ("wp", "adp"):
            theirs = dz.Env(objective)
            ours = DouZeroEnv(objective, engine=self.engine, seed=9)
            rng = random.Random(9)
            steps = 0
            for game in range(8):
                mine = ours.reset()
                s = ours.state
                kitty = to_douzero(s.kitty)
                landlord = to_douzero(s.hands[0])
                for c in kitty:
                    landlord.remove(c)
                deck = landlord + kitty + to_douzero(s.hands[2]) + to_douzero(s.hands[1])
                with mock.patch.object(np.random, "shuffle", lambda d: d.__setitem__(slice(None), deck)):
                    obs = theirs.reset()
                while True:
                    where = "%s game %d step %d" % (objective, game, steps)
                    self.assertEqual(obs["position"], mine["position"], where)
                    # DouZero's generator may list a four with two kickers more than once; ours once
                    self.assertEqual(sorted(set(map(tuple, obs["legal_actions"]))),
                                     sorted(map(tuple, mine["legal_actions"])), where)
                    self.assertTrue((obs["x_no_action"] == mine["x_no_action"]).all(), where + ": x_no_action")
                    self.assertTrue((obs["z"] == mine["z"]).all(), where + ": z")
                    rows = {tuple(a): mine["x_batch"][i] for i, a in enumerate(mine["legal_actions"])}
                    for i, a in enumerate(obs["legal_actions"]):
                        self.assertTrue((obs["x_batch"][i] == rows[tuple(a)]).all(), where + ": x_batch of %s" % a)
                    action = rng.choice(sorted(obs["legal_actions"]))
                    obs, reward, done, _ = theirs.step(action)
                    mine, my_reward, my_done, _ = ours.step(action)
                    steps += 1
                    self.assertEqual(done, my_done, where)
                    if done:
                        self.assertEqual(reward, my_reward, where)
                        break
            self.assertGreater(steps, 150)


@support.per_backend
class SameAsThePythonEncoder:
    """The engine's observations against the package's Python encoder (``observation``, which the
    test above checks against DouZero's): in CI, which has no DouZero."""

    def test_every_observation_as_the_python_encoder_writes_it(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            raise unittest.SkipTest("numpy is not importable here: the environment needs it")
        from ddz_engine.douzero_env import DouZeroEnv, observation, to_douzero
        env = DouZeroEnv("adp", engine=self.engine, seed=6)
        rng = random.Random(6)
        steps = 0
        for game in range(6):
            mine = env.reset()
            while True:
                s = env.state
                self.assertEqual(sorted(map(tuple, mine["legal_actions"])), sorted({tuple(to_douzero(m)) for m in s.legal}))
                want = observation(s.seat, s.hands, s.history, mine["legal_actions"])
                where = "game %d step %d" % (game, steps)
                self.assertEqual(want["position"], mine["position"], where)
                for field in ("x_no_action", "z", "x_batch", "z_batch"):
                    self.assertEqual(want[field].shape, mine[field].shape, where + ": " + field)
                    self.assertEqual(str(want[field].dtype), str(mine[field].dtype), where + ": " + field)
                    self.assertTrue((want[field] == mine[field]).all(), where + ": " + field)
                mine, reward, done, _ = env.step(rng.choice(mine["legal_actions"]))
                steps += 1
                if done:
                    bombs = sum(1 for m in env.state.history if m != "pass" and len(set(m.split(":")[0])) == 1
                                and len(m.split(":")[0]) == 4 or m.split(":")[0] == "XD")
                    winner = env.state.result["winner"]
                    self.assertEqual((1 if winner == "landlord" else -1) * 2.0 ** bombs, reward, "game %d" % game)
                    break
        self.assertGreater(steps, 150)
        with self.assertRaises(RuntimeError):
            env.step([3])


if __name__ == "__main__":
    unittest.main()
