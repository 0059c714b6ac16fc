"""The two ways of reaching the engine: a JVM inside Python (JPype) or a child process (JSON lines).

Both call the same Java class (``PythonBridge``), so they give the same answers; the Engine picks
one. A backend's methods take a rules key ``(preset, bans)`` and plain strings and return lists,
dicts and strings; they raise InputError for input the engine refuses and EngineError otherwise.
"""

import collections
import json
import os
import subprocess
import threading
import time

from ._jar import BRIDGE_CLASS, find_java, find_libjvm
from .errors import EngineError, InputError

#: The bridge protocol this package speaks (PythonBridge.PROTOCOL).
PROTOCOL = 1

#: JVM flags of both backends (as the ./ddz launcher: see README.md, "Launcher JVM flags").
JVM_FLAGS = ("-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr")

#: Most queries or positions sent to the engine in one crossing (bounds the strings built).
CHUNK = 8192


def _raise_for(answer):
    """The dict of a JSON answer, or the exception its ``error`` field stands for."""
    error = answer.get("error")
    if error is not None:
        if error.startswith("internal error"):
            raise EngineError(error)
        raise InputError(error)
    return answer


#: The longest error message, characters, as the engine process cuts its own (JsonLines.MAX_ERROR_CHARS).
MAX_ERROR_CHARS = 300


def _tell(line, progress):
    """Hands a progress line of the bridge (``{"progress":{"done":D,"of":N}}``) to ``progress(D, N)``."""
    p = json.loads(line)["progress"]
    progress(int(p["done"]), int(p["of"]))


def _shorten(message):
    """``message`` cut to MAX_ERROR_CHARS characters with ``...``, as the process backend's are."""
    return message if len(message) <= MAX_ERROR_CHARS else message[:MAX_ERROR_CHARS - 3] + "..."


def _bad_text(e):
    """The InputError of a str Java cannot take (a lone surrogate: not Unicode text)."""
    ch = e.object[e.start:e.end]
    return InputError("not valid text: it holds a lone surrogate (U+%04X), which is no character" % ord(ch[0]))


