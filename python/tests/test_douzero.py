"""The DouZero agent in DouZero's game loop with its documented InfoSet, and the deal converter."""

import io
import os
import pickle
import random
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import harness
import support
from ddz_engine import InputError, cards
from ddz_engine.douzero import DouZeroAgent, convert_eval_data, deal_line, history_move, main, read_eval_data

GAMES = 6


@support.per_backend
class DouZeroMatch:
    def agent(self, position=None, **kw):
        return DouZeroAgent(position, self.engine, worlds=kw.pop("worlds", 12), seed=kw.pop("seed", 5), **kw)

    def test_a_short_match_against_the_random_agent(self):
        """As in DouZero's evaluation: our agent as the landlord against random farmers, then random
        against our farmers (one agent object per position); every action in legal_actions."""
        rnd = random.Random(12)
        won = 0
        for g in range(GAMES):
            data = harness.douzero_deal(rnd)
            if g % 2 == 0:
                players = {"landlord": self.agent("landlord"), "landlord_down": harness.RandomDouZeroAgent(g),
                           "landlord_up": harness.RandomDouZeroAgent(50 + g)}
                won += harness.DouZeroGame(self.engine, data).run(players) == "landlord"
            else:
                players = {"landlord": harness.RandomDouZeroAgent(g), "landlord_down": self.agent("landlord_down"),
                           "landlord_up": self.agent("landlord_up")}
                won += harness.DouZeroGame(self.engine, data).run(players) == "farmer"
        self.assertGreaterEqual(won, GAMES - 1, "won %d of %d games against the random agent" % (won, GAMES))

    def test_every_engine_agent_plays_as_a_douzero_agent(self):
        """rule, greedy, random, an effort-budgeted mc and net (its bundled model), from_spec, as the
        landlord against random farmers: every action in legal_actions."""
        for spec in ("rule", "greedy", "random", "mc:effort=3000", "net"):
            data = harness.douzero_deal(random.Random(8))
            ours = DouZeroAgent.from_spec(spec, "landlord")
            ours._engine = self.engine
            self.assertEqual(spec, ours.agent)
            players = {"landlord": ours, "landlord_down": harness.RandomDouZeroAgent(1),
                       "landlord_up": harness.RandomDouZeroAgent(2)}
            self.assertIn(harness.DouZeroGame(self.engine, data).run(players), ("landlord", "farmer"), spec)

    def test_act_returns_a_legal_action_object_and_win_rates(self):
        game = harness.DouZeroGame(self.engine, harness.douzero_deal(random.Random(5)))
        info = game.infoset()
        agent = self.agent(worlds=30)
        action = agent.act(info)
        self.assertTrue(any(action is a for a in info.legal_actions))
        self.assertEqual(30, agent.last_decision.worlds)
        self.assertIn(tuple(action), agent.last_win_rates)

    def test_the_kitty_the_infoset_loses(self):
        rnd = random.Random(31)
        data = harness.douzero_deal(rnd)
        game = harness.DouZeroGame(self.engine, data)
        landlord = self.agent("landlord")
        first = game.infoset()
        landlord.act(first)
        kitty_card = data["three_landlord_cards"][0]

        class Fixed:
            def act(self, infoset):
                return [kitty_card]
        game.step({"landlord": Fixed()})  # the landlord leads a kitty card as a solo
        farmer_info = game.infoset()
        self.assertEqual(2, len(farmer_info.three_landlord_cards))
        with self.assertRaises(InputError) as c:
            self.engine.move(cards.from_douzero(farmer_info.player_hand_cards), 1,
                             [cards.from_douzero([kitty_card])],
                             kitty=cards.from_douzero(farmer_info.three_landlord_cards), worlds=5, rules="douzero")
        self.assertEqual("the kitty has 3 cards, not 2", c.exception.message)
        farmer = self.agent("landlord_down")
        self.assertIn(farmer.act(farmer_info), farmer_info.legal_actions)
        self.assertEqual(cards.from_douzero(data["three_landlord_cards"]), farmer.memory.kitty)  # rebuilt exactly
        game.step({"landlord_down": harness.RandomDouZeroAgent(1)})
        game.step({"landlord_up": harness.RandomDouZeroAgent(2)})
        info = game.infoset()
        self.assertIn(landlord.act(info), info.legal_actions)
        self.assertEqual(cards.from_douzero(data["three_landlord_cards"]), landlord.memory.kitty)

    def test_bad_infosets(self):
        info = harness.DouZeroGame(self.engine, harness.douzero_deal(random.Random(6))).infoset()
        with self.assertRaises(InputError):
            self.agent("landlord_up").act(info)
        info.player_position = "dealer"
        with self.assertRaises(InputError):
            self.agent().act(info)
        with self.assertRaises(ValueError):
            DouZeroAgent("dealer")


