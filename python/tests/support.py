"""What the tests share: one engine per backend for the whole run (a JVM start costs a second)."""

import os
import unittest

from ddz_engine import Engine
from ddz_engine import _jar

_engines = {}


def have_jpype():
    try:
        import jpype  # noqa: F401
        return True
    except ImportError:
        return False


def backends():
    """The backends to test: both where JPype is installed (CI installs Debian's python3-jpype),
    else the process backend alone; DDZ_TEST_BACKENDS=process,jpype chooses."""
    chosen = os.environ.get("DDZ_TEST_BACKENDS")
    if chosen:
        return [b.strip() for b in chosen.split(",") if b.strip()]
    return ["jpype", "process"] if have_jpype() else ["process"]


def engine(backend):
    """The shared Engine of a backend (default rules: standard)."""
    e = _engines.get(backend)
    if e is None:
        e = Engine(backend=backend)
        _engines[backend] = e
    return e


def any_engine():
    return engine(backends()[0])


def repo_root():
    roots = _jar.repo_roots()
    if not roots:
        raise unittest.SkipTest("the tests need the repository (its jar and testdata/)")
    return roots[0]


def shared_dir():
    """The repository's reference data (``testdata/``, testdata/README.md)."""
    return os.path.join(repo_root(), "testdata")


class EngineTestCase(unittest.TestCase):
    """A test class run once per backend: ``self.engine``, ``self.backend``."""

    backend = None

    @classmethod
    def setUpClass(cls):
        cls.engine = engine(cls.backend)


def per_backend(mixin):
    """Makes, in the module of the class ``mixin`` (test methods, no TestCase), one TestCase per
    backend: ``<Name>_jpype``, ``<Name>_process``. Returns ``mixin`` unchanged (it runs no tests)."""
    import sys
    module = sys.modules[mixin.__module__]
    for b in backends():
        name = "%s_%s" % (mixin.__name__, b)
        setattr(module, name, type(name, (mixin, EngineTestCase), {"backend": b}))
    return mixin


def checkout_or_skip(variable, module, what):
    """``module`` imported from the installed packages or from the checkout the environment
    ``variable`` names (numpy needed too); a SkipTest that says so where it is missing."""
    import importlib
    import sys
    path = os.environ.get(variable)
    if path and path not in sys.path:
        sys.path.insert(0, path)
    try:
        import numpy  # noqa: F401
        return importlib.import_module(module)
    except ImportError as e:
        raise unittest.SkipTest("%s is not importable here (%s): the encoding check needs it (%s=checkout)"
                                % (what, e, variable))
