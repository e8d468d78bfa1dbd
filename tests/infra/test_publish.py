"""Publishing one set of outputs: one switch, whatever is in the folder and whenever a build dies."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.infra.publish import BUILDS, CURRENT, FAULT_VARIABLE, STATE, current, publish

PAIR = ("deck.pptx", "handout.pdf")
TRIO = (*PAIR, "deck.json")


def stage(out: Path, names=PAIR, tag: str = "new") -> dict[str, Path]:
    """A stage folder in `out` holding one small file per name, its bytes telling `tag`."""
    out.mkdir(parents=True, exist_ok=True)
    folder = out / f".notedeck-{os.getpid()}-{tag}"
    folder.mkdir()
    files = {}
    for name in names:
        files[name] = folder / name
        files[name].write_bytes(f"{tag} {name}\n".encode() * 1000)
    return files


def expected(names, tag: str) -> dict[str, str]:
    return {name: _sha(f"{tag} {name}\n".encode() * 1000) for name in names}


def seen(out: Path, names=TRIO) -> dict[str, str]:
    """What a reader who opens OUT/NAME finds, by name (a name that opens nothing is absent)."""
    found = {}
    for name in names:
        try:
            found[name] = _sha((out / name).read_bytes())
        except FileNotFoundError:
            pass
    return found


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tree(folder: Path) -> dict[str, str]:
    """Every entry under `folder`, links by what they say, files by their bytes."""
    entries = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            entries[key] = "-> " + os.readlink(path)
        elif path.is_file():
            entries[key] = _sha(path.read_bytes())
        else:
            entries[key] = "folder"
    return entries


def test_a_first_publish_makes_one_build_and_a_link_per_output(tmp_path):
    out = tmp_path / "out"
    paths = publish(stage(out), out)
    assert paths == (out / "deck.pptx", out / "handout.pdf")
    assert seen(out) == expected(PAIR, "new")
    assert os.readlink(out / "deck.pptx") == ".notedeck/current/deck.pptx"
    [build] = (out / STATE / BUILDS).iterdir()
    assert os.readlink(out / STATE / CURRENT) == f"builds/{build.name}"
    assert sorted(p.name for p in out.iterdir()) == [".notedeck", *PAIR]
    assert current(out) == {name: build / name for name in PAIR}


def test_a_second_publish_switches_the_set_and_removes_the_first_build(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, tag="old"), out)
    links = {name: os.lstat(out / name).st_ino for name in PAIR}
    publish(stage(out, tag="new"), out)
    assert seen(out) == expected(PAIR, "new")
    assert {name: os.lstat(out / name).st_ino for name in PAIR} == links    # links never change
    assert len(list((out / STATE / BUILDS).iterdir())) == 1
    assert sorted(p.name for p in (out / STATE).iterdir()) == [BUILDS, CURRENT]


def test_an_output_the_new_set_lacks_is_gone_and_a_new_one_appears(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, TRIO, "old"), out)
    publish(stage(out, PAIR, "new"), out)
    assert seen(out) == expected(PAIR, "new")
    assert not os.path.lexists(out / "deck.json")
    publish(stage(out, TRIO, "third"), out)
    assert seen(out) == expected(TRIO, "third")


def test_plain_files_from_an_older_notedeck_become_links_to_the_new_set(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "deck.pptx").write_bytes(b"an older deck")
    (out / "handout.pdf").write_bytes(b"an older handout")
    (out / "notes.txt").write_bytes(b"the user's own file")
    publish(stage(out), out)
    assert seen(out) == expected(PAIR, "new")
    assert (out / "notes.txt").read_bytes() == b"the user's own file"
    assert all(os.readlink(out / name) == f".notedeck/current/{name}" for name in PAIR)


def test_a_deck_saved_over_its_link_is_replaced_by_the_next_build(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, tag="old"), out)
    (out / "deck.pptx").unlink()
    (out / "deck.pptx").write_bytes(b"saved from PowerPoint")
    publish(stage(out, tag="new"), out)
    assert seen(out) == expected(PAIR, "new")


def _in_the_way(kind: str, out: Path) -> None:
    target = out / "handout.pdf"
    if os.path.lexists(target):
        target.unlink()
    match kind:
        case "folder":
            target.mkdir()
            (target / "inside.txt").write_text("kept")
        case "foreign link":
            target.symlink_to("/etc/hostname")
        case "pipe":
            os.mkfifo(target)
        case "state is a file":
            shutil.rmtree(out / STATE)
            (out / STATE).write_text("not a folder")
        case "current is a folder":
            (out / STATE / CURRENT).unlink()
            (out / STATE / CURRENT).mkdir()
        case "current leads elsewhere":
            (out / STATE / CURRENT).unlink()
            (out / STATE / CURRENT).symlink_to("/etc")


@pytest.mark.parametrize("kind", ["folder", "foreign link", "pipe", "state is a file",
                                  "current is a folder", "current leads elsewhere"])
def test_something_in_the_way_is_refused_and_nothing_changes(tmp_path, kind):
    out = tmp_path / "out"
    publish(stage(out, tag="old"), out)
    _in_the_way(kind, out)
    files = stage(out, tag="new")
    before = tree(out)
    with pytest.raises(NotedeckError) as info:
        publish(files, out)
    message = str(info.value)
    assert f"nothing in {out} was changed" in message
    assert tree(out) == before


def test_a_folder_in_the_way_names_itself_and_the_way_out(tmp_path):
    out = tmp_path / "out"
    (out / "handout.pdf").mkdir(parents=True)
    files = stage(out)
    with pytest.raises(NotedeckError) as info:
        publish(files, out)
    [problem] = info.value.problems
    assert str(problem.where) == str(out / "handout.pdf")
    assert problem.message.startswith("a folder named handout.pdf is in the way of the output "
                                      "handout.pdf; move it away or choose another --out")
    assert not (out / "deck.pptx").exists()


@pytest.fixture
def immutable_builds(tmp_path):
    """An output folder whose build folder cannot take a new entry (chattr +i; even for root)."""
    out = tmp_path / "out"
    publish(stage(out, tag="old"), out)
    builds = out / STATE / BUILDS
    done = subprocess.run(["chattr", "+i", str(builds)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make a folder immutable here: {done.stderr.decode().strip()}")
    yield out
    subprocess.run(["chattr", "-i", str(builds)], check=True)


def test_the_machine_refusing_a_step_leaves_the_old_set(immutable_builds):
    out = immutable_builds
    files = stage(out, TRIO, tag="new")
    with pytest.raises(OSError):
        publish(files, out)
    assert seen(out) == expected(PAIR, "old")
    assert not os.path.lexists(out / "deck.json")


# --- fault injection: SIGKILL before every step of a publish ---------------------------------

# A build's last part in a process of its own: stage the files (named after this process, as a
# build does), then publish them.
PUBLISH = """
import sys
from pathlib import Path
from notedeck.infra import scratch
from notedeck.infra.publish import publish
out, tag, names = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
folder = scratch.make(".notedeck", out)
for name in names:
    (folder / name).write_bytes(f"{tag} {name}\\n".encode() * 1000)
