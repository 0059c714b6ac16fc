"""The build backend of ddz_engine (PEP 517 and PEP 660), written with the standard library only.

pip builds a package in an isolated environment into which it first installs the backend's
requirements from the package index. This backend needs none (``requires = []`` in
pyproject.toml), so ``pip install ./python`` works on a machine that cannot reach the index, with
no setuptools or wheel installed and no extra flags.

What it builds:

* a wheel holding the ``ddz_engine`` package, the engine's runnable jar as
  ``ddz_engine/_engine/ddz.jar`` when the repository has one built (``tools/target/ddz.jar``,
  else the newest ``target/release/ddz-*.jar``; ``DDZ_WHEEL_JAR`` names another), so that the
  installed package runs with a JDK and nothing else, and ``ddz_engine/_build_info.py``, which
  records the repository the package was built from (``ddz_engine._jar``);
* an editable wheel (``pip install -e ./python``): a ``.pth`` file that puts this directory on
  ``sys.path``;
* an sdist (``python -m build --sdist``, or this module's ``build_sdist``).
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
PACKAGE = "ddz_engine"


def _project():
    """The [project] table of pyproject.toml (tomllib where the Python has it, else a small reader)."""
    path = os.path.join(HERE, "pyproject.toml")
    with open(path, "rb") as f:
        data = f.read()
    try:
        import tomllib  # Python 3.11+
        return tomllib.loads(data.decode("utf-8"))["project"]
    except ImportError:
        pass
    # the few top-level string keys of [project] this backend reads
    project = {}
    section = None
    for line in data.decode("utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
            continue
        m = re.match(r'^([A-Za-z0-9_-]+)\s*=\s*"([^"]*)"\s*$', line)
        if section == "project" and m:
            project[m.group(1)] = m.group(2)
    return project


def _names():
    p = _project()
    name = re.sub(r"[-_.]+", "_", p["name"]).lower()
    return p, name, p["version"]


def _metadata():
    p, _, version = _names()
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + p["name"],
        "Version: " + version,
    ]
    if p.get("description"):
        lines.append("Summary: " + p["description"])
    if p.get("requires-python"):
        lines.append("Requires-Python: " + p["requires-python"])
    lic = p.get("license")
    if isinstance(lic, dict) and lic.get("text"):
        lines.append("License: " + lic["text"])
    for c in p.get("classifiers", []) if isinstance(p.get("classifiers"), list) else []:
        lines.append("Classifier: " + c)
    readme = p.get("readme")
    body = ""
    if isinstance(readme, str) and os.path.exists(os.path.join(HERE, readme)):
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, readme), encoding="utf-8") as f:
            body = f.read()
    return ("\n".join(lines) + "\n\n" + body).encode("utf-8")


def _wheel_file():
    return b"Wheel-Version: 1.0\nGenerator: ddz_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _repo_root():
    """The repository holding this directory (its parent, when it has the Maven build), or None."""
    parent = os.path.dirname(HERE)
    return parent if os.path.exists(os.path.join(parent, "pom.xml")) else None


def _engine_jar():
    """The runnable jar the wheel carries: ``DDZ_WHEEL_JAR``, else the repository's built one, or None."""
    explicit = os.environ.get("DDZ_WHEEL_JAR")
    if explicit:
        if not os.path.isfile(explicit):
            raise RuntimeError("DDZ_WHEEL_JAR names %s, which is not a file" % explicit)
        return explicit
    root = _repo_root()
    if root is None:
        return None
    cli = os.path.join(root, "tools", "target", "ddz.jar")
    if os.path.isfile(cli):
        return cli
    release = os.path.join(root, "target", "release")
    jars = sorted(os.path.join(release, f) for f in os.listdir(release) if re.match(r"ddz-.*\.jar$", f)) \
        if os.path.isdir(release) else []
    return max(jars, key=os.path.getmtime) if jars else None


def _package_files():
    """(archive name, path) of every file of the package, sorted; caches and compiled files left out."""
    out = []
    root = os.path.join(HERE, PACKAGE)
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith((".pyc", ".pyo")) or f == "_build_info.py":
                continue
            path = os.path.join(d, f)
            out.append((os.path.relpath(path, HERE).replace(os.sep, "/"), path))
    return out


class _Wheel:
    """A wheel being written: entries with their RECORD lines."""

    def __init__(self, path):
        self._zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self._record = []
        self._stamp = time.gmtime(max(315532800, int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))))[:6]

    def add(self, name, data):
        info = zipfile.ZipInfo(name, date_time=self._stamp)
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self._zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        self._record.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    def close(self, dist_info):
        record = dist_info + "/RECORD"
        self._record.append(record + ",,")
        info = zipfile.ZipInfo(record, date_time=self._stamp)
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, ("\n".join(self._record) + "\n").encode("utf-8"))
        self._zip.close()


def _dist_info(w, name, version):
    dist_info = "%s-%s.dist-info" % (name, version)
    w.add(dist_info + "/METADATA", _metadata())
    w.add(dist_info + "/WHEEL", _wheel_file())
    w.add(dist_info + "/top_level.txt", (PACKAGE + "\n").encode("ascii"))
    return dist_info


def _build(wheel_directory, editable):
    _, name, version = _names()
    filename = "%s-%s-py3-none-any.whl" % (name, version)
    w = _Wheel(os.path.join(wheel_directory, filename))
    if editable:
        w.add("__editable__.%s-%s.pth" % (name, version), (HERE + "\n").encode("utf-8"))
    else:
        for arc, path in _package_files():
            with open(path, "rb") as f:
                w.add(arc, f.read())
        jar = _engine_jar()
        if jar:
            with open(jar, "rb") as f:
                w.add(PACKAGE + "/_engine/ddz.jar", f.read())
        info = '"""Written by the build: where the package was built from (ddz_engine._jar reads it)."""\n'
        info += "REPO_ROOT = %r\n" % (_repo_root(),)
        w.add(PACKAGE + "/_build_info.py", info.encode("utf-8"))
    w.close(_dist_info(w, name, version))
    return filename


# ---------------------------------------------------------------- PEP 517 / PEP 660 hooks

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, name, version = _names()
    dist_info = "%s-%s.dist-info" % (name, version)
    target = os.path.join(metadata_directory, dist_info)
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, "METADATA"), "wb") as f:
        f.write(_metadata())
    with open(os.path.join(target, "WHEEL"), "wb") as f:
        f.write(_wheel_file())
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, editable=False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, editable=True)


def build_sdist(sdist_directory, config_settings=None):
    _, name, version = _names()
    base = "%s-%s" % (name, version)
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        def add_bytes(arc, data):
            ti = tarfile.TarInfo(base + "/" + arc)
            ti.size = len(data)
            ti.mode = 0o644
            ti.mtime = 315532800
            tar.addfile(ti, io.BytesIO(data))

        add_bytes("PKG-INFO", _metadata())
        files = [("pyproject.toml", os.path.join(HERE, "pyproject.toml")),
                 ("README.md", os.path.join(HERE, "README.md")),
                 ("_backend/ddz_build.py", os.path.abspath(__file__))]
        files += _package_files()
        for d, dirs, fs in os.walk(os.path.join(HERE, "tests")):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(fs):
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    files.append((os.path.relpath(p, HERE).replace(os.sep, "/"), p))
        for arc, path in files:
            if os.path.exists(path):
                with open(path, "rb") as f:
                    add_bytes(arc, f.read())
    return filename
