"""The warm engine's client in Python, for the `ddz` launcher (docs/cli/warm.md): sends one
`ddz solve`, `moves` or `split` command to the warm engine of this jar and JDK, and relays its
output and exit code, in the 10-20 ms a Python start takes instead of a JVM's.

    python3 -I -S tools/warm_client.py JAR JAVA_HOME JAVA_VERSION ARGS...

JAVA_HOME is the JDK's real path and JAVA_VERSION its version, as the JVM reports them
(`java.home`, `java.version`): with the jar's path, size and time, the tables directory, the home
directory and the JVM options they name the engine's socket exactly as `WarmEngine.key` does. It
exits 200, having written nothing, whenever the command should run the usual way instead: no engine
runs for this jar (the JVM path then starts one), the engine is busy or refuses the command (the
engine decides which commands it answers: `WarmEngine.eligible`), the command reads standard input
(`--batch`), or anything here is not as expected. Standard library only.
"""

import os
import pwd
import re
import socket
import stat
import struct
import sys

#: Exit code that tells the launcher to run the command the usual way.
FALL_BACK = 200
#: The verbs the warm engine answers (WarmEngine.VERBS; a test checks the two agree).
VERBS = ("solve", "moves", "split")
MAGIC = 0x44445701
OUT, ERR, EXIT, BUSY = 1, 2, 3, 4
MAX_FRAME = 1 << 16
MASK = (1 << 64) - 1


def key(jar, java_home, java_version, env, home):
    """The socket's name: two 64-bit FNV-1a hashes of the server's identity (WarmEngine.key)."""
    st = os.stat(jar)
    ident = "\n".join((jar, str(st.st_size), str(st.st_mtime_ns // 1_000_000), java_home, java_version,
                       env.get("DDZ_TABLES", ""), home, env.get("DDZ_JAVA_OPTS", "")))
    a, b = 0xcbf29ce484222325, 0x84222325cbf29ce4
    for x in ident.encode("utf-8"):
        a = ((a ^ x) * 0x100000001b3) & MASK
        b = ((b ^ x) * 0x100000001b3 + 1) & MASK
    return "%016x%04x" % (a, b & 0xFFFF)


def directory(env, user):
    """This user's warm engines' directory (WarmEngine.directory), or None when it is not theirs alone."""
    runtime = env.get("XDG_RUNTIME_DIR", "")
    if runtime.strip() and os.path.isdir(runtime):
        path = os.path.join(runtime, "ddz-warm")
    else:
        path = os.path.join("/tmp", "ddz-warm-" + re.sub(r"[^A-Za-z0-9._-]", "_", user))
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or stat.S_IMODE(st.st_mode) != 0o700 or st.st_uid != os.getuid():
        return None
    return path


def read_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


def utf(text):
    """Java's writeUTF of an argument, or None where its modified UTF-8 differs from UTF-8."""
    if "\0" in text or any(ord(c) > 0xFFFF for c in text):
        return None
    b = text.encode("utf-8")
    return None if len(b) > 0xFFFF else struct.pack(">H", len(b)) + b


def main(argv):
    if len(argv) < 4:
        return FALL_BACK
    jar, java_home, java_version, args = argv[0], argv[1], argv[2], argv[3:]
    env = os.environ
    if args[0] not in VERBS or "--batch" in args or env.get("DDZ_WARM") == "0" or "DDZ_DEBUG" in env:
        return FALL_BACK
    if "-Djava.io.tmpdir" in env.get("DDZ_JAVA_OPTS", ""):
        return FALL_BACK  # the engine's directory is elsewhere
    me = pwd.getpwuid(os.getuid())
    where = directory(env, me.pw_name)
    frames = [utf(a) for a in args]
    if where is None or None in frames:
        return FALL_BACK
    return relay(os.path.join(where, key(jar, java_home, java_version, env, me.pw_dir) + ".sock"), args, frames)


def relay(path, args, frames=None):
    """Sends ``args`` to the engine on the socket ``path`` and relays its answer: its exit code, or
    FALL_BACK when nothing came back (no engine, or it is busy or refuses the command)."""
    frames = frames or [utf(a) for a in args]
    if None in frames:
        return FALL_BACK
    wrote = False
    out = sys.stdout.buffer
    err = sys.stderr.buffer
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            try:
                sock.connect(path)
            except OSError:
                return FALL_BACK
            sock.sendall(struct.pack(">ii", MAGIC, len(args)) + b"".join(frames) + struct.pack(">i", 0))
            while True:
                kind, length = struct.unpack(">bi", read_exact(sock, 5))
                if length < 0 or length > MAX_FRAME:
                    raise EOFError
                body = read_exact(sock, length)
                if kind == OUT:
                    out.write(body)
                    out.flush()
                    wrote = True
                elif kind == ERR:
                    err.write(body)
                    err.flush()
                    wrote = True
                elif kind == EXIT:
                    return struct.unpack(">i", body)[0]
                elif kind == BUSY and not wrote:
                    return FALL_BACK
                else:
                    raise EOFError
    except (OSError, EOFError, struct.error):
        if not wrote:
            return FALL_BACK
        err.write(("ddz %s: the warm engine stopped mid-answer; run the command again "
                   "(DDZ_WARM=0 runs it in its own process)\n" % args[0]).encode("utf-8"))
        return 1

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
