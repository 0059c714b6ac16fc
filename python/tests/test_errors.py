"""Issue 39, defect 7: every bad call raises one of the documented errors (InputError, EngineError,
TypeError), never another type, on each backend."""

import os
import sys
import tempfile
import unittest

import support
from ddz_engine import Engine, EngineError, InputError


@support.per_backend
class DocumentedErrorsOnly:
    def test_a_lone_surrogate_is_bad_input(self):
        for call in (lambda: self.engine.legal_moves("33\ud800"), lambda: self.engine.solve("3\udc00/4 0"),
                     lambda: self.engine.legal_moves_many(["3\ud800"]), lambda: self.engine.split("\ud83d3")):
            with self.assertRaises(InputError):
                call()

    def test_an_integer_beyond_64_bits_is_bad_input(self):
        with self.assertRaises(InputError) as e:
            self.engine.solve("3/4 0", timeout_ms=10 ** 20)
        self.assertIn("timeout_ms", str(e.exception))
        with self.assertRaises(InputError):
            self.engine.move("3445667899TJQKA2XD2A", 0, seed=-10 ** 30)

    def test_messages_are_capped_on_every_backend(self):
        for call in (lambda: self.engine.legal_moves("3" * 100000), lambda: self.engine.split("W" * 100000),
                     lambda: self.engine.solve("3" * 100000 + "/4 0")):
            with self.assertRaises(InputError) as e:
                call()
            self.assertLessEqual(len(str(e.exception)), 300, str(e.exception)[:80])

    def test_many_takes_a_list_not_a_string(self):
        with self.assertRaises(TypeError):
            self.engine.legal_moves_many("33")
        with self.assertRaises(TypeError):
            self.engine.solve_many("3/4 0")


def _freeze(pid):
    """SIGSTOP, and wait until the process is stopped (the signal is asynchronous: a request written
    at once could still be answered)."""
    import signal
    import time
    os.kill(pid, signal.SIGSTOP)
    stat = "/proc/%d/stat" % pid
    for _ in range(200):
        if not os.path.exists(stat):
            break
        with open(stat) as f:
            if f.read().rsplit(")", 1)[1].split()[0] in ("T", "t"):
                return
        time.sleep(0.01)
    time.sleep(0.2)


class ProcessFailures(unittest.TestCase):
    def test_a_jvm_that_cannot_start_is_an_engine_error(self):
        with self.assertRaises(EngineError):
            Engine(backend="process", jvm_options=["-XX:+NoSuchOptionAtAll"])
        with self.assertRaises(EngineError):
            Engine(backend="process", jvm_options=["-Xmx1k"])

    @unittest.skipUnless(hasattr(os, "kill") and sys.platform != "win32", "needs POSIX signals")
    def test_a_frozen_engine_process_is_an_engine_error_after_the_call_timeout(self):
        e = Engine(backend="process", call_timeout=120)  # a JVM's start on a loaded machine fits in it
        try:
            e.legal_moves("33")
            e._backend._call_timeout = 2  # the frozen call: waited for 2 s only
            _freeze(e._backend._proc.pid)
            with self.assertRaises(EngineError) as err:
                e.legal_moves("44")
            self.assertIn("no answer", str(err.exception))
            e._backend._call_timeout = 120
            self.assertEqual(["4", "44"], e.legal_moves("44"))  # a new process
        finally:
            e.close()
        with self.assertRaises(ValueError):
            Engine(backend="process", call_timeout=0)

    @unittest.skipUnless(hasattr(os, "kill") and sys.platform != "win32", "needs POSIX signals")
    def test_a_quick_query_to_a_frozen_process_has_a_deadline_by_default(self):
        e = Engine(backend="process")
        try:
            e.legal_moves("33")
            e._backend.DEADLINE_MARGIN = 2  # the instance's: a quick query waits 2 s here, 120 s by default
            _freeze(e._backend._proc.pid)
            with self.assertRaises(EngineError) as err:
                e.legal_moves("44")
            self.assertIn("no answer within 2 s", str(err.exception))
            self.assertIsNone(e._backend._deadline({"op": "solve", "position": "3/4 0", "timeout_ms": 0}))
            self.assertEqual(2 + 1.5, e._backend._deadline({"op": "solve", "position": "3/4 0", "timeout_ms": 1500}))
        finally:
            e.close()


if __name__ == "__main__":
    unittest.main()
