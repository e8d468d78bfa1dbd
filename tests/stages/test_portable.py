"""One process, portable: a build starts no process, and needs no POSIX-only module, fork or link
(as on Windows), writing the same bytes as on an ordinary machine."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support import BUNDLED, NOTES

EVERY = "slides,guide,worksheet,print3,web,json"

# Windows has none of these: hidden before notedeck is imported, the build must not miss them.
WITHOUT_POSIX = """
import os, signal, sys
sys.modules["fcntl"] = None                         # "import fcntl" raises ImportError
for name in ("fork", "forkpty", "symlink", "link"):
    if hasattr(os, name):
        delattr(os, name)
for name in ("pthread_sigmask", "sigtimedwait", "SIGHUP"):
    if hasattr(signal, name):
        delattr(signal, name)
"""
RUN = "from notedeck.commands.cli import main\nmain({args!r}, prog_name='notedeck')\n"


def notedeck(args: list[str], prelude: str = "", **run) -> subprocess.CompletedProcess:
    code = prelude + RUN.format(args=args)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600, **run)


def digests(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_without_fcntl_fork_or_links_a_build_writes_the_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    args = ["build", "--content", str(NOTES / "money"), "--with", "slides,guide,web"]
    plain = notedeck([*args, "--out", str(tmp_path / "plain")], "", env=_env(tmp_path, "a"))
    assert plain.returncode == 0, plain.stderr
    bare = notedeck([*args, "--out", str(tmp_path / "bare")], WITHOUT_POSIX,
                    env=_env(tmp_path, "b"))
    assert bare.returncode == 0, bare.stderr
    assert digests(tmp_path / "bare") == digests(tmp_path / "plain")
    assert [p for p in (tmp_path / "bare").rglob("*") if p.is_symlink()] == []


def _env(tmp_path: Path, name: str) -> dict:
    import os

    return {**os.environ, "NOTEDECK_CACHE_DIR": str(tmp_path / f"cache-{name}")}


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_a_build_starts_no_process(tmp_path):
    """strace sees no fork, vfork or clone of a process (a clone with CLONE_THREAD is a thread)
    in a build of the bundled note with every output (the deck and the handout among them)."""
    trace = tmp_path / "trace"
    args = ["build", "--no-cache", "--content", str(BUNDLED), "--out", str(tmp_path / "out"),
            "--with", EVERY]
    code = RUN.format(args=args)
    done = subprocess.run(["strace", "-f", "-qq", "-o", str(trace), "-e",
                           "trace=fork,vfork,clone,clone3", sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    calls = [line for line in trace.read_text().splitlines() if re.search(r"\b(v?fork|clone3?)\(", line)]
    processes = [line for line in calls if "CLONE_THREAD" not in line]
    assert processes == [], "\n".join(processes)