def _dumps(req):
    """A request as one JSON line; a str in it that is not Unicode text (a lone surrogate) is
    InputError here, before the engine could echo it back in a message Python cannot decode."""
    text = json.dumps(req, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _bad_text(e) from None
    return text


#: The JVM flags this process's JVM was started with by a JPypeBackend (None: not by us, or not yet).
_started_with = None


_BLANKS = str.maketrans("\t\n\r", "   ")


def _one_line(text):
    """``text`` with its tabs and line breaks as spaces (blanks the engine ignores in cards and
    separates position fields with), so that it fits one field of a batch."""
    return text.translate(_BLANKS) if ("\n" in text or "\t" in text or "\r" in text) else text


def _join_queries(queries):
    """Queries as the lines of PythonBridge.movesBatch: the hand, a tab and the last move."""
    return "\n".join(_one_line(h) if not last else _one_line(h) + "\t" + _one_line(last) for h, last in queries)


class JPypeBackend:
    """The engine inside this Python process, through JPype. One bridge object per thread, so
    threads run in parallel (JPype releases the GIL during a Java call)."""

    name = "jpype"

    def __init__(self, jar, options=()):
        import jpype  # ImportError: the caller falls back to the process backend
        self._jpype = jpype
        global _started_with
        if jpype.isJVMStarted():
            if options and list(options) != _started_with:
                raise EngineError("this process's JVM is already running (started with %s): JVM flags %s cannot "
                                  "apply to it; use backend='process' for other flags" % (
                                      "flags " + " ".join(_started_with) if _started_with else "other flags",
                                      " ".join(options)))
        else:
            classpath = [jar] + self._support_jars(jpype)
            args = list(JVM_FLAGS) + list(options)
            jvm = find_libjvm()
            try:
                if jvm:
                    jpype.startJVM(jvm, *args, classpath=classpath, convertStrings=False)
                else:
                    jpype.startJVM(*args, classpath=classpath, convertStrings=False)
            except (OSError, RuntimeError, SystemError) as e:
                raise EngineError("cannot start a JVM in this process: %s" % e) from e
            _started_with = list(options)
        self._cls = self._bridge_class(jpype, jar)
        self._illegal = jpype.JClass("java.lang.IllegalArgumentException")
        self._local = threading.local()
        self._bridges = []
        self._bridges_lock = threading.Lock()
        self._forked = False
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._after_fork)
        self.version = str(self._bridge().version())

    @staticmethod
    def _support_jars(jpype):
        """JPype's own jar where a distribution keeps it apart (Debian: /usr/share/java)."""
        here = os.path.dirname(os.path.dirname(os.path.abspath(jpype.__file__)))
        out = []
        for p in (os.path.join(here, "org.jpype.jar"), "/usr/share/java/org.jpype.jar"):
            if os.path.isfile(p) and p not in out:
                out.append(p)
        return out

    @staticmethod
    def _bridge_class(jpype, jar):
        try:
            return jpype.JClass(BRIDGE_CLASS)
        except Exception:  # a JVM started by someone else, without our jar on its class path
            pass
        try:
            url = jpype.JClass("java.io.File")(jar).toURI().toURL()
            urls = jpype.JArray(jpype.JClass("java.net.URL"))([url])
            loader = jpype.JClass("java.net.URLClassLoader")(urls)
            return jpype.JClass(BRIDGE_CLASS, loader=loader)
        except Exception as e:
            raise EngineError("the running JVM cannot load %s from %s: %s" % (BRIDGE_CLASS, jar, e)) from e

    def _after_fork(self):
        self._forked = True

    def _bridge(self):
        b = getattr(self._local, "bridge", None)
        if b is None:
            if self._forked:
                raise EngineError("this Engine's JVM was started before os.fork(): a forked child cannot use it; "
                                  "create the Engine in the child, or use backend='process'")
            b = self._cls()
            self._local.bridge = b
            self._local.rules = {}
            with self._bridges_lock:
                self._bridges.append(b)
        elif self._forked:
            raise EngineError("this Engine's JVM was started before os.fork(): a forked child cannot use it; "
                              "create the Engine in the child, or use backend='process'")
        return b

    def _error(self, e):
        if isinstance(e, self._illegal):
            return InputError(_shorten(str(e.getMessage())))
        return EngineError(_shorten("internal error: %s" % e))

    def _rules(self, b, key):
        rid = self._local.rules.get(key)
        if rid is None:
            try:
                rid = int(b.rules(key[0], key[1]))
            except self._jpype.JException as e:
                raise self._error(e) from None
            except UnicodeEncodeError as e:
                raise _bad_text(e) from None
            self._local.rules[key] = rid
        return rid

    def moves(self, key, hand, last):
        # the hot path of one query: one thread-local look-up, one Java call
        local = self._local
        try:
            b = local.bridge
            rid = local.rules[key]
        except (AttributeError, KeyError):
            b = self._bridge()
            rid = self._rules(b, key)
        if self._forked:
            self._bridge()  # raises
        try:
            return str(b.moves(rid, hand, last)).split(" ")
        except self._jpype.JException as e:
            raise self._error(e) from None
        except UnicodeEncodeError as e:
            raise _bad_text(e) from None

    def moves_many(self, key, queries):
        b = self._bridge()
        rid = self._rules(b, key)
        out = []
        for start in range(0, len(queries), CHUNK):
            chunk = queries[start:start + CHUNK]
            try:
                text = str(b.movesBatch(rid, _join_queries(chunk)))
            except self._jpype.JException as e:
                raise self._renumber(self._error(e), start) from None
            except UnicodeEncodeError as e:
                raise _bad_text(e) from None
            out.extend(line.split(" ") for line in text.split("\n"))
        return out

    def solve(self, key, position, all_moves, timeout_ms):
        b = self._bridge()
        rid = self._rules(b, key)
        try:
            return json.loads(str(b.solve(rid, position, all_moves, timeout_ms)))
        except self._jpype.JException as e:
            raise self._error(e) from None
        except UnicodeEncodeError as e:
            raise _bad_text(e) from None

    def solve_many(self, key, positions, all_moves, timeout_ms):
        b = self._bridge()
        rid = self._rules(b, key)
        out = []
        for start in range(0, len(positions), CHUNK):
            chunk = positions[start:start + CHUNK]
            try:
                out.extend(json.loads(str(b.solveBatch(rid, "\n".join(_one_line(p) for p in chunk), all_moves,
                                                       timeout_ms))))
            except self._jpype.JException as e:
                raise self._renumber(self._error(e), start) from None
            except UnicodeEncodeError as e:
                raise _bad_text(e) from None
        return out

    @staticmethod
    def _renumber(err, offset):
        """An error of a chunk's item ``[i]`` renumbered to the whole list's index."""
        if offset and isinstance(err, InputError):
            m = err.message
            for name in ("queries[", "positions["):
                if m.startswith(name):
                    i = m[len(name):m.index("]")]
                    return InputError(name + str(int(i) + offset) + m[m.index("]"):])
        return err

    def rlcard_game(self, key, actions):
        """A game of RLCard's environment (the bridge's ``RlcardGame``) stepped by direct calls, its
        observation and legal ids written into this process's memory (see ``_RLCardGame``)."""
        return _JPypeRLCardGame(self, key, actions)

    def douzero_game(self, key):
        """A game of DouZero's environment (the bridge's ``DouzeroGame``) stepped by direct calls,
        its observation written into this process's memory (see ``_DouZeroGame``)."""
        return _JPypeDouZeroGame(self, key)

    def rlcard_batch(self, key, actions, n, seed, deals):
        """A batch of RLCard's environment (the bridge's ``RlcardBatch``) stepped by direct calls,
        its answers written into this process's memory (see ``_RLCardBatch``)."""
        return _JPypeRLCardBatch(self, key, actions, n, seed, deals)

    def request(self, req, progress=None):
        b = self._bridge()
        if progress is None:
            return _raise_for(json.loads(str(b.call(_dumps(req)))))
        told = self._jpype.JClass("java.util.function.Consumer") @ (lambda line: _tell(str(line), progress))
        return _raise_for(json.loads(str(b.call(_dumps(req), told))))

    def close(self):
        with self._bridges_lock:
            bridges, self._bridges = self._bridges, []
        for b in bridges:
            try:
                b.close()
            except Exception:
                pass
        self._local = threading.local()


