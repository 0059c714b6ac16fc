"""The stepping environment (ddz_engine.env) against the engine: seeded deals, checked moves,
engine agents' moves, the end of a game with its result and a record that replays."""

import random
import unittest

import support
from ddz_engine import InputError
from ddz_engine.env import AecEnv, BatchEnv, DdzEnv


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


@support.per_backend
class Batched:
    def play(self, seed, steps=300):
        env = BatchEnv(self.engine, n=16, seed=seed)
        rng = random.Random(seed)
        slots = env.reset()
        ended = []
        for _ in range(steps):
            self.assertEqual(16, len(slots))
            for s in slots:
                self.assertTrue(s.legal, s)
                self.assertIn(s.seat, (0, 1, 2))
            slots, done = env.step([rng.choice(s.legal) for s in slots])
            ended.extend(done)
        return env, ended

    def test_many_games_stepped_together_end_and_restart(self):
        env, ended = self.play(5)
        self.assertGreater(len(ended), 16, "games end and the slots go on with new ones")
        for e in ended:
            self.assertEqual(0, sum(e.scores), e)       # zero-sum scoring
            self.assertEqual(2 * abs(e.scores[1]), abs(e.scores[0]), e)
        self.assertEqual(len(set(e.game for e in ended)), len(ended), "every game number once")
        again = self.play(5)[1]
        self.assertEqual(ended, again, "the same seed and moves give the same games")
        self.assertEqual("pass", env.move_text(0))

    def test_a_pass_on_a_lead_and_a_bad_list_are_refused(self):
        env = BatchEnv(self.engine, n=2, seed=1)
        slots = env.reset()
        with self.assertRaises(InputError) as e:
            env.step([0, slots[1].legal[0]])    # the landlord leads: no pass
        self.assertIn("moves[0]", str(e.exception))
        with self.assertRaises(InputError):
            env.step([slots[0].legal[0]])
        again, _ = env.step([s.legal[0] for s in slots])
        self.assertEqual([1, 1], [s.seat for s in again], "the refused steps moved nothing")


@support.per_backend
class AgentEnvironmentCycle:
    def test_pettingzoos_loop_plays_a_game_each_agent_seeing_its_own_cards(self):
        env = AecEnv(self.engine)
        env.reset(seed=3)
        self.assertEqual("landlord", env.agent_selection)
        seen = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            others = [env.observe(a) for a in env.possible_agents if a != agent]
            self.assertTrue(all(o["legal"] == [] for o in others), "only the agent to act has moves")
            if terminated:
                seen.append((agent, reward))
                env.step(None)
            else:
                self.assertEqual(obs["hand"], env._env.state.hands[obs["seat"]])
                env.step(obs["legal"][-1])
        self.assertEqual(3, len(seen))
        self.assertEqual(0, sum(r for _, r in seen))
        self.assertEqual([], env.agents)
        with self.assertRaises(InputError):
            env.reset(seed=3)
            env.step("pass")     # the landlord leads: no pass


class NotReset(unittest.TestCase):
    def test_step_before_reset(self):
        with self.assertRaises(RuntimeError):
            DdzEnv(support.any_engine()).step("3")


if __name__ == "__main__":
    unittest.main()
