"""Publishing one set of plain files: a manifest written last, whatever is in the folder and
whenever a build dies; an older notedeck's folder of links taken over without losing a file."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.infra import manifest
from notedeck.infra.publish import FAULT_VARIABLE, publish

PAIR = ("deck.pptx", "handout.pdf")
TRIO = (*PAIR, "web/index.html")
BUILD = "0123456789"
CUSTOM = ('<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-'
          'properties"><property name="NotedeckBuild"><lpwstr>abcdef0123</lpwstr></property>'
          '</Properties>')


def stage(out: Path, names=PAIR, tag: str = "new") -> Path:
    """A stage folder in `out` holding one small file per name, its bytes telling `tag`."""
    out.mkdir(parents=True, exist_ok=True)
    folder = out / f".notedeck-{os.getpid()}-{tag}"
    folder.mkdir()
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content(name, tag))
    return folder


def content(name: str, tag: str) -> bytes:
    """Bytes telling `tag`, carrying a build id as notedeck's files do."""
    text = f"{tag} {name}\n".encode() * 1000
    if name.endswith(".pptx"):
        return package({"docProps/custom.xml": CUSTOM.encode(), "ppt/text.txt": text})
    if name.endswith(".html"):
        return b'<head><meta name="notedeck-build" content="abcdef0123"></head>' + text
    return b"%PDF-1.4\n/NotedeckBuild (abcdef0123)\n" + text


def package(parts: dict[str, bytes]) -> bytes:
    """A zip of `parts`, the same bytes every time."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return buffer.getvalue()


def expected(names, tag: str) -> dict[str, str]:
    return {name: _sha(content(name, tag)) for name in names}


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


def listed(out: Path) -> list[str]:
    """OUT's entries but this test's own stage folders."""
    mine = f".notedeck-{os.getpid()}-"
    return sorted(p.name for p in out.iterdir() if not p.name.startswith(mine))


def links(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_symlink()]


def test_a_publish_writes_plain_files_and_a_manifest_last(tmp_path):
    out = tmp_path / "out"
    published = publish(stage(out, TRIO), TRIO, out, BUILD)
    assert published.paths == tuple(out / name for name in TRIO)
    assert published.aside == ()
    assert seen(out) == expected(TRIO, "new")
    assert links(out) == []
    assert listed(out) == [manifest.NAME, *PAIR, "web"]
    record = json.loads((out / manifest.NAME).read_text())
    assert record == {"format": 1, "build": BUILD, "files": expected(TRIO, "new")}


def test_a_second_publish_replaces_the_set_and_removes_what_it_lacks(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, TRIO, "old"), TRIO, out, BUILD)
    (out / "notes.txt").write_bytes(b"the user's own file")
    publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert seen(out) == expected(PAIR, "new")
    assert not (out / "web").exists()
    assert (out / "notes.txt").read_bytes() == b"the user's own file"
    assert manifest.read(out).files == expected(PAIR, "new")


def test_a_file_notedeck_did_not_make_is_refused_and_with_force_moved_aside(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "deck.pptx").write_bytes(b"my own deck")
    (out / "handout.pdf").write_bytes(b"%PDF-1.4 a handout of mine")
    with pytest.raises(NotedeckError, match="deck.pptx was not made by notedeck.*--force"):
        publish(stage(out, tag="new"), PAIR, out, BUILD)
    assert (out / "deck.pptx").read_bytes() == b"my own deck"
    assert not (out / manifest.NAME).exists()
    published = publish(out / f".notedeck-{os.getpid()}-new", PAIR, out, BUILD, force=True)
    assert published.aside == ((out / "deck.pptx", out / "deck (yours).pptx"),
                               (out / "handout.pdf", out / "handout (yours).pdf"))
    assert seen(out) == expected(PAIR, "new")
    assert (out / "deck (yours).pptx").read_bytes() == b"my own deck"
    assert (out / "handout (yours).pdf").read_bytes() == b"%PDF-1.4 a handout of mine"


def test_a_file_carrying_a_build_id_is_notedecks(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "handout.pdf").write_bytes(content("handout.pdf", "older"))
    publish(stage(out), PAIR, out, BUILD)
    assert seen(out) == expected(PAIR, "new")


def test_a_folder_or_a_link_in_the_way_is_refused_before_anything_changes(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, tag="old"), PAIR, out, BUILD)
    os.unlink(out / "handout.pdf")
    (out / "handout.pdf").mkdir()
    with pytest.raises(NotedeckError, match="a folder named handout.pdf is in the way"):
        publish(stage(out, tag="new"), PAIR, out, BUILD)
    assert seen(out, ("deck.pptx",)) == expected(("deck.pptx",), "old")
    (out / "handout.pdf").rmdir()
    (out / "handout.pdf").symlink_to(out / "deck.pptx")
    with pytest.raises(NotedeckError, match="a link notedeck did not make is in the way"):
        publish(out / f".notedeck-{os.getpid()}-new", PAIR, out, BUILD)


def legacy(out: Path) -> None:
    """An output folder as an older notedeck left it: links into .notedeck/builds/ID, to files
    that carry a build id as notedeck's do."""
    build = out / ".notedeck" / "builds" / "0123456789abcdef"
    (build / "web").mkdir(parents=True)
    for name in (*TRIO, "slides.pdf"):
        (build / name).write_bytes(content(name, "legacy"))
    with zipfile.ZipFile(build / "deck.pptx", "w") as deck:
        deck.writestr("docProps/custom.xml", CUSTOM)
    (out / ".notedeck" / "current").symlink_to("builds/0123456789abcdef")
    for name in ("deck.pptx", "handout.pdf", "web", "slides.pdf"):
        (out / name).symlink_to(f".notedeck/current/{name}")