class _Watchdog:
    """One thread per process backend that kills its engine process when the call in progress
    outlives its deadline (a ``threading.Timer`` a call cost more than the call itself)."""

    def __init__(self):
        self._cond = threading.Condition()
        self._armed = None  # (deadline, process, flag list) of the call in progress
        self._thread = None

    def arm(self, deadline, proc, flag):
        with self._cond:
            self._armed = (deadline, proc, flag)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="ddz-engine-watchdog", daemon=True)
                self._thread.start()
            self._cond.notify()

    def disarm(self):
        with self._cond:
            self._armed = None

    def _run(self):
        with self._cond:
            while True:
                if self._armed is None:
                    self._cond.wait()
                    continue
                deadline, proc, flag = self._armed
                left = deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                if self._armed is not None and self._armed[1] is proc:
                    flag.append(True)
                    proc.kill()
                    self._armed = None


class ProcessBackend:
    """The engine as a child process (``java -cp ddz.jar ...PythonBridge``) answering one JSON line
    per request. Requests are serialised by a lock: threads may share it, one request at a time."""

    name = "process"

    def __init__(self, jar, options=(), java=None, call_timeout=None):
        self._cmd = [java or find_java()] + list(JVM_FLAGS) + list(options) + ["-cp", jar, BRIDGE_CLASS]
        self._call_timeout = call_timeout
        self._lock = threading.Lock()
        self._proc = None
        self._pid = None
        self._stderr = collections.deque(maxlen=40)
        self._watch = _Watchdog()
        self._start()
        hello = self.request({"op": "hello"})
        if hello.get("protocol") != PROTOCOL:
            self.close()
            raise EngineError("the jar speaks bridge protocol %s, this package %d: rebuild the jar or reinstall the "
                              "package" % (hello.get("protocol"), PROTOCOL))
        self.version = hello.get("version")

    def _start(self):
        try:
            self._proc = subprocess.Popen(self._cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, close_fds=True)
        except OSError as e:
            raise EngineError("cannot start %s (%s): the engine needs a JDK 17 or later; install one, or set DDZ_JAVA "
                              "or JAVA_HOME" % (self._cmd[0], e.strerror or e)) from e
        self._pid = os.getpid()
        self._stderr.clear()
        self._drainer = threading.Thread(target=self._drain, args=(self._proc.stderr,), name="ddz-engine-stderr",
                                         daemon=True)
        self._drainer.start()

    def _drain(self, stream):
        for line in iter(stream.readline, b""):
            self._stderr.append(line.decode("utf-8", "replace").rstrip("\n"))

    def _died(self):
        code = self._proc.poll()
        self._drainer.join(timeout=2)
        for s in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            try:
                s.close()
            except OSError:
                pass
        tail = " | ".join(self._stderr)
        self._proc = None
        if "UnsupportedClassVersionError" in tail:
            return EngineError("%s is older than Java 17, which the engine needs: install a JDK 17 or later, or set "
                               "DDZ_JAVA or JAVA_HOME to one" % self._cmd[0])
        return EngineError("the engine process (%s) exited%s%s" % (
            " ".join(self._cmd[-3:]), "" if code is None else " with code %d" % code,
            (": " + tail) if tail else ""))

    #: Margin of a call's own deadline beyond its time budget, seconds: a JVM's warm-up on a loaded machine.
    DEADLINE_MARGIN = 120.0

    def _deadline(self, req):
        """The longest wait for the answer to ``req``, seconds, or None: ``call_timeout`` when given;
        else the call's own bound plus DEADLINE_MARGIN for the calls that have one (the quick
        queries, a solve with ``timeout_ms``, a decision on a time budget), so that a frozen engine
        process cannot hang them forever; an unbounded solve, a fixed-worlds decision, a bid, a match
        wait as long as they take."""
        if self._call_timeout is not None:
            return self._call_timeout
        op = req.get("op")
        if op in ("hello", "moves", "split", "records", "env_reset", "env_step", "env_rlcard", "env_douzero"):
            return self.DEADLINE_MARGIN
        if op == "solve" and req.get("timeout_ms"):
            n = len(req.get("positions") or [None])
            return n * req["timeout_ms"] / 1000.0 + self.DEADLINE_MARGIN
        if op == "move" and not req.get("worlds"):
            return req.get("budget_ms", 50) / 1000.0 + self.DEADLINE_MARGIN
        return None

    def _exchange(self, line, deadline=None, progress=None):
        with self._lock:
            if self._proc is None or self._pid != os.getpid():
                self._start()  # first use after a failure, or in a forked child: a process of our own
            p = self._proc
            timed_out = []
            if deadline is not None:
                self._watch.arm(time.monotonic() + deadline, p, timed_out)
            try:
                p.stdin.write(line.encode("utf-8") + b"\n")
                p.stdin.flush()
                answer = p.stdout.readline()
                while answer.startswith(b'{"progress":'):   # a long request's progress, then its answer
                    if progress is not None:
                        _tell(answer.decode("utf-8"), progress)
                    answer = p.stdout.readline()
            except (BrokenPipeError, OSError):
                answer = b""
            finally:
                if deadline is not None:
                    self._watch.disarm()
            if not answer or timed_out:
                try:
                    p.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    p.kill()
                died = self._died()
                if timed_out:
                    raise EngineError("the engine process gave no answer within %g s: it was stopped (the next call "
                                      "starts a new one)" % deadline)
                raise died
            return answer.decode("utf-8")

    def rlcard_game(self, key, actions):
        """A game of RLCard's environment (the bridge's ``RlcardGame``) through ``env_rlcard``
        requests (see ``_RLCardGame``)."""
        return _ProcessRLCardGame(self, key, actions)

    def douzero_game(self, key):
        """A game of DouZero's environment (the bridge's ``DouzeroGame``) through ``env_douzero``
        requests (see ``_DouZeroGame``)."""
        return _ProcessDouZeroGame(self, key)

    def rlcard_batch(self, key, actions, n, seed, deals):
        """A batch of RLCard's environment through ``env_batch_reset``/``env_batch_step`` requests
        with ``"encode": "rlcard"`` (see ``_RLCardBatch``)."""
        return _ProcessRLCardBatch(self, key, actions, n, seed, deals)

    def request(self, req, progress=None):
        answer = self._exchange(_dumps(req), self._deadline(req), progress)
        try:
            parsed = json.loads(answer)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            return _raise_for(parsed)
        # not the bridge speaking: a JVM that could not start prints its complaint and exits
        with self._lock:
            p = self._proc
            if p is not None:
                try:
                    p.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
                died = self._died()
            else:
                died = None
        raise EngineError("the engine process answered %r, not JSON%s" % (
            answer.strip()[:200], ("; " + died.message) if died is not None else ""))

    @staticmethod
    def _rules(key, req):
        req["rules"] = key[0]
        if key[1]:
            req["bans"] = key[1]
        return req

    def moves(self, key, hand, last):
        return self.request(self._rules(key, {"op": "moves", "hand": hand, "last": last}))["moves"]

    def moves_many(self, key, queries):
        out = []
        for start in range(0, len(queries), CHUNK):
            chunk = [[h, l] for h, l in queries[start:start + CHUNK]]
            try:
                out.extend(self.request(self._rules(key, {"op": "moves", "queries": chunk}))["results"])
            except InputError as e:
                raise JPypeBackend._renumber(e, start) from None
        return out

    def solve(self, key, position, all_moves, timeout_ms):
        return self.request(self._rules(key, {"op": "solve", "position": position, "all": all_moves,
                                              "timeout_ms": timeout_ms}))

    def solve_many(self, key, positions, all_moves, timeout_ms):
        out = []
        for start in range(0, len(positions), CHUNK):
            chunk = list(positions[start:start + CHUNK])
            try:
                out.extend(self.request(self._rules(key, {"op": "solve", "positions": chunk, "all": all_moves,
                                                          "timeout_ms": timeout_ms}))["results"])
            except InputError as e:
                raise JPypeBackend._renumber(e, start) from None
        return out

    def close(self):
        with self._lock:
            p, self._proc = self._proc, None
            if p is None or self._pid != os.getpid():
                return
            try:
                p.stdin.write(b'{"op":"bye"}\n')
                p.stdin.close()
            except OSError:
                pass
            try:
                p.wait(timeout=2)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            self._drainer.join(timeout=2)  # it ends at the end of the process's standard error
            for s in (p.stdout, p.stderr):
                try:
                    s.close()
                except OSError:
                    pass


