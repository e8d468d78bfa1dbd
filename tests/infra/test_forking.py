"""A stop signal that lands inside a fork's own hooks still stops the build."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import os, signal
from notedeck.infra import forking
def stop(*_):
    raise SystemExit(143)
signal.signal(signal.SIGTERM, stop)
os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGTERM))
pid = {fork}()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
print("went on")
"""


def run(fork: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PROGRAM.format(fork=fork)],
                          capture_output=True, text=True, timeout=120)


def test_a_sigterm_during_the_fork_hooks_is_swallowed_by_a_plain_fork():
    done = run("os.fork")                   # the bug forking.fork exists for
    assert done.returncode == 0 and "went on" in done.stdout
    assert "Exception ignored" in done.stderr


def test_forking_fork_delivers_it_once_the_fork_returns():
    done = run("forking.fork")
    assert done.returncode == 143, done.stderr
    assert "went on" not in done.stdout
