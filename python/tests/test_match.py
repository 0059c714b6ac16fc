"""Matches refereed by the engine from Python (Engine.play, Engine.ladder), a Python agent served
over the agent protocol (ddz_engine.protocol.serve), and game records read back."""

import contextlib
import io
import json
import os
import sys
import tempfile
import textwrap
import unittest

import support
from ddz_engine import InputError, MatchResult
from ddz_engine.protocol import serve


@support.per_backend
class Matches:
    def test_a_match_gives_ddz_plays_figures_and_the_same_games_for_the_same_seed(self):
        r = self.engine.play("greedy", "rule", deals=20, seed=7)
        self.assertIsInstance(r, MatchResult)
        self.assertEqual((r.a, r.b, r.deals, r.games, r.seed, r.bidding), ("greedy", "rule", 20, 40, 7, False))
        self.assertTrue(0 <= r.wp_ci[0] <= r.wp <= r.wp_ci[1] <= 1, r)
        self.assertTrue(0 <= r.wp_landlord <= 1 and 0 <= r.wp_farmer <= 1, r)
        again = self.engine.play("greedy", "rule", deals=20, seed=7, threads=2)
        self.assertEqual((r.wp, r.adp, r.points, r.landlord_wp), (again.wp, again.adp, again.points, again.landlord_wp))
        self.assertIn("greedy vs rule: 20 deals (40 games), WP", str(r))

    def test_records_are_written_and_read_back_validated(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "games.jsonl")
            r = self.engine.play("random", "rule", deals=3, seed=2, bidding=True, out=out)
            records = self.engine.read_records(out)
            self.assertEqual(6, len(records))
            self.assertEqual(r.games, len(records))
            self.assertEqual([1, 2, 3, 4, 5, 6], [g["game"] for g in records])
            with open(out, encoding="utf-8") as f:
                lines = f.read().splitlines()
            forged = json.loads(lines[0])
            forged["result"]["bombs"] = forged["result"]["bombs"] + 2
            bad = os.path.join(d, "bad.jsonl")
            with open(bad, "w", encoding="utf-8") as f:
                f.write(json.dumps(forged) + "\n")
            with self.assertRaises(InputError) as e:
                self.engine.read_records(bad)
            self.assertIn("line 1", str(e.exception))

    def test_progress_is_told_as_deals_finish(self):
        told = []
        r = self.engine.play("greedy", "rule", deals=30, seed=4, threads=2, progress=lambda d, n: told.append((d, n)))
        self.assertTrue(told, "told at least once")
        self.assertEqual((30, 30), told[-1])
        self.assertEqual(sorted(told), told)
        self.assertTrue(all(n == 30 and 1 <= d <= 30 for d, n in told), told)
        self.assertEqual(r.wp, self.engine.play("greedy", "rule", deals=30, seed=4, threads=2).wp)
        steps = []
        self.engine.ladder("rule", ["random", "greedy"], deals=5, seed=3, progress=lambda d, n: steps.append((d, n)))
        self.assertEqual((10, 10), steps[-1])
        self.assertIn((5, 10), steps)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.engine.play("random", "rule", deals=3, seed=1, progress=True)
        self.assertIn("random vs rule: 3/3 deals", err.getvalue())
        with self.assertRaises(TypeError):
            self.engine.play("random", "rule", deals=3, progress="yes")

    def test_a_ladder_plays_each_opponent(self):
        rs = self.engine.ladder("rule", ["random", "greedy"], deals=4, seed=3)
        self.assertEqual(["random", "greedy"], [r.b for r in rs])
        with self.assertRaises(TypeError):
            self.engine.ladder("rule", "random")

    def test_bad_input_is_one_line(self):
        for kw, fragment in ((dict(a="nosuch", b="rule"), "nosuch"), (dict(a="rule", b="rule", deals=0), "deals"),
                             (dict(a="rule", b="rule", threads=9999), "threads")):
            with self.assertRaises(InputError) as e:
                self.engine.play(**kw)
            self.assertIn(fragment, str(e.exception))
            self.assertNotIn("\n", str(e.exception))

    def test_a_python_agent_plays_through_the_protocol(self):
        with tempfile.TemporaryDirectory() as d:
            bot = os.path.join(d, "bot.py")
            with open(bot, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent("""\
                    import sys
                    sys.path.insert(0, %r)
                    from ddz_engine.protocol import serve
                    serve(lambda request: request["legal"][-1])   # the biggest move, or a pass
                    """ % os.path.dirname(os.path.dirname(os.path.abspath(__import__("ddz_engine").__file__)))))
            spec = "exec:%s %s" % (sys.executable, bot)
            r = self.engine.play(spec, "random", deals=2, seed=5)
            self.assertEqual(4, r.games)
            self.assertTrue(r.a.startswith("exec:"), r.a)


class Serve(unittest.TestCase):
    def run_serve(self, lines, play=None, bid=None, seeds=None):
        out = io.StringIO()
        serve(play or (lambda r: r["legal"][0]), bid, on_game=None if seeds is None else seeds.append,
              stdin=io.StringIO("".join(l + "\n" for l in lines)), stdout=out)
        return [json.loads(l) for l in out.getvalue().splitlines()]

    def test_answers_play_and_bid_requests_with_their_ids(self):
        seeds = []
        answers = self.run_serve([
            '{"type":"hello","protocol":1,"rules":"standard","bans":"","seat":0}',
            '{"type":"game","seed":-42}',
            '{"id":1,"type":"bid","seat":0,"hand":"33445566789TJQKA2","bids":[]}',
            '{"id":2,"type":"play","seat":0,"hand":"33","legal":["3","33"]}',
            '{"type":"bye"}',
            '{"id":3,"type":"play","seat":0,"hand":"33","legal":["3"]}'], bid=lambda r: 2, seeds=seeds)
        self.assertEqual([{"id": 1, "bid": 2}, {"id": 2, "move": "3"}], answers)
        self.assertEqual([-42], seeds)

    def test_never_bids_by_default_and_reports_errors_as_answers(self):
        def boom(request):
            raise ValueError("no idea")
        answers = self.run_serve(['{"id":1,"type":"bid","seat":0,"hand":"3","bids":[]}', "not json",
                                  '{"id":2,"type":"play","legal":["3"]}'], play=boom)
        self.assertEqual({"id": 1, "bid": 0}, answers[0])
        self.assertIn("cannot read", answers[1]["error"])
        self.assertEqual("ValueError: no idea", answers[2]["error"])


if __name__ == "__main__":
    unittest.main()