def _java(adapter, method, *args):
    """A Java call of an environment adapter (``adapter._jexc``, ``adapter._backend``), its errors
    as this package's."""
    try:
        return method(*args)
    except adapter._jexc as e:
        raise adapter._backend._error(e) from None
    except UnicodeEncodeError as e:
        raise _bad_text(e) from None


def _process_reset(adapter, op, seed, deal):
    """A new game of a process adapter's environment ``op``; the answer (its id kept in ``adapter._id``)."""
    req = {"op": op, "call": "reset", "seed": seed}
    if deal is not None:
        req["deal"] = deal
    d = adapter._req(req)
    adapter._id = d["game"]
    return d


class _RLCardGame:
    """One game of ``ddz_engine.rlcard_env.RLCardEnv`` on the engine (Java's ``RlcardGame``):
    ``reset(seed, deal)``, ``step(action_id)`` and ``observe(seat)`` return the state's code
    (``4 * k + seat``: ``seat`` to act with ``k`` legal ids; -1 the landlord won, -2 the farmers),
    after which ``obs[:790 or 901]`` holds the observation (int8) and ``legal[:k]`` the legal RLCard
    ids (int32); ``deal()`` is the game's deal. Errors are InputError or EngineError."""

    #: Bytes of the observation and of the legal ids (RlcardGame.OBSERVATION_BYTES, LEGAL_BYTES).
    OBS_BYTES = 901
    LEGAL_BYTES = 4 * 32768

    def _arrays(self):
        import numpy as np
        self._obs_mem = bytearray(self.OBS_BYTES)
        self._legal_mem = bytearray(self.LEGAL_BYTES)
        self.obs = np.frombuffer(self._obs_mem, dtype=np.int8)
        self.legal = np.frombuffer(self._legal_mem, dtype=np.int32)


