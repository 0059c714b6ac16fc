"""RLCardEnv against RLCard's own Dou Dizhu environment, move by move on the same games: the same
observation arrays, the same legal action ids, the same payoffs. Runs where RLCard is importable
(installed, or a checkout named by RLCARD_DIR; numpy needed) and is skipped, saying so, elsewhere."""

import os
import random
import sys
import unittest

import support


def rlcard_or_skip():
    return support.checkout_or_skip("RLCARD_DIR", "rlcard", "RLCard")


@support.per_backend
class SameAsRLCard:
    def test_the_same_observations_actions_and_payoffs_move_by_move(self):
        rlcard = rlcard_or_skip()
        from ddz_engine.rlcard_env import RLCardEnv
        theirs = rlcard.make("doudizhu", config={"seed": 7})
        ours = RLCardEnv(self.engine)
        self.assertEqual(theirs.num_actions, ours.num_actions)
        self.assertEqual(theirs.state_shape, ours.state_shape)
        rng = random.Random(7)
        steps = 0
        for game in range(12):
            state, pid = theirs.reset()
            hands = theirs.get_perfect_information()["hand_cards"]
            kitty = state["raw_obs"]["seen_cards"]
            landlord = list(hands[0])
            for c in kitty:
                landlord.remove(c)
            mine, mpid = ours.reset(deal="%s/%s/%s/%s" % ("".join(landlord), hands[1], hands[2], kitty))
            while True:
                self.assertEqual(pid, mpid)
                self.assertEqual(sorted(state["legal_actions"]), sorted(mine["legal_actions"]), "game %d" % game)
                self.assertTrue((state["obs"] == mine["obs"]).all(), "game %d step %d: observations differ" % (game, steps))
                theirs_raw, mine_raw = state["raw_obs"], mine["raw_obs"]
                for field in ("seen_cards", "landlord", "self", "current_hand", "others_hand", "played_cards",
                              "num_cards_left"):
                    self.assertEqual(theirs_raw[field], mine_raw[field], "game %d step %d: %s" % (game, steps, field))
                self.assertEqual([tuple(t) for t in theirs_raw["trace"]], [tuple(t) for t in mine_raw["trace"]])
                self.assertEqual(sorted(theirs_raw["actions"]), sorted(mine_raw["actions"]))
                self.assertEqual(sorted(state["raw_legal_actions"]), sorted(mine["raw_legal_actions"]))
                if theirs.is_over():
                    break
                action = rng.choice(sorted(state["legal_actions"]))
                state, pid = theirs.step(action)
                mine, mpid = ours.step(action)
                steps += 1
                if theirs.is_over():
                    self.assertTrue(ours.is_over())
                    self.assertEqual(list(theirs.get_payoffs()), list(ours.get_payoffs()))
                    break
        self.assertGreater(steps, 300)


def batch_same_as_one(test, actions):
    """RLCardBatchEnv's states, legal ids and payoffs equal n RLCardEnv's on the same deals and actions."""
    from ddz_engine.rlcard_env import RLCardBatchEnv, RLCardEnv
    batch = RLCardBatchEnv(test.engine, n=4, seed=3, deals=True, actions=actions)
    states = batch.reset()
    singles = []
    for d in batch.deals:
        one = RLCardEnv(test.engine, actions=actions)
        one.reset(deal=d)
        singles.append(one)
    rng = random.Random(3)
    checked = ended_games = 0
    for _ in range(250):
        for i, (st, one) in enumerate(zip(states, singles)):
            mine = one.get_state(one.get_player_id())
            test.assertEqual(one.get_player_id(), st["player_id"])
            test.assertEqual(sorted(mine["legal_actions"]), sorted(st["legal_actions"]), "slot %d" % i)
            test.assertTrue((mine["obs"] == st["obs"]).all(), "slot %d: observations differ" % i)
            checked += 1
        actions_now = [rng.choice(sorted(st["legal_actions"])) for st in states]
        for one, a in zip(singles, actions_now):
            one.step(a)
        states, ended = batch.step(actions_now)
        for slot, game, payoffs in ended:
            test.assertTrue(singles[slot].is_over())
            test.assertEqual(list(singles[slot].get_payoffs()), list(payoffs))
            singles[slot] = RLCardEnv(test.engine, actions=actions)
            singles[slot].reset(deal=batch.deals[slot])
            ended_games += 1
    test.assertGreater(ended_games, 4)
    test.assertEqual(1000, checked)


@support.per_backend
class BatchSameAsOne:
    def test_the_batch_encodes_as_the_one_game_environment(self):
        rlcard_or_skip()
        from rlcard.games.doudizhu.utils import ID_2_ACTION
        batch_same_as_one(self, ID_2_ACTION)

def table_actions(engine):
    """An action list in RLCard's notation without RLCard: ``pass``, then every card set of the
    rlcard preset's move table once (sorted as RLCard writes them)."""
    from ddz_engine.rlcard_env import _sorted, to_rlcard
    out = ["pass"]
    seen = {"pass"}
    for m in engine._req({"op": "env_move_table"}, "rlcard", None)["moves"]:
        a = _sorted(to_rlcard(m)) if m != "pass" else "pass"
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