class Readings(unittest.TestCase):
    def test_four_trio_chains_take_the_chain_reading(self):
        self.assertEqual("333444555666:trio_chain_4", history_move("333444555666"))
        self.assertEqual("JJJQQQKKKAAA:trio_chain_4", history_move("JJJQQQKKKAAA"))
        self.assertEqual("QQQKKKAAA222", history_move("QQQKKKAAA222"))  # no chain holds a 2
        self.assertEqual("33344455566678", history_move("33344455566678"))
        self.assertEqual("pass", history_move(""))

    def test_they_are_the_only_card_sets_of_two_readings(self):
        """Under DouZero's rules the engine's card sets of two readings are exactly the four-trio chains."""
        e = support.any_engine()
        for hand in ("33344455566677789TJQ", "8889999TTTJJJQQQKKKA", "QQQKKKAAA222XD3456"):
            leads = e.legal_moves(hand, rules="douzero")
            ambiguous = {m.split(":")[0] for m in leads if ":" in m}
            chains = {m for m in leads if ":" not in m and history_move(m).endswith(":trio_chain_4")}
            chains |= {m.split(":")[0] for m in leads if history_move(m.split(":")[0]).endswith(":trio_chain_4")}
            self.assertEqual(chains, ambiguous, hand)
            self.assertEqual(len(ambiguous) * 2, sum(":" in m for m in leads), hand)


class Specs(unittest.TestCase):
    def test_from_spec(self):
        a = DouZeroAgent.from_spec("ddz:budget_ms=30,worlds=20,seed=4,threads=1,prior=uniform", "landlord")
        self.assertEqual((30, 20, 4, 1, "uniform", "landlord"), (a.budget_ms, a.worlds, a.seed, a.threads, a.prior,
                                                                 a.position))
        self.assertEqual(50, DouZeroAgent.from_spec("ddz").budget_ms)
        self.assertEqual("greedy", DouZeroAgent.from_spec("greedy").agent)
        self.assertEqual("mc:effort=60000", DouZeroAgent.from_spec("ddz+mc:effort=60000").agent)
        for bad in ("rlcard", "ddz:bogus=1", "ddz:worlds", "ddz+"):
            with self.assertRaises(ValueError):
                DouZeroAgent.from_spec(bad)


class Converter(unittest.TestCase):
    def write(self, data):
        f = tempfile.NamedTemporaryFile(suffix=".pkl", delete=False)
        pickle.dump(data, f, pickle.HIGHEST_PROTOCOL)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_deals_as_ddz_play_reads_them(self):
        rnd = random.Random(2)
        data = [harness.douzero_deal(rnd) for _ in range(5)]
        src = self.write(data)
        out = src + ".txt"
        self.addCleanup(lambda: os.path.exists(out) and os.unlink(out))
        lines = convert_eval_data(src, out)
        with open(out, encoding="utf-8") as f:
            self.assertEqual(lines, f.read().splitlines())
        for d, line in zip(data, lines):
            h0, h1, h2, k = line.split("/")
            self.assertEqual(cards.from_douzero(d["landlord"]), cards.canonical(h0 + k))
            self.assertEqual(cards.from_douzero(d["landlord_down"]), h1)
            self.assertEqual(cards.from_douzero(d["landlord_up"]), h2)
            self.assertEqual(cards.from_douzero(d["three_landlord_cards"]), k)
        # the engine's own reader takes the file: ddz play --deals-file
        java = support.any_engine()._backend
        jar = support.any_engine().jar
        from ddz_engine._jar import find_java
        run = subprocess.run([find_java(), "-jar", jar, "play", "--a", "rule", "--b", "random", "--deals-file", out,
                              "--json"], capture_output=True, text=True, timeout=120)
        self.assertEqual(0, run.returncode, run.stderr)
        self.assertIn('"deals":5', run.stdout.replace(" ", ""))
        del java

    def test_the_command_line(self):
        src = self.write([harness.douzero_deal(random.Random(9))])
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            self.assertEqual(0, main([src]))
        self.assertEqual(1, len(out.getvalue().splitlines()))
        run = subprocess.run([sys.executable, "-m", "ddz_engine.douzero", "/nonexistent.pkl"], capture_output=True,
                             text=True)
        self.assertEqual(2, run.returncode)
        self.assertTrue(run.stderr.startswith("python -m ddz_engine.douzero: "), run.stderr)
        self.assertEqual(1, len(run.stderr.splitlines()))

    def test_bad_files_and_deals(self):
        good = harness.douzero_deal(random.Random(1))
        missing = next(v for v in cards.DOUZERO_OF.values() if v not in good["landlord"])  # a rank it lacks
        cases = [
            ({k: v for k, v in good.items() if k != "landlord_up"}, "deal 0: no landlord_up"),
            (dict(good, landlord=good["landlord"][:19]), "deal 0: landlord holds 19 cards, not 20"),
            (dict(good, three_landlord_cards=[missing] + good["three_landlord_cards"][1:]),
             "deal 0: three_landlord_cards"),
            (dict(good, landlord_up=[15] + good["landlord_up"][1:]), "deal 0: landlord_up: DouZero cards: 15"),
        ]
        for deal, message in cases:
            with self.assertRaises(ValueError) as c:
                convert_eval_data(self.write([deal]))
            self.assertIn(message, str(c.exception))
        with self.assertRaises(ValueError) as c:
            deal_line(dict(good, landlord_down=good["landlord_up"]))
        self.assertIn("dealt", str(c.exception))
        # a pickle that would run code is refused, not run
        with self.assertRaises(ValueError) as c:
            read_eval_data(self.write([os.system]))
        self.assertIn("refusing to load", str(c.exception))
        with self.assertRaises(ValueError):
            read_eval_data(self.write({"not": "a list"}))


if __name__ == "__main__":
    unittest.main()
