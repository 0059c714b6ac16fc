"""Runs the whole suite (unittest discovery in this directory) and ends with one line
``python: N passed, N failed, N skipped``; exit code 1 if anything failed."""

import os
import sys
import time
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
start = time.time()
suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py", top_level_dir=here)
result = unittest.TextTestRunner(verbosity=2 if "-v" in sys.argv else 1).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
skipped = len(result.skipped)
passed = result.testsRun - failed - skipped
print("python: %d passed, %d failed, %d skipped (%.0f s)" % (passed, failed, skipped, time.time() - start))
sys.exit(1 if failed or result.testsRun == 0 else 0)