publish({name: folder / name for name in names}, out)
"""


def _old_state(scenario: str, out: Path) -> dict[str, str]:
    """Make `out` as the scenario has it; return what a reader sees there."""
    match scenario:
        case "first build":
            return {}
        case "older notedeck's plain files":
            out.mkdir(parents=True)
            for name in PAIR:
                (out / name).write_bytes(f"old {name}\n".encode() * 1000)
        case "deck saved over its link":
            publish(stage(out, tag="old"), out)
            (out / "deck.pptx").unlink()
            (out / "deck.pptx").write_bytes(b"old deck.pptx\n" * 1000)
        case "one output more":
            publish(stage(out, PAIR, tag="old"), out)
        case "one output fewer":
            publish(stage(out, TRIO, tag="old"), out)
            return expected(TRIO, "old")
        case _:
            publish(stage(out, tag="old"), out)
    return expected(PAIR, "old")


NEW_NAMES = {"one output more": TRIO}


@pytest.mark.parametrize("scenario", ["first build", "rebuild", "older notedeck's plain files",
                                      "deck saved over its link", "one output more",
                                      "one output fewer"])
def test_a_publish_killed_at_any_step_shows_the_whole_old_or_the_whole_new_set(tmp_path,
                                                                                scenario):
    names = NEW_NAMES.get(scenario, PAIR)
    new = expected(names, "new")
    outcomes = []
    for step in range(1, 200):
        out = tmp_path / f"kill-{step}" / "out"
        old = _old_state(scenario, out)
        out.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([sys.executable, "-c", PUBLISH, str(out), "new", *names],
                              env={**os.environ, FAULT_VARIABLE: str(step)}, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode in (0, -signal.SIGKILL), done.stderr
        shown = seen(out)
        assert shown in (old, new), f"killed before step {step}: a mixed set {shown}"
        outcomes.append("old" if shown == old else "new")
        publish(stage(out, names, "again"), out)       # the next build tidies up after the kill
        assert seen(out) == expected(names, "again")
        assert len(list((out / STATE / BUILDS).iterdir())) == 1
        assert sorted(p.name for p in out.iterdir()) == sorted([STATE, *names])
        assert sorted(p.name for p in (out / STATE).iterdir()) == [BUILDS, CURRENT]
        shutil.rmtree(tmp_path / f"kill-{step}")
        if done.returncode == 0:
            break
    else:
        pytest.fail("the publish never finished")
    assert len(outcomes) > 8 and outcomes[0] == "old" and outcomes[-1] == "new"
    assert outcomes == sorted(outcomes, key=["old", "new"].index)   # one switch, never back


def test_a_real_build_killed_at_every_publishing_step_shows_one_whole_pair(note, tmp_path,
                                                                           monkeypatch):
    from support import build

    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    pristine = tmp_path / "pristine"
    build(note, pristine)                                  # yesterday's pair
    old = seen(pristine, PAIR)
    numbers = note / "scenarios.yaml"                      # today's pair: other figures
    numbers.write_text(numbers.read_text().replace("streams: 10000", "streams: 20000", 1))
    shown = []
    for step in range(1, 200):
        out = tmp_path / f"kill-{step}"
        shutil.copytree(pristine, out, symlinks=True)
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
             "sys.argv[0] = 'notedeck'; main()", "build", "--content", str(note), "--out",
             str(out)], env={**os.environ, FAULT_VARIABLE: str(step), "NOTEDECK_WORKERS": "0"},
            capture_output=True, text=True, timeout=300)
        assert done.returncode in (0, -signal.SIGKILL), done.stderr
        shown.append(seen(out, PAIR))
        if done.returncode == 0:
            break
    new = shown[-1]
    assert set(new) == set(PAIR) and all(new[name] != old[name] for name in PAIR)
    assert len(shown) > 8
    assert all(view in (old, new) for view in shown), "a reader saw a mixed pair"
    assert shown[0] == old and shown.index(new) > 1
    assert all(view == new for view in shown[shown.index(new):])     # one switch, never back