class _JPypeRLCardGame(_RLCardGame):
    def __init__(self, backend, key, actions):
        import jpype.nio
        self._backend = backend
        b = backend._bridge()
        rid = backend._rules(b, key)
        self._jexc = backend._jpype.JException
        try:
            self._game = b.rlcardGame(rid, " ".join(actions))
        except self._jexc as e:
            raise backend._error(e) from None
        self._arrays()
        # Java writes into these bytearrays' memory: they live as long as this object
        self._game.attach(jpype.nio.convertToDirectBuffer(self._obs_mem),
                          jpype.nio.convertToDirectBuffer(self._legal_mem))
        self._step = self._game.step

    def reset(self, seed, deal=None):
        return int(_java(self, self._game.reset, seed, deal))

    def step(self, action_id):
        try:
            return self._step(action_id)
        except self._jexc as e:
            raise self._backend._error(e) from None

    def observe(self, seat):
        return int(_java(self, self._game.observe, seat))

    def deal(self):
        return str(self._game.deal())


class _ProcessRLCardGame(_RLCardGame):
    def __init__(self, backend, key, actions):
        self._backend = backend
        self._key = key
        self._req({"op": "env_rlcard_actions", "actions": list(actions)})
        self._arrays()
        self._id = None
        self._deal = None

    def _req(self, req):
        req["rules"] = self._key[0]
        if self._key[1]:
            req["bans"] = self._key[1]
        return self._backend.request(req)

    def _take(self, d):
        import base64
        import numpy as np
        obs = base64.b64decode(d["obs"])
        self.obs[:len(obs)] = np.frombuffer(obs, dtype=np.int8)
        legal = d["legal"]
        self.legal[:len(legal)] = legal
        return d["code"]

    def reset(self, seed, deal=None):
        d = _process_reset(self, "env_rlcard", seed, deal)
        self._deal = d["deal"]
        return self._take(d)

    def step(self, action_id):
        return self._take(self._req({"op": "env_rlcard", "game": self._id, "call": "step", "action": action_id}))

    def observe(self, seat):
        return self._take(self._req({"op": "env_rlcard", "game": self._id, "call": "observe", "seat": seat}))

    def deal(self):
        return self._deal


