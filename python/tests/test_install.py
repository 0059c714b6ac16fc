"""The package under test is the installed one (CI installs it with pip into a fresh virtual
environment and sets DDZ_TEST_INSTALLED=1), importable with the standard library alone."""

import os
import subprocess
import sys
import unittest

import ddz_engine
from ddz_engine import _jar


@unittest.skipUnless(os.environ.get("DDZ_TEST_INSTALLED") == "1", "run from CI's pip-installed environment")
class Installed(unittest.TestCase):
    def test_imported_from_site_packages_with_the_build_recorded(self):
        here = os.path.dirname(os.path.abspath(ddz_engine.__file__))
        self.assertIn("site-packages", here)
        from ddz_engine import _build_info
        self.assertTrue(_build_info.REPO_ROOT and os.path.exists(os.path.join(_build_info.REPO_ROOT, "pom.xml")))
        # the wheel carries the engine built in the repository (issue 36): the jar inside the package
        self.assertEqual(_jar.BUNDLED_JAR, _jar.find_jar())
        self.assertTrue(os.path.isfile(_jar.BUNDLED_JAR))


class StandardLibraryOnly(unittest.TestCase):
    def test_imports_without_jpype_or_numpy(self):
        """Every module imports with JPype and numpy hidden (a Python without them), and the
        engine then runs as a child process."""
        code = ("import sys\n"
                "class Block:\n"
                "    def find_spec(self, name, path=None, target=None):\n"
                "        if name.split('.')[0] in ('jpype', '_jpype', 'numpy'):\n"
                "            raise ImportError('hidden: ' + name)\n"
                "sys.meta_path.insert(0, Block())\n"
                "import ddz_engine, ddz_engine.cards, ddz_engine.rlcard, ddz_engine.douzero, ddz_engine.bench\n"
                "e = ddz_engine.Engine()\n"
                "assert e.backend == 'process', e.backend\n"
                "assert e.fallback_reason == 'JPype is not installed', e.fallback_reason\n"
                "print(e.legal_moves('33'))\n"
                "e.close()\n")
        env = dict(os.environ)
        env.pop("DDZ_BACKEND", None)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(0, run.returncode, run.stderr)
        self.assertEqual("['3', '33']", run.stdout.strip())


if __name__ == "__main__":
    unittest.main()
