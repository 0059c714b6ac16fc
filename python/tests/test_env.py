"""The stepping environment (ddz_engine.env) against the engine: seeded deals, checked moves,
engine agents' moves, the end of a game with its result and a record that replays."""

import unittest

import support
from ddz_engine import InputError
from ddz_engine.env import DdzEnv


@support.per_backend
class Environment:
    def test_a_game_played_to_its_end_by_engine_agents(self):
        env = DdzEnv(self.engine)
        s = env.reset(seed=3)
        self.assertEqual((0, False, None), (s.seat, s.done, s.last_move))
        self.assertEqual(20, len(s.hands[0]))
        self.assertEqual(s.hands[0], s.hand)
        self.assertNotIn("pass", s.legal, "a lead cannot pass")
        plays = 0
        while not s.done:
            move = env.agent_move("greedy" if s.seat == 0 else "rule")
            self.assertIn(move, s.legal)
            s = env.step(move)
            plays += 1
            self.assertLess(plays, 200)
        self.assertEqual(-1, s.seat)
        self.assertEqual([], s.legal)
        self.assertEqual(0, sum(env.rewards), "a zero-sum game")
        self.assertEqual(s.result["scores"], env.rewards)
        self.assertEqual(len(s.history), len(s.record["actions"]))
        with self.assertRaises(InputError):
            env.step("3")

    def test_the_same_seed_and_state_give_the_same_deal_and_agent_moves(self):
        a, b = DdzEnv(self.engine), DdzEnv(self.engine)
        sa, sb = a.reset(seed=11), b.reset(seed=11)
        self.assertEqual(sa.deal, sb.deal)
        for _ in range(6):
            ma, mb = a.agent_move("mc:worlds=20"), b.agent_move("mc:worlds=20")
            self.assertEqual(ma, mb)
            sa, sb = a.step(ma), b.step(mb)
        self.assertNotEqual(a.reset(seed=12).deal, sb.deal)

    def test_illegal_moves_are_refused_and_change_nothing(self):
        env = DdzEnv(self.engine)
        dealt = env.reset(seed=5)
        s = env.reset(deal=dealt.deal)
        self.assertEqual(dealt.deal, s.deal)
        with self.assertRaises(InputError) as e:
            env.step("pass")
        self.assertIn("not legal", str(e.exception))
        with self.assertRaises(InputError):
            env.step("W")
        absent = next(r for r in "3456789TJQKA2XD" if r not in s.hand)
        with self.assertRaises(InputError):
            env.step(absent)  # not in the hand
        self.assertEqual(s, env.state)
        lead = s.legal[0]
        s = env.step(lead)
        self.assertEqual({"move": lead, "seat": 0}, s.last_move)
        self.assertEqual(1, s.seat)
        self.assertEqual("pass", s.legal[-1])
        with self.assertRaises(InputError):
            env.agent_move("nosuch")
        with self.assertRaises(InputError):
            env.reset(deal="33/44/55/6")


class NotReset(unittest.TestCase):
    def test_step_before_reset(self):
        with self.assertRaises(RuntimeError):
            DdzEnv(support.any_engine()).step("3")


if __name__ == "__main__":
    unittest.main()