class _RLCardBatch:
    """``n`` games of ``RLCardEnv``'s kind on the engine (Java's ``RlcardBatch``). ``start()`` and
    ``step(action_ids)`` leave the state in ``games`` and ``seats`` (lists, by slot), ``obs(i)``
    (slot ``i``'s observation, a new int8 array), ``legal(i)`` (its legal RLCard ids, a list),
    ``ended`` (``[slot, game, 1 if the landlord won else 0]`` for each game the step ended; its slot
    already holds the next game) and, when asked for, ``deals`` (each slot's deal)."""


class _JPypeRLCardBatch(_RLCardBatch):
    OBS = 901

    def __init__(self, backend, key, actions, n, seed, deals):
        import jpype.nio
        import numpy as np
        self._np = np
        self._nio = jpype.nio
        self._backend = backend
        self._jexc = backend._jpype.JException
        b = backend._bridge()
        rid = backend._rules(b, key)
        try:
            self._batch = b.rlcardBatch(rid, " ".join(actions), n, seed)
        except self._jexc as e:
            raise backend._error(e) from None
        self.n = n
        self._deals = deals
        self._obs_mem = bytearray(self.OBS * n)
        self._act_mem = bytearray(4 * n)
        self._info_mem = bytearray(8 * 6 * n)
        self._obs = np.frombuffer(self._obs_mem, dtype=np.int8).reshape(n, self.OBS)
        self._acts = np.frombuffer(self._act_mem, dtype=np.int32)
        self._info = np.frombuffer(self._info_mem, dtype=np.int64)
        self._legal_bytes(4096 * n)

    def _legal_bytes(self, size):
        """Legal ids' memory of ``size`` bytes, attached with the rest (Java writes into all four)."""
        self._legal_mem = bytearray(size)
        self._legal = self._np.frombuffer(self._legal_mem, dtype=self._np.int32)
        d = self._nio.convertToDirectBuffer
        self._batch.attach(d(self._obs_mem), d(self._legal_mem), d(self._act_mem), d(self._info_mem))

    def _take(self, k):
        if k < 0:  # more legal ids than the memory holds: a larger one, and the same answer again
            self._legal_bytes(2 * -k)
            k = int(self._batch.answer())
        n = self.n
        slots = self._info[:3 * n].reshape(n, 3)
        self.games = slots[:, 0].tolist()
        self.seats = slots[:, 1].tolist()
        counts = slots[:, 2].tolist()
        self._starts = [0] * n
        at = 0
        for i, c in enumerate(counts):
            self._starts[i] = at
            at += c
        self._counts = counts
        self.ended = self._info[3 * n:3 * n + 3 * k].reshape(k, 3).tolist()
        self.deals = [str(self._batch.deal(i)) for i in range(n)] if self._deals else None

    def obs(self, i):
        return self._obs[i, :790 if self.seats[i] == 0 else 901].copy()

    def legal(self, i):
        a = self._starts[i]
        return self._legal[a:a + self._counts[i]].tolist()

    def start(self):
        self._take(int(self._batch.answer()))

    def step(self, action_ids):
        self._acts[:] = action_ids
        try:
            k = self._batch.step()
        except self._jexc as e:
            raise self._backend._error(e) from None
        self._take(k)