@support.per_backend
class WithoutRLCard:
    """The environment on an action list of our own (CI has no RLCard): every observation equals
    the Python encoder's (``observation``, which the test above checks against RLCard's), every
    legal id set the engine's legal moves, and the games end as the engine's ``DdzEnv`` ends them."""

    def test_observations_legal_ids_and_payoffs_against_the_python_encoder(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            raise unittest.SkipTest("numpy is not importable here: the environment needs it")
        from ddz_engine.env import DdzEnv
        from ddz_engine.rlcard_env import RLCardEnv, _FROM_RLCARD, _sorted, observation, to_rlcard
        actions = table_actions(self.engine)
        env = RLCardEnv(self.engine, config={"seed": 5}, actions=actions)
        ref = DdzEnv(self.engine, rules="rlcard")
        rng = random.Random(5)
        steps = 0
        for game in range(6):
            state, pid = env.reset()
            ref.reset(deal=env._game.deal())
            trace = []
            while True:
                st = ref.state
                hands = list(st.hands)
                self.assertEqual(pid, trace[-1][0] if st.done else st.seat)
                want = observation(pid, [h.translate({ord("X"): "B", ord("D"): "R"}) for h in hands], trace)
                self.assertTrue((want == state["obs"]).all(), "game %d step %d" % (game, steps))
                if st.done:
                    break
                legal = sorted({actions.index(_sorted(to_rlcard(m)) if m != "pass" else "pass") for m in st.legal})
                self.assertEqual(legal, sorted(state["legal_actions"]))
                self.assertEqual(sorted(actions[i] for i in legal), sorted(state["raw_legal_actions"]))
                self.assertEqual(hands[pid].translate({ord("X"): "B", ord("D"): "R"}), state["raw_obs"]["current_hand"])
                action = rng.choice(legal)
                state, pid = env.step(action)
                ref.step(actions[action].translate(_FROM_RLCARD))
                trace.append((st.seat, actions[action]))
                steps += 1
            self.assertTrue(env.is_over())
            winner = ref.state.result["winner"]
            self.assertEqual([1, 0, 0] if winner == "landlord" else [0, 1, 1], list(env.get_payoffs()))
            for p in range(3):  # the end's state of every player, as run() asks for it
                self.assertEqual(790 if p == 0 else 901, len(env.get_state(p)["obs"]))
        self.assertGreater(steps, 150)

    def test_the_batch_without_rlcard(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            raise unittest.SkipTest("numpy is not importable here: the environment needs it")
        batch_same_as_one(self, table_actions(self.engine))

    def test_the_batch_refuses_bad_actions(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            raise unittest.SkipTest("numpy is not importable here: the environment needs it")
        from ddz_engine import InputError
        from ddz_engine.rlcard_env import RLCardBatchEnv
        batch = RLCardBatchEnv(self.engine, n=2, seed=1, actions=table_actions(self.engine))
        with self.assertRaises(RuntimeError):
            batch.step([0, 0])
        states = batch.reset()
        with self.assertRaises(InputError) as e:
            batch.step([0, 0])  # a pass on the lead
        self.assertEqual("actions[0]: action 0 (pass) is not legal for player 0 now (game 0 of the batch)",
                         str(e.exception))
        with self.assertRaises(InputError):
            batch.step([0])
        with self.assertRaises(InputError):
            batch.step(["x", 1])
        again, _ = batch.step([min(st["legal_actions"]) for st in states])
        self.assertEqual([1, 1], [st["player_id"] for st in again])

    def test_bad_actions_are_input_errors_and_leave_the_game(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            raise unittest.SkipTest("numpy is not importable here: the environment needs it")
        from ddz_engine import InputError
        from ddz_engine.rlcard_env import RLCardEnv
        env = RLCardEnv(self.engine, actions=table_actions(self.engine))
        with self.assertRaises(RuntimeError):
            env.step(0)
        env.reset()
        state, _ = env.reset(deal=env._game.deal())
        with self.assertRaises(InputError) as e:
            env.step(0)  # a pass on the lead
        self.assertIn("is not legal", str(e.exception))
        with self.assertRaises(InputError):
            env.step(10 ** 6)
        with self.assertRaises(InputError):
            env.step("KKKK", raw_action=True)
        state2 = env.get_state(0)
        self.assertEqual(sorted(state["legal_actions"]), sorted(state2["legal_actions"]))
        self.assertTrue((state["obs"] == state2["obs"]).all())
        single = min(a for a in state["raw_legal_actions"] if len(a) == 1)
        nxt, pid = env.step(single, raw_action=True)
        self.assertEqual(1, pid)
        self.assertEqual([(0, single)], nxt["raw_obs"]["trace"])
        with self.assertRaises(InputError):
            RLCardEnv(self.engine, actions=["pass", "3?"]).reset()


if __name__ == "__main__":
    unittest.main()
