"""python -m ddz_engine.bench prints its figures (a short run: the figures themselves are measured
by hand, on a quiet machine; docs/python.md has them with the command)."""

import io
import os
import re
import unittest
from contextlib import redirect_stdout

import support
from ddz_engine import bench

DOUZERO = os.environ.get("DDZ_TEST_DOUZERO")  # a checkout of DouZero, to run its generator too


class Bench(unittest.TestCase):
    def test_prints_every_figure(self):
        out = io.StringIO()
        args = ["--games", "4", "--seconds", "0.05", "--backend", support.backends()[0]]
        if DOUZERO:
            args += ["--douzero", DOUZERO]
        with redirect_stdout(out):
            self.assertEqual(0, bench.main(args))
        text = out.getvalue()
        for name in ("moves_per_s", "moves_batch_per_s", "solves_per_s", "solves_batch_per_s"):
            self.assertRegex(text, re.compile(r"^%s [1-9][0-9]*$" % name, re.M))
        if DOUZERO:
            self.assertRegex(text, re.compile(r"^douzero_moves_per_s [1-9][0-9]*$", re.M))
        for line in text.splitlines():
            self.assertTrue(line.startswith("#") or re.match(r"^[a-z_]+ \d+$", line), line)

    def test_the_queries_are_every_decision_of_legal_games(self):
        e = support.any_engine()
        queries, endgames = bench.random_games(e, 3, 5, "douzero", 12)
        self.assertGreater(len(queries), 30)
        self.assertTrue(1 <= len(endgames) <= 3, endgames)  # a game may end before it gets that small
        for p in endgames:
            r = e.solve(p, rules="douzero")
            self.assertFalse(r.timed_out)
            self.assertLessEqual(sum(len(h) for h in p.split(" ")[0].split("/")), 12)


if __name__ == "__main__":
    unittest.main()
