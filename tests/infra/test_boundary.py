"""OUT is a boundary both ways: publishing follows no link below it, takes the manifest as a
record and never an instruction, carries only regular files out of an older folder, and
never replaces a file that became the user's."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.infra import manifest
from notedeck.infra.publish import publish

from test_publish import BUILD, PAIR, TRIO, content, expected, legacy, seen, stage

SECRET = b"the user's private key\n"


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry below `folder`, links as their targets, files as their bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if name.startswith(".notedeck-"):
            continue                       # this test's own stage folders
        if os.path.islink(path):
            found[name] = ("link", os.readlink(path))
        elif path.is_file():
            found[name] = path.read_bytes()
        elif path.is_dir():
            found[name] = "folder"
    return found


def test_a_build_without_web_removes_nothing_through_a_link_to_the_users_site(tmp_path):
    out, site = tmp_path / "out", tmp_path / "site"
    publish(stage(out, TRIO, "old"), TRIO, out, BUILD)
    site.mkdir()
    os.replace(out / "web" / "index.html", site / "index.html")   # the same bytes, the user's now
    (out / "web").rmdir()
    (out / "web").symlink_to(site)
    publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert (site / "index.html").read_bytes() == content("web/index.html", "old")
    assert os.readlink(out / "web") == str(site)
    assert seen(out, PAIR) == expected(PAIR, "new")


def test_a_sent_manifest_naming_a_users_file_with_its_true_hash_removes_nothing(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    notes = b"my notes, not notedeck's\n"
    (out / "notes.txt").write_bytes(notes)
    import hashlib

    (out / manifest.NAME).write_text(json.dumps({"format": 1, "build": BUILD, "files": {
        "notes.txt": hashlib.sha256(notes).hexdigest()}}))
    publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert (out / "notes.txt").read_bytes() == notes
    assert manifest.read(out).files == expected(PAIR, "new")


def test_a_manifest_that_is_a_folder_is_refused_before_anything_changes(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, PAIR, "old"), PAIR, out, BUILD)
    os.unlink(out / manifest.NAME)
    (out / manifest.NAME).mkdir()
    before = snapshot(out)
    with pytest.raises(NotedeckError, match=r"\.notedeck\.json: a folder is where notedeck "
                                            r"keeps the output folder's manifest"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert snapshot(out) == before


def test_force_with_every_aside_name_taken_is_refused_before_anything_changes(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "deck.pptx").write_bytes(b"my own deck")
    for n in range(1, 1000):
        (out / f"deck ({'yours' if n == 1 else f'yours {n}'}).pptx").write_bytes(b"taken")
    with pytest.raises(NotedeckError, match="--force finds no free name to move it aside"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD, force=True)
    assert (out / "deck.pptx").read_bytes() == b"my own deck"
    assert not (out / manifest.NAME).exists()


def test_a_file_edited_since_it_was_published_is_the_users(tmp_path):
    out = tmp_path / "out"
    publish(stage(out, PAIR, "old"), PAIR, out, BUILD)
    edited = content("deck.pptx", "edited in place, build id kept")
    (out / "deck.pptx").write_bytes(edited)
    with pytest.raises(NotedeckError, match="deck.pptx is not notedeck's to replace: its bytes "
                                            "differ from those notedeck published here"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert (out / "deck.pptx").read_bytes() == edited
    published = publish(stage(out, PAIR, "forced"), PAIR, out, BUILD, force=True)
    assert published.aside == ((out / "deck.pptx", out / "deck (yours).pptx"),)
    assert (out / "deck (yours).pptx").read_bytes() == edited
    assert seen(out, PAIR) == expected(PAIR, "forced")


def test_a_file_whose_content_differs_from_its_own_digest_is_the_users(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    sealed = b"%PDF-1.4\n/NotedeckBuild (abcdef0123)\n/NotedeckContent (" + b"1" * 64 + b")\n"
    (out / "handout.pdf").write_bytes(sealed)         # no manifest: its stamp alone speaks
    with pytest.raises(NotedeckError, match="handout.pdf is not notedeck's to replace: it was "
                                            "changed after notedeck made it"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert (out / "handout.pdf").read_bytes() == sealed


def _older_build(out: Path) -> Path:
    out.mkdir()
    legacy(out)
    return out / ".notedeck" / "builds" / "0123456789abcdef"


def _link_to_secret(build: Path, tmp_path: Path) -> None:
    (tmp_path / "secret").write_bytes(SECRET)
    (build / "slides.pdf").unlink()
    (build / "slides.pdf").symlink_to(tmp_path / "secret")


def _link_to_dev_zero(build: Path, tmp_path: Path) -> None:
    (build / "slides.pdf").unlink()
    (build / "slides.pdf").symlink_to("/dev/zero")


def _web_page_linked_out(build: Path, tmp_path: Path) -> None:
    (tmp_path / "secret").write_bytes(SECRET)
    (build / "web" / "index.html").unlink()
    (build / "web" / "index.html").symlink_to(tmp_path / "secret")


def _pipe(build: Path, tmp_path: Path) -> None:
    os.mkfifo(build / "notes.pdf")


def _link_to_etc(build: Path, tmp_path: Path) -> None:
    (build / "etc").symlink_to("/etc")


@pytest.mark.parametrize("plant", [_link_to_secret, _link_to_dev_zero, _web_page_linked_out,
                                   _pipe, _link_to_etc])
def test_an_older_folder_holding_what_notedeck_never_kept_is_refused(plant, tmp_path):
    out = tmp_path / "out"
    plant(_older_build(out), tmp_path)
    before = snapshot(out)
    with pytest.raises(NotedeckError, match=r"\.notedeck/builds/0123456789abcdef/\S+: (a link "
                                            r"\(to [^)]*\)|a device, pipe or socket) where "
                                            r"notedeck kept a file"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD)
    assert snapshot(out) == before
    assert all(SECRET not in p.read_bytes() for p in out.rglob("*")
               if p.is_file() and not p.is_symlink())


def test_a_handout_from_another_note_is_not_replaced(tmp_path):
    from notedeck.render.provenance import note_id

    out = tmp_path / "out"
    out.mkdir()
    theirs = (b"%PDF-1.4\n/NotedeckBuild (abcdef0123)\n/NotedeckNote ("
              + note_id("A colleague's note").encode() + b")\n")
    (out / "handout.pdf").write_bytes(theirs)          # no manifest lists it
    with pytest.raises(NotedeckError, match="handout.pdf is not notedeck's to replace: it was "
                                            "made from another note than 'My note'"):
        publish(stage(out, PAIR, "new"), PAIR, out, BUILD, note="My note")
    assert (out / "handout.pdf").read_bytes() == theirs
    mine = theirs.replace(note_id("A colleague's note").encode(), note_id("My note").encode())
    (out / "handout.pdf").write_bytes(mine)
    publish(out / f".notedeck-{os.getpid()}-new", PAIR, out, BUILD, note="My note")
    assert seen(out, PAIR) == expected(PAIR, "new")


def test_a_web_page_carries_the_digest_of_its_own_content(tmp_path):
    from notedeck.infra.stamps import intact, read_stamp
    from notedeck.render.provenance import SEAL, seal

    page = tmp_path / "index.html"
    page.write_text('<head><meta name="notedeck-build" content="abcdef0123">'
                    f'<meta name="notedeck-content" content="{SEAL}"></head><p>2 hours</p>')
    seal(page)
    assert SEAL not in page.read_text()
    assert intact(page, read_stamp(page)) is True
    page.write_text(page.read_text().replace("2 hours", "2 minutes"))
    assert intact(page, read_stamp(page)) is False
