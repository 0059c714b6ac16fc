"""The RLCard agent, driven by RLCard's game loop with its documented state objects."""

import random
import unittest

import harness
import support
from ddz_engine import InputError, cards
from ddz_engine.rlcard import RLCardAgent

GAMES = 6


@support.per_backend
class RLCardMatch:
    def agent(self, **kw):
        return RLCardAgent(self.engine, worlds=kw.pop("worlds", 12), seed=kw.pop("seed", 5), **kw)

    def test_a_short_match_against_the_random_agent(self):
        """Our agent as the landlord against two random farmers, then as both farmers (one agent
        object for two seats) against a random landlord; every action legal."""
        rnd = random.Random(11)
        won = 0
        for g in range(GAMES):
            hands, kitty = harness.deal(rnd)
            ours = self.agent()
            if g % 2 == 0:
                agents = [ours, harness.RandomRLCardAgent(g), harness.RandomRLCardAgent(100 + g)]
                payoffs = harness.RLCardGame(self.engine, hands, kitty).run(agents)
                won += payoffs[0]
            else:
                agents = [harness.RandomRLCardAgent(g), ours, ours]
                payoffs = harness.RLCardGame(self.engine, hands, kitty).run(agents, evaluate=g % 4 == 1)
                won += payoffs[1]
        self.assertGreaterEqual(won, GAMES - 1, "won %d of %d games against the random agent" % (won, GAMES))

    def test_every_engine_agent_plays_as_an_rlcard_agent(self):
        """rule, greedy, random, an effort-budgeted mc and net (its bundled model), each as the
        landlord against two random farmers: every action legal, the same game for the same seed."""
        for spec in ("rule", "greedy", "random", "mc:effort=3000", "net"):
            results = []
            for _ in range(2):
                hands, kitty = harness.deal(random.Random(21))
                ours = RLCardAgent(self.engine, agent=spec, seed=3)
                agents = [ours, harness.RandomRLCardAgent(1), harness.RandomRLCardAgent(2)]
                results.append(harness.RLCardGame(self.engine, hands, kitty).run(agents))
                self.assertTrue(ours.last_decision is None or ours.last_decision.candidates == [], spec)
            self.assertEqual(results[0], results[1], spec)

    def test_eval_step_returns_win_rates(self):
        rnd = random.Random(3)
        hands, kitty = harness.deal(rnd)
        game = harness.RLCardGame(self.engine, hands, kitty)
        agent = self.agent(worlds=30)
        action, info = agent.eval_step(game.state())
        self.assertIn(action, game.state()["raw_legal_actions"])
        self.assertEqual(30, info["worlds"])
        self.assertIn(action, info["win_rates"])
        self.assertEqual(max(info["win_rates"].values()), info["win_rates"][action])
        for a in info["win_rates"]:
            self.assertIn(a, game.state()["raw_legal_actions"])  # RLCard's own spelling: B and R for the jokers
        self.assertEqual(action, agent.step(game.state()))  # the same state, the same seed: the same action
        self.assertTrue(RLCardAgent.use_raw)

    def test_the_kitty_the_state_loses(self):
        """The landlord plays a kitty card; RLCard's seen_cards loses it; the farmers' and the
        landlord's later decisions still reach the engine (which refuses a kitty of 2 cards)."""
        hands, kitty = harness.deal(random.Random(21))
        game = harness.RLCardGame(self.engine, hands, kitty)
        landlord = self.agent()
        landlord.eval_step(game.state())  # the landlord's first decision: all three cards shown
        game.step(cards.to_rlcard(kitty[0]))  # whatever it chose, the landlord plays a kitty card
        farmer_state = game.state()
        shown = cards.from_rlcard(farmer_state["raw_obs"]["seen_cards"])
        self.assertLess(len(shown), 3)
        with self.assertRaises(InputError) as c:
            self.engine.move(cards.from_rlcard(farmer_state["raw_obs"]["current_hand"]), 1, [kitty[0]], kitty=shown,
                             worlds=5, rules="rlcard")
        self.assertTrue(c.exception.message.startswith("the kitty has 3 cards, not"), c.exception.message)
        farmer = self.agent()
        action, info = farmer.eval_step(farmer_state)
        self.assertIn(action, farmer_state["raw_legal_actions"])
        self.assertIsNotNone(farmer.memory.kitty)  # rebuilt: what is shown, and the card the landlord played
        self.assertEqual(3, len(farmer.memory.kitty))
        game.step("pass")
        game.step("pass")
        again = game.state()
        a1, _ = landlord.eval_step(again)
        self.assertEqual(kitty, landlord.memory.kitty)  # remembered from the first decision
        self.assertIn(a1, again["raw_legal_actions"])

    def test_landlord_other_than_player_0(self):
        rnd = random.Random(8)
        hands, kitty = harness.deal(rnd)
        ours = self.agent()
        agents = [harness.RandomRLCardAgent(1), ours, harness.RandomRLCardAgent(2)]
        harness.RLCardGame(self.engine, hands, kitty, landlord=1).run(agents)  # every action checked legal

    def test_a_bad_state(self):
        rnd = random.Random(4)
        hands, kitty = harness.deal(rnd)
        game = harness.RLCardGame(self.engine, hands, kitty)
        s = game.state()
        s["raw_obs"]["self"] = 1
        with self.assertRaises(InputError) as c:
            self.agent().eval_step(s)
        self.assertEqual("after 0 plays player 0 acts, not player 1", c.exception.message)


if __name__ == "__main__":
    unittest.main()