class _ProcessRLCardBatch(_RLCardBatch):
    def __init__(self, backend, key, actions, n, seed, deals):
        self._backend = backend
        self._key = key
        self.n = n
        self._seed = seed
        self._deals = deals
        self._req({"op": "env_rlcard_actions", "actions": list(actions)})
        self._id = None

    _req = _ProcessRLCardGame._req

    def _take(self, d):
        import base64
        import numpy as np
        self._id = d["batch"]
        self.games = [s[0] for s in d["slots"]]
        self.seats = [s[1] for s in d["slots"]]
        self._obs = [np.frombuffer(base64.b64decode(o), dtype=np.int8) for o in d["obs"]]
        self._legal = d["rlcard_legal"]
        self.ended = d["ended"]
        self.deals = d.get("deals")

    def obs(self, i):
        return self._obs[i].copy()

    def legal(self, i):
        return self._legal[i]

    def start(self):
        self._take(self._req({"op": "env_batch_reset", "n": self.n, "seed": self._seed, "encode": "rlcard",
                              "deals": self._deals}))

    def step(self, action_ids):
        self._take(self._req({"op": "env_batch_step", "batch": self._id, "moves": [int(a) for a in action_ids]}))


class _DouZeroGame:
    """One game of ``ddz_engine.douzero_env.DouZeroEnv`` on the engine (Java's ``DouzeroGame``):
    ``reset(seed, deal)`` and ``step(index)`` (legal action ``index`` of the last answer) return
    the state's code (``4 * k + seat`` with ``k`` legal actions; -1 the landlord won, -2 the
    farmers), after which ``x[:319 or 430]`` holds ``x_no_action``, ``z`` (5 x 162) ``z``, and
    ``actions[:k]`` (k x 54) and ``moves[:k]`` each legal action's values and move id;
    ``bombs()`` the bombs and rockets played, ``state()`` the game as ``env_reset`` gives it."""

    def _arrays(self, actions_bytes=54 * 512):
        import numpy as np
        self._x_mem = bytearray(430)
        self._z_mem = bytearray(810)
        self._moves_mem = bytearray(4 * 32768)
        self.x = np.frombuffer(self._x_mem, dtype=np.int8)
        self.z = np.frombuffer(self._z_mem, dtype=np.int8).reshape(5, 162)
        self.moves = np.frombuffer(self._moves_mem, dtype=np.int32)
        self._actions_bytes(actions_bytes)

    def _actions_bytes(self, size):
        import numpy as np
        self._actions_mem = bytearray(size)
        self.actions = np.frombuffer(self._actions_mem, dtype=np.int8).reshape(-1, 54)


