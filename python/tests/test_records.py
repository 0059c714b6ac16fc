"""Game records as Python objects: a record replayed move by move (Engine.replay), and the open-hand
analysis of ddz analyze (Engine.analyze), checked against the command line's own --json."""

import json
import os
import subprocess
import tempfile
import unittest

import support
from ddz_engine import GameAnalysis, InputError, replay
from ddz_engine import _jar
from ddz_engine.cards import counts


@support.per_backend
class Records:
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dir = tempfile.TemporaryDirectory()
        cls.file = os.path.join(cls.dir.name, "games.jsonl")
        cls.engine.play("rule", "greedy", deals=3, seed=3, out=cls.file)
        cls.records = cls.engine.read_records(cls.file)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_a_replay_ends_with_the_winner_out_and_keeps_every_card(self):
        for r in self.records:
            g = self.engine.replay(r)
            self.assertEqual(len(r["actions"]), len(g.steps))
            self.assertEqual(20, len(g.start_hands[0]))
            self.assertEqual([17, 17], [len(h) for h in g.start_hands[1:]])
            last = g.steps[-1]
            self.assertTrue(last.out and last.hands[last.seat] == "", last)
            self.assertEqual(r["result"]["winner"], "landlord" if last.seat == 0 else "farmers")
            self.assertEqual([False] * (len(g.steps) - 1), [s.out for s in g.steps[:-1]])
            total = [sum(c) for c in zip(*(counts(h) for h in g.start_hands))]
            for s in g.steps:   # cards only leave the hands, by the seat that plays them
                before = g.hands_after(s.index)
                played = "" if s.move == "pass" else s.move.split(":")[0]
                self.assertEqual(counts(before[s.seat]), [a + b for a, b in zip(counts(s.hands[s.seat]), counts(played))])
            self.assertEqual(54, sum(total))
        self.assertEqual(replay(self.records[0]), replay(json.dumps(self.records[0])))

    def test_analysis_is_what_ddz_analyze_json_prints(self):
        mine = self.engine.analyze(file=self.file, max_cards=20)
        self.assertEqual(6, len(mine))
        self.assertTrue(all(isinstance(g, GameAnalysis) for g in mine))
        self.assertEqual(mine, self.engine.analyze(self.records, max_cards=20, threads=2))
        out = subprocess.run([_jar.find_java(), "-jar", self.engine.jar, "analyze", "--json", "--max-cards", "20",
                              "--threads", "1", self.file], capture_output=True, text=True, check=True).stdout
        cli = [json.loads(line) for line in out.splitlines()][:-1]   # the last line: per-agent figures
        self.assertEqual([g["game"] for g in cli], [g.game for g in mine])
        for c, m in zip(cli, mine):
            self.assertEqual(c["decisive_play"], m.decisive_play)
            self.assertEqual([(d["play"], d["move"], d["before"], d["after"], d["winning_moves"], d["blunder"])
                              for d in c["decisions"]],
                             [(d.play, d.move, d.before, d.after, d.winning_moves, d.blunder) for d in m.decisions])
        self.assertTrue(any(d.cards <= 20 for g in mine for d in g.decisions))
        for g in mine:
            self.assertEqual([d for d in g.decisions if d.blunder], g.blunders)

    def test_bad_input_is_one_line(self):
        for kw, fragment in ((dict(), "records or file"), (dict(records=[{"deal": "33"}]), "records[0]"),
                             (dict(file=os.path.join(self.dir.name, "none.jsonl")), "none.jsonl"),
                             (dict(file=self.file, max_cards=0), "max_cards")):
            with self.assertRaises(InputError) as e:
                self.engine.analyze(**kw)
            self.assertIn(fragment, str(e.exception))
            self.assertNotIn("\n", str(e.exception))
        with self.assertRaises(InputError):
            replay({"deal": "33"})


if __name__ == "__main__":
    unittest.main()
