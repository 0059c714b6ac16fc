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


class ProcessFailures(unittest.TestCase):
    def test_a_jvm_that_cannot_start_is_an_engine_error(self):
        with self.assertRaises(EngineError):
            Engine(backend="process", jvm_options=["-XX:+NoSuchOptionAtAll"])
        with self.assertRaises(EngineError):
            Engine(backend="process", jvm_options=["-Xmx1k"])

    @unittest.skipUnless(hasattr(os, "kill") and sys.platform != "win32", "needs POSIX signals")
    def test_a_frozen_engine_process_is_an_engine_error_after_the_call_timeout(self):
        import signal
        e = Engine(backend="process", call_timeout=120)  # a JVM's start on a loaded machine fits in it
        try:
            e.legal_moves("33")
            e._backend._call_timeout = 2  # the frozen call: waited for 2 s only
            os.kill(e._backend._proc.pid, signal.SIGSTOP)
            with self.assertRaises(EngineError) as err:
                e.legal_moves("44")
            self.assertIn("no answer", str(err.exception))
            e._backend._call_timeout = 120
            self.assertEqual(["4", "44"], e.legal_moves("44"))  # a new process
        finally:
            e.close()
        with self.assertRaises(ValueError):
            Engine(backend="process", call_timeout=0)


if __name__ == "__main__":
    unittest.main()
