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


@support.per_backend
class BatchSameAsOne:
    def test_the_batch_encodes_as_the_one_game_environment(self):
        rlcard_or_skip()
        from ddz_engine.rlcard_env import RLCardBatchEnv, RLCardEnv
        batch = RLCardBatchEnv(self.engine, n=4, seed=3, deals=True)
        states = batch.reset()
        singles = []
        for d in batch.deals:
            one = RLCardEnv(self.engine)
            one.reset(deal=d)
            singles.append(one)
        rng = random.Random(3)
        checked = ended_games = 0
        for _ in range(250):
            for i, (st, one) in enumerate(zip(states, singles)):
                mine = one.get_state(one.get_player_id())
                self.assertEqual(one.get_player_id(), st["player_id"])
                self.assertEqual(sorted(mine["legal_actions"]), sorted(st["legal_actions"]), "slot %d" % i)
                self.assertTrue((mine["obs"] == st["obs"]).all(), "slot %d: observations differ" % i)
                checked += 1
            actions = [rng.choice(sorted(st["legal_actions"])) for st in states]
            for one, a in zip(singles, actions):
                one.step(a)
            states, ended = batch.step(actions)
            for slot, game, payoffs in ended:
                self.assertTrue(singles[slot].is_over())
                self.assertEqual(list(singles[slot].get_payoffs()), list(payoffs))
                singles[slot] = RLCardEnv(self.engine)
                singles[slot].reset(deal=batch.deals[slot])
                ended_games += 1
        self.assertGreater(ended_games, 4)
        self.assertEqual(1000, checked)


if __name__ == "__main__":
    unittest.main()
