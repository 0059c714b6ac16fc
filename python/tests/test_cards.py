"""Card encodings (ours, RLCard's, DouZero's) and the kitty memory of the agents."""

import random
import unittest

import support
from ddz_engine import cards
from ddz_engine._agents import GameMemory, decision_seed, landlord_plays, reconstruct_kitty

DECK = [c for c in cards.RANKS[:13] for _ in range(4)] + ["X", "D"]


def random_sets(n, seed=1):
    rnd = random.Random(seed)
    for _ in range(n):
        d = list(DECK)
        rnd.shuffle(d)
        yield "".join(d[:rnd.randint(0, 20)])


class Encodings(unittest.TestCase):
    def test_the_tables_of_notation_md(self):
        self.assertEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30], cards.to_douzero(cards.RANKS))
        self.assertEqual("3456789TJQKA2BR", cards.to_rlcard(cards.RANKS))
        self.assertEqual("XD", cards.from_rlcard("BR"))
        self.assertEqual("3XD", cards.from_rlcard("RB3"))

    def test_round_trips(self):
        for s in random_sets(3000):
            c = cards.canonical(s)
            self.assertEqual(c, cards.from_douzero(cards.to_douzero(s)))
            self.assertEqual(c or "pass", cards.from_rlcard(cards.to_rlcard(s)))  # no cards: a pass
            self.assertEqual(cards.to_douzero(s), sorted(cards.to_douzero(s)))
            self.assertEqual(c, cards.from_counts(cards.counts(s)))
            self.assertEqual(len(s), len(cards.to_douzero(s)))

    def test_moves_and_passes(self):
        self.assertEqual([], cards.to_douzero("pass"))
        self.assertEqual("pass", cards.to_rlcard("pass"))
        self.assertEqual("pass", cards.from_rlcard("pass"))
        self.assertEqual("", cards.from_douzero([]))
        self.assertEqual([3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], cards.to_douzero("333444555666:trio_chain_4"))
        self.assertEqual("333444555666", cards.to_rlcard("666555444333:trio_chain_4"))

    def test_the_engine_reads_both_spellings(self):
        e = support.any_engine()
        for s in list(random_sets(30, seed=2)):
            if not s:
                continue
            ours = e.legal_moves(cards.canonical(s))
            self.assertEqual(ours, e.legal_moves(cards.to_rlcard(s)))
            self.assertEqual(ours, e.legal_moves(cards.from_douzero(cards.to_douzero(s))))

    def test_refused(self):
        for bad in ([15], [2], ["3"], [3.5], [3, 3, 3, 3, 3], [20, 20]):
            with self.assertRaises(ValueError, msg=repr(bad)):
                cards.from_douzero(bad)
        for bad in ("W", "33333", "BB", "X"):
            with self.assertRaises(ValueError, msg=bad):
                cards.from_rlcard(bad)
        with self.assertRaises(ValueError):
            cards.canonical("3W")
        with self.assertRaises(TypeError):
            cards.canonical(3)
        with self.assertRaises(TypeError):
            cards.from_rlcard(None)


class Kitty(unittest.TestCase):
    def test_a_full_kitty_is_kept(self):
        self.assertEqual("55X", reconstruct_kitty("55X", ""))
        self.assertEqual("55X", reconstruct_kitty("X55", "3456789"))

    def test_douzero_drops_a_copy_per_card(self):
        # kitty 55X, the landlord plays one 5: DouZero shows 5X
        self.assertEqual("55X", reconstruct_kitty("5X", "5"))
        # kitty 345, the landlord plays 34567: DouZero shows nothing; the played part is public anyway
        k = reconstruct_kitty("", "34567")
        self.assertEqual(3, len(k))
        for c in k:
            self.assertIn(c, "34567")

    def test_rlcard_drops_every_copy_of_a_rank(self):
        # kitty 3QQ, the landlord plays QQ: RLCard shows 3
        self.assertEqual("3QQ", reconstruct_kitty("3", "QQ"))
        # kitty 55X, the landlord plays one 5: RLCard shows X; one played 5 cannot stand for two
        self.assertIsNone(reconstruct_kitty("X", "5"))

    def test_impossible(self):
        self.assertIsNone(reconstruct_kitty("3456", ""))
        self.assertIsNone(reconstruct_kitty("", ""))
        self.assertIsNone(reconstruct_kitty("3", "4"))

    def test_the_engine_takes_a_rebuilt_kitty(self):
        """A farmer's view after the landlord played two of the kitty's cards: the rebuilt kitty
        is accepted and leaves the engine the one card the landlord still holds."""
        e = support.any_engine()
        kitty = reconstruct_kitty("X", "34567")  # the true kitty: 35X, 67X...: the same to the engine
        self.assertEqual("34X", kitty)
        d = e.move("3456789TJQKA2AKQ2", 1, ["34567"], kitty=kitty, worlds=5)
        self.assertIn(d.move, e.legal_moves("3456789TJQKA2AKQ2", "34567"))

    def test_memory_follows_games(self):
        m = GameMemory()
        self.assertEqual(("34X", 1), m.observe([], "34X", ""))
        self.assertEqual(("34X", 1), m.observe(["34567", "pass", "pass"], "X", "34567"))
        self.assertEqual(("34X", 1), m.observe(["34567", "pass", "pass", "8"], "X", "348567"))  # another seat
        # a history that does not continue the last one: a new game
        kitty, game = m.observe(["5"], "6X", "5")
        self.assertEqual(2, game)
        self.assertEqual("56X", kitty)
        kitty, game = m.observe([], "777", "")
        self.assertEqual(("777", 3), (kitty, game))

    def test_seeds_and_plays(self):
        self.assertNotEqual(decision_seed(1, 1, 0), decision_seed(1, 1, 3))
        self.assertNotEqual(decision_seed(1, 1, 0), decision_seed(1, 2, 0))
        self.assertEqual(decision_seed(1, 1, 0), decision_seed(1, 1, 0))
        self.assertTrue(-(1 << 63) <= decision_seed(-5, 99, 7) < (1 << 63))
        self.assertEqual("3334445", landlord_plays(["333444", "pass", "pass", "5"]))


if __name__ == "__main__":
    unittest.main()
