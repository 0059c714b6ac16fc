"""Where the engine's jar and the Java runtime are: the one place the package looks for them."""

import glob
import os
import shutil

from .errors import EngineError

#: The class the package talks to, inside the jar.
BRIDGE_CLASS = "io.github.ddzengine.tools.python.PythonBridge"


def _source_root():
    """The repository this file lies in (``python/ddz_engine/_jar.py`` of a checkout), or None."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    return root if os.path.exists(os.path.join(root, "pom.xml")) else None


def _build_root():
    """The repository the installed package was built from (recorded by the build), or None."""
    try:
        from . import _build_info
    except ImportError:
        return None
    root = getattr(_build_info, "REPO_ROOT", None)
    return root if root and os.path.isdir(root) else None


def repo_roots():
    """Repositories to look for a built jar in: the source tree, then the one the package was built from."""
    roots = []
    for r in (_source_root(), _build_root()):
        if r and r not in roots:
            roots.append(r)
    return roots


def _jars_in(root):
    """The runnable jars a build leaves in a repository: ``tools/target/ddz.jar`` and ``ddz-<version>.jar``."""
    out = []
    for pattern in ("tools/target/ddz.jar", "tools/target/ddz-*.jar", "target/ddz-*.jar"):
        for path in glob.glob(os.path.join(root, pattern)):
            base = os.path.basename(path)
            # the plain module jar (ddz-cli-...) and attached artifacts hold no dependencies
            if base.startswith(("ddz-cli", "ddz-core", "ddz-mc", "ddz-tables", "ddz-bench")):
                continue
            if base.endswith(("-sources.jar", "-javadoc.jar", "-tests.jar")) or base.startswith("original-"):
                continue
            out.append(path)
    return out


#: Where a wheel carries the engine: this package's ``_engine/ddz.jar``.
BUNDLED_JAR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_engine", "ddz.jar")


def find_jar(explicit=None):
    """The engine's runnable jar.

    Looks, in order, at ``explicit``, the environment variable ``DDZ_JAR``, the jar the wheel
    carries (``ddz_engine/_engine/ddz.jar``: a wheel built from a repository with a built jar
    holds it, so an installed package needs no configuration), then the jars the Maven build
    leaves (``tools/target/ddz.jar``, ``ddz-<version>.jar``) in the repository this package lies
    in or was installed from; among several found there, the newest.

    Raises:
        EngineError: naming where it looked and how to build the jar.
    """
    for what, path in (("the jar argument", explicit), ("DDZ_JAR", os.environ.get("DDZ_JAR"))):
        if path:
            if not os.path.isfile(path):
                raise EngineError("%s names %s, which is not a file" % (what, path))
            return os.path.abspath(path)
    if os.path.isfile(BUNDLED_JAR):
        return BUNDLED_JAR
    roots = repo_roots()
    found = [j for r in roots for j in _jars_in(r)]
    if found:
        return max(found, key=os.path.getmtime)
    where = ", ".join(roots) if roots else "no repository (the package was installed from elsewhere)"
    build = ("run `mvn -B -DskipTests package -pl tools -am` in %s" % roots[0]) if roots else "build the engine"
    raise EngineError("no ddz jar found (looked in: %s): %s, or set DDZ_JAR=/path/to/ddz.jar" % (where, build))


def find_java():
    """The ``java`` command: ``DDZ_JAVA``, else ``$JAVA_HOME/bin/java``, else ``java`` on PATH."""
    explicit = os.environ.get("DDZ_JAVA")
    if explicit:
        return explicit
    home = os.environ.get("JAVA_HOME")
    if home:
        candidate = os.path.join(home, "bin", "java")
        if os.path.isfile(candidate):
            return candidate
    found = shutil.which("java")
    if not found:
        raise EngineError("no java found: install a JDK 17 or later, or set JAVA_HOME or DDZ_JAVA")
    return found


def find_libjvm():
    """The JVM library for an in-process JVM: ``$JAVA_HOME``'s, else None (JPype's default)."""
    home = os.environ.get("JAVA_HOME")
    if home:
        for rel in ("lib/server/libjvm.so", "jre/lib/server/libjvm.so", "lib/server/libjvm.dylib", "bin/server/jvm.dll"):
            candidate = os.path.join(home, rel)
            if os.path.isfile(candidate):
                return candidate
    return None
