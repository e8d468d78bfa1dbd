"""The notedeck CLI in a process of its own, forked from one that has imported notedeck already.

A new interpreter spends most of a short run importing notedeck and the libraries a build
draws with, and setting them up. A server (a fresh interpreter, one per test process, never
the test process itself, whose threads a fork would copy) does that once, building a small
note with every output in a folder of its own, and forks a child per run. The
child takes the run's limits, environment, folder and arguments, writes its output to files
and exits with the CLI's status: what the test sees is what a run from the command line shows.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

# A note of every slide kind, built once by the server before it serves, with every output it
# has (all but the worksheet): every module a run may need is then imported, and what each
# first run sets up (locale data, fonts) is there; what a note makes (its files, its cache)
# stays in a folder of its own.
WARM = Path(__file__).resolve().parent / "notes" / "money"

SERVER = r'''
import json, os, resource, sys, traceback
replies = os.fdopen(int(sys.argv[1]), "w")
warm = json.loads(sys.argv[2])
if warm:                       # one build of every output, so that each run starts warm
    import tempfile
    from click.testing import CliRunner
    from notedeck.commands.cli import main
    with tempfile.TemporaryDirectory() as folder:
        saved = dict(os.environ)
        os.environ["NOTEDECK_CACHE_DIR"] = os.path.join(folder, "cache")
        for args in (["build", "--content", warm, "--out", os.path.join(folder, "out"),
                      "--no-cache", "--with", "slides,guide,print3,web,json"],
                     ["check", "--content", warm]):
            done = CliRunner().invoke(main, args)
            if done.exit_code != 0:      # a warm-up refused warms nothing: say so, and end
                sys.exit(f"the forking server's warm-up failed: {done.output}")
        os.environ.clear()
        os.environ.update(saved)
for line in sys.stdin:
    job = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            for which, value in job["limits"].items():
                limit = getattr(resource, which)
                resource.setrlimit(limit, (value, value))
            for fd, path in ((1, job["out"]), (2, job["err"])):
                handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(handle, fd)
                os.close(handle)
            os.environ.clear()
            os.environ.update(job["env"])
            os.chdir(job["cwd"])
            sys.argv = ["notedeck", *job["args"]]
            from notedeck.commands.cli import main
            try:
                main()
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (done.code is not None)
                if not isinstance(done.code, (int, type(None))):
                    print(done.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    replies.write(json.dumps({"pid": pid}) + "\n")
    replies.flush()
    _, status = os.waitpid(pid, 0)
    replies.write(json.dumps({"code": os.waitstatus_to_exitcode(status)}) + "\n")
    replies.flush()
'''


class _Server:
    """The forking server of this test process, started at its first run."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, str(write),
                                         json.dumps(str(WARM))],
                                        stdin=subprocess.PIPE, pass_fds=(write,), text=True,
                                        stdout=subprocess.DEVNULL)
        os.close(write)
        self.replies, self.pending = read, b""
        self.lock = threading.Lock()
        atexit.register(self.close)

    def reply(self, timeout: float | None) -> dict | None:
        """The server's next line, or None after `timeout` seconds without one. Read from the
        descriptor itself: a buffered reader could take both of a run's lines at once and
        leave select waiting for a second that has already come."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.replies], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self.replies, 4096)
            if not chunk:
                raise RuntimeError("the forking server has ended")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return json.loads(line)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=60)
        os.close(self.replies)


_server: _Server | None = None


def run(args: list[str], limits: dict[str, int], cwd: Path | None, env: dict | None,
        timeout: float) -> subprocess.CompletedProcess:
    """`notedeck ARGS` in a forked child held to `limits` (resource's RLIMIT_ name -> value),
    in `cwd` with `env` (this process's own where None, as subprocess.run's); its exit
    status and text output, as subprocess.run(..., capture_output=True, text=True) gives."""
    global _server
    if _server is None or _server.process.poll() is not None:
        _server = _Server()
    with tempfile.TemporaryDirectory() as folder, _server.lock:
        out, err = Path(folder) / "out", Path(folder) / "err"
        job = {"args": list(args), "limits": limits, "out": str(out), "err": str(err),
               "cwd": str(cwd if cwd is not None else os.getcwd()),
               "env": dict(env if env is not None else os.environ)}
        _server.process.stdin.write(json.dumps(job) + "\n")
        _server.process.stdin.flush()
        pid = _server.reply(60)["pid"]
        done = _server.reply(timeout)
        if done is None:
            os.kill(pid, signal.SIGKILL)
            _server.reply(60)
            raise subprocess.TimeoutExpired(["notedeck", *args], timeout)
        said = [p.read_bytes().decode("utf-8", "replace") if p.exists() else ""
                for p in (out, err)]
    return subprocess.CompletedProcess(["notedeck", *args], done["code"], *said)
