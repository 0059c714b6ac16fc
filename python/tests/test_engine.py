"""Every public function of ddz_engine.Engine against the real engine, on each backend."""

import gzip
import json
import os
import subprocess
import sys
import threading
import unittest

import support
from ddz_engine import (BidEstimate, Decision, DdzError, Engine, EngineError, InputError, Play, SolveResult, Split,
                        find_jar)

EXAMPLE = ["4445", "4447", "444J", "444Q", "444X", "444D", "4555", "5557", "555J", "555Q", "555X", "555D", "4777",
           "5777", "777J", "777Q", "777X", "777D", "7777", "XD", "pass"]


def read_jsonl(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def strip_type(m):
    return m.split(":")[0]


@support.per_backend
class LegalMoves:
    def test_answers_in_display_order_with_pass_last(self):
        self.assertEqual(EXAMPLE, self.engine.legal_moves("4445557777JQXD", "3338"))
        self.assertEqual(EXAMPLE, self.engine.legal_moves("DXQJ7777555444", last="8333"))  # any order in

    def test_leads_and_aliases(self):
        self.assertEqual(["3", "4", "44"], self.engine.legal_moves("344"))
        self.assertEqual(["3", "X", "D", "XD"], self.engine.legal_moves("3BR"))  # RLCard's jokers
        for lead in (None, "", "pass"):
            self.assertNotIn("pass", self.engine.legal_moves("33", lead))

    def test_every_reference_position(self):
        ref = read_jsonl(os.path.join(support.shared_dir(), "reference", "legal-moves-standard.jsonl.gz"))
        queries = []
        for r in ref:
            last = r["last_move"]
            if last and r.get("last_move_type") and ":" not in last:
                # the reference names the reading of an ambiguous last move by its type
                try:
                    self.engine.legal_moves("3", last)
                except InputError:
                    last = last + ":" + r["last_move_type"]
            queries.append((r["hand"], last))
        got = self.engine.legal_moves_many(queries)
        self.assertEqual(len(ref), len(got))
        for r, q, moves in zip(ref, queries, got):
            self.assertEqual(sorted(set(r["standard"])), sorted({strip_type(m) for m in moves}), q)
        # the single call answers as the batch does
        for q, moves in list(zip(queries, got))[:200]:
            self.assertEqual(moves, self.engine.legal_moves(*q))

    def test_rules_and_bans(self):
        self.assertEqual(2, sum(":" in m for m in self.engine.legal_moves("333444555666", rules="douzero")))
        self.assertEqual(0, sum(":" in m for m in self.engine.legal_moves("333444555666", rules="rlcard")))
        self.assertIn("3334", self.engine.legal_moves("33345"))
        self.assertNotIn("3334", self.engine.legal_moves("33345", bans="trio_solo"))
        self.assertNotIn("3334", self.engine.legal_moves("33345", bans=["31"]))
        with Engine(rules="rlcard", bans="trio_pair", backend=self.backend) as e:
            self.assertNotIn("33344", e.legal_moves("33344"))
            self.assertIn("33344", e.legal_moves("33344", bans=""))  # a call's bans replace the Engine's

    def test_many(self):
        self.assertEqual([], self.engine.legal_moves_many([]))
        got = self.engine.legal_moves_many(["33", ("4445557777JQXD", "3338"), ["5", None], ("5", "pass")])
        self.assertEqual([["3", "33"], EXAMPLE, ["5"], ["5"]], got)

    def test_bad_input(self):
        cases = [
            (("33W",), 'hand: unknown card \'W\' at position 3 in "33W" (cards are 3-9 T J Q K A 2 X D)'),
            (("777775",), "hand: more than four 7s"),
            (("33", "3338W"), "last: unknown card 'W'"),
            (("33", "345"), 'last: "345" (345) is not a combination under standard rules'),
        ]
        for args, message in cases:
            with self.assertRaises(InputError) as c:
                self.engine.legal_moves(*args)
            self.assertTrue(c.exception.message.startswith(message), c.exception.message)
            self.assertNotIn("Exception", c.exception.message)
            self.assertNotIn("\n", c.exception.message)
        with self.assertRaises(InputError) as c:
            self.engine.legal_moves("33345", "3335", bans="31")
        self.assertEqual("last: 3335 is a banned type (trio_solo): it cannot have been played", c.exception.message)
        with self.assertRaises(InputError) as c:
            self.engine.legal_moves("33", rules="bogus")
        self.assertEqual("unknown rules 'bogus' (standard, douzero, rlcard, botzone)", c.exception.message)
        with self.assertRaises(InputError) as c:
            self.engine.legal_moves_many(["33", "44", "4W"])
        self.assertTrue(c.exception.message.startswith("queries[2]: hand: unknown card 'W'"), c.exception.message)
        self.assertEqual(self.engine.legal_moves("3344"), self.engine.legal_moves_many(["33\n44"])[0])  # blanks
        with self.assertRaises(TypeError):
            self.engine.legal_moves(33)
        self.assertTrue(issubclass(InputError, ValueError) and issubclass(InputError, DdzError))

    def test_threads_share_an_engine(self):
        expected = {h: self.engine.legal_moves(h) for h in ("33344456", "3456789TJQKA", "XD2AKQ", "55667788")}
        errors = []

        def work():
            try:
                for _ in range(200):
                    for h, m in expected.items():
                        if self.engine.legal_moves(h) != m:
                            errors.append(h)
            except Exception as e:  # pragma: no cover - reported below
                errors.append(repr(e))
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual([], errors)


@support.per_backend
class SplitAndSolve:
    def test_split(self):
        s = self.engine.split("345567TTJQQQQA22X", bans="winged_planes")
        self.assertIsInstance(s, Split)
        self.assertEqual(6, s.min_hands)
        self.assertEqual(6, len(s.plays))
        self.assertEqual("345567TTJQQQQA22X", "".join(sorted("".join(s.plays), key="3456789TJQKA2XD".index)))
        self.assertEqual(3, self.engine.min_hands("5789TJAA", bans="winged_planes"))
        self.assertEqual(2, self.engine.split("3334445556789TJQKA").min_hands)
        with self.assertRaises(InputError) as c:
            self.engine.split("3" * 5)
        self.assertIn("more than four 3s", c.exception.message)

    def test_solve_the_builtin_puzzle(self):
        r = self.engine.solve("448999TJJQQAD/336688TAA22X 0", all=True)
        self.assertIsInstance(r, SolveResult)
        self.assertEqual(("win", True, "landlord", ["8"], False), (r.verdict, r.mover_wins, r.winner, r.winning_moves,
                                                                   r.timed_out))
        self.assertEqual("8", r.line[0].move)
        self.assertEqual([i % 2 for i in range(len(r.line))], [p.seat for p in r.line])
        self.assertEqual(r.moves, [p.move for p in r.line])
        self.assertGreater(r.nodes, 0)
        self.assertIsNone(self.engine.solve("448999TJJQQAD/336688TAA22X 0").winning_moves)

    def test_lines_are_played_out(self):
        """The line of a solve is a game: every move legal for its seat, until a hand is empty."""
        for pos in ("448999TJJQQAD/336688TAA22X 0", "3558TJJ2X/67TTKAA 0 88@1", "6TJQQK/459JK2/34468T 0"):
            r = self.engine.solve(pos)
            text, mover = pos.split(" ")[0], int(pos.split(" ")[1])
            hands = text.split("/")
            last = pos.split(" ")[2].split("@")[0] if len(pos.split(" ")) > 2 else None
            last_seat = int(pos.split("@")[1]) if last else -1
            for i, (seat, move) in enumerate(r.line):
                self.assertEqual((mover + i) % len(hands), seat)
                self.assertIn(move, self.engine.legal_moves(hands[seat], last), (pos, i))
                if move != "pass":
                    for ch in move.split(":")[0]:
                        hands[seat] = hands[seat].replace(ch, "", 1)
                    last, last_seat = move, seat
                    if not hands[seat]:
                        self.assertEqual(len(r.line) - 1, i)
                        winner = "landlord" if seat == 0 else "farmers"
                        self.assertEqual(r.winner, winner)
                elif (seat + 1) % len(hands) == last_seat:
                    last = None
            self.assertTrue(any(not h for h in hands), pos)

    def test_published_puzzles(self):
        for p in read_jsonl(os.path.join(support.shared_dir(), "positions", "puzzles.jsonl")):
            r = self.engine.solve(p["position"], all=p["winning_moves"] is not None, rules=p["rules"],
                                  bans=p["bans"])
            self.assertEqual(p["mover_wins"], r.mover_wins, p["id"])
            if p["winning_moves"] is not None:
                self.assertEqual(sorted(p["winning_moves"]), sorted(r.winning_moves), p["id"])

    def test_solve_many_and_timeouts(self):
        three = read_jsonl(os.path.join(support.shared_dir(), "positions", "three-seat.jsonl"))[:8]
        got = self.engine.solve_many([t["position"] for t in three])
        for t, r in zip(three, got):
            self.assertEqual(t["mover_wins"], r.mover_wins, t["id"])
        self.assertEqual([], self.engine.solve_many([]))
        r = self.engine.solve("3345567779TJJQQK2/34556679TTJQQK22X 0", timeout_ms=1)  # seconds to solve
        self.assertEqual(("unknown", None, None, [], True), (r.verdict, r.mover_wins, r.winner, r.line, r.timed_out))

    def test_bad_positions(self):
        with self.assertRaises(InputError) as c:
            self.engine.solve("3333/3 0")
        self.assertNotIn("Exception", c.exception.message)
        with self.assertRaises(InputError) as c:
            self.engine.solve_many(["3/4 0", "3/4 1", "33W/4 0"])
        self.assertTrue(c.exception.message.startswith("positions[2]: "), c.exception.message)
        with self.assertRaises(InputError):
            self.engine.solve("3/4 0", timeout_ms=-1)


@support.per_backend
class MonteCarlo:
    HAND = "3445667899TJQKA2XD2A"

    def test_move_with_win_rates(self):
        d = self.engine.move(self.HAND, 0, worlds=60, seed=7)
        self.assertIsInstance(d, Decision)
        self.assertEqual(d.move, d.candidates[0].move)
        self.assertEqual(60, d.worlds)
        self.assertFalse(d.budget_cut)
        rates = [c.win_rate for c in d.candidates]
        self.assertEqual(sorted(rates, reverse=True), rates)
        self.assertTrue(all(0 <= r <= 1 for r in rates))
        self.assertEqual(set(d.win_rates), {c.move for c in d.candidates})
        self.assertLessEqual(len(d.candidates), 16)
        # fixed worlds: the same decision again, on any backend (all but the time)
        for b in support.backends():
            again = support.engine(b).move(self.HAND, "landlord", worlds=60, seed=7)
            self.assertEqual((d.move, d.candidates, d.worlds, d.rollouts), (again.move, again.candidates, again.worlds,
                                                                              again.rollouts))

    def test_move_mid_game(self):
        history = "333444555,p,p,6789TJQK,789TJQKA,p,p,66,99,p,p,TTJJQQ,p,p,8,p".split(",")
        d = self.engine.move("577AA22", 1, ["pass" if m == "p" else m for m in history], kitty="2XD", bid=3,
                             worlds=40, seed=1, threads=2)
        self.assertIn(d.move, self.engine.legal_moves("577AA22", "8"))
        timed = self.engine.move("577AA22", 1, ["pass" if m == "p" else m for m in history], kitty="2XD",
                                 budget_ms=20)
        self.assertIn(timed.move, self.engine.legal_moves("577AA22", "8"))  # worlds depend on the machine's load

    def test_bad_information(self):
        cases = [
            ((self.HAND, 1), {}, "after 0 plays seat 0 (landlord) acts, not seat 1"),
            ((self.HAND, 0), {"kitty": "2X"}, "the kitty has 3 cards, not 2"),
            (("3445667899TJQKA2XD", 0), {}, None),
            ((self.HAND, 0), {"budget_ms": 1}, '"budget_ms" must be an integer 5..600000, not 1'),
            ((self.HAND, 0), {"prior": "bogus"}, "unknown prior 'bogus' (solo-pass, uniform)"),
            ((self.HAND, 1, ["33W"]), {}, "history[0]: unknown card 'W'"),
        ]
        for args, kwargs, message in cases:
            with self.assertRaises(InputError, msg=repr((args, kwargs))) as c:
                self.engine.move(*args, worlds=5, **kwargs)
            if message:
                self.assertTrue(c.exception.message.startswith(message), c.exception.message)
        with self.assertRaises(TypeError):
            self.engine.move(self.HAND, 7.5)

    def test_bid(self):
        b = self.engine.bid("3345567899JQKA22D", worlds=300, seed=3)
        self.assertIsInstance(b, BidEstimate)
        self.assertIn(b.bid, (0, 1, 2, 3))
        self.assertTrue(b.ci[0] <= b.win_rate <= b.ci[1])
        self.assertEqual(b.win_rate, self.engine.bid("3345567899JQKA22D", worlds=300, seed=3).win_rate)
        self.assertIn(self.engine.bid("3345567899JQKA22D", [2, 0], worlds=50, seed=3).bid, (0, 3))  # above the 2
        with self.assertRaises(InputError) as c:
            self.engine.bid("3345567899JQKA22", worlds=50)
        self.assertIn("17", c.exception.message)


@support.per_backend
class LifeCycle:
    def test_about(self):
        self.assertEqual(self.backend, self.engine.backend)
        self.assertTrue(self.engine.version)
        self.assertIn(self.backend, repr(self.engine))
        self.assertTrue(os.path.isfile(self.engine.jar))

    def test_close_and_reuse(self):
        with Engine(backend=self.backend) as e:
            self.assertEqual(["3", "33"], e.legal_moves("33"))
        self.assertEqual(["3", "33"], e.legal_moves("33"))  # a call after close starts the engine again
        e.close()

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            Engine(backend="bogus")
        with self.assertRaises(InputError):
            Engine(rules="bogus", backend=self.backend)
        with self.assertRaises(EngineError) as c:
            Engine(jar="/nonexistent/ddz.jar", backend=self.backend)
        self.assertIn("/nonexistent/ddz.jar", c.exception.message)


class Jar(unittest.TestCase):
    def test_find_jar(self):
        self.assertTrue(find_jar().endswith(".jar"))
        jar = support.any_engine().jar
        old = os.environ.get("DDZ_JAR")
        try:
            os.environ["DDZ_JAR"] = "/nonexistent/x.jar"
            with self.assertRaises(EngineError) as c:
                find_jar()
            self.assertEqual("DDZ_JAR names /nonexistent/x.jar, which is not a file", c.exception.message)
            os.environ["DDZ_JAR"] = jar
            self.assertEqual(jar, find_jar())
        finally:
            if old is None:
                os.environ.pop("DDZ_JAR", None)
            else:
                os.environ["DDZ_JAR"] = old


class NoJava(unittest.TestCase):
    """Issue 36: a machine without a JDK 17 or later gets one line that says so."""

    def test_a_missing_java(self):
        with self.assertRaises(EngineError) as c:
            Engine(backend="process", java="/nonexistent/java").legal_moves("33")
        self.assertIn("the engine needs a JDK 17 or later", c.exception.message)
        self.assertNotIn("\n", c.exception.message)

    def test_an_old_java(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "java")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\necho 'Exception in thread \"main\" java.lang.UnsupportedClassVersionError: "
                        "x has been compiled by a more recent version of the Java Runtime' >&2\nexit 1\n")
            os.chmod(fake, 0o755)
            with self.assertRaises(EngineError) as c:
                Engine(backend="process", java=fake).legal_moves("33")
            self.assertEqual("%s is older than Java 17, which the engine needs: install a JDK 17 or later, or set "
                             "DDZ_JAVA or JAVA_HOME to one" % fake, c.exception.message)