def test_an_older_folder_of_links_is_taken_over_without_losing_a_file(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    legacy(out)
    publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert links(out) == [] and not (out / ".notedeck").exists()
    assert seen(out) == {**expected(PAIR, "new"), **expected(("web/index.html",), "legacy")}
    assert (out / "slides.pdf").read_bytes() == content("slides.pdf", "legacy")
    assert manifest.read(out).files == expected(PAIR, "new")


def publish_in_a_child(out: Path, names, tag: str, fault: int | None) -> int:
    """publish() in a new process, killed just before its step `fault`; its exit status."""
    code = ("import sys; from pathlib import Path; from notedeck.infra.publish import publish\n"
            f"publish(Path({str(stage(out, names, tag))!r}), {tuple(names)!r}, "
            f"Path({str(out)!r}), {BUILD!r})\n")
    env = {**os.environ, **({FAULT_VARIABLE: str(fault)} if fault else {})}
    env.pop(FAULT_VARIABLE, None) if not fault else None
    return subprocess.run([sys.executable, "-c", code], env=env, timeout=120).returncode


def test_a_kill_at_any_step_then_the_next_build_leaves_exactly_one_whole_set(tmp_path):
    step = 0
    while True:
        step += 1
        out = tmp_path / f"run{step}"
        publish(stage(out, TRIO, "old"), TRIO, out, BUILD)
        status = publish_in_a_child(out, PAIR, "new", fault=step)
        held = manifest.read(out)
        if held.whole:                    # a whole manifest stands only beside its whole set
            assert all(held.holds(out, name) for name in held.files)
        else:                             # else every file is one of a set it lists
            assert all(held.knows(out, name) for name in (*TRIO, *PAIR) if (out / name).exists())
        assert publish_in_a_child(out, PAIR, "next", fault=None) == 0
        assert seen(out) == expected(PAIR, "next")
        assert manifest.read(out).files == expected(PAIR, "next")
        assert listed(out) == [manifest.NAME, *PAIR]
        if status == 0:                    # the child ran every step: each one was tried
            break
    assert step > 4


def test_a_killed_legacy_take_over_goes_on_with_the_next_build(tmp_path):
    step = 0
    while True:
        step += 1
        out = tmp_path / f"run{step}"
        out.mkdir()
        legacy(out)
        status = publish_in_a_child(out, PAIR, "new", fault=step)
        assert publish_in_a_child(out, PAIR, "next", fault=None) == 0
        assert links(out) == [] and not (out / ".notedeck").exists()
        assert seen(out) == {**expected(PAIR, "next"), **expected(("web/index.html",), "legacy")}
        assert (out / "slides.pdf").read_bytes() == content("slides.pdf", "legacy")
        if status == 0:
            break