class _JPypeDouZeroGame(_DouZeroGame):
    def __init__(self, backend, key):
        import jpype.nio
        self._nio = jpype.nio
        self._backend = backend
        self._jexc = backend._jpype.JException
        b = backend._bridge()
        try:
            self._game = b.douzeroGame(backend._rules(b, key))
        except self._jexc as e:
            raise backend._error(e) from None
        self._arrays()
        self._attach()
        self._step = self._game.step

    def _attach(self):
        d = self._nio.convertToDirectBuffer
        self._game.attach(d(self._x_mem), d(self._z_mem), d(self._actions_mem), d(self._moves_mem))

    def _take(self, code):
        if code < -2:  # more legal actions than the memory holds: a larger one, and the answer again
            self._actions_bytes(2 * -code)
            self._attach()
            code = int(self._game.answer())
        return code

    def reset(self, seed, deal=None):
        return self._take(int(_java(self, self._game.reset, seed, deal)))

    def step(self, index):
        try:
            return self._take(self._step(index))
        except self._jexc as e:
            raise self._backend._error(e) from None

    def bombs(self):
        return int(self._game.bombs())

    def state(self):
        return json.loads(str(self._game.stateJson()))


class _ProcessDouZeroGame(_DouZeroGame):
    def __init__(self, backend, key):
        self._backend = backend
        self._key = key
        self._arrays()
        self._id = None
        self._bombs = 0

    _req = _ProcessRLCardGame._req

    def _take(self, d):
        import base64
        import numpy as np
        x = base64.b64decode(d["x"])
        self.x[:len(x)] = np.frombuffer(x, dtype=np.int8)
        self.z[:] = np.frombuffer(base64.b64decode(d["z"]), dtype=np.int8).reshape(5, 162)
        acts = base64.b64decode(d["actions"])
        if len(acts) > len(self._actions_mem):
            self._actions_bytes(2 * len(acts))
        k = len(acts) // 54
        self.actions[:k] = np.frombuffer(acts, dtype=np.int8).reshape(k, 54)
        moves = d["moves"]
        self.moves[:len(moves)] = moves
        self._bombs = d["bombs"]
        return d["code"]

    def reset(self, seed, deal=None):
        return self._take(_process_reset(self, "env_douzero", seed, deal))

    def step(self, index):
        return self._take(self._req({"op": "env_douzero", "game": self._id, "call": "step", "action": index}))

    def bombs(self):
        return self._bombs

    def state(self):
        return self._req({"op": "env_douzero", "game": self._id, "call": "state"})