class ProcessFaults(unittest.TestCase):
    def test_a_dead_process_is_reported_then_restarted(self):
        with Engine(backend="process") as e:
            e._backend._proc.kill()
            e._backend._proc.wait()
            with self.assertRaises(EngineError) as c:
                e.legal_moves("33")
            self.assertIn("exited", c.exception.message)
            self.assertEqual(["3", "33"], e.legal_moves("33"))

    @unittest.skipUnless(hasattr(os, "fork"), "needs os.fork")
    def test_a_forked_child_gets_its_own_process(self):
        """In a fresh interpreter (no JVM inside: forking a process that runs one is unsafe): the
        child of a fork gets an engine process of its own, the parent keeps its own."""
        code = ("import os, sys\n"
                "from ddz_engine import Engine\n"
                "e = Engine(backend='process')\n"
                "assert e.legal_moves('33') == ['3', '33']\n"
                "pid = os.fork()\n"
                "if pid == 0:\n"
                "    try:\n"
                "        ok = e.legal_moves('44') == ['4', '44']\n"
                "        e.close()\n"
                "    except BaseException:\n"
                "        ok = False\n"
                "    os._exit(0 if ok else 3)\n"
                "_, status = os.waitpid(pid, 0)\n"
                "assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status\n"
                "assert e.legal_moves('33') == ['3', '33']\n"
                "e.close()\n"
                "print('ok')\n")
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        self.assertEqual(0, run.returncode, run.stderr)
        self.assertEqual("ok", run.stdout.strip())


if __name__ == "__main__":
    unittest.main()
