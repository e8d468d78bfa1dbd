"""The cache is input too: private folders, keyed entries, bounded reads, killed runs swept."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from notedeck.model import ChartArt
from notedeck.pipeline import scratch, trust
from notedeck.pipeline.cache import ChartCache, cache_problem
from notedeck.pipeline.chart_helper import SCRATCH
from notedeck.pipeline.records import Stamp
from notedeck.pipeline.stages import prepare
from support import build, options

PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes([0, 0, 0, 8] * 2) + b"rest"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(folder))
    return folder


def specs(note: Path, audience: str | None = None):
    return prepare(options(note, audience=audience)).deck.charts


def test_an_entry_is_used_only_for_the_key_it_was_made_for(note, cache):
    mine = {s.name: s for s in specs(note)}
    theirs = {s.name: s for s in specs(note, "research-lab")}
    store = ChartCache()
    store.put(theirs["dial"], ChartArt("dial", PNG, b"<svg/>", 2.0, 1.0))
    planted = store._path(store.key(mine["dial"]))
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_bytes(store._path(store.key(theirs["dial"])).read_bytes())
    planted.chmod(0o600)
    assert ChartCache().get(mine["dial"]) is None
    assert ChartCache().get(theirs["dial"]) is not None


def test_new_cache_folders_are_private(note, cache):
    [spec, *_] = specs(note)
    ChartCache().put(spec, ChartArt(spec.name, PNG, b"<svg/>", 2.0, 1.0))
    for folder in (cache, cache / "charts"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_shared_cache_folder_is_not_used_and_said_once(note, cache, tmp_path):
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    first = build(note, tmp_path / "a")
    second = build(note, tmp_path / "b")
    warned = [w.report() for w in first.warnings if "cache folder" in w.report()]
    assert warned == [f"warning: {cache}: the cache folder can be written by other users "
                      "(mode drwxrwxrwx), so anyone could plant a chart or a build record in "
                      "it; it is not used (charts are drawn afresh). Make it your own and "
                      "private (chmod go-w), or set NOTEDECK_CACHE_DIR to a folder of your own"]
    assert not any("cache folder" in w.report() for w in second.warnings)
    assert list(cache.iterdir()) == []                    # nothing read, nothing written
    assert not build(note, tmp_path / "a").kept            # no build record either


def test_the_user_own_private_folder_is_fine(cache):
    cache.mkdir(mode=0o700)
    assert cache_problem() is None
    os.chown(cache, 65534, 65534)
    assert "belongs to another user (user id 65534)" in cache_problem().message


def test_only_small_regular_files_of_the_user_are_read(tmp_path):
    plain = tmp_path / "plain"
    plain.write_bytes(b"x" * 10)
    plain.chmod(0o600)
    assert trust.read_private(plain, 10) == b"x" * 10
    assert trust.read_private(plain, 9) is None                     # too large
    os.mkfifo(tmp_path / "pipe")
    assert trust.read_private(tmp_path / "pipe", 10) is None        # no wait for a writer
    (tmp_path / "zero").symlink_to("/dev/zero")
    assert trust.read_private(tmp_path / "zero", 10) is None        # no link followed
    plain.chmod(0o666)
    assert trust.read_private(plain, 10) is None                    # others may write it
    plain.chmod(0o600)
    os.chown(plain, 65534, 65534)
    assert trust.read_private(plain, 10) is None                    # another user's


def test_a_lock_file_that_is_a_pipe_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / "x.lock")
    assert trust.open_lock(tmp_path / "x.lock") is None
    lock = trust.open_lock(tmp_path / "y.lock")
    assert lock is not None
    lock.close()


def test_a_record_is_read_only_for_its_key_and_only_if_whole(note, cache, tmp_path):
    out = tmp_path / "out"
    build(note, out)
    stamp = Stamp(note, out, options(note, out).record())
    assert stamp.kept() is not None
    good = stamp.path.read_text()
    stamp.path.write_text(good.replace('"count": 25', '"count": NaN'))
    assert stamp.kept() is None
    stamp.path.write_text(good.replace('"count": 25', '"count": true'))
    assert stamp.kept() is None
    stamp.path.write_text(good)
    assert stamp.kept() is not None
    other = Stamp(note, tmp_path / "elsewhere", options(note, tmp_path / "elsewhere").record())
    assert other.key != stamp.key                          # the output folder is in the key


def test_a_file_the_build_does_not_read_does_not_rebuild(note, cache, tmp_path):
    out = tmp_path / "out"
    build(note, out)
    (note / "README.txt").write_text("notes to self")
    (note / "sections" / "draft.txt").write_text("not a section")
    assert build(note, out).kept
    (note / "sections" / "06-new.md").write_text("---\nnumber: 6\ntitle: New\nheadline: New\n"
                                                "---\n\n## A slide\n\nText.\n\n### Notes\n\nSaid.\n")
    assert not build(note, out).kept


def _killed_no_cache_build(note: Path, out: Path, env: dict) -> int:
    """Start a --no-cache build, SIGKILL it once its scratch folder exists; return its pid."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
         "sys.argv[0] = 'notedeck'; main()", "build", "--no-cache", "--content", str(note),
         "--out", str(out)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = Path(env["TMPDIR"])
    try:
        while not any(p.name.startswith(f"{SCRATCH}-{process.pid}-") for p in folder.iterdir()):
            assert process.poll() is None, "the build ended before its scratch folder appeared"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=60)
    return process.pid


def test_a_killed_no_cache_build_leaves_a_folder_the_next_build_removes(note, tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary), "NOTEDECK_WORKERS": "0"}
    pid = _killed_no_cache_build(note, tmp_path / "out", env)
    left = [p for p in temporary.iterdir() if p.name.startswith(f"{SCRATCH}-{pid}-")]
    assert left
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
         "sys.argv[0] = 'notedeck'; main()", "build", "--no-cache", "--content", str(note),
         "--out", str(tmp_path / "out")], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not any(p.exists() for p in left)
    assert list(temporary.iterdir()) == []


def test_the_sweep_leaves_live_processes_and_other_users_folders_alone(tmp_path):
    mine = scratch.make("notedeck-charts", tmp_path)
    dead = tmp_path / "notedeck-charts-999999999-abc"
    dead.mkdir()
    foreign = tmp_path / "notedeck-charts-999999998-abc"
    foreign.mkdir()
    os.chown(foreign, 65534, 65534)
    link = tmp_path / "notedeck-charts-999999997-abc"
    link.symlink_to(tempfile.gettempdir())
    scratch.sweep(tmp_path, "notedeck-charts")
    assert mine.exists() and not dead.exists() and foreign.exists() and link.is_symlink()
